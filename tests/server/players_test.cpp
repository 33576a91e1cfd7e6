// Players on seats, the seat lookup, rated games and resigning
// (docs/community-api.md, "Games with players", "Resign").
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "server/accounts/engine_ratings.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class PlayersTest : public CommunityTest {};

TEST_F(PlayersTest, SeatsRecordTheLoggedInPlayers) {
  Browser alice = signup("alice"), bob = signup("bob");
  auto c = call("/api/games", {{"mode", "online"}, {"color", "white"}}, alice);
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"];
  json s = c.json()["state"];
  EXPECT_EQ(s["players"]["white"], json({{"name", "alice"}, {"guest", false}, {"rating", 1500.0}}));
  EXPECT_TRUE(s["players"]["black"].is_null());
  EXPECT_EQ(s["started"], false);
  EXPECT_EQ(s["rated"], false);
  EXPECT_TRUE(s["clock"].is_null());
  EXPECT_TRUE(s["end"].is_null());
  EXPECT_TRUE(s["rating_changes"].is_null());
  // Nobody moves before the second player is there.
  auto early = call("/api/games/" + id + "/moves", {{"token", c.json()["token"]}, {"move", "E3"}});
  EXPECT_EQ(early.status, 409);

  // Joining one's own game is refused.
  EXPECT_EQ(call("/api/games/" + id + "/join", json::object(), alice).status, 409);
  auto j = call("/api/games/" + id + "/join", json::object(), bob);
  ASSERT_EQ(j.status, 200) << j.body;
  EXPECT_EQ(j.json()["seat"], "black");
  s = state(id);
  EXPECT_EQ(s["players"]["black"]["name"], "bob");
  EXPECT_EQ(s["started"], true);

  // The seat from another browser of the same user.
  auto other = post(port_, "/api/auth/login", {{"name", "alice"}, {"password", "correct horse"}});
  Browser alice2{cookie_of(other), {}};
  auto seat = get("/api/games/" + id + "/seat", alice2);
  ASSERT_EQ(seat.status, 200) << seat.body;
  EXPECT_EQ(seat.json()["seat"], "white");
  EXPECT_EQ(seat.json()["token"], c.json()["token"]);
  EXPECT_EQ(get("/api/games/" + id + "/seat", bob).json()["seat"], "black");
  EXPECT_EQ(get("/api/games/" + id + "/seat", signup("carol")).status, 404);
  EXPECT_EQ(get("/api/games/" + id + "/seat").status, 404);

  // Anonymous games work as before.
  json anon = create({{"mode", "online"}});
  EXPECT_TRUE(anon["state"]["players"]["white"].is_null());
  EXPECT_TRUE(anon["state"]["players"]["black"].is_null());
}

TEST_F(PlayersTest, RatedGamesNeedTwoDifferentRegisteredUsers) {
  Browser alice = signup("alice"), g = guest("Visitor");
  auto c = call("/api/games", {{"mode", "online"}, {"rated", true}}, alice);
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"];
  EXPECT_EQ(c.json()["state"]["rated"], true);
  EXPECT_EQ(call("/api/games/" + id + "/join", json::object()).status, 401);
  EXPECT_EQ(call("/api/games/" + id + "/join", json::object(), g).status, 400);
  EXPECT_EQ(call("/api/games/" + id + "/join", json::object(), alice).status, 409);
  EXPECT_FALSE(state(id)["started"]);
  EXPECT_EQ(call("/api/games", {{"mode", "local"}, {"rated", true}}, alice).status, 400);
  EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"rated", "yes"}}, alice).status, 400);
  EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"rated", true}, {"random_setup", 3}}, alice).status, 400);
}

TEST_F(PlayersTest, EngineSeatsAreTheEngineUsers) {
  Browser alice = signup("alice");
  auto c = call("/api/games", {{"mode", "engine"}, {"level", 4}, {"color", "white"}, {"rated", true}}, alice);
  ASSERT_EQ(c.status, 201) << c.body;
  json s = c.json()["state"];
  EXPECT_EQ(s["players"]["white"]["name"], "alice");
  EXPECT_EQ(s["players"]["black"], json({{"name", "engine-4"}, {"guest", false}, {"rating", engine_rating(4)}}));
  EXPECT_EQ(s["rated"], true);
  std::string id = c.json()["id"], token = c.json()["token"];
  EXPECT_EQ(call("/api/games/" + id + "/undo", {{"token", token}}).status, 400);
  EXPECT_EQ(call("/api/games/" + id + "/hint", {{"token", token}}).status, 400);
  auto profile = get("/api/users/engine-4");
  ASSERT_EQ(profile.status, 200);
  EXPECT_EQ(profile.json()["user"]["rating"], engine_rating(4));
  EXPECT_EQ(get("/api/users/ENGINE-8").json()["user"]["rating"], engine_rating(8));
}

