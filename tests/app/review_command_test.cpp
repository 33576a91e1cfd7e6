// `dvonn analyze --review`: the engine's view of a whole game, as a table
// and as JSON, run as a user would.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run_command.hpp"

using dvonn::test::refused;
using dvonn::test::run_dvonn;

namespace {

const std::string kRecord = std::string(DVONN_SOURCE_DIR) + "/tests/data/review-game.txt";
const std::string kBudget = " --depth 2 --nodes 3000";

TEST(ReviewCommand, JsonHasEveryPositionEveryMoveAndBothPlayers) {
  auto r = run_dvonn("analyze --review --json --record " + kRecord + kBudget);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j["positions"].size(), 32u);
  ASSERT_EQ(j["moves"].size(), 31u);
  EXPECT_EQ(j["budget"]["depth"], 2);
  EXPECT_EQ(j["budget"]["nodes"], 3000);
  // The end of the game is exact: White won 24-6.
  EXPECT_TRUE(j["positions"][31]["exact"].get<bool>());
  EXPECT_EQ(j["positions"][31]["score"], 18.0);
  EXPECT_EQ(j["positions"][31]["win_chance"], 100.0);
  // Black's passes had no alternative: forced, not counted.
  EXPECT_EQ(j["moves"][23]["move"], "PASS");
  EXPECT_EQ(j["moves"][23]["class"], "forced");
  int counted = 0;
  for (const char* side : {"white", "black"}) {
    const auto& p = j["players"][side];
    EXPECT_EQ(p["moves"].get<int>(), p["best"].get<int>() + p["good"].get<int>() + p["inaccuracies"].get<int>() +
                                         p["mistakes"].get<int>() + p["blunders"].get<int>());
    counted += p["moves"].get<int>();
  }
  // Forced moves (the passes, and a move with no alternative) do not count.
  int forced = 0;
  for (const auto& m : j["moves"]) forced += m["class"] == "forced";
  EXPECT_GE(forced, 4);
  EXPECT_EQ(counted, 31 - forced);
  // Every position not over has a best move that starts its line.
  for (const auto& p : j["positions"]) {
    if (!p["over"].get<bool>()) {
      EXPECT_EQ(p["best"], p["line"][0]) << p;
    }
  }
}

TEST(ReviewCommand, SameBudgetSameReview) {
  auto a = run_dvonn("analyze --review --json --record " + kRecord + kBudget);
  auto b = run_dvonn("analyze --review --json --record " + kRecord + kBudget);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  EXPECT_EQ(a.output, b.output);
}

TEST(ReviewCommand, TableShowsMovesClassesAndAccuracy) {
  auto r = run_dvonn("analyze --review --record " + kRecord + kBudget);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("K3J2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("forced"), std::string::npos);
  EXPECT_NE(r.output.find("+18.00="), std::string::npos);
  EXPECT_NE(r.output.find("white: accuracy"), std::string::npos);
  EXPECT_NE(r.output.find("black: accuracy"), std::string::npos);
}

TEST(ReviewCommand, BadRecordsAreRefusedWithAReason) {
  char name[] = "/tmp/dvonn-review-badXXXXXX";
  int fd = mkstemp(name);
  FILE* f = fdopen(fd, "w");
  std::fputs("1. E3 E3\n", f);
  std::fclose(f);
  EXPECT_TRUE(refused(std::string("analyze --review --record ") + name, "E3"));
  std::remove(name);
  EXPECT_TRUE(refused("analyze --review --record /nonexistent/game.txt", "cannot open"));
  EXPECT_TRUE(refused("analyze --review", "--review needs a game with moves"));
  EXPECT_TRUE(refused("analyze --nodes 5"));
}

}  // namespace
