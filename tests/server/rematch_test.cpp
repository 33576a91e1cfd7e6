// Rematches (docs/community-api.md "Rematch, takeback, claim"): after an
// online game between two signed-in people, one offers and the other
// accepts with the same request; the new game has the colours swapped and
// the same clock and rating, and each player hears only its own token.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gameplay_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class RematchTest : public GameplayTest {};

TEST_F(RematchTest, OfferedAndAcceptedMakesAGameWithColoursSwapped) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, realtime(300, true));
  auto white_ws = watch(g.id, g.white);
  auto black_ws = watch(g.id, g.black);
  auto spectator = watch(g.id);
  ASSERT_EQ(seat_call(g.id, "resign", g.black).status, 200);

  auto offer = seat_call(g.id, "rematch", g.white);
  ASSERT_EQ(offer.status, 200) << offer.body;
  EXPECT_EQ(offer.json()["rematch"]["from"], "white");
  // The other player and the spectators see it live.
  EXPECT_EQ(black_ws->next_of_type("rematch-offer")["from"], "white");
  EXPECT_EQ(state_where(*spectator, [](const json& s) { return !s["rematch"].is_null(); })["rematch"]["from"], "white");
  // Offering twice is refused.
  EXPECT_EQ(seat_call(g.id, "rematch", g.white).status, 409);

  auto accept = seat_call(g.id, "rematch", g.black);
  ASSERT_EQ(accept.status, 200) << accept.body;
  json a = accept.json();
  std::string fresh = a["game"];
  EXPECT_EQ(a["seat"], "white");  // bob played black
  json s = state(fresh);
  EXPECT_EQ(s["players"]["white"]["name"], "bob");
  EXPECT_EQ(s["players"]["black"]["name"], "alice");
  EXPECT_EQ(s["rated"], true);
  EXPECT_EQ(s["clock"]["initial"], 300);
  EXPECT_EQ(s["clock"]["increment"], 2);
  EXPECT_EQ(s["started"], true);
  EXPECT_EQ(s["moves"], json::array());

  // Each player's page hears its own seat's token, and only that.
  json to_alice = white_ws->next_of_type("rematch-game");
  json to_bob = black_ws->next_of_type("rematch-game");
  EXPECT_EQ(to_alice["game"], fresh);
  EXPECT_EQ(to_alice["seat"], "black");
  EXPECT_EQ(to_alice["token"], get("/api/games/" + fresh + "/seat", alice).json()["token"]);
  EXPECT_EQ(to_bob["token"], get("/api/games/" + fresh + "/seat", bob).json()["token"]);
  EXPECT_EQ(to_bob["token"], a["token"]);
  EXPECT_NE(to_alice["token"], to_bob["token"]);
  EXPECT_TRUE(spectator->next_of_type("rematch-game", 0.5).is_null());
  EXPECT_EQ(state(g.id)["rematch"]["game"], fresh);
  // The tokens play: bob (white) moves first.
  EXPECT_EQ(move(fresh, to_bob["token"], "E3").status, 200);
  // One rematch per game.
  auto again = seat_call(g.id, "rematch", g.white);
  EXPECT_EQ(again.status, 409);
  EXPECT_THAT(again.body, HasSubstr("made already"));
}

TEST_F(RematchTest, DeclinedOrWithdrawnOffersGoAway) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  ASSERT_EQ(seat_call(g.id, "resign", g.white).status, 200);
  ASSERT_EQ(seat_call(g.id, "rematch", g.white).status, 200);
  auto declined = seat_call(g.id, "rematch/decline", g.black);
  ASSERT_EQ(declined.status, 200) << declined.body;
  EXPECT_TRUE(declined.json()["rematch"].is_null());
  EXPECT_EQ(seat_call(g.id, "rematch/decline", g.black).status, 409);  // nothing left to decline
  // Offered again, and withdrawn by the one who offered.
  ASSERT_EQ(seat_call(g.id, "rematch", g.black).status, 200);
  ASSERT_EQ(seat_call(g.id, "rematch/decline", g.black).status, 200);
  EXPECT_TRUE(state(g.id)["rematch"].is_null());
}

TEST_F(RematchTest, RefusedWithoutChangingAnything) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  // Not over yet.
  auto r = seat_call(g.id, "rematch", g.white);
  EXPECT_EQ(r.status, 409);
  EXPECT_THAT(r.body, HasSubstr("not over"));
  ASSERT_EQ(seat_call(g.id, "resign", g.white).status, 200);
  std::int64_t version = state(g.id)["version"];
  EXPECT_EQ(seat_call(g.id, "rematch", "").status, 403);
  EXPECT_EQ(seat_call(g.id, "rematch", std::string(32, 'a')).status, 403);
  EXPECT_EQ(call("/api/games/" + g.id + "/rematch", {{"token", 5}}).status, 400);
  EXPECT_EQ(call("/api/games/nosuchgame/rematch", {{"token", g.white}}).status, 404);
  json s = state(g.id);
  EXPECT_TRUE(s["rematch"].is_null());
  EXPECT_EQ(s["version"], version);

  // A local game and an engine game have nobody to ask.
  auto local = call("/api/games", {{"mode", "local"}});
  ASSERT_EQ(local.status, 201);
  EXPECT_EQ(seat_call(local.json()["id"], "rematch", local.json()["token"]).status, 409);

  // Anonymous seats: nobody to find again.
  auto open = call("/api/games", {{"mode", "online"}, {"color", "white"}});
  ASSERT_EQ(open.status, 201);
  std::string id = open.json()["id"];
  auto joined = call("/api/games/" + id + "/join", json::object());
  ASSERT_EQ(joined.status, 200);
  ASSERT_EQ(seat_call(id, "resign", joined.json()["token"]).status, 200);
  auto anon = seat_call(id, "rematch", open.json()["token"]);
  EXPECT_EQ(anon.status, 409);
  EXPECT_THAT(anon.body, HasSubstr("signed-in"));
}

}  // namespace
}  // namespace dvonn::server::testing
