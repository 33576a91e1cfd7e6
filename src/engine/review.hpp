// Game review: the engine's view of a finished game (docs/engine.md "Game
// review"). Every position of the game is searched with the same fixed
// budget (depth and nodes, never wall time, so a review is the same on any
// machine and after a restart), exact where the solver proves the value;
// each played move is then classified by how much win chance it gave away,
// and each player gets an accuracy. The server's review jobs and `dvonn
// analyze --review` both come here.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "engine/engine.hpp"

namespace dvonn::engine {

// What one position's search may spend. Each position is searched by a
// freshly cleared engine, so its result depends only on the position and
// the budget (not on the order positions are searched in).
struct ReviewBudget {
  int depth = 6;
  std::uint64_t nodes = 200'000;
  std::size_t hash_megabytes = 8;
};

// The engine's view of one position.
struct PositionEval {
  // Expected final piece difference, White's count minus Black's (White's
  // view whoever is to move); exact when the solver proved it or the game
  // is over.
  double white_score = 0;
  bool exact = false;
  bool over = false;  // the game is over here: no best move
  Move best = Move::pass();
  std::vector<Move> line;  // the best line, starting with best
  int depth = 0;
  std::uint64_t nodes = 0;
  bool forced = false;  // exactly one legal move (a forced pass included)
};

// Searches one position within the budget. Set from another thread, stop
// ends the search early (the result is then not the budget's: drop it).
PositionEval evaluate_position(Engine& engine, const Position& position, const ReviewBudget& budget,
                               const std::atomic<bool>* stop = nullptr);

enum class MoveClass { Best, Good, Inaccuracy, Mistake, Blunder, Forced };
const char* move_class_name(MoveClass c);  // "best", "good", "inaccuracy", "mistake", "blunder", "forced"

// The chance that White wins, 0..100, of a score: exact scores are certain
// (100, 50 for a draw, 0); the others go through a logistic curve of the
// expected difference (kWinChanceSlope per piece).
inline constexpr double kWinChanceSlope = 0.35;
double white_win_chance(double white_score, bool exact);

// Classification by the win chance (percentage points, the mover's view)
// a move gave away against the engine's best: below kInaccuracyLoss it is
// good, then inaccuracy, mistake from kMistakeLoss, blunder from
// kBlunderLoss. Playing the engine's move, or losing less than a tenth of
// a piece, is best; a move with no alternative is forced (not counted).
inline constexpr double kInaccuracyLoss = 5;
inline constexpr double kMistakeLoss = 10;
inline constexpr double kBlunderLoss = 20;
MoveClass classify_loss(double win_chance_loss, double score_loss, bool engine_move);

// Accuracy of one move, 0..100, from the win chance it lost (lichess's
// curve: 103.1668 e^(-0.04354 loss) - 3.1669, clamped).
double move_accuracy(double win_chance_loss);

struct ReviewedMove {
  Move played = Move::pass();
  Color mover = Color::White;
  double score_loss = 0;       // pieces the move lost against the best, mover's view (>= 0)
  double win_chance_loss = 0;  // percentage points (>= 0)
  double accuracy = 100;
  MoveClass kind = MoveClass::Best;
};

struct PlayerSummary {
  double accuracy = 100;  // mean of the move accuracies of the moves that were not forced
  int moves = 0;          // moves not forced
  int best = 0, good = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
};

struct GameReview {
  ReviewBudget budget;
  std::vector<PositionEval> positions;  // one per position: the start, then after each move
  std::vector<ReviewedMove> moves;      // moves[i] leads from positions[i] to positions[i + 1]
  PlayerSummary white, black;
};

// The positions of a game: its start, then the position after each move.
std::vector<Position> game_positions(const Game& game);

// Classifies the moves and sums up the players from the positions'
// evaluations (positions.size() == game.moves().size() + 1).
GameReview assemble_review(const Game& game, std::vector<PositionEval> positions, const ReviewBudget& budget);

// The whole review at once; progress(done, total) after each position
// (false from it stops: the review returned is then empty).
GameReview review_game(const Game& game, const ReviewBudget& budget,
                       const std::function<bool(int done, int total)>& progress = {});

}  // namespace dvonn::engine
