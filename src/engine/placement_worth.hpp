// What each placement feature is worth, measured causally from games in
// which one player placed with placement variety (`dvonn engine
// --placement-variety`, `dvonn tune --placement-worth`); and the same for
// the movement model's features with movement variety (`--movement-worth`).
//
// A fit of the outcome on the features of the games' positions is biased
// by the policy that chose them: level 8 places next to a Dvonn piece where
// its weights say so, so the fit cannot tell the feature's worth from that
// judgement. Under variety the placement is drawn uniformly from the set S
// of near-best lines, so for each such choice the residual r = f(chosen
// child) - mean of f over S is independent of everything that came before
// it. The least-squares slope of the game's outcome on r is then the worth
// of each feature where the player actually chooses, with no such bias.
// Standard errors are clustered by game: one outcome serves all of a
// game's choices.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/position.hpp"
#include "engine/engine.hpp"
#include "engine/evaluation.hpp"

namespace dvonn::engine {

// One game's part of the regression: its outcome and a residual vector for
// every random choice made in it.
struct WorthGame {
  double outcome = 0;  // e.g. the final piece difference from the varied side, centipieces
  std::vector<std::vector<double>> residuals;
};

struct WorthFit {
  std::vector<double> estimate;  // per feature: the outcome's slope on its residual
  std::vector<double> se;        // clustered by game; 0 where not estimable
  std::vector<bool> estimable;   // false: the feature's residual is always 0 (or a mix of the others')
  std::size_t games = 0, samples = 0;
};

// Least squares (no intercept: the residuals have mean 0 by design) of the
// games' outcomes, demeaned over the games, on the residuals, with the
// cluster-robust (sandwich) covariance, scaled by G / (G - 1) for G games.
// A feature whose residual carries no information of its own (always 0,
// or a combination of the others') is left out: not estimable, estimate 0.
WorthFit fit_worth(const std::vector<WorthGame>& games, std::size_t features);

// A recorded game in which the side `varied` placed with variety.
struct VariedGame {
  std::vector<Position> positions;  // before each move
  std::vector<Move> moves;
  int white = 0, black = 0;  // final counts
  Color varied = Color::White;
};

// The placement features a choice among placements moves: all of the
// placement model's but the side to place (the same for every child).
inline constexpr int kNumWorthFeatures = kPlaceTempo;
static_assert(kPlaceTempo == kNumPlaceFeatures - 1, "tempo is the placement model's last feature");

// The residual of one varied placement: the placement features (from the
// placer's side, so that a positive worth is good for the placer, as a
// positive weight is) of the position after `chosen`, minus their mean over
// the positions after each of `choices`, the lines it was drawn from.
std::vector<double> placement_residual(const Position& position, Move chosen, const std::vector<ScoredLine>& choices);

struct WorthData {
  std::vector<WorthGame> games;  // in the order given; outcome from the varied side
  std::size_t decisions = 0;     // the varied side's coloured placements (or varied moves)
  std::size_t with_choice = 0;   // of those, drawn from two or more lines
  std::size_t mismatches = 0;    // of those, the move played is not among the recomputed lines (skipped)
  double taper_sum = 0;          // movement: the taper (0..1) after each move with a choice, summed
};

// For each of the varied side's coloured placements, recomputes the lines
// it was drawn from (Engine::placement_choices of a fresh `level` engine
// with the `weights` the games were played with, one per game, so nothing
// depends on the order of the games or on the number of threads) and,
// where there was a choice, its
// placement_residual. Works on `threads` threads;
// on_game (if given) is called, one call at a time, with the number of
// games done.
WorthData placement_residuals(const std::vector<VariedGame>& games, const PlacementVariety& variety,
                              const Weights& weights, int threads = 1, int level = kTopLevel,
                              std::size_t hash_megabytes = 64,
                              const std::function<void(std::size_t games_done)>& on_game = {});

// The same for the movement model, from games played with movement
// variety: its features once per end of the taper (scaled by the taper, as
// the evaluation blends them), all but tempo (the same for every move).
// Feature k < kNumMoveFeatures - 1 is early weight k, the others late
// weight k - (kNumMoveFeatures - 1).
inline constexpr int kNumMoveWorthFeatures = 2 * (kNumMoveFeatures - 1);
static_assert(kTempo == kNumMoveFeatures - 1, "tempo is the movement model's last feature");
// The index in Weights::move of movement worth feature k.
inline constexpr int move_weight_of_worth(int k) {
  return k < kNumMoveFeatures - 1 ? k : kNumMoveFeatures + k - (kNumMoveFeatures - 1);
}

// The residual of one varied move, as placement_residual.
std::vector<double> movement_residual(const Position& position, Move chosen, const std::vector<ScoredLine>& choices);

// The pooled form: each movement feature once, not scaled by the taper
// (kNumMoveFeatures - 1 of them). In the middle game the taper varies
// little, so a feature's early and late residuals are nearly proportional
// and their separate estimates trade off against each other (one up, the
// other down); pooled, the estimate is the feature's worth where the
// choices were made, to be compared with the blended weight there.
inline constexpr int kNumPooledMoveWorthFeatures = kNumMoveFeatures - 1;
std::vector<double> pooled_movement_residual(const Position& position, Move chosen,
                                             const std::vector<ScoredLine>& choices);

// For each of the varied side's moves where `variety` applies, the lines it
// was drawn from (Engine::movement_choices) and, where there was a choice,
// its movement_residual; as placement_residuals.
// With `pooled`, the pooled_movement_residual instead.
WorthData movement_residuals(const std::vector<VariedGame>& games, const MovementVariety& variety,
                             const Weights& weights, int threads = 1, int level = kTopLevel,
                             const std::function<void(std::size_t games_done)>& on_game = {}, bool pooled = false);

}  // namespace dvonn::engine
