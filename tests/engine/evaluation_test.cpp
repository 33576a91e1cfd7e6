// The movement model's features against a plain count, stack by stack, over
// the positions of random games: the evaluation counts single pieces all
// at once by shifting bitboards, and the count here does not.
#include "engine/evaluation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/random_setup.hpp"

namespace dvonn::engine {
namespace {

// The mobility features of colour c, one stack and one target at a time.
struct StackCounts {
  int mobility = 0, moves_near = 0, to_dvonn = 0, to_enemy = 0, movable = 0, blocked_moves = 0;
  int material = 0, singles = 0;
};

StackCounts count_stack_by_stack(const Position& p, Color c) {
  StackCounts n;
  const Bitboard dv = p.dvonn_spaces();
  for (Square s : all_spaces()) {
    if (!(p.pieces(c) & bit(s))) continue;
    const int h = p.height(s);
    n.material += h;
    n.singles += h == 1;
    int targets = 0;
    for (Square t : all_spaces()) {
      if (!(reach(s, h) & bit(t)) || !p.height(t)) continue;
      ++targets;
      if (p.blocked() & bit(s)) continue;
      ++n.mobility;
      const bool near = std::any_of(all_spaces().begin(), all_spaces().end(),
                                    [&](Square d) { return (dv & bit(d)) && (d == t || (neighbours(d) & bit(t))); });
      n.moves_near += near;
      n.to_dvonn += (dv & bit(t)) != 0;
      n.to_enemy += (p.pieces(opponent(c)) & bit(t)) != 0;
    }
    if (p.blocked() & bit(s))
      n.blocked_moves += targets;
    else
      n.movable += targets > 0;
  }
  return n;
}

TEST(Evaluation, MoveFeaturesCountEveryStackAsAPlainCountDoes) {
  int positions = 0, with_singles = 0, with_blocked = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    Position p = random_setup(seed).position;
    while (!p.is_over()) {
      MoveFeatures f;
      const bool can_move = move_features(p, f);
      const StackCounts w = count_stack_by_stack(p, Color::White), b = count_stack_by_stack(p, Color::Black);
      ASSERT_EQ(f[kMaterial], w.material - b.material) << "seed " << seed;
      ASSERT_EQ(f[kSingles], w.singles - b.singles) << "seed " << seed;
      ASSERT_EQ(f[kMobility], w.mobility - b.mobility) << "seed " << seed;
      ASSERT_EQ(f[kMobility], p.count_steps(Color::White) - p.count_steps(Color::Black)) << "seed " << seed;
      ASSERT_EQ(f[kMovesNear], w.moves_near - b.moves_near) << "seed " << seed;
      ASSERT_EQ(f[kMovesToDvonn], w.to_dvonn - b.to_dvonn) << "seed " << seed;
      ASSERT_EQ(f[kMovesToEnemy], w.to_enemy - b.to_enemy) << "seed " << seed;
      ASSERT_EQ(f[kMovableStacks], w.movable - b.movable) << "seed " << seed;
      ASSERT_EQ(f[kMovableStacks], popcount(p.movable(Color::White)) - popcount(p.movable(Color::Black)));
      ASSERT_EQ(f[kBlockedMoves], w.blocked_moves - b.blocked_moves) << "seed " << seed;
      ASSERT_TRUE(can_move);  // the game is not over
      ++positions;
      with_singles += w.singles > 0 && b.singles > 0 && w.singles + b.singles < popcount(p.occupied());
      with_blocked += popcount(p.blocked()) > 0;
      MoveList list;
      p.generate(list);
      p.play(list[static_cast<int>(rng() % static_cast<unsigned>(list.size))]);
    }
  }
  // The games covered what the shifts must get right: singles beside
  // taller stacks, and blocked stacks.
  EXPECT_GT(positions, 400);
  EXPECT_GT(with_singles, 200);
  EXPECT_GT(with_blocked, 200);
}

TEST(Evaluation, SaysTheGameIsOverExactlyWhenNeitherSideCanMove) {
  int over = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    std::mt19937_64 rng(seed);
    Position p = random_setup(seed).position;
    for (;;) {
      const StaticScore s = evaluate_or_over(p, default_weights());
      ASSERT_EQ(s.over, p.is_over()) << "seed " << seed;
      if (s.over) {
        ++over;
        // The caller scores a finished game by its pieces; the model's
        // material feature is that count.
        MoveFeatures f;
        EXPECT_FALSE(move_features(p, f));
        EXPECT_EQ(f[kMaterial], p.score().white - p.score().black);
        break;
      }
      ASSERT_EQ(s.score, evaluate(p, default_weights()));
      MoveList list;
      p.generate(list);
      p.play(list[static_cast<int>(rng() % static_cast<unsigned>(list.size))]);
    }
  }
  EXPECT_EQ(over, 30);
  // In the placement phase the game is never over.
  EXPECT_FALSE(evaluate_or_over(Position(), default_weights()).over);
}

}  // namespace
}  // namespace dvonn::engine
