// `dvonn tune --records` with labels from deeper search, run as a user
// would, on the records of a short `dvonn match`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

std::string records_of_two_greedy_games() {
  const auto dir = std::filesystem::temp_directory_path() / ("dvonn-tune-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::string engine = std::string(DVONN_BINARY) + " engine --level greedy";
  CommandResult r = run_dvonn("match --engine \"" + engine + "\" --engine \"" + engine +
                              "\" --games 2 --time-per-game 2 --random-openings 3 --seed 9 --out " + dir.string());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return dir.string();
}

TEST(TuneCommand, LabelsFromDeeperSearchAreFittedAndCounted) {
  const std::string dir = records_of_two_greedy_games();
  CommandResult r = run_dvonn("tune --records " + dir + " --label-depth 2 --outcome-share 0.25");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("2 finished games read"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("movement: "), std::string::npos) << r.output;
  // Every movement position got a searched label: the two counts agree.
  const auto samples = r.output.find(" + ");
  ASSERT_NE(samples, std::string::npos) << r.output;
  const std::string movement = r.output.substr(samples + 3, r.output.find(' ', samples + 3) - samples - 3);
  EXPECT_NE(r.output.find(movement + " targets solved or searched"), std::string::npos) << r.output;
  EXPECT_NE(movement, "0");
  std::filesystem::remove_all(dir);
}

// The line that carries the fitted weights.
std::string weights_line(const std::string& output) {
  const auto at = output.find("to test them:");
  return at == std::string::npos ? std::string() : output.substr(at, output.find('\n', at) - at);
}

TEST(TuneCommand, TwoLabellingThreadsFitTheSameWeights) {
  const std::string dir = records_of_two_greedy_games();
  const std::string tune = "tune --records " + dir + " --label-depth 2 --solve 8";
  CommandResult one = run_dvonn(tune), two = run_dvonn(tune + " --threads 2");
  ASSERT_EQ(one.exit_code, 0) << one.output;
  ASSERT_EQ(two.exit_code, 0) << two.output;
  EXPECT_NE(two.output.find("labelling the positions of 2 games on 2 threads"), std::string::npos) << two.output;
  EXPECT_NE(two.output.find("2 of 2 games labelled"), std::string::npos) << two.output;
  EXPECT_FALSE(weights_line(one.output).empty()) << one.output;
  EXPECT_EQ(weights_line(two.output), weights_line(one.output));
  std::filesystem::remove_all(dir);
}

TEST(TuneCommand, RefusesLabelOptionsOutOfRange) {
  EXPECT_TRUE(refused("tune --records /nonexistent --label-depth 2 --threads 0", "--threads"));
  EXPECT_TRUE(refused("tune --records /nonexistent --label-depth 13", "--label-depth"));
  EXPECT_TRUE(refused("tune --records /nonexistent --label-depth 2 --outcome-share 1.5", "--outcome-share"));
  EXPECT_TRUE(refused("tune --records /nonexistent --label-depth 2", "no such record file or folder: /nonexistent"));
}

}  // namespace
}  // namespace dvonn::test
