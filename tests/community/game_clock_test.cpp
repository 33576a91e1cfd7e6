#include "community/game_clock.hpp"

#include <gtest/gtest.h>

#include <random>

namespace dvonn::community {
namespace {

constexpr std::int64_t kStart = 1'764'470'000'000;
constexpr std::int64_t kDay = 24LL * 3600 * 1000;

TimeControl realtime(int initial, int increment) { return {ClockKind::RealTime, initial, increment, 0}; }

TEST(GameClock, UntimedHasNoDeadline) {
  GameClock clock;
  EXPECT_FALSE(clock.timed());
  EXPECT_FALSE(clock.deadline_ms());
  EXPECT_FALSE(clock.flagged(kStart + 100 * kDay));
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart), 0);
}

TEST(GameClock, RealTimeDeductsTheThinkingTimeThenAddsTheIncrement) {
  GameClock clock(realtime(60, 2), kStart);
  EXPECT_EQ(clock.to_move(), ClockSide::White);
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 10'000), 50'000);
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + 10'000), 60'000);
  clock.record_move(kStart + 10'000);  // White spent 10 s
  EXPECT_EQ(clock.to_move(), ClockSide::Black);
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 20'000), 52'000);
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + 20'000), 50'000);
  clock.record_move(kStart + 25'000);  // Black spent 15 s
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + 25'000), 47'000);
  EXPECT_EQ(*clock.deadline_ms(), kStart + 25'000 + 52'000);
}

