// `dvonn play` with engine sides and the hint command, run as a user would.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "program_test_support.hpp"

namespace dvonn {
namespace {

using test::dvonn_command;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(PlayCommandTest, TwoEngineSidesPlayToTheEnd) {
  test::CommandResult r = test::run_command(
      dvonn_command("play --white engine:greedy --black engine:random --random-setup 3 --color never </dev/null"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("white plays "));
  EXPECT_THAT(r.output, HasSubstr("black plays "));
  EXPECT_THAT(r.output, HasSubstr("The game is over"));
}

TEST(PlayCommandTest, AnEngineSideAnswersAPersonsMove) {
  test::CommandResult r =
      test::run_command(dvonn_command("play --black engine:1 --color never <<'EOF'\nE3\nquit\nEOF\n"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // The person placed on E3, the engine answered with its own placement.
  EXPECT_THAT(r.output, HasSubstr("black plays "));
}

TEST(PlayCommandTest, HintSuggestsALegalMove) {
  test::CommandResult r =
      test::run_command(dvonn_command("play --random-setup 5 --color never <<'EOF'\nhint\nquit\nEOF\n"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("Hint: "));
  size_t at = r.output.find("Hint: ");
  ASSERT_NE(at, std::string::npos);
  std::string move = r.output.substr(at + 6, r.output.find(' ', at + 6) - (at + 6));
  // The suggestion is one of the legal moves of the position.
  test::CommandResult legal = test::run_command(dvonn_command("legal --random-setup 5"));
  EXPECT_THAT(legal.output, HasSubstr(move + "\n"));
}

TEST(PlayCommandTest, RejectsAnUnknownPlayer) {
  test::CommandResult r = test::run_command(dvonn_command("play --white robot </dev/null 2>&1"));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_THAT(r.output, HasSubstr("engine:L"));
  EXPECT_THAT(r.output, Not(HasSubstr("DVONN.")));
}

}  // namespace
}  // namespace dvonn
