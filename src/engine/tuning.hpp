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
