// The referee against deliberately broken players, written as shell scripts
// at test time, and against good ones.
#include "protocol/referee.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <sstream>

#include "core/game_record.hpp"
#include "core/random_setup.hpp"
#include "program_test_support.hpp"
#include "protocol/match_runner.hpp"

namespace dvonn::protocol {
namespace {

using test::TempDir;
using ::testing::HasSubstr;

class RefereeTest : public ::testing::Test {
 protected:
  RefereeTest() {
    good = {"greedy", test::dvonn_command("engine --level greedy --seed 2")};
    random = {"random", test::dvonn_command("engine --level random --seed 3")};
    illegal = {"illegal", dir.script("illegal.sh", "while read line; do echo E3; done")};
    crash = {"crash", dir.script("crash.sh", "exit 3")};
    silent = {"silent", dir.script("silent.sh", "exec sleep 30")};
    garbage = {"garbage", dir.script("garbage.sh", "while read line; do echo 'hello world'; done")};
    // Roomy: a sanitizer build starting on a busy machine must never lose
    // on time where the test expects another reason.
    settings.seconds_per_game = 10;
    settings.tolerance = 0.1;
  }

  // Plays the broken player against the good one in both colours and
  // checks that the broken one loses both games for the expected reason.
  void expect_forfeits(const PlayerSpec& broken, Termination why, const std::string& detail) {
    for (Color broken_side : {Color::White, Color::Black}) {
      bool white_broken = broken_side == Color::White;
      RefereedGame g = referee_game(white_broken ? broken : good, white_broken ? good : broken, settings);
      SCOPED_TRACE(broken.name + " as " + color_name(broken_side));
      ASSERT_TRUE(g.forfeited_by.has_value());
      EXPECT_EQ(*g.forfeited_by, broken_side);
      EXPECT_EQ(g.termination, why);
      EXPECT_EQ(g.result, white_broken ? Result::BlackWins : Result::WhiteWins);
      EXPECT_THAT(g.detail, HasSubstr(detail));
      EXPECT_THAT(g.detail, HasSubstr(color_name(broken_side)));
    }
  }

