#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/game.hpp"
#include "core/random_setup.hpp"
#include "protocol/greedy_player.hpp"
#include "protocol/random_player.hpp"

namespace dvonn::protocol {
namespace {

// Plays a game between two choosers from a random setup; returns the final
// position.
template <class W, class B>
Position play_out(std::uint64_t setup_seed, W& white, B& black) {
  Game game(random_setup(setup_seed));
  while (!game.position().is_over()) {
    const Position& p = game.position();
    Move m = p.side_to_move() == Color::White ? white.choose(p) : black.choose(p);
    EXPECT_EQ(game.play(m), "") << to_string(m);
  }
  return game.position();
}

TEST(GreedyPlayerTest, PicksAMoveWithTheLargestImmediateLead) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Game game(random_setup(seed));
    GreedyPlayer greedy(seed);
    // Follow a few moves of the game so the checks also see captures.
    for (int ply = 0; ply < 12 && !game.position().is_over(); ++ply) {
      const Position& p = game.position();
      MoveList list;
      p.generate(list);
      int best = -1000;
      for (Move m : list) best = std::max(best, GreedyPlayer::lead_after(p, m));
      Move chosen = greedy.choose(p);
      ASSERT_TRUE(list.contains(chosen));
      EXPECT_EQ(GreedyPlayer::lead_after(p, chosen), best) << "seed " << seed << " ply " << ply;
      ASSERT_EQ(game.play(chosen), "");
    }
  }
}

TEST(GreedyPlayerTest, LeadAfterCountsControlledPieces) {
  Position p = random_setup(3).position;
  MoveList list;
  p.generate(list);
  ASSERT_GT(list.size, 0);
  Move m = list[0];
  Position after = p;
  after.play(m);
  Score s = after.score();
  // White moves first in a random setup.
  EXPECT_EQ(GreedyPlayer::lead_after(p, m), s.white - s.black);
}

TEST(GreedyPlayerTest, SameSeedSameChoicesAndTiesVaryWithTheSeed) {
  Position start;  // every first placement ties, so only the seed decides
  std::set<std::string> firsts;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    GreedyPlayer a(seed), b(seed);
    Move m = a.choose(start);
    EXPECT_EQ(m, b.choose(start));
    firsts.insert(to_string(m));
  }
  EXPECT_GT(firsts.size(), 1u);
}

TEST(RandomPlayerTest, PlaysLegalGamesReproducibly) {
  RandomPlayer w1(7), b1(8), w2(7), b2(8);
  Position a = play_out(11, w1, b1);
  Position b = play_out(11, w2, b2);
  EXPECT_TRUE(a == b);
  EXPECT_TRUE(a.is_over());
}

TEST(RandomPlayerTest, PlaysTheWholeGameFromTheEmptyBoard) {
  RandomPlayer white(1), black(2);
  Game game;
  while (!game.position().is_over()) {
    const Position& p = game.position();
    Move m = p.side_to_move() == Color::White ? white.choose(p) : black.choose(p);
    ASSERT_EQ(game.play(m), "");
  }
  EXPECT_GE(game.moves().size(), 50u);  // 49 placements, then at least one move
}

TEST(BaselineTest, GreedyBeatsRandomMostOfTheTime) {
  int greedy_points = 0, games = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    GreedyPlayer greedy(seed);
    RandomPlayer random(seed + 100);
    bool greedy_white = seed % 2 == 0;
    Position end = greedy_white ? play_out(seed, greedy, random) : play_out(seed, random, greedy);
    Score s = end.score();
    int lead = greedy_white ? s.white - s.black : s.black - s.white;
    greedy_points += lead > 0 ? 2 : lead == 0 ? 1 : 0;
    games += 1;
  }
  // A one-ply look ahead against no look ahead at all: far above half.
  EXPECT_GE(greedy_points, 2 * games * 7 / 10) << greedy_points << " half-points of " << 2 * games;
}

}  // namespace
}  // namespace dvonn::protocol
