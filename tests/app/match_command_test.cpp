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
  test::CommandResult one = test::run_command(dvonn_command("match " + engine_option("greedy") + " 2>&1"));
  EXPECT_NE(one.exit_code, 0);
  EXPECT_THAT(one.output, HasSubstr("two --engine"));
  test::CommandResult sprt = test::run_command(
      dvonn_command("match " + engine_option("greedy") + " " + engine_option("random") + " --sprt 5,0 2>&1"));
  EXPECT_NE(sprt.exit_code, 0);
  EXPECT_THAT(sprt.output, HasSubstr("elo1"));
  test::CommandResult words = test::run_command(
      dvonn_command("match " + engine_option("greedy") + " " + engine_option("random") + " --sprt five 2>&1"));
  EXPECT_NE(words.exit_code, 0);
  EXPECT_THAT(words.output, HasSubstr("elo0,elo1"));
  test::CommandResult folder = test::run_command(
      dvonn_command("match " + engine_option("greedy") + " " + engine_option("random") + " --out /dev/null/x 2>&1"));
  EXPECT_NE(folder.exit_code, 0);
  EXPECT_THAT(folder.output, HasSubstr("cannot create the folder"));
  EXPECT_THAT(folder.output, Not(HasSubstr("game 1/")));  // refused before any game
}

}  // namespace
}  // namespace dvonn
