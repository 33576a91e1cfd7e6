// `dvonn match` as a user runs it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/game_record.hpp"
#include "program_test_support.hpp"

namespace dvonn {
namespace {

using test::dvonn_command;
using test::shell_quote;
using ::testing::HasSubstr;
using ::testing::Not;

std::string engine_option(const std::string& level) {
  return "--engine " + shell_quote(dvonn_command("engine --level " + level + " --time-per-game 5"));
}

TEST(MatchCommandTest, JsonSummaryAndRecords) {
  test::TempDir dir;
  std::string out = dir.file("games");
  test::CommandResult r = test::run_command(
      dvonn_command("match " + engine_option("greedy") + " " + engine_option("random") +
                    " --name greedy --name random --games 2 --time-per-game 5 --random-setup --seed 5 --out " +
                    shell_quote(out) + " --sprt 0,50 --json 2>" + shell_quote(dir.file("progress.txt"))));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["games"], 2);
  EXPECT_EQ(j["wins"].get<int>() + j["draws"].get<int>() + j["losses"].get<int>(), 2);
  EXPECT_EQ(j["seed"], 5);
  EXPECT_EQ(j["engines"][0], "greedy");
  EXPECT_EQ(j["sprt"]["elo1"], 50.0);
  ASSERT_EQ(j["results"].size(), 2u);
  EXPECT_EQ(j["results"][0]["white"], "greedy");
  EXPECT_EQ(j["results"][1]["white"], "random");
  for (const char* name : {"game-0001.dvonn", "game-0002.dvonn"}) {
    auto rec = parse_record(test::read_file(out + "/" + name));
    ASSERT_TRUE(rec.has_value()) << name;
    EXPECT_EQ(rec->tag("Setup").rfind("random ", 0), 0u);
    EXPECT_TRUE(replay_record(*rec).has_value());
  }
  // One progress line per game, then nothing else on standard error.
  std::string progress = test::read_file(dir.file("progress.txt"));
  EXPECT_THAT(progress, HasSubstr("game 1/2"));
  EXPECT_THAT(progress, HasSubstr("game 2/2"));
}

TEST(MatchCommandTest, TextSummary) {
  test::CommandResult r = test::run_command(dvonn_command("match " + engine_option("greedy") + " " +
                                                          engine_option("greedy") + " --games 2 --seed 1 2>/dev/null"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("2 games"));
  EXPECT_THAT(r.output, HasSubstr("Elo difference"));
  EXPECT_THAT(r.output, HasSubstr("Mean piece difference"));
}

TEST(MatchCommandTest, BadOptionsAreRefusedWithAReason) {
  // Runs `dvonn match ARGS`, expects a refusal and gives its output.
  auto refused = [](const std::string& args) {
    test::CommandResult r = test::run_command(dvonn_command("match " + args + " 2>&1"));
    EXPECT_NE(r.exit_code, 0) << args;
    return r.output;
  };
  const std::string two = engine_option("greedy") + " " + engine_option("random");
  EXPECT_THAT(refused(engine_option("greedy")), HasSubstr("two --engine"));
  EXPECT_THAT(refused(two + " --sprt 5,0"), HasSubstr("elo1"));
  EXPECT_THAT(refused(two + " --sprt five"), HasSubstr("elo0,elo1"));
  const std::string folder = refused(two + " --out /dev/null/x");
  EXPECT_THAT(folder, HasSubstr("cannot create the folder"));
  EXPECT_THAT(folder, Not(HasSubstr("game 1/")));  // refused before any game
}

}  // namespace
}  // namespace dvonn