TEST_F(PlayersTest, ResigningEndsTheGameOnceAndOnlyForASeat) {
  Browser alice = signup("alice"), bob = signup("bob");
  // A game still waiting for its opponent is not resigned.
  auto waiting = call("/api/games", {{"mode", "online"}}, alice);
  EXPECT_EQ(
      call("/api/games/" + waiting.json()["id"].get<std::string>() + "/resign", {{"token", waiting.json()["token"]}})
          .status,
      409);

  Started g = start_online(alice, bob);
  std::string resign = "/api/games/" + g.id + "/resign";
  EXPECT_EQ(call(resign, json::object()).status, 403);
  EXPECT_EQ(call(resign, {{"token", std::string(32, '0')}}).status, 403);
  EXPECT_EQ(call(resign, {{"token", 7}}).status, 400);
  auto r = call(resign, {{"token", g.black}});
  ASSERT_EQ(r.status, 200) << r.body;
  json s = r.json();
  EXPECT_EQ(s["end"], "resignation");
  EXPECT_EQ(s["result"], "white");
  EXPECT_EQ(s["phase"], "over");
  EXPECT_EQ(s["to_move"], "none");
  EXPECT_EQ(s["legal"].size(), 0u);
  EXPECT_EQ(call(resign, {{"token", g.black}}).status, 409);
  EXPECT_EQ(call(resign, {{"token", g.white}}).status, 409);
  EXPECT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.white}, {"move", "E3"}}).status, 409);
  EXPECT_EQ(state(g.id)["end"], "resignation");

  // Local games have nobody to resign to.
  json local = create({{"mode", "local"}});
  EXPECT_EQ(call("/api/games/" + local["id"].get<std::string>() + "/resign", {{"token", local["token"]}}).status, 400);
}

TEST_F(PlayersTest, ResigningOverTheWebSocket) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  WsClient watcher(port_, ws_target(g.id));
  ASSERT_EQ(watcher.handshake_status(), 101);
  watcher.next_of_type("state");
  WsClient white(port_, ws_target(g.id, g.white));
  white.next_of_type("state");
  white.send(json{{"type", "resign"}});
  json s = watcher.next_of_type("state");
  ASSERT_FALSE(s.is_null());
  EXPECT_EQ(s["state"]["end"], "resignation");
  EXPECT_EQ(s["state"]["result"], "black");
  white.send(json{{"type", "resign"}});
  json e = white.next_of_type("error");
  EXPECT_EQ(e["request"], "resign");
  EXPECT_THAT(e["message"].get<std::string>(), HasSubstr("over"));
}

TEST_F(PlayersTest, TheRecordCarriesPlayersClockResultAndEnd) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, {{"clock", {{"type", "realtime"}, {"initial", 600}, {"increment", 5}}}});
  ASSERT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.white}, {"move", "E3"}}).status, 200);
  ASSERT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.white}}).status, 200);
  auto r = get("/api/games/" + g.id + "/record");
  ASSERT_EQ(r.status, 200);
  EXPECT_THAT(r.body, HasSubstr("[White \"alice\"]"));
  EXPECT_THAT(r.body, HasSubstr("[Black \"bob\"]"));
  EXPECT_THAT(r.body, HasSubstr("[Result \"0-1\"]"));
  EXPECT_THAT(r.body, HasSubstr("[TimeControl \"10+5\"]"));
  EXPECT_THAT(r.body, HasSubstr("[Termination \"resignation\"]"));
  // It still imports.
  auto again = post(port_, "/api/games", {{"mode", "local"}, {"record", r.body}});
  EXPECT_EQ(again.status, 201) << again.body;
  EXPECT_EQ(again.json()["state"]["moves"], json::array({"E3"}));
}

}  // namespace
}  // namespace dvonn::server::testing
