// `dvonn engine`'s experiment options: bad weights are refused with what is
// wrong, and nothing is played.
#include <gtest/gtest.h>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

TEST(EngineOptions, BadWeightsAreRefusedWithWhatIsWrong) {
  CommandResult r = run_dvonn("engine --weights 1,2,3");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("MOVEMENT/PLACEMENT"), std::string::npos) << r.output;
  r = run_dvonn("engine --weights 1,2/3");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("expected 32 weights"), std::string::npos) << r.output;
  r = run_dvonn("engine --weights x/1");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("not a number"), std::string::npos) << r.output;
  r = run_dvonn("engine --level greedy --threads 2");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("numbered level"), std::string::npos) << r.output;
  r = run_dvonn("engine --threads 0");
  EXPECT_NE(r.exit_code, 0);
}

TEST(EngineOptions, TwoThreadsAnswerWithALegalMove) {
  // From a movement-phase position the engine searches, here on two threads.
  const std::string position = "bwwwbbdbb/dwbdbbwwbb/bbbbwwbwwww/wbwbbbwwww/wwwbbwbbw move w";
  CommandResult r = run_dvonn("engine --threads 2 --time-per-game 2", "Setup " + position + "\nStart\nQuit\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string move = r.output.substr(0, r.output.find('\n'));
  CommandResult legal = run_dvonn("legal --position \"" + position + "\"");
  ASSERT_EQ(legal.exit_code, 0) << legal.output;
  EXPECT_NE(legal.output.find(move + "\n"), std::string::npos) << move << " is not among\n" << legal.output;
  EXPECT_EQ(move.size(), 4u) << r.output;
}

}  // namespace
}  // namespace dvonn::test
