// `dvonn play`: the terminal game driven through its input and output streams.
#include "app/terminal_game.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/game_record.hpp"
#include "core/random_setup.hpp"

using dvonn::Game;
using dvonn::app::TerminalGame;

namespace {

struct Session {
  std::istringstream in;
  std::ostringstream out;
  TerminalGame game;
  explicit Session(const std::string& input, Game start = Game()) : in(input), game(std::move(start), in, out, false) {}
  int run() { return game.run(); }
};

}  // namespace

TEST(TerminalGame, PlaysMovesAndWrongEntriesNeverEndTheGame) {
  Session s("C5\nnonsense\nC5\nZ9\nA1B2\nH2\npass\nC1\nquit\n");
  EXPECT_EQ(s.run(), 0);
  EXPECT_EQ(s.game.game().moves().size(), 3u);
  const std::string out = s.out.str();
  EXPECT_NE(out.find("already occupied"), std::string::npos);
  EXPECT_NE(out.find("Z9 is not a space"), std::string::npos);
  EXPECT_NE(out.find("placement phase"), std::string::npos);
  EXPECT_NE(out.find("passing is not allowed"), std::string::npos);
}

TEST(TerminalGame, ListsLegalMovesAndUndoes) {
  Session s("moves\nE3\nundo\nundo\nquit\n");
  s.run();
  const std::string out = s.out.str();
  EXPECT_NE(out.find("49 legal moves"), std::string::npos);
  EXPECT_NE(out.find("Took back the last move"), std::string::npos);
  EXPECT_NE(out.find("Nothing to undo"), std::string::npos);
  EXPECT_TRUE(s.game.game().moves().empty());
}

TEST(TerminalGame, SavesAndLoadsRecords) {
  char name[] = "/tmp/dvonn-play-saveXXXXXX";
  close(mkstemp(name));
  {
    Session s(std::string("C5\nH2\nC1\nsave ") + name + "\nquit\n");
    s.run();
    EXPECT_NE(s.out.str().find("Saved 3 moves"), std::string::npos) << s.out.str();
  }
  {
    Session s(std::string("load ") + name + "\nload /nonexistent\nquit\n");
    s.run();
    EXPECT_EQ(s.game.game().moves().size(), 3u);
    EXPECT_NE(s.out.str().find("Could not load /nonexistent"), std::string::npos);
  }
  std::remove(name);
}

TEST(TerminalGame, RandomSetupStartsInMovementAndReportsRemovals) {
  // Play first legal moves until something is cut off, checking the report.
  Game g(dvonn::random_setup(3));
  std::string input;
  Game probe = g;
  bool removal = false;
  for (int i = 0; i < 200 && !probe.position().is_over(); ++i) {
    dvonn::MoveList list;
    probe.position().generate(list);
    dvonn::Move m = list[list.size - 1];
    probe.play(m);
    input += dvonn::to_string(m) + "\n";
    if (probe.last_removed()) {
      removal = true;
      break;
    }
  }
  ASSERT_TRUE(removal);
  Session s(input + "quit\n", g);
  s.run();
  EXPECT_NE(s.out.str().find("Removed, cut off from every Dvonn piece"), std::string::npos);
  EXPECT_EQ(s.game.game().state(), probe.state());
}

TEST(TerminalGame, EndOfInputQuits) {
  Session s("E3\n");
  EXPECT_EQ(s.run(), 0);
  EXPECT_EQ(s.game.game().moves().size(), 1u);
}
