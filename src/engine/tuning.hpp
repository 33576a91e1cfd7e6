// Fitting the evaluation weights to game outcomes.
//
// Every position of a game becomes a sample: its feature vector (placement
// or movement model; the movement model's features once per end of its
// taper, scaled by the taper) and the game's final piece difference (White
// minus Black, in centipieces). The games are best played by programs
// stronger than the one being tuned (`dvonn match --out`, then `dvonn tune
// --records`): fitted to its own weak self-play, the evaluation learns weak
// play. The evaluation is meant to predict
// exactly that number, so the weights are the least-squares fit (with a
// little ridge regularisation) of the final difference on the features.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/evaluation.hpp"
#include "engine/selfplay.hpp"

namespace dvonn::engine {

struct TuningSample {
  std::vector<double> features;
  double target = 0;  // final White minus Black, centipieces
};

struct TuningData {
  std::vector<TuningSample> placement;
  std::vector<TuningSample> movement;
};

// Adds every position of the game after the Dvonn placements.
void add_game(const GameOutcome& game, TuningData& data);
// The same for a game given as the positions before each move and its
// final piece counts.
// clip (pieces, 0 = none) bounds the target: a game won by 30 pieces then
// teaches no more than one won by `clip`, so a few routs do not drown the
// many close games.
void add_positions(const std::vector<Position>& positions, int white, int black, TuningData& data, int clip = 0);

// Labels from deeper search: replaces the target of every movement sample
// by a blend of the game's outcome and the score a `depth`-ply search (with
// the default weights) gives the position. A search sees the cut-offs a
// linear model cannot, and one game's outcome is a noisy label for the
// positions far from its end. `outcome_share` is the outcome's part of the
// blend (0 = the search's score alone). Positions with at most `solve_live`
// movable stacks get the solver's exact value instead, where it finds one
// within `node_budget`: perfect play instead of one game's outcome. Depth 0
// searches nothing (the solver's labels alone). Needs the positions, so it
// runs while adding: returns how many targets it replaced.
int add_positions_searched(const std::vector<Position>& positions, int white, int black, TuningData& data, int clip,
                           int depth, double outcome_share, int solve_live, std::uint64_t node_budget);

// One finished game to label: the positions before each move and the final
// piece counts.
struct RecordedGame {
  std::vector<Position> positions;
  int white = 0, black = 0;
};

struct LabelOptions {
  int clip = 0;  // as add_positions
  // As add_positions_searched.
  int depth = 0;
  double outcome_share = 0.5;
  int solve_live = 0;
  std::uint64_t node_budget = 2'000'000;
};

// add_positions_searched for many games, on `threads` threads (each with
// tables of its own, the solver's table and the move order emptied for
// every game). The samples come
// out in the games' order and are the same for any number of threads.
// on_game (if given) is called, one call at a time, with the number of
// games labelled so far. Returns how many targets it replaced.
int add_games_searched(const std::vector<RecordedGame>& games, TuningData& data, const LabelOptions& options,
                       int threads = 1, const std::function<void(std::size_t games_done)>& on_game = {});

// One placement decision of a strong player, for fitting the placement
// model to the moves it chose (imitation): the placement features after
// each legal placement, from the mover's point of view, and which one it
// played.
struct PolicySample {
  std::vector<std::vector<double>> candidates;
  int chosen = 0;
};

// Adds the game's coloured placements (positions[i] is the position before
// moves[i]).
void add_placement_decisions(const std::vector<Position>& positions, const std::vector<Move>& moves,
                             std::vector<PolicySample>& out);

struct PolicyFit {
  std::vector<double> weights;                                 // centipieces: the logit weights x 100
  double log_likelihood_before = 0, log_likelihood_after = 0;  // mean per decision, with the given weights
  double agreement = 0;  // share of decisions where the fitted model's best move is the player's
  std::size_t samples = 0;
};

// Maximises the likelihood of the chosen moves under a softmax over the
// candidates' linear scores (conditional logit), by gradient ascent.
PolicyFit fit_placement_policy(const std::vector<PolicySample>& samples, const std::vector<double>& current,
                               int iterations = 400);

struct FitResult {
  std::vector<double> weights;
  double rmse_before = 0;  // with the given current weights
  double rmse_after = 0;
  std::size_t samples = 0;
};

FitResult fit_weights(const std::vector<TuningSample>& samples, const std::vector<double>& current,
                      double ridge = 1e-3);

// The weights as the C++ initializer lists of default_weights().
std::string format_weights(const std::vector<double>& move, const std::vector<double>& place);

}  // namespace dvonn::engine
