// The lobby (docs/community-api.md, "Lobby"): listing, joining, cancelling,
// the per-player limit and live updates over /ws/lobby.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class LobbyTest : public CommunityTest {};

TEST_F(LobbyTest, OpenGamesAreListedJoinedAndCancelled) {
  Browser alice = signup("alice"), bob = signup("bob");
  EXPECT_EQ(call("/api/lobby", {{"color", "white"}}).status, 401);
  EXPECT_EQ(get("/api/lobby").json()["open"], json::array());

  WsClient live(port_, "/ws/lobby");
  ASSERT_EQ(live.handshake_status(), 101);
  json first = live.next_of_type("lobby");
  EXPECT_EQ(first["open"], json::array());

  auto a = call("/api/lobby", {{"color", "random"}, {"clock", {{"type", "correspondence"}, {"days", 3}}}}, alice);
  ASSERT_EQ(a.status, 201) << a.body;
  std::string id = a.json()["id"];
  EXPECT_EQ(a.json()["state"]["started"], false);
  json update = live.next_of_type("lobby-open");
  ASSERT_TRUE(update["game"].is_object()) << update;
  json open = update["game"];
  EXPECT_EQ(open["id"], id);
  EXPECT_EQ(open["creator"]["name"], "alice");
  EXPECT_EQ(open["color"], "random");
  EXPECT_EQ(open["clock"], json({{"type", "correspondence"}, {"days", 3}}));
  EXPECT_EQ(open["rated"], false);
  EXPECT_TRUE(open["created"].is_number_integer());
  EXPECT_EQ(get("/api/lobby").json()["open"], json::array({open}));
  // Private games by link are not listed.
  call("/api/games", {{"mode", "online"}}, alice);
  EXPECT_EQ(get("/api/lobby").json()["open"].size(), 1u);

  EXPECT_EQ(call("/api/lobby/" + id + "/join", json::object(), alice).status, 409);
  EXPECT_EQ(call("/api/lobby/" + id + "/join", json::object()).status, 401);
  EXPECT_EQ(call("/api/lobby/" + id + "/cancel", json::object(), bob).status, 403);
  auto j = call("/api/lobby/" + id + "/join", json::object(), bob);
  ASSERT_EQ(j.status, 200) << j.body;
  EXPECT_EQ(j.json()["state"]["started"], true);
  EXPECT_EQ(live.next_of_type("lobby-closed")["id"], id);
  EXPECT_EQ(call("/api/lobby/" + id + "/join", json::object(), signup("carol")).status, 409);
  EXPECT_EQ(call("/api/lobby/" + id + "/cancel", json::object(), alice).status, 409);

  auto b = call("/api/lobby", {{"color", "black"}}, bob);
  ASSERT_EQ(b.status, 201);
  std::string id2 = b.json()["id"];
  EXPECT_EQ(b.json()["seat"], "black");
  EXPECT_EQ(live.next_of_type("lobby-open")["game"]["id"], id2);
  auto cancel = call("/api/lobby/" + id2 + "/cancel", json::object(), bob);
  EXPECT_EQ(cancel.status, 200) << cancel.body;
  EXPECT_EQ(cancel.json(), json::object());
  EXPECT_EQ(live.next_of_type("lobby-closed")["id"], id2);
  EXPECT_EQ(call("/api/lobby/" + id2 + "/cancel", json::object(), bob).status, 409);
  EXPECT_EQ(call("/api/lobby/" + id2 + "/join", json::object(), alice).status, 409);
  EXPECT_EQ(call("/api/games/" + id2 + "/join", json::object(), alice).status, 409);

  // Junk ids change nothing.
  for (std::string junk : {std::string("%3Cscript%3E"), std::string("'%20OR%201=1"), std::string(22, '\'')})
    for (std::string action : {"join", "cancel"})
      EXPECT_EQ(call("/api/lobby/" + junk + "/" + action, json::object(), alice).status, 404) << junk;
  EXPECT_EQ(http_request(port_, "POST", "/api/lobby/" + id + "/join", "{bad", {{"Cookie", bob.cookie}}).status, 400);

  live.send(json{{"type", "ping"}});
  EXPECT_EQ(live.next_of_type("pong")["type"], "pong");
  live.send(json{{"type", "move"}, {"move", "E3"}});
  EXPECT_EQ(live.next_of_type("error")["request"], "move");
}

