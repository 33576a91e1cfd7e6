// The room's rules of time: the clock runs only once a timed game has
// started, stops at the end, and a flag falls at the deadline.
#include "server/rooms/room_clock.hpp"

#include <gtest/gtest.h>

namespace dvonn::server::testing {
namespace {

community::TimeControl blitz() {
  community::TimeControl c;
  c.kind = community::ClockKind::RealTime;
  c.initial_seconds = 60;
  return c;
}

TEST(RoomClock, WaitsForTheStartThenRunsAndStops) {
  RoomClock waiting(blitz(), 0, {}, std::nullopt);
  EXPECT_TRUE(waiting.timed());
  EXPECT_FALSE(waiting.running());
  EXPECT_FALSE(waiting.watch_deadline());
  EXPECT_EQ(waiting.json(false, 5)["white_ms"], 60'000);
  EXPECT_TRUE(waiting.json(false, 5)["running"].is_null());

  RoomClock clock = waiting;
  clock.start(1000);
  EXPECT_TRUE(clock.running());
  EXPECT_EQ(clock.watch_deadline(), 61'000);
  EXPECT_EQ(clock.json(true, 11'000)["white_ms"], 50'000);
  EXPECT_EQ(clock.json(true, 11'000)["running"], "white");
  EXPECT_FALSE(clock.flagged(60'999));
  EXPECT_TRUE(clock.flagged(61'000));
  EXPECT_EQ(clock.flag_fell_ms(70'000), 61'000);  // noticed late: it fell at the deadline
  EXPECT_EQ(clock.flag_fell_ms(30'000), 30'000);
  clock.stop(20'000);
  EXPECT_FALSE(clock.watch_deadline());
  EXPECT_TRUE(clock.json(true, 90'000)["running"].is_null());
}

TEST(RoomClock, ReplaysAStoredGameAndAnUntimedOneNeverFlags) {
  RoomClock stored(blitz(), 1000, {11'000}, std::nullopt);
  EXPECT_EQ(stored.json(true, 11'000)["white_ms"], 50'000);
  EXPECT_EQ(stored.json(true, 11'000)["running"], "black");
  RoomClock over(blitz(), 1000, {11'000}, 11'000);
  EXPECT_FALSE(over.watch_deadline());

  RoomClock untimed({}, 1000, {}, std::nullopt);
  EXPECT_FALSE(untimed.running());
  EXPECT_FALSE(untimed.flagged(1'000'000'000));
  EXPECT_TRUE(untimed.json(true, 5).is_null());
}

}  // namespace
}  // namespace dvonn::server::testing
