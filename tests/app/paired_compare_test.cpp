// scripts/paired_compare.py: two engines' runs against the same opponent on
// the same seed are compared game by game; runs that do not pair (another
// seed, a missing name, an odd folder count) are refused, saying why.
#include <gtest/gtest.h>

#include <string>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

// A run of `name` (greedy, or random moves) against a greedy opponent.
void run_match(const std::string& dir, const std::string& name, const std::string& level, int seed) {
  const std::string player = std::string(DVONN_BINARY) + " engine --level " + level;
  const std::string opponent = std::string(DVONN_BINARY) + " engine --level greedy";
  CommandResult r = run_dvonn("match --engine \"" + player + "\" --engine \"" + opponent + "\" --name " + name +
                              " --name opp --games 4 --time-per-game 2 --random-openings 3 --seed " +
                              std::to_string(seed) + " --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
}

int script(const std::string& args, const std::string& out) {
  const std::string cmd =
      std::string("python3 ") + DVONN_SOURCE_DIR + "/scripts/paired_compare.py " + args + " > " + out + " 2>&1";
  return std::system(cmd.c_str());
}

TEST(PairedCompare, CountsTheGamesEachSideDidBetterOnTheSameOpenings) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  run_match(dir + "/a", "greedy", "greedy", 9);
  run_match(dir + "/b", "rand", "random", 9);
  // The same run against itself: every game pairs and none differs.
  ASSERT_EQ(script("--a greedy --b greedy " + dir + "/a " + dir + "/a", dir + "/same.txt"), 0)
      << read_file(dir + "/same.txt");
  EXPECT_NE(read_file(dir + "/same.txt").find("4 paired games"), std::string::npos) << read_file(dir + "/same.txt");
  EXPECT_NE(read_file(dir + "/same.txt").find("better 0, worse 0, z = +0.00"), std::string::npos)
      << read_file(dir + "/same.txt");
  // Two pairs of folders: each is reported, then the total over both.
  ASSERT_EQ(script("--a greedy --b rand " + dir + "/a " + dir + "/b " + dir + "/a " + dir + "/b", dir + "/two.txt"), 0)
      << read_file(dir + "/two.txt");
  const std::string two = read_file(dir + "/two.txt");
  EXPECT_NE(two.find("total: 8 paired games"), std::string::npos) << two;
  EXPECT_NE(two.find("sign test p = "), std::string::npos) << two;
}

TEST(PairedCompare, RunsThatDoNotPairAreRefused) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  run_match(dir + "/a", "greedy", "greedy", 9);
  run_match(dir + "/c", "greedy", "greedy", 10);
  EXPECT_NE(script("--a greedy --b greedy " + dir + "/a " + dir + "/c", dir + "/seed.txt"), 0);
  EXPECT_NE(read_file(dir + "/seed.txt").find("start from different positions"), std::string::npos)
      << read_file(dir + "/seed.txt");
  EXPECT_NE(script("--a nobody --b greedy " + dir + "/a " + dir + "/a", dir + "/name.txt"), 0);
  EXPECT_NE(read_file(dir + "/name.txt").find("no finished game records with a player named nobody"), std::string::npos)
      << read_file(dir + "/name.txt");
  EXPECT_NE(script("--a greedy --b greedy " + dir + "/a", dir + "/odd.txt"), 0);
  EXPECT_NE(read_file(dir + "/odd.txt").find("in pairs"), std::string::npos) << read_file(dir + "/odd.txt");
}

}  // namespace
}  // namespace dvonn::test