  TempDir dir;
  PlayerSpec good, random, illegal, crash, silent, garbage;
  RefereeSettings settings;
};

TEST_F(RefereeTest, GoodPlayersFinishByTheRules) {
  RefereedGame g = referee_game(good, random, settings);
  EXPECT_FALSE(g.forfeited_by.has_value()) << g.detail;
  EXPECT_EQ(g.termination, Termination::Rules);
  EXPECT_TRUE(g.game.position().is_over());
  EXPECT_EQ(g.result, g.game.result());
  EXPECT_GE(g.game.moves().size(), 50u);
  for (double s : g.seconds_used) {
    EXPECT_GT(s, 0);
    EXPECT_LT(s, 10.1);
  }
}

TEST_F(RefereeTest, AnIllegalMoveLoses) { expect_forfeits(illegal, Termination::IllegalMove, "illegal move E3"); }

TEST_F(RefereeTest, ACrashLoses) { expect_forfeits(crash, Termination::Crash, "exit status 3"); }

TEST_F(RefereeTest, GarbageLoses) { expect_forfeits(garbage, Termination::Unparsable, "\"hello world\""); }

TEST_F(RefereeTest, SilenceLosesOnTimeAndTheProgramIsKilled) {
  settings.seconds_per_game = 1.5;
  auto t0 = std::chrono::steady_clock::now();
  expect_forfeits(silent, Termination::TimeForfeit, "ran out of time");
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // Two games of at most 1.6 s of waiting each: the 30 s sleeps were killed
  // rather than waited for.
  EXPECT_LT(s, 10);
}

TEST_F(RefereeTest, AProgramThatCannotStartLosesAsACrash) {
  PlayerSpec missing{"missing", dir.file("no-such-program")};
  expect_forfeits(missing, Termination::Crash, "exit status 127");
}

TEST_F(RefereeTest, RandomSetupIsSentToBothPrograms) {
  settings.random_setup_seed = 77;
  RefereedGame g = referee_game(random, good, settings);
  EXPECT_FALSE(g.forfeited_by.has_value()) << g.detail;
  EXPECT_TRUE(g.game.start() == random_setup(77));
  ASSERT_FALSE(g.game.moves().empty());
  EXPECT_TRUE(g.game.moves().front().is_step());
}

TEST_F(RefereeTest, MatchWritesRecordsThatReplay) {
  MatchSettings m;
  m.engines = {good, crash};
  m.games = 2;
  m.referee = settings;
  m.random_setup = true;
  m.seed = 9;
  m.concurrency = 2;
  m.out_dir = dir.file("records");
  int calls = 0;
  MatchReport report = run_match(m, [&](const MatchGame&, const MatchTotals&) { ++calls; });
  EXPECT_EQ(calls, 2);
  ASSERT_EQ(report.games.size(), 2u);
  EXPECT_EQ(report.totals.first.wins, 2);
  EXPECT_EQ(report.totals.forfeits[1], 2);
  EXPECT_EQ(report.totals.games_by_rules, 0);
  std::vector<std::string> setups;
  for (const MatchGame& g : report.games) {
    EXPECT_EQ(g.first_is_white, g.index == 0);
    std::string text = test::read_file(g.record_path);
    auto rec = parse_record(text);
    ASSERT_TRUE(rec.has_value()) << text;
    EXPECT_TRUE(replay_record(*rec).has_value()) << text;
    EXPECT_EQ(rec->tag("White"), g.first_is_white ? "greedy" : "crash");
    EXPECT_EQ(rec->tag("Result"), g.first_is_white ? "1-0" : "0-1");
    EXPECT_THAT(rec->tag("Termination"), HasSubstr("crash"));
    EXPECT_FALSE(rec->tag("Date").empty());
    EXPECT_FALSE(rec->tag("Score").empty());
    setups.push_back(rec->tag("Setup"));
  }
  // Both games of a pair start from the same board.
  EXPECT_EQ(setups[0], setups[1]);
  EXPECT_EQ(setups[0], "random " + std::to_string(pair_seed(9, 0)));
}

TEST_F(RefereeTest, RandomOpeningsAreSharedByAPairAndReplay) {
  MatchSettings m;
  m.engines = {good, random};
  m.games = 4;
  m.referee = settings;
  m.random_openings = 5;
  m.seed = 12;
  m.out_dir = dir.file("records");
  MatchReport report = run_match(m);
  ASSERT_EQ(report.games.size(), 4u);
  EXPECT_EQ(report.totals.games_by_rules, 4);
  std::vector<BoardState> starts;
  for (const MatchGame& g : report.games) {
    const BoardState& start = g.game.game.start();
    EXPECT_TRUE(start == random_opening(pair_seed(12, g.index / 2), 5));
    EXPECT_EQ(start.position.placed(), 5);
    EXPECT_TRUE(start.position.in_placement());
    starts.push_back(start);
    auto rec = parse_record(test::read_file(g.record_path));
    ASSERT_TRUE(rec.has_value());
    EXPECT_FALSE(rec->has_tag("Setup"));
    EXPECT_TRUE(rec->has_tag("Position"));
    auto replayed = replay_record(*rec);
    ASSERT_TRUE(replayed.has_value());
    EXPECT_TRUE(replayed->start() == start);
  }
  EXPECT_TRUE(starts[0] == starts[1]);
  EXPECT_TRUE(starts[2] == starts[3]);
  EXPECT_FALSE(starts[0] == starts[2]);
}

TEST_F(RefereeTest, RandomOpeningsAndRandomSetupsDoNotMix) {
  MatchSettings m;
  m.engines = {good, random};
  m.random_openings = 5;
  m.random_setup = true;
  EXPECT_THAT(check_match_settings(m), HasSubstr("not both"));
  m.random_setup = false;
  m.random_openings = 49;
  EXPECT_THAT(check_match_settings(m), HasSubstr("0..48"));
}

TEST_F(RefereeTest, MatchOfGoodPlayersScoresEveryGame) {
  MatchSettings m;
  m.engines = {good, random};
  m.games = 4;
  m.referee = settings;
  m.random_setup = true;
  m.seed = 4;
  m.concurrency = 2;
  m.out_dir = dir.file("records");
  MatchReport report = run_match(m);
  ASSERT_EQ(report.games.size(), 4u);
  EXPECT_EQ(report.totals.first.games(), 4);
  EXPECT_EQ(report.totals.games_by_rules, 4);
  long diff = 0;
  for (const MatchGame& g : report.games) {
    EXPECT_EQ(g.index, &g - report.games.data());
    auto rec = parse_record(test::read_file(g.record_path));
    ASSERT_TRUE(rec.has_value());
    auto replayed = replay_record(*rec);
    ASSERT_TRUE(replayed.has_value());
    EXPECT_EQ(rec->tag("Result"), result_tag(replayed->result()));
    EXPECT_FALSE(rec->has_tag("Termination"));
    Score s = replayed->position().score();
    diff += g.first_is_white ? s.white - s.black : s.black - s.white;
  }
  EXPECT_DOUBLE_EQ(report.totals.mean_piece_difference(), diff / 4.0);
}

TEST_F(RefereeTest, MatchStopsOnceTheSprtDecides) {
  // Both programs crash at once, so whoever is White loses: the first
  // engine scores L W L W L ..., a 50% score that rejects elo1 = +1000
  // after five games (LLR -3.6 < -2.94).
  MatchSettings m;
  m.engines = {crash, {"crash too", crash.command}};
  m.games = 20;
  m.referee = settings;
  m.sprt = SprtSettings{0, 1000, 0.05, 0.05};
  MatchReport report = run_match(m);
  EXPECT_EQ(report.games.size(), 5u);
  EXPECT_TRUE(report.totals.stopped_by_sprt);
  EXPECT_EQ(sprt(report.totals.first, *m.sprt).verdict, SprtVerdict::AcceptH0);
}

TEST(MatchSettingsTest, RejectsUnusableSettings) {
  MatchSettings m;
  m.engines = {PlayerSpec{"a", "true"}, PlayerSpec{"b", "true"}};
  EXPECT_EQ(check_match_settings(m), "");
  m.games = 0;
  EXPECT_NE(check_match_settings(m), "");
  m.games = 2;
  m.engines[1].command = "";
  EXPECT_NE(check_match_settings(m), "");
  m.engines[1].command = "true";
  m.sprt = SprtSettings{3, 1, 0.05, 0.05};
  EXPECT_THAT(check_match_settings(m), HasSubstr("SPRT"));
}

TEST(MatchSettingsTest, PairSeedsDifferAndRepeat) {
  EXPECT_EQ(pair_seed(1, 0), pair_seed(1, 0));
  EXPECT_NE(pair_seed(1, 0), pair_seed(1, 1));
  EXPECT_NE(pair_seed(1, 0), pair_seed(2, 0));
}

TEST(MatchSettingsTest, GameSeedsArePositiveIntsThatDifferByGame) {
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t s = game_seed(4101, i);
    EXPECT_GE(s, 1u);
    EXPECT_LE(s, 2147483647u);
    seen.insert(s);
  }
  EXPECT_EQ(seen.size(), 200u);
  EXPECT_EQ(game_seed(4101, 5), game_seed(4101, 5));
  EXPECT_NE(game_seed(4101, 5), game_seed(4102, 5));
  // Not the pair's setup seed: a game's seed tells nothing of its opening.
  EXPECT_NE(game_seed(9, 0), pair_seed(9, 0));
}

TEST(MatchSettingsTest, SeedPlaceholderIsReplacedEverywhere) {
  EXPECT_EQ(command_for_game("p --seed={seed} x{seed}", 42), "p --seed=42 x42");
  EXPECT_EQ(command_for_game("p --seed 1", 42), "p --seed 1");
  EXPECT_EQ(command_for_game("{seed}", 7), "7");
  EXPECT_EQ(command_for_game("{seed", 7), "{seed");
}

TEST_F(RefereeTest, EachGameGetsItsOwnSeedInTheCommand) {
  // A player that writes the seed it was started with to a file of its own.
  const std::string log = dir.file("seeds");
  PlayerSpec seeded{"seeded", "echo {seed} >> " + log + "; " + good.command + " --seed {seed}"};
  MatchSettings m;
  m.engines = {seeded, random};
  m.games = 4;
  m.referee = settings;
  m.seed = 77;
  MatchReport report = run_match(m);
  ASSERT_EQ(report.games.size(), 4u);
  std::set<std::string> lines;
  std::istringstream in(test::read_file(log));
  for (std::string line; std::getline(in, line);) lines.insert(line);
  std::set<std::string> expected;
  for (int i = 0; i < 4; ++i) expected.insert(std::to_string(game_seed(77, i)));
  EXPECT_EQ(lines, expected);
}

}  // namespace
}  // namespace dvonn::protocol