TEST(GameClock, FlagsExactlyAtTheDeadline) {
  GameClock clock(realtime(15, 0), kStart);
  clock.record_move(kStart + 5'000);
  EXPECT_EQ(*clock.deadline_ms(), kStart + 5'000 + 15'000);
  EXPECT_FALSE(clock.flagged(kStart + 19'999));
  EXPECT_TRUE(clock.flagged(kStart + 20'000));
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + 25'000), 0);  // never negative
}

TEST(GameClock, ReplayFromStoredMoveTimesGivesTheSameClock) {
  std::mt19937_64 random(7);
  GameClock live(realtime(300, 3), kStart);
  std::vector<std::int64_t> times;
  std::int64_t now = kStart;
  for (int i = 0; i < 60; ++i) {
    now += random() % 9000;
    live.record_move(now);
    times.push_back(now);
  }
  GameClock rebuilt = GameClock::replay(realtime(300, 3), kStart, times);
  EXPECT_EQ(rebuilt.moves(), 60);
  EXPECT_EQ(rebuilt.to_move(), live.to_move());
  for (std::int64_t at : {now, now + 1000, now + 100'000}) {
    EXPECT_EQ(rebuilt.remaining_ms(ClockSide::White, at), live.remaining_ms(ClockSide::White, at));
    EXPECT_EQ(rebuilt.remaining_ms(ClockSide::Black, at), live.remaining_ms(ClockSide::Black, at));
  }
  EXPECT_EQ(rebuilt.deadline_ms(), live.deadline_ms());
}

TEST(GameClock, TimeKeepsRunningWhileNobodyLooks) {
  // A restart an hour later: the stored times alone say the side to move
  // lost on time.
  GameClock clock = GameClock::replay(realtime(600, 0), kStart, {kStart + 1000, kStart + 2000});
  EXPECT_TRUE(clock.flagged(kStart + 3600 * 1000));
  EXPECT_FALSE(clock.flagged(kStart + 2000 + 598'999));
}

TEST(GameClock, AClockGoingBackwardsChargesNothing) {
  GameClock clock(realtime(60, 0), kStart);
  clock.record_move(kStart + 10'000);
  clock.record_move(kStart + 5'000);  // earlier than the previous move
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + 10'000), 60'000);
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 10'000), 50'000);
}

TEST(GameClock, StoppedClockIsFrozen) {
  GameClock clock(realtime(60, 0), kStart);
  clock.record_move(kStart + 10'000);
  clock.stop(kStart + 30'000);
  EXPECT_TRUE(clock.stopped());
  EXPECT_FALSE(clock.deadline_ms());
  EXPECT_FALSE(clock.flagged(kStart + kDay));
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + kDay), 40'000);
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + kDay), 50'000);
  clock.record_move(kStart + 40'000);  // ignored
  EXPECT_EQ(clock.moves(), 1);
}

TEST(GameClock, CorrespondenceGivesDaysPerMove) {
  GameClock clock({ClockKind::Correspondence, 0, 0, 3}, kStart);
  EXPECT_EQ(*clock.deadline_ms(), kStart + 3 * kDay);
  clock.record_move(kStart + 2 * kDay);                // White used 2 of its 3 days
  EXPECT_EQ(*clock.deadline_ms(), kStart + 5 * kDay);  // unused time is not kept
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + 2 * kDay + 1000), 3 * kDay - 1000);
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 2 * kDay + 1000), 3 * kDay);
  EXPECT_FALSE(clock.flagged(kStart + 5 * kDay - 1));
  EXPECT_TRUE(clock.flagged(kStart + 5 * kDay));
}

TEST(GameClock, AfterFirstMovesEachSidesTimeStartsAtItsFirstMove) {
  GameClock clock(realtime(60, 2), kStart, ClockStart::AfterFirstMoves);
  // White's first move is awaited: its time stands still, due in 30 s.
  EXPECT_FALSE(clock.running());
  EXPECT_FALSE(clock.deadline_ms());
  EXPECT_FALSE(clock.flagged(kStart + kDay));
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 20'000), 60'000);
  EXPECT_EQ(*clock.first_move_deadline_ms(30'000), kStart + 30'000);
  clock.record_move(kStart + 20'000);  // free: no time taken, no increment
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 25'000), 60'000);
  // Black's first move is due 30 s after White's.
  EXPECT_EQ(*clock.first_move_deadline_ms(30'000), kStart + 50'000);
  EXPECT_EQ(clock.remaining_ms(ClockSide::Black, kStart + 45'000), 60'000);
  clock.record_move(kStart + 45'000);
  // From now on the clocks run as ever.
  EXPECT_TRUE(clock.running());
  EXPECT_FALSE(clock.first_move_deadline_ms(30'000));
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 55'000), 50'000);
  EXPECT_EQ(*clock.deadline_ms(), kStart + 45'000 + 60'000);
  clock.record_move(kStart + 55'000);
  EXPECT_EQ(clock.remaining_ms(ClockSide::White, kStart + 55'000), 52'000);
  // The same from stored times.
  GameClock rebuilt = GameClock::replay(realtime(60, 2), kStart, {kStart + 20'000, kStart + 45'000, kStart + 55'000},
                                        ClockStart::AfterFirstMoves);
  for (std::int64_t at : {kStart + 55'000, kStart + 70'000})
    for (ClockSide side : {ClockSide::White, ClockSide::Black})
      EXPECT_EQ(rebuilt.remaining_ms(side, at), clock.remaining_ms(side, at));
}

TEST(GameClock, FirstMovesAreFreeOnlyInRealTimeWhenAsked) {
  GameClock at_start(realtime(60, 0), kStart);
  EXPECT_TRUE(at_start.running());
  EXPECT_FALSE(at_start.first_move_deadline_ms(30'000));
  EXPECT_EQ(at_start.remaining_ms(ClockSide::White, kStart + 20'000), 40'000);
  GameClock correspondence({ClockKind::Correspondence, 0, 0, 2}, kStart, ClockStart::AfterFirstMoves);
  EXPECT_TRUE(correspondence.running());
  EXPECT_FALSE(correspondence.first_move_deadline_ms(30'000));
  EXPECT_EQ(*correspondence.deadline_ms(), kStart + 2 * kDay);
  GameClock stopped(realtime(60, 0), kStart, ClockStart::AfterFirstMoves);
  stopped.stop(kStart + 1000);
  EXPECT_FALSE(stopped.first_move_deadline_ms(30'000));
}

}  // namespace
}  // namespace dvonn::community
