// `dvonn explorer generate` writes the same engine games for the same
// options, and `dvonn serve --explorer-games` refuses a file that is not a
// set of engine games before it listens.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "run_command.hpp"

namespace dvonn {
namespace {

using ::testing::HasSubstr;

TEST(ExplorerCommandTest, GeneratesTheSameGamesForTheSameSeed) {
  const std::string args = "explorer generate --games 3 --seed 5 --depth 1 --nodes 200 --quiet";
  test::CommandResult a = test::run_command(test::dvonn_command(args));
  test::CommandResult b = test::run_command(test::dvonn_command(args));
  ASSERT_EQ(a.exit_code, 0) << a.output;
  EXPECT_EQ(a.output, b.output);
  EXPECT_THAT(a.output, HasSubstr("--games 3 --seed 5"));
  // Three comment lines, then one line per game.
  EXPECT_EQ(std::count(a.output.begin(), a.output.end(), '\n'), 6) << a.output;
  test::CommandResult other =
      test::run_command(test::dvonn_command("explorer generate --games 3 --seed 6 --depth 1 --nodes 200 --quiet"));
  EXPECT_NE(other.output, a.output);
  EXPECT_TRUE(test::refused("explorer generate --games 0", "--games"));
}

TEST(ExplorerCommandTest, ServeRefusesEngineGamesThatDoNotParse) {
  std::string path = ::testing::TempDir() + "dvonn-explorer-bad-games.txt";
  std::ofstream(path) << "white Z9\n";
  EXPECT_TRUE(
      test::refused("serve --port 0 --db " + ::testing::TempDir() + "dvonn-explorer-x.db --explorer-games " + path,
                    "engine games do not parse: line 1"));
}

}  // namespace
}  // namespace dvonn
