#include "protocol/codecup_player.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>
#include <vector>

#include "core/game.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "engine/player.hpp"

namespace dvonn::protocol {
namespace {

using ::testing::HasSubstr;

// A whole game between two seeded random players, as lines per side.
struct ReferenceGame {
  BoardState start = empty_board();
  std::vector<std::string> white, black;  // each side's moves, in order
};

ReferenceGame reference_game(std::uint64_t white_seed, std::uint64_t black_seed, BoardState start = empty_board()) {
  ReferenceGame ref;
  ref.start = start;
  Game game(start);
  engine::Player white("random", 64, white_seed), black("random", 64, black_seed);
  while (!game.position().is_over()) {
    const Position& p = game.position();
    bool w = p.side_to_move() == Color::White;
    Move m = w ? white.choose(p, 0) : black.choose(p, 0);
    (w ? ref.white : ref.black).push_back(to_string(m));
    EXPECT_EQ(game.play(m), "");
  }
  return ref;
}

std::string lines(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

// A chooser that replays the random player of the reference game.
TimedChooser random_chooser(std::uint64_t seed) {
  auto player = std::make_shared<engine::Player>("random", 64, seed);
  return [player](const Position& p, double) { return player->choose(p, 0); };
}

struct Played {
  int code;
  std::string out, log;
};

Played played(const std::string& input, const TimedChooser& choose, CodecupOptions options = {}) {
  std::istringstream in(input);
  std::ostringstream out, log;
  int code = play_codecup(in, out, log, choose, options);
  return {code, out.str(), log.str()};
}

TEST(CodecupPlayerTest, PlaysAWholeGameAsTheFirstPlayer) {
  ReferenceGame ref = reference_game(1, 2);
  // White writes its 49th placement and its first stack move back to back.
  Played r = played("Start\n" + lines(ref.black) + "Quit\n", random_chooser(1));
  EXPECT_EQ(r.code, kCodecupOk) << r.log;
  EXPECT_EQ(r.out, lines(ref.white));
  EXPECT_EQ(r.log, "");
}

TEST(CodecupPlayerTest, PlaysAWholeGameAsTheSecondPlayer) {
  ReferenceGame ref = reference_game(3, 4);
  Played r = played(lines(ref.white) + "Quit\n", random_chooser(4));
  EXPECT_EQ(r.code, kCodecupOk) << r.log;
  EXPECT_EQ(r.out, lines(ref.black));
}

TEST(CodecupPlayerTest, StartsFromASetupLine) {
  BoardState start = random_setup(9);
  ReferenceGame ref = reference_game(5, 6, start);
  Played r = played("Setup " + format_position(start) + "\nStart\n" + lines(ref.black) + "Quit\n", random_chooser(5));
  EXPECT_EQ(r.code, kCodecupOk) << r.log;
  EXPECT_EQ(r.out, lines(ref.white));
}

TEST(CodecupPlayerTest, ToleratesCarriageReturnsAndBlankLines) {
  ReferenceGame ref = reference_game(3, 4);
  std::string input;
  for (const auto& m : ref.white) input += m + "\r\n\n";
  Played r = played(input + "Quit\r\n", random_chooser(4));
  EXPECT_EQ(r.code, kCodecupOk) << r.log;
  EXPECT_EQ(r.out, lines(ref.black));
}

TEST(CodecupPlayerTest, QuitEndsTheGameAtOnce) {
  Played r = played("Start\nQuit\nE3\n", random_chooser(1));
  EXPECT_EQ(r.code, kCodecupOk);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);  // just its first placement
}

TEST(CodecupPlayerTest, KeepsReadingAfterTheEndUntilEndOfInput) {
  ReferenceGame ref = reference_game(3, 4);
  Played r = played(lines(ref.white), random_chooser(4));  // no Quit: end of input after the game is fine
  EXPECT_EQ(r.code, kCodecupOk) << r.log;
  EXPECT_EQ(r.out, lines(ref.black));
}

TEST(CodecupPlayerTest, AnIllegalMoveIsReportedWithItsLine) {
  // The opponent places on E3 twice; the second time the space is taken.
  Played r = played("E3\nE3\n", [](const Position&, double) { return Move::place(make_square(0, 0)); });
  EXPECT_EQ(r.code, kCodecupBadInput);
  EXPECT_EQ(r.out, "A1\n");
  EXPECT_THAT(r.log, HasSubstr("line 2 \"E3\""));
  EXPECT_THAT(r.log, HasSubstr("illegal"));
}

TEST(CodecupPlayerTest, AGarbageLineIsReportedAndStopsPlay) {
  Played r = played("Start\nhello there\nE4\n", random_chooser(1));
  EXPECT_EQ(r.code, kCodecupBadInput);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
  EXPECT_THAT(r.log, HasSubstr("\"hello there\""));
}

TEST(CodecupPlayerTest, RejectsAMoveAfterTheEndAndASecondStart) {
  ReferenceGame ref = reference_game(3, 4);
  Played after = played(lines(ref.white) + "PASS\n", random_chooser(4));
  EXPECT_EQ(after.code, kCodecupBadInput);
  EXPECT_THAT(after.log, HasSubstr("the game is over"));
  Played twice = played("Start\nStart\n", random_chooser(1));
  EXPECT_EQ(twice.code, kCodecupBadInput);
  EXPECT_THAT(twice.log, HasSubstr("\"Start\""));
  Played late_setup = played("E3\nSetup " + format_position(random_setup(1)) + "\n", random_chooser(1));
  EXPECT_EQ(late_setup.code, kCodecupBadInput);
  Played bad_setup = played("Setup nonsense\nStart\n", random_chooser(1));
  EXPECT_EQ(bad_setup.code, kCodecupBadInput);
  EXPECT_EQ(bad_setup.out, "");
}

TEST(CodecupPlayerTest, InputEndingMidGameIsAnError) {
  Played r = played("Start\nD3\n", random_chooser(1));
  EXPECT_EQ(r.code, kCodecupBadInput);
  EXPECT_THAT(r.log, HasSubstr("input ended"));
  Played silent = played("", random_chooser(1));
  EXPECT_EQ(silent.code, kCodecupBadInput);
}

TEST(CodecupPlayerTest, AnIllegalChoiceIsAnInternalError) {
  Played r =
      played("Start\n", [](const Position&, double) { return Move::step(make_square(0, 0), make_square(1, 0)); });
  EXPECT_EQ(r.code, kCodecupInternalError);
  EXPECT_EQ(r.out, "");
}

TEST(CodecupPlayerTest, PassesTheTimeLeftAfterItsOwnThinking) {
  ReferenceGame ref = reference_game(3, 4);
  auto player = std::make_shared<engine::Player>("random", 64, 4);
  std::vector<double> seen;
  CodecupOptions options;
  options.seconds_per_game = 2;
  options.reserve_overhead = false;  // the charges alone (the reserve: below)
  TimedChooser slow = [&](const Position& p, double left) {
    seen.push_back(left);
    if (seen.size() <= 3) std::this_thread::sleep_for(std::chrono::milliseconds(40));
    return player->choose(p, 0);
  };
  Played r = played(lines(ref.white), slow, options);
  ASSERT_EQ(r.code, kCodecupOk) << r.log;
  ASSERT_GE(seen.size(), 4u);
  // The first call gets the whole budget less the safety margin; each sleep
  // of 40 ms is charged to the player's clock.
  EXPECT_NEAR(seen[0], 2 - options.safety_margin(), 0.05);
  EXPECT_LE(seen[3], seen[0] - 0.12 - 3 * options.per_move_overhead);
  EXPECT_GE(seen[3], seen[0] - 0.5);
}

TEST(CodecupPlayerTest, ChargesAnOverheadForEveryMoveSent) {
  ReferenceGame ref = reference_game(3, 4);
  auto player = std::make_shared<engine::Player>("random", 64, 4);
  std::vector<double> seen;
  CodecupOptions options;
  options.seconds_per_game = 2;
  options.per_move_overhead = 0.1;  // large, so the measured time hardly matters
  options.reserve_overhead = false;
  TimedChooser fast = [&](const Position& p, double left) {
    seen.push_back(left);
    return player->choose(p, 0);
  };
  Played r = played(lines(ref.white), fast, options);
  ASSERT_EQ(r.code, kCodecupOk) << r.log;
  ASSERT_GE(seen.size(), 25u);
  EXPECT_NEAR(seen[1], seen[0] - 0.1, 0.02);
  EXPECT_NEAR(seen[5], seen[0] - 0.5, 0.05);
  // Never negative once the budget is gone.
  EXPECT_EQ(seen.back(), 0.0);
}

TEST(CodecupPlayerTest, ReservesTheOverheadOfTheMovesToCome) {
  ReferenceGame ref = reference_game(3, 4);
  auto player = std::make_shared<engine::Player>("random", 64, 4);
  std::vector<double> plain_seen, reserved_seen;
  std::vector<Position> asked;
  CodecupOptions options;
  options.seconds_per_game = 20;
  options.per_move_overhead = 0.1;
  options.reserve_overhead = false;
  auto chooser = [&](std::vector<double>& seen, bool record) {
    return TimedChooser([&seen, &asked, &player, record](const Position& p, double left) {
      seen.push_back(left);
      if (record) asked.push_back(p);
      return player->choose(p, 0);
    });
  };
  ASSERT_EQ(played(lines(ref.white), chooser(plain_seen, true), options).code, kCodecupOk);
  player = std::make_shared<engine::Player>("random", 64, 4);  // the same choices again
  options.reserve_overhead = true;
  ASSERT_EQ(played(lines(ref.white), chooser(reserved_seen, false), options).code, kCodecupOk);
  ASSERT_EQ(plain_seen.size(), reserved_seen.size());
  ASSERT_GE(asked.size(), 30u);
  // Each call holds back the overhead of the moves still to come, and no more.
  for (std::size_t i = 0; i < asked.size(); ++i) {
    const double expected = std::max(0.0, plain_seen[i] - 0.1 * own_moves_to_come(asked[i]));
    EXPECT_NEAR(reserved_seen[i], expected, 0.02) << "move " << i;
  }
  // The reserve shrinks as the game goes on.
  EXPECT_GT(own_moves_to_come(asked[0]), own_moves_to_come(asked[20]));
  EXPECT_GT(own_moves_to_come(asked[20]), own_moves_to_come(asked.back()));
}

TEST(CodecupPlayerTest, MovesToComeFollowThePhase) {
  Position start;
  EXPECT_DOUBLE_EQ(own_moves_to_come(start), 24 + 20.0);  // 48 placements after this one, half of them mine
  // A full board in the movement phase: about 0.45 for each of its 46 coloured
  // stacks, fewer
  // than from the empty board.
  const Position full = random_setup(5).position;
  EXPECT_NEAR(own_moves_to_come(full), 0.45 * 46, 1e-9);
  EXPECT_LT(own_moves_to_come(full), own_moves_to_come(start));
}

}  // namespace
}  // namespace dvonn::protocol
