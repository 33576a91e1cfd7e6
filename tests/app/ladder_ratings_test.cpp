// scripts/ladder_ratings.py: the engine levels' fixed ratings are the
// maximum-likelihood Elo ratings of all the ladder's matches together, with
// one player fixed; input it cannot read is refused, saying why. The
// compiled table (server/engine_ratings.cpp) is the script's fit of
// docs/ladder-matches.txt.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "engine/engine.hpp"
#include "run_command.hpp"
#include "server/accounts/engine_ratings.hpp"

namespace dvonn::test {
namespace {

std::string ladder_ratings(const std::string& arguments) {
  return "python3 " + shell_quote(std::string(DVONN_SOURCE_DIR) + "/scripts/ladder_ratings.py") + " " + arguments +
         " 2>&1";
}

struct Fit {
  int exit_code;
  std::string output;
  std::map<std::string, double> ratings;
};

Fit fit_file(const std::string& path, const std::string& options = "") {
  const CommandResult r = run_command(ladder_ratings(shell_quote(path) + " " + options));
  Fit f{r.exit_code, r.output, {}};
  if (r.exit_code != 0) return f;
  // Each line: a name (it may hold spaces), then its rating.
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);) {
    const auto cut = line.find_last_of(' ');
    if (cut == std::string::npos) continue;
    std::string name = line.substr(0, cut);
    name.erase(name.find_last_not_of(' ') + 1);
    f.ratings[name] = std::stod(line.substr(cut + 1));
  }
  return f;
}

Fit fit(const TempDir& tmp, const std::string& matches, const std::string& options = "") {
  const std::string path = tmp.file("matches.txt");
  std::ofstream(path) << matches;
  return fit_file(path, options);
}

TEST(LadderRatings, TheCompiledTableIsTheFitOfTheLadder) {
  // A refit after new matches must reach the table the server rates with.
  // PrimaDvonna is the anchor: an unchanging program, so a level that is
  // re-measured moves alone (docs/strength.md).
  const Fit f = fit_file(std::string(DVONN_SOURCE_DIR) + "/docs/ladder-matches.txt", "--anchor prima --rating 2335");
  ASSERT_EQ(f.exit_code, 0) << f.output;
  for (int level = engine::kMinLevel; level <= engine::kTopLevel; ++level) {
    const std::string name = "level " + std::to_string(level);
    ASSERT_TRUE(f.ratings.count(name)) << name << " is not in\n" << f.output;
    // The table holds the fit rounded to 10.
    EXPECT_EQ(server::engine_rating(level), 10 * std::round(f.ratings.at(name) / 10)) << name << "\n" << f.output;
  }
}

TEST(LadderRatings, OneMatchGivesTheLogisticEloDifference) {
  const TempDir tmp;
  // 75% is +190.8 Elo (400 log10 3); the anchor keeps its rating.
  const Fit f = fit(tmp, "# a comment line\nlevel 2, level 1, 100, 75\n");
  ASSERT_EQ(f.exit_code, 0) << f.output;
  EXPECT_EQ(f.ratings.at("level 1"), 1000);
  EXPECT_NEAR(f.ratings.at("level 2"), 1191, 1) << f.output;
  const Fit moved = fit(tmp, "level 2, level 1, 100, 75\n", "--anchor 'level 2' --rating 2000");
  ASSERT_EQ(moved.exit_code, 0) << moved.output;
  EXPECT_NEAR(moved.ratings.at("level 1"), 1809, 1) << moved.output;
}

TEST(LadderRatings, ASweepIsHeldByTheOtherMatches) {
  const TempDir tmp;
  // B swept A, which alone has no finite estimate; C's even results against
  // both put B between: the fit stays finite and keeps the order.
  const Fit f = fit(tmp,
                    "b, a, 40, 40\n"
                    "c, a, 40, 30\n"
                    "c, b, 40, 20\n",
                    "--anchor a");
  ASSERT_EQ(f.exit_code, 0) << f.output;
  EXPECT_EQ(f.ratings.at("a"), 1000);
  EXPECT_GT(f.ratings.at("b"), 1000);
  EXPECT_LT(f.ratings.at("b"), 1600) << f.output;
  EXPECT_NEAR(f.ratings.at("b"), f.ratings.at("c"), 100) << f.output;
}

TEST(LadderRatings, InputItCannotReadIsRefused) {
  const TempDir tmp;
  Fit f = fit(tmp, "level 2, level 1, many, 3\n");
  EXPECT_NE(f.exit_code, 0);
  EXPECT_NE(f.output.find(":1: expected 'A, B, GAMES, POINTS_OF_A'"), std::string::npos) << f.output;
  f = fit(tmp, "level 2, level 1, 10, 3\nlevel 3, level 2, 10, 11\n");
  EXPECT_NE(f.exit_code, 0);
  EXPECT_NE(f.output.find(":2: 11.0 points in 10 games"), std::string::npos) << f.output;
  f = fit(tmp, "level 2, level 1, 10, 3\n", "--anchor prima");
  EXPECT_NE(f.exit_code, 0);
  EXPECT_NE(f.output.find("the anchor 'prima' played no match"), std::string::npos) << f.output;
  f = fit(tmp, "# nothing\n");
  EXPECT_NE(f.exit_code, 0);
  EXPECT_NE(f.output.find("no matches"), std::string::npos) << f.output;
  const CommandResult missing = run_command(ladder_ratings(shell_quote(tmp.file("none.txt"))));
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_NE(missing.output.find("none.txt: cannot read it"), std::string::npos) << missing.output;
}

}  // namespace
}  // namespace dvonn::test
