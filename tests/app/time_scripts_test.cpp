// scripts/time_use.py (where `dvonn engine --log-times` spent its clock) and
// scripts/time_curve.py (the time curve's table and picture): what they
// report from real input, and bad input refused with what is wrong.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

int script(const std::string& name, const std::string& args, const std::string& out) {
  const std::string cmd =
      std::string("python3 ") + DVONN_SOURCE_DIR + "/scripts/" + name + " " + args + " > " + out + " 2>&1";
  return std::system(cmd.c_str());
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

TEST(TimeUse, SumsTheLoggedMovesOfEachGameByPhase) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  const std::string player = std::string(DVONN_BINARY) + " engine --level 2 --log-times";
  const std::string opponent = std::string(DVONN_BINARY) + " engine --level greedy";
  CommandResult r = run_dvonn("match --engine \"" + player + "\" --engine \"" + opponent +
                              "\" --games 2 --time-per-game 2 --seed 5 --stderr " + dir + "/err.txt");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  ASSERT_EQ(script("time_use.py", dir + "/err.txt", dir + "/out.txt"), 0) << read_file(dir + "/out.txt");
  const std::string out = read_file(dir + "/out.txt");
  EXPECT_NE(out.find("2 games"), std::string::npos) << out;
  // From the empty board: both phases are there.
  EXPECT_NE(out.find("placement"), std::string::npos) << out;
  EXPECT_NE(out.find("movement, 20 stacks or fewer"), std::string::npos) << out;
  EXPECT_NE(out.find("used in all"), std::string::npos) << out;
  // The engine says how deep it searched: the table has the columns.
  EXPECT_NE(out.find("depth  knodes/s"), std::string::npos) << out;
}

TEST(TimeUse, RefusesInputWithoutTimeLinesOrWithABadOne) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  write(dir + "/none.txt", "RNG seed 3.\nsomething else\n");
  EXPECT_NE(script("time_use.py", dir + "/none.txt", dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("no dvonn-time lines"), std::string::npos) << read_file(dir + "/out.txt");
  write(dir + "/bad.txt", "dvonn-time place x 0.1 0.2\n");
  EXPECT_NE(script("time_use.py", dir + "/bad.txt", dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("not a time line"), std::string::npos) << read_file(dir + "/out.txt");
}

TEST(TimeUse, SplitsGamesWhereALineCannotFollowTheOneBefore) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  // Two games: the second starts with fewer pieces placed than the first ended with.
  write(dir + "/two.txt",
        "dvonn-time place 3 0.001 4.0\ndvonn-time place 5 0.001 4.1\ndvonn-time move 40 0.5 4.0\n"
        "dvonn-time move 30 0.2 3.0\ndvonn-time place 4 0.001 4.0\ndvonn-time move 44 1.0 4.0\n");
  ASSERT_EQ(script("time_use.py", dir + "/two.txt", dir + "/out.txt"), 0) << read_file(dir + "/out.txt");
  const std::string out = read_file(dir + "/out.txt");
  EXPECT_NE(out.find("2 games"), std::string::npos) << out;
  // 0.5 + 1.0 seconds at 37 stacks or more, 0.2 at 27-36, over 2 games.
  EXPECT_NE(out.find("movement, 37+ stacks                 0.750"), std::string::npos) << out;
  EXPECT_NE(out.find("movement, 27-36 stacks               0.100"), std::string::npos) << out;
}

TEST(TimeUse, AveragesTheDepthOfTheMovesSearchedAndTheirNodesASecond) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  // 44 and 40 stacks: depths 6 and 8 (a forced move, depth 0, is left out),
  // 300,000 nodes in 0.3 s. 30 stacks: 5, 50,000 nodes in 0.1 s.
  write(dir + "/deep.txt",
        "dvonn-time place 3 0.001 4.0 2 100\ndvonn-time move 44 0.1 4.0 6 100000\n"
        "dvonn-time move 42 0.05 3.9 0 0\ndvonn-time move 40 0.2 3.8 8 200000\n"
        "dvonn-time move 30 0.1 3.0 5 50000\n");
  ASSERT_EQ(script("time_use.py", dir + "/deep.txt", dir + "/out.txt"), 0) << read_file(dir + "/out.txt");
  const std::string out = read_file(dir + "/out.txt");
  EXPECT_NE(out.find("movement, 37+ stacks                 0.350     3.0    0.1167   7.00      1000"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("movement, 27-36 stacks               0.100     1.0    0.1000   5.00       500"),
            std::string::npos)
      << out;
  // The older lines, without depth, give no depth columns.
  write(dir + "/old.txt", "dvonn-time move 44 0.1 4.0\n");
  ASSERT_EQ(script("time_use.py", dir + "/old.txt", dir + "/out.txt"), 0) << read_file(dir + "/out.txt");
  EXPECT_EQ(read_file(dir + "/out.txt").find("depth"), std::string::npos) << read_file(dir + "/out.txt");
  // A negative depth is no time line.
  write(dir + "/bad.txt", "dvonn-time move 44 0.1 4.0 -1 100\n");
  EXPECT_NE(script("time_use.py", dir + "/bad.txt", dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("not a time line"), std::string::npos) << read_file(dir + "/out.txt");
}

TEST(TimeCurve, TablesTheMatchesAndDrawsThem) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  write(dir + "/curve.txt", "# comment\n1.25 5 61 2 37 4111  # a note\n5 2.5 35 1 4 4132\n");
  ASSERT_EQ(script("time_curve.py", dir + "/curve.txt " + dir + "/curve.svg", dir + "/out.txt"), 0)
      << read_file(dir + "/out.txt");
  const std::string out = read_file(dir + "/out.txt");
  EXPECT_NE(out.find("| 1.25 s | 5 s | 100 | 62.0% (+61 =2 -37) | +85"), std::string::npos) << out;
  EXPECT_NE(out.find("| 5 s | 2.5 s | 40 | 88.8% (+35 =1 -4)"), std::string::npos) << out;
  const std::string svg = read_file(dir + "/curve.svg");
  EXPECT_EQ(svg.rfind("<svg", 0), 0u) << svg.substr(0, 100);
  // Two points and the legend's two markers.
  std::size_t circles = 0;
  for (auto at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++circles;
  EXPECT_EQ(circles, 4u);
}

TEST(TimeCurve, RefusesABadLineWithItsNumber) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  write(dir + "/short.txt", "1.25 5 61 2 37 4111\n1.25 5 61 2\n");
  EXPECT_NE(script("time_curve.py", dir + "/short.txt " + dir + "/out.svg", dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("short.txt:2: expected"), std::string::npos)
      << read_file(dir + "/out.txt");
  write(dir + "/zero.txt", "1.25 5 0 0 0 1\n");
  EXPECT_NE(script("time_curve.py", dir + "/zero.txt " + dir + "/out.svg", dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("zero.txt:1:"), std::string::npos) << read_file(dir + "/out.txt");
  write(dir + "/word.txt", "fast 5 1 0 0 1\n");
  EXPECT_NE(script("time_curve.py", dir + "/word.txt " + dir + "/out.svg", dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("not numbers"), std::string::npos) << read_file(dir + "/out.txt");
}

}  // namespace
}  // namespace dvonn::test