TEST_F(LobbyTest, AtMostFiveOpenGamesPerPlayerAndRatedNeedsAUser) {
  Browser alice = signup("alice"), g = guest("Visitor");
  for (int i = 0; i < 5; ++i) ASSERT_EQ(call("/api/lobby", {{"color", "white"}}, alice).status, 201);
  EXPECT_EQ(call("/api/lobby", {{"color", "white"}}, alice).status, 409);
  EXPECT_EQ(get("/api/lobby").json()["open"].size(), 5u);
  EXPECT_EQ(call("/api/lobby", {{"color", "white"}, {"rated", true}}, g).status, 400);
  EXPECT_EQ(call("/api/lobby", {{"mode", "local"}}, g).status, 400);
  EXPECT_EQ(call("/api/lobby", {{"color", "purple"}}, g).status, 400);
  auto rated = call("/api/lobby", {{"color", "white"}, {"rated", true}}, signup("bob"));
  ASSERT_EQ(rated.status, 201);
  EXPECT_EQ(call("/api/lobby/" + rated.json()["id"].get<std::string>() + "/join", json::object(), g).status, 400);
  EXPECT_EQ(get("/api/lobby").json()["open"].size(), 6u);
}

TEST_F(LobbyTest, WatchersGetEachChangeNotTheWholeList) {
  // A long list: 30 open games.
  std::vector<Browser> players;
  for (int p = 0; p < 6; ++p) {
    players.push_back(signup("player" + std::to_string(p)));
    for (int i = 0; i < 5; ++i) ASSERT_EQ(call("/api/lobby", {{"color", "white"}}, players.back()).status, 201);
  }
  WsClient live(port_, "/ws/lobby");
  ASSERT_EQ(live.handshake_status(), 101);
  auto first = live.receive();
  ASSERT_TRUE(first);
  EXPECT_EQ(json::parse(*first)["open"].size(), 30u);

  Browser carol = signup("carol");
  auto c = call("/api/lobby", {{"color", "black"}}, carol);
  ASSERT_EQ(c.status, 201);
  std::string id = c.json()["id"];
  auto added = live.receive();
  ASSERT_TRUE(added);
  EXPECT_LT(added->size(), 400u) << *added;  // one game, not 31
  json a = json::parse(*added);
  EXPECT_EQ(a["type"], "lobby-open");
  EXPECT_EQ(a["game"]["id"], id);
  EXPECT_EQ(a["game"]["creator"]["name"], "carol");
  EXPECT_EQ(a["game"]["color"], "black");
  EXPECT_EQ(get("/api/lobby").json()["open"].back(), a["game"]);  // the newest

  ASSERT_EQ(call("/api/lobby/" + id + "/join", json::object(), players[0]).status, 200);
  auto closed = live.receive();
  ASSERT_TRUE(closed);
  EXPECT_EQ(json::parse(*closed), json({{"type", "lobby-closed"}, {"id", id}}));
  // A reconnect gets the whole list again.
  WsClient again(port_, "/ws/lobby");
  EXPECT_EQ(again.next_of_type("lobby")["open"].size(), 30u);
}

TEST_F(LobbyTest, TheLobbySurvivesARestart) {
  Browser alice = signup("alice");
  ASSERT_EQ(call("/api/lobby", {{"color", "white"}}, alice).status, 201);
  restart();
  json open = get("/api/lobby").json()["open"];
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0]["creator"]["name"], "alice");
}

}  // namespace
}  // namespace dvonn::server::testing
