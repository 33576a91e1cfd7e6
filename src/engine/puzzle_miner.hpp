// Puzzles mined from games (docs/engine.md "Puzzles"): positions of the
// movement phase where the side to move has exactly one move that wins
// (or exactly one that avoids losing). Proved by the exact solver when it
// can solve the position within the budget; otherwise only a position
// where the engine's best move keeps a large win-chance margin over its
// second best counts. Every search is bounded by depth and nodes (never
// wall time) by a freshly cleared engine, so mining a game gives the same
// puzzles on any machine and after a restart.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace dvonn::engine {

struct PuzzleBudget {
  int depth = 8;
  std::uint64_t nodes = 300'000;  // per search (solver and heuristic each)
  std::size_t hash_megabytes = 16;
  // Heuristic (unproved) puzzles: the best move's win chance at least
  // min_win, and at least margin points above the second best's.
  double min_win = 80;
  double margin = 40;
  int max_per_game = 3;
  int min_gap = 4;  // plies between two puzzles of one game
};

struct Puzzle {
  std::string id;        // hash of the position and the solution's first move
  std::string position;  // position string (docs/position-string.md)
  Color side = Color::White;
  int ply = 0;                   // moves played in the game before the position
  std::string goal;              // "win" (the one winning move) or "save" (the one move that does not lose)
  bool proved = false;           // the solver proved it (else: a search margin)
  std::vector<Move> solution;    // the best line, starting with the one good move
  Move wrong = Move::pass();     // the natural wrong move: the one played, else the engine's second choice
  bool played_wrong = false;     // the game's player played `wrong`
  std::vector<Move> refutation;  // the opponent's best line after `wrong`
  double score = 0;              // the best move's score (mover's view, pieces)
  double wrong_score = 0;        // the wrong move's
  int rating = 1500;             // initial puzzle rating, from its difficulty
};

// A position's puzzle, if it is one (mover's single good move). played:
// the move the game went on with there (Move::pass() and has_played false
// when none).
bool mine_position(const BoardState& state, int ply, const Move* played, const PuzzleBudget& budget, Puzzle& out,
                   const std::atomic<bool>* stop = nullptr);

// The puzzles of a game, in game order: at most max_per_game, those where
// the player went wrong first, min_gap plies apart. go_on (if given) is
// asked before each position (the server waits there for live games'
// engine moves); false from it, or stop, ends the mining with nothing.
std::vector<Puzzle> mine_game(const Game& game, const PuzzleBudget& budget, const std::atomic<bool>* stop = nullptr,
                              const std::function<bool()>& go_on = {});

// The id of a puzzle: 16 hex digits of its position and solution move.
std::string puzzle_id(const std::string& position, Move solution);

}  // namespace dvonn::engine
