// A real-time player who leaves (docs/community-api.md "Rematch, takeback,
// claim"): when the last page of a seat closes the state says who is away
// and from when the opponent may claim the win; coming back stops it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gameplay_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class AbandonTest : public GameplayTest {};

TEST_F(AbandonTest, LeavingShowsACountdownAndTheWinIsClaimedAfterIt) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, realtime(300, true));
  auto white_ws = watch(g.id, g.white);
  auto black_ws = watch(g.id, g.black);
  auto spectator = watch(g.id);
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  std::int64_t left_at = now();
  black_ws.reset();  // bob closes his page
  json s = state_where(*white_ws, [](const json& st) { return !st["away"].is_null(); });
  ASSERT_FALSE(s.is_null());
  EXPECT_EQ(s["away"]["color"], "black");
  std::int64_t at = s["away"]["claimable_at"];
  EXPECT_GE(at, left_at + 60'000);
  EXPECT_LE(at, now() + 60'000);
  EXPECT_FALSE(state_where(*spectator, [](const json& st) { return !st["away"].is_null(); }).is_null());
  // Too early: refused with the time left; the one away, and spectators,
  // cannot claim.
  auto early = seat_call(g.id, "claim", g.white);
  EXPECT_EQ(early.status, 409);
  EXPECT_THAT(early.body, HasSubstr("claim the win in"));
  EXPECT_EQ(seat_call(g.id, "claim", g.black).status, 409);
  EXPECT_EQ(seat_call(g.id, "claim", "").status, 403);
  advance(61'000);
  auto claimed = seat_call(g.id, "claim", g.white);
  ASSERT_EQ(claimed.status, 200) << claimed.body;
  json end = claimed.json();
  EXPECT_EQ(end["end"], "abandoned");
  EXPECT_EQ(end["result"], "white");
  EXPECT_TRUE(end["away"].is_null());
  EXPECT_FALSE(state(g.id)["rating_changes"].is_null());
  EXPECT_EQ(seat_call(g.id, "claim", g.white).status, 409);
  // Stored as such.
  restart();
  s = state(g.id);
  EXPECT_EQ(s["end"], "abandoned");
  EXPECT_EQ(s["result"], "white");
}

TEST_F(AbandonTest, ComingBackStopsTheCountdown) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, realtime(300, false));
  auto white_ws = watch(g.id, g.white);
  auto black_ws = watch(g.id, g.black);
  auto second_tab = watch(g.id, g.black);
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  // One of two tabs closing leaves the seat there.
  black_ws.reset();
  second_tab->send(json{{"type", "ping"}});
  EXPECT_FALSE(second_tab->next_of_type("pong").is_null());
  EXPECT_TRUE(state(g.id)["away"].is_null());
  second_tab.reset();
  ASSERT_FALSE(state_where(*white_ws, [](const json& st) { return !st["away"].is_null(); }).is_null());
  auto back = watch(g.id, g.black);
  EXPECT_FALSE(state_where(*white_ws, [](const json& st) { return st["away"].is_null(); }).is_null());
  advance(61'000);
  auto r = seat_call(g.id, "claim", g.white);
  EXPECT_EQ(r.status, 409);
  EXPECT_THAT(r.body, HasSubstr("has not left"));
}

TEST_F(AbandonTest, ShortGamesWaitLessAndUntimedGamesNotAtAll) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started quick = start_online(alice, bob, realtime(30, false));
  auto white_ws = watch(quick.id, quick.white);
  auto black_ws = watch(quick.id, quick.black);
  std::int64_t before = now();
  black_ws.reset();
  json s = state_where(*white_ws, [](const json& st) { return !st["away"].is_null(); });
  ASSERT_FALSE(s.is_null());
  EXPECT_LE(s["away"]["claimable_at"].get<std::int64_t>(), now() + 30'000);
  EXPECT_GE(s["away"]["claimable_at"].get<std::int64_t>(), before + 30'000);

  Started untimed = start_online(alice, bob);
  auto w = watch(untimed.id, untimed.white);
  auto b = watch(untimed.id, untimed.black);
  b.reset();
  w->send(json{{"type", "ping"}});
  EXPECT_FALSE(w->next_of_type("pong").is_null());
  EXPECT_TRUE(state(untimed.id)["away"].is_null());
  EXPECT_EQ(seat_call(untimed.id, "claim", untimed.white).status, 409);
}

}  // namespace
}  // namespace dvonn::server::testing
