// Tests of the weight fitting behind `dvonn tune`: the least-squares fit
// finds the weights that generated its targets, and the labels from deeper
// search are what a search of that depth says, blended with the outcome as
// asked.
#include "engine/tuning.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/random_setup.hpp"
#include "engine/move_order.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "engine/transposition_table.hpp"

namespace dvonn::engine {
namespace {

TEST(Tuning, FitRecoversTheWeightsThatMadeTheTargets) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> feature(-6, 6);
  const std::vector<double> truth = {120, -45, 300, 7};
  std::vector<TuningSample> samples(400);
  for (auto& s : samples) {
    s.features.resize(truth.size());
    s.target = 0;
    for (std::size_t i = 0; i < truth.size(); ++i) {
      s.features[i] = feature(rng);
      s.target += truth[i] * s.features[i];
    }
  }
  FitResult r = fit_weights(samples, {0, 0, 0, 0}, 0.0);
  ASSERT_EQ(r.weights.size(), truth.size());
  for (std::size_t i = 0; i < truth.size(); ++i) EXPECT_NEAR(r.weights[i], truth[i], 1e-6) << i;
  EXPECT_GT(r.rmse_before, 100);
  EXPECT_LT(r.rmse_after, 1e-6);
}

// The positions of one random game from a random setup, and its final count.
std::vector<Position> random_game(std::uint64_t seed, Score& final) {
  std::mt19937_64 rng(seed);
  Position p = random_setup(seed).position;
  std::vector<Position> positions;
  for (;;) {
    MoveList list;
    p.generate(list);
    if (list.size == 0) break;
    positions.push_back(p);
    p.play(list[static_cast<int>(rng() % list.size)]);
  }
  final = p.score();
  return positions;
}

TEST(Tuning, SearchedLabelsAreTheSearchScoreBlendedWithTheOutcome) {
  Score final;
  const std::vector<Position> positions = random_game(11, final);
  ASSERT_GT(positions.size(), 10u);
  const double outcome = 100.0 * (final.white - final.black);

  TuningData plain, searched, halves;
  add_positions(positions, final.white, final.black, plain);
  const int replaced = add_positions_searched(positions, final.white, final.black, searched, 0, 2, 0.0, 0, 0);
  add_positions_searched(positions, final.white, final.black, halves, 0, 2, 0.5, 0, 0);
  ASSERT_EQ(searched.movement.size(), plain.movement.size());
  ASSERT_EQ(halves.movement.size(), plain.movement.size());
  EXPECT_EQ(replaced, static_cast<int>(plain.movement.size()));

  // Each label is White's score of a two-ply search of the position, by a
  // search of its own here (from an empty table of the same size).
  TranspositionTable tt(16);
  MoveOrder order;
  int differs = 0;
  std::size_t k = 0;
  for (const Position& p : positions) {
    if (p.in_placement()) continue;
    tt.clear();
    order.clear();
    Search search(tt, order, default_weights());
    SearchConfig config;
    config.max_depth = 2;
    SearchReport r = search.run(p, config, Deadline(), {});
    ASSERT_FALSE(r.lines.empty());
    const double white = 100.0 * r.lines[0].score * (p.side_to_move() == Color::White ? 1 : -1);
    EXPECT_NEAR(searched.movement[k].target, white, 1e-6) << k;
    EXPECT_NEAR(halves.movement[k].target, 0.5 * outcome + 0.5 * white, 1e-6) << k;
    EXPECT_EQ(searched.movement[k].features, plain.movement[k].features);
    differs += std::fabs(white - outcome) > 1;
    ++k;
  }
  // Otherwise the test could not tell a search label from the outcome.
  EXPECT_GT(differs, 0);
}

TEST(Tuning, SolvableLabelsAreTheSolversExactValue) {
  Score final;
  const std::vector<Position> positions = random_game(12, final);
  TuningData data;
  add_positions_searched(positions, final.white, final.black, data, 0, 1, 1.0, 8, 2'000'000);
  TranspositionTable tt(4);
  MoveOrder order;
  int solved = 0;
  std::size_t k = 0;
  for (const Position& p : positions) {
    if (p.in_placement()) continue;
    const TuningSample& s = data.movement[k++];
    if (live_stacks(p) > 8) {
      // Outcome share 1: the search changes nothing.
      EXPECT_DOUBLE_EQ(s.target, 100.0 * (final.white - final.black));
      continue;
    }
    Solver solver(tt, order);
    SolveResult r = solver.solve(p, 1, Deadline(), 2'000'000);
    ASSERT_TRUE(r.solved);
    EXPECT_DOUBLE_EQ(s.target, 100.0 * r.lines[0].score * (p.side_to_move() == Color::White ? 1 : -1));
    ++solved;
  }
  EXPECT_GT(solved, 0);
}

TEST(Tuning, LabelsAreTheSameOnAnyNumberOfThreads) {
  // Depth-2 labels with solved endgames, for four games on one, two and
  // three threads: the same samples in the same (game) order.
  std::vector<RecordedGame> games;
  for (std::uint64_t seed : {21u, 22u, 23u, 24u}) {
    Score final;
    RecordedGame g;
    g.positions = random_game(seed, final);
    g.white = final.white;
    g.black = final.black;
    games.push_back(std::move(g));
  }
  LabelOptions options;
  options.depth = 2;
  options.outcome_share = 0.25;
  options.solve_live = 8;
  TuningData one, two, three;
  std::vector<std::size_t> progress;
  const int replaced = add_games_searched(games, one, options, 1);
  EXPECT_EQ(add_games_searched(games, two, options, 2, [&](std::size_t done) { progress.push_back(done); }), replaced);
  EXPECT_EQ(add_games_searched(games, three, options, 3), replaced);
  EXPECT_EQ(progress, (std::vector<std::size_t>{1, 2, 3, 4}));

  // Game by game, the one-thread labels are add_positions_searched's.
  TuningData each;
  int replaced_each = 0;
  for (const auto& g : games)
    replaced_each += add_positions_searched(g.positions, g.white, g.black, each, 0, 2, 0.25, 8, 2'000'000);
  EXPECT_EQ(replaced, replaced_each);
  EXPECT_GT(replaced, 0);
  for (const TuningData* d : {&two, &three, &each}) {
    ASSERT_EQ(d->movement.size(), one.movement.size());
    ASSERT_EQ(d->placement.size(), one.placement.size());
    for (std::size_t k = 0; k < one.movement.size(); ++k) {
      EXPECT_DOUBLE_EQ(d->movement[k].target, one.movement[k].target) << k;
      EXPECT_EQ(d->movement[k].features, one.movement[k].features) << k;
    }
    for (std::size_t k = 0; k < one.placement.size(); ++k)
      EXPECT_DOUBLE_EQ(d->placement[k].target, one.placement[k].target) << k;
  }
}

}  // namespace
}  // namespace dvonn::engine
