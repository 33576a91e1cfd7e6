#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "core/game.hpp"
#include "core/random_setup.hpp"
#include "engine/baseline.hpp"
#include "engine/engine.hpp"
#include "engine/player.hpp"

namespace dvonn::engine {
namespace {

// Plays a game between two players from a random setup; returns the final
// position.
Position play_out(std::uint64_t setup_seed, Player& white, Player& black) {
  Game game(random_setup(setup_seed));
  while (!game.position().is_over()) {
    const Position& p = game.position();
    Move m = p.side_to_move() == Color::White ? white.choose(p, 0) : black.choose(p, 0);
    EXPECT_EQ(game.play(m), "") << to_string(m);
  }
  return game.position();
}

TEST(GreedyBaselineTest, PicksAMoveWithTheLargestImmediateLead) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Game game(random_setup(seed));
    Player greedy("greedy", 64, seed);
    // Follow a few moves of the game so the checks also see captures.
    for (int ply = 0; ply < 12 && !game.position().is_over(); ++ply) {
      const Position& p = game.position();
      MoveList list;
      p.generate(list);
      int best = -1000;
      for (Move m : list) best = std::max(best, lead_after(p, m));
      Move chosen = greedy.choose(p, 0);
      ASSERT_TRUE(list.contains(chosen));
      EXPECT_EQ(lead_after(p, chosen), best) << "seed " << seed << " ply " << ply;
      ASSERT_EQ(game.play(chosen), "");
    }
  }
}

TEST(GreedyBaselineTest, LeadAfterCountsControlledPieces) {
  Position p = random_setup(3).position;
  MoveList list;
  p.generate(list);
  ASSERT_GT(list.size, 0);
  Move m = list[0];
  Position after = p;
  after.play(m);
  Score s = after.score();
  // White moves first in a random setup.
  EXPECT_EQ(lead_after(p, m), s.white - s.black);
}

TEST(GreedyBaselineTest, SameSeedSameChoicesAndTiesVaryWithTheSeed) {
  Position start;  // every first placement ties, so only the seed decides
  std::set<std::string> firsts;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Player a("greedy", 64, seed), b("greedy", 64, seed);
    Move m = a.choose(start, 0);
    EXPECT_EQ(m, b.choose(start, 0));
    firsts.insert(to_string(m));
  }
  EXPECT_GT(firsts.size(), 1u);
}

TEST(RandomBaselineTest, PlaysLegalGamesReproducibly) {
  Player w1("random", 64, 7), b1("random", 64, 8), w2("random", 64, 7), b2("random", 64, 8);
  Position a = play_out(11, w1, b1);
  Position b = play_out(11, w2, b2);
  EXPECT_TRUE(a == b);
  EXPECT_TRUE(a.is_over());
}

TEST(RandomBaselineTest, PlaysTheWholeGameFromTheEmptyBoard) {
  Player white("random", 64, 1), black("random", 64, 2);
  Game game;
  while (!game.position().is_over()) {
    const Position& p = game.position();
    Move m = p.side_to_move() == Color::White ? white.choose(p, 0) : black.choose(p, 0);
    ASSERT_EQ(game.play(m), "");
  }
  EXPECT_GE(game.moves().size(), 50u);  // 49 placements, then at least one move
}

TEST(BaselineTest, GreedyBeatsRandomMostOfTheTime) {
  int greedy_points = 0, games = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Player greedy("greedy", 64, seed);
    Player random("random", 64, seed + 100);
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

TEST(PlayerTest, LevelNames) {
  EXPECT_EQ(level_choices(), "1..8, greedy or random");
  for (const char* level : {"1", "8", "greedy", "random"}) EXPECT_TRUE(is_level(level)) << level;
  for (const char* level : {"0", "9", "", "10", "Greedy", "engine:3"}) EXPECT_FALSE(is_level(level)) << level;
  EXPECT_EQ(level_name(0), "greedy");
  EXPECT_EQ(level_name(5), "5");
  EXPECT_THROW(Player("9"), std::invalid_argument);
}

TEST(PlayerTest, OnlyTheNumberedLevelsHaveAnEngine) {
  Player engine_player("2", 1), greedy("greedy"), random("random");
  ASSERT_NE(engine_player.engine(), nullptr);
  EXPECT_EQ(engine_player.engine()->level(), 2);
  EXPECT_EQ(greedy.engine(), nullptr);
  EXPECT_EQ(random.engine(), nullptr);
  Position start = random_setup(5).position;
  EXPECT_TRUE(start.is_legal(engine_player.choose(start, 5)));
}

TEST(PlayerTest, TheBaselinesRefuseAFinishedGame) {
  Player white("random", 64, 1), black("random", 64, 2);
  Position end = play_out(4, white, black);
  ASSERT_TRUE(end.is_over());
  EXPECT_THROW(white.choose(end, 0), std::logic_error);
  Player greedy("greedy");
  EXPECT_THROW(greedy.choose(end, 0), std::logic_error);
}

}  // namespace
}  // namespace dvonn::engine
