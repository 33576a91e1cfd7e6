// `dvonn engine` driven over real pipes, as a CodeCup referee would.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "core/game.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "engine/player.hpp"
#include "program_test_support.hpp"
#include "protocol/child_process.hpp"

namespace dvonn::protocol {
namespace {

using test::dvonn_command;
using test::TempDir;
using ::testing::HasSubstr;

// Generous: a sanitizer build on a busy machine is slow to start.
constexpr double kReplyTimeout = 30;

struct DrivenGame {
  Game game;
  std::string ending;  // how the program ended: "exit status 0", ...
  bool ok = false;     // every reply came in time and was legal
};

// Plays a whole game against `command`, this side played by a greedy player.
DrivenGame drive(const std::string& command, Color engine_side, const BoardState& start = empty_board()) {
  DrivenGame d;
  d.game = Game(start);
  ChildProcess program(command);
  engine::Player me("greedy", 64, 5);
  if (!(start == empty_board())) program.write_line("Setup " + format_position(start));
  if (engine_side == d.game.position().side_to_move()) program.write_line("Start");
  while (!d.game.position().is_over()) {
    const Position& p = d.game.position();
    if (p.side_to_move() == engine_side) {
      std::string line;
      if (program.read_line(line, kReplyTimeout) != ChildProcess::Read::Line) {
        ADD_FAILURE() << "no reply after " << d.game.moves().size() << " moves";
        return d;
      }
      auto m = parse_move(line);
      if (!m) {
        ADD_FAILURE() << "unparsable reply \"" << line << "\"";
        return d;
      }
      std::string why = d.game.play(*m);
      if (!why.empty()) {
        ADD_FAILURE() << "illegal reply " << line << ": " << why;
        return d;
      }
    } else {
      Move m = me.choose(p, 0);
      EXPECT_EQ(d.game.play(m), "");
      program.write_line(to_string(m));
    }
  }
  program.write_line("Quit");
  d.ending = program.finish(kReplyTimeout);
  d.ok = true;
  return d;
}

TEST(EngineProcessTest, Level1PlaysAWholeGameAsFirstPlayer) {
  DrivenGame d = drive(dvonn_command("engine --level 1 --time-per-game 1 --hash 4"), Color::White);
  EXPECT_TRUE(d.ok);
  EXPECT_TRUE(d.game.position().is_over());
  EXPECT_EQ(d.ending, "exit status 0");
}

TEST(EngineProcessTest, Level1PlaysAWholeGameAsSecondPlayer) {
  DrivenGame d = drive(dvonn_command("engine --level 1 --time-per-game 1 --hash 4"), Color::Black);
  EXPECT_TRUE(d.ok);
  EXPECT_TRUE(d.game.position().is_over());
  EXPECT_EQ(d.ending, "exit status 0");
}

TEST(EngineProcessTest, BaselineLevelsPlayBothColours) {
  for (const char* level : {"greedy", "random"})
    for (Color side : {Color::White, Color::Black}) {
      DrivenGame d = drive(dvonn_command(std::string("engine --level ") + level + " --seed 3"), side);
      EXPECT_TRUE(d.ok) << level << " as " << color_name(side);
      EXPECT_EQ(d.ending, "exit status 0") << level;
    }
}

TEST(EngineProcessTest, StartsFromASetupLine) {
  DrivenGame d = drive(dvonn_command("engine --level greedy"), Color::Black, random_setup(12));
  EXPECT_TRUE(d.ok);
  // No placement was played: the game began in phase 2.
  for (Move m : d.game.moves()) EXPECT_FALSE(m.is_place());
  EXPECT_EQ(d.ending, "exit status 0");
}

TEST(EngineProcessTest, QuitInTheMiddleEndsIt) {
  ChildProcess program(dvonn_command("engine --level 1 --time-per-game 1 --hash 4"));
  program.write_line("Start");
  std::string line;
  ASSERT_EQ(program.read_line(line, kReplyTimeout), ChildProcess::Read::Line);
  EXPECT_TRUE(parse_move(line).has_value()) << line;
  program.write_line("Quit");
  EXPECT_EQ(program.finish(kReplyTimeout), "exit status 0");
}

TEST(EngineProcessTest, AnIllegalIncomingMoveStopsItWithAMessage) {
  TempDir dir;
  std::string err = dir.file("stderr.txt");
  ChildProcess program(dvonn_command("engine --level greedy"), err);
  program.write_line("E3");
  std::string reply;
  ASSERT_EQ(program.read_line(reply, kReplyTimeout), ChildProcess::Read::Line);
  program.write_line("E3");  // E3 is taken
  std::string more;
  EXPECT_EQ(program.read_line(more, kReplyTimeout), ChildProcess::Read::EndOfFile) << more;
  EXPECT_EQ(program.finish(kReplyTimeout), "exit status 1");
  std::string message = test::read_file(err);
  EXPECT_THAT(message, HasSubstr("\"E3\""));
  EXPECT_THAT(message, HasSubstr("illegal"));
}

TEST(EngineProcessTest, AGarbageLineStopsItWithAMessage) {
  TempDir dir;
  std::string err = dir.file("stderr.txt");
  ChildProcess program(dvonn_command("engine --level random"), err);
  program.write_line("Start");
  std::string reply;
  ASSERT_EQ(program.read_line(reply, kReplyTimeout), ChildProcess::Read::Line);
  program.write_line("xyzzy 42");
  EXPECT_EQ(program.finish(kReplyTimeout), "exit status 1");
  EXPECT_THAT(test::read_file(err), HasSubstr("\"xyzzy 42\""));
}

TEST(EngineProcessTest, RejectsAnUnknownLevel) {
  test::CommandResult r = test::run_command(dvonn_command("engine --level 9 </dev/null 2>/dev/null"));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_EQ(r.output, "");
}

}  // namespace
}  // namespace dvonn::protocol
