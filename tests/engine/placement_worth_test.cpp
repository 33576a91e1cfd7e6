// Tests of the causal estimate behind `dvonn tune --placement-worth`: the
// regression recovers the slopes that made synthetic outcomes, its
// clustered standard errors match the estimates' real spread (and grow when
// a game's choices move together), and the residuals of real placements are
// taken from the placer's side over the lines the engine draws from.
#include "engine/placement_worth.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/board.hpp"
#include "core/random_setup.hpp"
#include "engine/solver.hpp"

namespace dvonn::engine {
namespace {

// `games` synthetic games of 10 to 30 choices each, residuals of `truth`'s
// size with variance 1 and correlation `within` between the choices of a
// game (feature by feature); the outcome is an offset, the slopes times the
// residuals' sum and noise of standard deviation `noise` per game.
std::vector<WorthGame> synthetic_games(std::mt19937_64& rng, int games, const std::vector<double>& truth, double within,
                                       double noise) {
  std::normal_distribution<double> normal(0, 1);
  std::uniform_int_distribution<int> length(10, 30);
  std::vector<WorthGame> out(static_cast<std::size_t>(games));
  for (WorthGame& g : out) {
    std::vector<double> common(truth.size());
    for (double& c : common) c = normal(rng);
    g.outcome = 700 + noise * normal(rng);
    const int n = length(rng);
    for (int i = 0; i < n; ++i) {
      std::vector<double> r(truth.size());
      for (std::size_t k = 0; k < r.size(); ++k) {
        r[k] = std::sqrt(within) * common[k] + std::sqrt(1 - within) * normal(rng);
        g.outcome += truth[k] * r[k];
      }
      g.residuals.push_back(std::move(r));
    }
  }
  return out;
}

TEST(PlacementWorth, FitRecoversTheSlopesThatMadeTheOutcomes) {
  std::mt19937_64 rng(5);
  const std::vector<double> truth = {150, -40, 20};
  const std::vector<WorthGame> games = synthetic_games(rng, 400, truth, 0.0, 500);
  const WorthFit fit = fit_worth(games, truth.size());
  EXPECT_EQ(fit.games, 400u);
  EXPECT_GT(fit.samples, 400u * 10);
  for (std::size_t k = 0; k < truth.size(); ++k) {
    ASSERT_TRUE(fit.estimable[k]) << k;
    // The game's noise (500) and its other choices' effects (about 160 x
    // sqrt(20)) over about 8,000 choices: some 10 each. Within four.
    EXPECT_GT(fit.se[k], 5) << k;
    EXPECT_LT(fit.se[k], 20) << k;
    EXPECT_NEAR(fit.estimate[k], truth[k], 4 * fit.se[k]) << k;
  }
  // The outcomes are demeaned: a constant added to all of them changes
  // nothing.
  std::vector<WorthGame> shifted = games;
  for (WorthGame& g : shifted) g.outcome -= 2500;
  const WorthFit same = fit_worth(shifted, truth.size());
  for (std::size_t k = 0; k < truth.size(); ++k) {
    EXPECT_NEAR(same.estimate[k], fit.estimate[k], 1e-6) << k;
    EXPECT_NEAR(same.se[k], fit.se[k], 1e-6) << k;
  }
}

// The mean clustered standard error and the standard deviation of the
// estimates over many synthetic data sets of one feature.
std::pair<double, double> se_and_spread(double within, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int runs = 300;
  double sum = 0, sum2 = 0, se = 0;
  for (int i = 0; i < runs; ++i) {
    const WorthFit fit = fit_worth(synthetic_games(rng, 60, {100}, within, 800), 1);
    sum += fit.estimate[0];
    sum2 += fit.estimate[0] * fit.estimate[0];
    se += fit.se[0];
  }
  const double mean = sum / runs;
  return {se / runs, std::sqrt(sum2 / runs - mean * mean)};
}

TEST(PlacementWorth, ClusteredErrorsMatchTheSpreadAndGrowWithCorrelatedChoices) {
  // One outcome serves every choice of a game: its noise is shared, so the
  // estimate is less certain when a game's choices lean the same way. The
  // clustered standard error follows the estimates' real spread in both
  // cases; treating the choices as independent would not.
  const auto [se_free, spread_free] = se_and_spread(0.0, 11);
  const auto [se_tied, spread_tied] = se_and_spread(0.8, 12);
  EXPECT_NEAR(se_free / spread_free, 1.0, 0.2) << se_free << " " << spread_free;
  EXPECT_NEAR(se_tied / spread_tied, 1.0, 0.2) << se_tied << " " << spread_tied;
  EXPECT_GT(se_tied, 2.5 * se_free);
}

TEST(PlacementWorth, FeaturesNoChoiceVariesAreNotEstimable) {
  std::mt19937_64 rng(9);
  std::vector<WorthGame> games = synthetic_games(rng, 100, {80, -30}, 0.0, 100);
  // Feature 2 always 0, feature 3 a copy of feature 0: neither adds
  // anything of its own, and the others are estimated as before.
  for (WorthGame& g : games)
    for (auto& r : g.residuals) r = {r[0], r[1], 0.0, r[0]};
  const WorthFit fit = fit_worth(games, 4);
  EXPECT_EQ(fit.estimable, (std::vector<bool>{true, true, false, false}));
  EXPECT_NEAR(fit.estimate[0], 80, 4 * fit.se[0]);
  EXPECT_NEAR(fit.estimate[1], -30, 4 * fit.se[1]);
  EXPECT_EQ(fit.estimate[2], 0);
  EXPECT_EQ(fit.se[3], 0);
  // Nothing to fit: nothing estimable.
  const WorthFit none = fit_worth({}, 4);
  EXPECT_EQ(none.estimable, (std::vector<bool>(4, false)));
}

TEST(PlacementWorth, ResidualsAreThePlacersOwnOverTheLinesItDrewFrom) {
  // Positions with White, then Black, to place a coloured piece.
  for (int placements : {7, 8}) {
    const Position p = random_opening(21, placements).position;
    ASSERT_TRUE(p.in_placement());
    ASSERT_FALSE(p.next_placement_is_dvonn());
    Engine engine(kTopLevel, 8);
    const std::vector<ScoredLine> choices = engine.placement_choices(p, {1000, 6});
    ASSERT_EQ(choices.size(), 6u);
    int on_edge = 0;
    for (const ScoredLine& l : choices) on_edge += (edge_mask() & bit(l.move.to)) != 0;
    std::vector<double> sum(kNumWorthFeatures, 0.0);
    for (const ScoredLine& l : choices) {
      const std::vector<double> r = placement_residual(p, l.move, choices);
      ASSERT_EQ(r.size(), static_cast<std::size_t>(kNumWorthFeatures));
      // Only the placer's own edge count changes: +1 on an edge space,
      // whichever colour places.
      const bool edge = (edge_mask() & bit(l.move.to)) != 0;
      EXPECT_NEAR(r[kEdge], (edge ? 1.0 : 0.0) - on_edge / 6.0, 1e-9) << to_string(l.move);
      for (std::size_t k = 0; k < r.size(); ++k) sum[k] += r[k];
    }
    // Over the lines drawn from, the residuals cancel.
    for (double s : sum) EXPECT_NEAR(s, 0.0, 1e-9);
  }
}

// A middle-game position (34 stacks) reached by random moves.
Position middle_game_position() {
  Position p = random_setup(8).position;
  std::mt19937_64 rng(8);
  while (live_stacks(p) > 34) {
    MoveList list;
    p.generate(list);
    p.play(list[static_cast<int>(rng() % list.size)]);
  }
  return p;
}

TEST(PlacementWorth, MovementResidualsCancelOverTheLinesDrawnFrom) {
  const Position p = middle_game_position();
  Engine engine(kTopLevel, 8);
  const std::vector<ScoredLine> choices = engine.movement_choices(p, {1000, 6, 2});
  ASSERT_EQ(choices.size(), 6u);
  std::vector<double> sum(kNumMoveWorthFeatures, 0.0);
  for (const ScoredLine& l : choices) {
    const std::vector<double> r = movement_residual(p, l.move, choices);
    ASSERT_EQ(r.size(), static_cast<std::size_t>(kNumMoveWorthFeatures));
    for (std::size_t k = 0; k < r.size(); ++k) sum[k] += r[k];
  }
  for (double s : sum) EXPECT_NEAR(s, 0.0, 1e-9);
  // The worth features map onto the weights, tempo left out at both ends.
  EXPECT_EQ(move_weight_of_worth(0), 0);
  EXPECT_EQ(move_weight_of_worth(kNumMoveFeatures - 2), kNumMoveFeatures - 2);
  EXPECT_EQ(move_weight_of_worth(kNumMoveFeatures - 1), kNumMoveFeatures);
  EXPECT_EQ(move_weight_of_worth(kNumMoveWorthFeatures - 1), 2 * kNumMoveFeatures - 2);
}

TEST(PlacementWorth, PooledMovementResidualIsTheSumOfItsTwoEnds) {
  // Early and late parts of a feature are f x t and f x (1 - t): pooled,
  // the feature once, unscaled, so each pooled residual is the sum of its
  // two ends.
  const Position p = middle_game_position();
  Engine engine(kTopLevel, 8);
  const std::vector<ScoredLine> choices = engine.movement_choices(p, {1000, 6, 2});
  ASSERT_EQ(choices.size(), 6u);
  constexpr std::size_t n = kNumPooledMoveWorthFeatures;
  bool some_nonzero = false;
  for (const ScoredLine& l : choices) {
    const std::vector<double> split = movement_residual(p, l.move, choices);
    const std::vector<double> pooled = pooled_movement_residual(p, l.move, choices);
    ASSERT_EQ(pooled.size(), n);
    for (std::size_t k = 0; k < n; ++k) {
      EXPECT_NEAR(pooled[k], split[k] + split[n + k], 1e-9) << k;
      some_nonzero = some_nonzero || std::abs(pooled[k]) > 1e-9;
    }
  }
  EXPECT_TRUE(some_nonzero);
}

TEST(PlacementWorth, AGamePlayedWithVarietyIsReadBackWithoutMismatch) {
  // Level 8 with variety (Black) against level 2, through the placement
  // phase; the recomputed lines hold every placement it played.
  const PlacementVariety variety{1000, 6};
  Engine varied(kTopLevel, 64), other(2, 8);
  varied.set_placement_variety(variety, 3);
  VariedGame game;
  game.varied = Color::Black;
  game.white = 20;
  game.black = 23;
  Position p = random_opening(4, 3).position;
  std::size_t theirs = 0;
  while (p.in_placement()) {
    Engine& mover = p.side_to_move() == Color::Black ? varied : other;
    const Move m = mover.play(p, PlayLimits::per_move(10.0)).move;
    theirs += p.side_to_move() == Color::Black;
    game.positions.push_back(p);
    game.moves.push_back(m);
    p.play(m);
  }
  ASSERT_EQ(theirs, 23u);  // 46 coloured pieces, Black's half of them
  const std::vector<VariedGame> games = {game, game};
  const WorthData one = placement_residuals(games, variety, default_weights(), 1);
  EXPECT_EQ(one.decisions, 46u);
  EXPECT_EQ(one.mismatches, 0u);
  // Every placement but a forced one draws from six lines.
  EXPECT_GE(one.with_choice, 44u);
  ASSERT_EQ(one.games.size(), 2u);
  EXPECT_EQ(one.games[0].residuals.size(), one.with_choice / 2);
  EXPECT_DOUBLE_EQ(one.games[0].outcome, 300.0);  // from Black's side
  EXPECT_EQ(one.games[0].residuals, one.games[1].residuals);
  // The same on two threads.
  const WorthData two = placement_residuals(games, variety, default_weights(), 2);
  EXPECT_EQ(two.with_choice, one.with_choice);
  EXPECT_EQ(two.games[1].residuals, one.games[1].residuals);
}

}  // namespace
}  // namespace dvonn::engine
