// scripts/phase_scores.py: a run's games grouped by result, with the
// engine's score at chosen plies of the movement phase; input it cannot use
// is refused, saying why.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

CommandResult phase_scores(const std::string& arguments) {
  return run_command("python3 " + shell_quote(std::string(DVONN_SOURCE_DIR) + "/scripts/phase_scores.py") +
                     " --dvonn " + shell_quote(DVONN_BINARY) + " " + arguments + " 2>&1");
}

TEST(PhaseScores, GroupsTheGamesByResultWithTheScoreAtEachPly) {
  const TempDir tmp;
  const std::string dir = tmp.file("run");
  // The greedy player against random moves: it wins nearly every game.
  const std::string greedy = std::string(DVONN_BINARY) + " engine --level greedy";
  const std::string random = std::string(DVONN_BINARY) + " engine --level random";
  CommandResult m =
      run_dvonn("match --engine \"" + greedy + "\" --engine \"" + random +
                "\" --name greedy --name rand --games 4 --time-per-game 2 --random-openings 3 --seed 5 --out " + dir);
  ASSERT_EQ(m.exit_code, 0) << m.output;
  const CommandResult r = phase_scores("--time 0.05 --jobs 2 --plies 0,6,200 greedy " + shell_quote(dir));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("greedy in " + dir + ": 4 games"), std::string::npos) << r.output;
  // Every game is in one group, and each group scores each ply.
  int games = 0;
  const std::regex row(
      R"((won|drawn|lost) (\d+): ply 0: ([-+]\d+\.\d+) .*; ply 6: .*; ply 200: - \(0 / 0 / 0, (\d+)\))");
  for (std::sregex_iterator it(r.output.begin(), r.output.end(), row), end; it != end; ++it) {
    const int n = std::stoi((*it)[2]);
    games += n;
    // No game lasts 200 plies of moving: all of them were over by then.
    EXPECT_EQ(std::stoi((*it)[4]), n) << it->str();
  }
  EXPECT_EQ(games, 4) << r.output;
  EXPECT_NE(r.output.find("won "), std::string::npos) << r.output;
}

TEST(PhaseScores, InputItCannotUseIsRefused) {
  const TempDir tmp;
  const std::string dir = tmp.file("run");
  const std::string greedy = std::string(DVONN_BINARY) + " engine --level greedy";
  CommandResult m =
      run_dvonn("match --engine \"" + greedy + "\" --engine \"" + greedy +
                "\" --name a --name b --games 2 --time-per-game 2 --random-openings 3 --seed 6 --out " + dir);
  ASSERT_EQ(m.exit_code, 0) << m.output;
  CommandResult r = phase_scores("nobody " + shell_quote(dir));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("no finished game records with a player named nobody"), std::string::npos) << r.output;
  r = phase_scores("--plies 0,ten a " + shell_quote(dir));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("--plies: expected plies separated by commas"), std::string::npos) << r.output;
  r = phase_scores("--jobs 0 a " + shell_quote(dir));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("--jobs at least 1"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace dvonn::test
