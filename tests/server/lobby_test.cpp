// The lobby (docs/community-api.md, "Lobby"): listing, joining, cancelling,
// the per-player limit and live updates over /ws/lobby.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <thread>

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

// The lobby is bounded: a site-wide cap and a per-address cap on open
// games, and games whose creator went away expire.
class BoundedLobbyTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.max_open_games = 4;
    c.open_games_per_address = 2;
    c.lobby_expiry_ms = 60'000;
    c.lobby_sweep_ms = 20;
  }
  HttpResult open_game(const Browser& b, const std::string& from) {
    return http_request(port_, "POST", "/api/lobby", json{{"color", "white"}}.dump(), {{"Cookie", b.cookie}}, from);
  }
  // Polls the lobby until it lists `n` games.
  json wait_lobby_size(std::size_t n, double seconds = 10) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    json open;
    while (std::chrono::steady_clock::now() < until) {
      open = get("/api/lobby").json()["open"];
      if (open.size() == n) return open;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "the lobby lists " << open.size() << " games, not " << n;
    return open;
  }
};

TEST_F(BoundedLobbyTest, OpenGamesAreCappedPerAddressAndSiteWide) {
  Browser a = signup("anna"), b = signup("bert"), c = signup("cleo"), d = signup("dirk");
  ASSERT_EQ(open_game(a, "127.0.0.2").status, 201);
  ASSERT_EQ(open_game(b, "127.0.0.2").status, 201);
  // A third from the same address, whoever asks.
  auto third = open_game(c, "127.0.0.2");
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_THAT(third.json().value("error", ""), ::testing::HasSubstr("your address"));
  ASSERT_EQ(open_game(c, "127.0.0.3").status, 201);
  ASSERT_EQ(open_game(c, "127.0.0.3").status, 201);
  // Four open: the lobby is full for everyone.
  auto full = open_game(d, "127.0.0.4");
  EXPECT_EQ(full.status, 429) << full.body;
  EXPECT_THAT(full.json().value("error", ""), ::testing::HasSubstr("lobby is full"));
  EXPECT_EQ(get("/api/lobby").json()["open"].size(), 4u);
  // A game joined leaves the lobby and frees its place and its address's.
  std::string id = get("/api/lobby").json()["open"][0]["id"];
  ASSERT_EQ(call("/api/lobby/" + id + "/join", json::object(), d).status, 200);
  EXPECT_EQ(open_game(d, "127.0.0.2").status, 201);
}

TEST_F(BoundedLobbyTest, AGameExpiresWhenItsCreatorHasNotWatchedItForAnHour) {
  Browser a = signup("anna"), b = signup("bert");
  auto left = call("/api/lobby", {{"color", "white"}}, a);
  ASSERT_EQ(left.status, 201);
  auto waiting = call("/api/lobby", {{"color", "black"}}, b);
  ASSERT_EQ(waiting.status, 201);
  // Bert watches his game (its page holds his seat's WebSocket).
  auto watcher = std::make_unique<WsClient>(port_, ws_target(waiting.json()["id"], waiting.json()["token"]));
  ASSERT_EQ(watcher->handshake_status(), 101);
  watcher->next();
  WsClient live(port_, "/ws/lobby");
  live.next_of_type("lobby");

  advance(59'000);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // sweeps
  EXPECT_EQ(get("/api/lobby").json()["open"].size(), 2u);
  advance(2'000);
  json open = wait_lobby_size(1);
  EXPECT_EQ(open[0]["id"], waiting.json()["id"]);
  EXPECT_EQ(live.next_of_type("lobby-closed")["id"], left.json()["id"]);
  // Withdrawn as a cancel: no seat to join, nothing to cancel.
  const std::string gone = left.json()["id"];
  EXPECT_EQ(call("/api/lobby/" + gone + "/join", json::object(), b).status, 409);
  EXPECT_EQ(call("/api/games/" + gone + "/join", json::object(), b).status, 409);
  EXPECT_EQ(call("/api/lobby/" + gone + "/cancel", json::object(), a).status, 409);

  // Bert leaves: an hour later his game goes too.
  watcher.reset();
  advance(30'000);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(get("/api/lobby").json()["open"].size(), 1u);
  advance(31'000);
  wait_lobby_size(0);
}

TEST_F(BoundedLobbyTest, TheListComesAPageAtATime) {
  Browser a = signup("anna"), b = signup("bert");
  std::vector<std::string> made;
  for (const auto& [who, from] : {std::pair{&a, "127.0.0.2"}, std::pair{&a, "127.0.0.2"}, std::pair{&b, "127.0.0.3"}}) {
    auto r = open_game(*who, from);
    ASSERT_EQ(r.status, 201) << r.body;
    made.push_back(r.json()["id"]);
  }
  json first = get("/api/lobby?limit=2").json();
  ASSERT_EQ(first["open"].size(), 2u);
  EXPECT_EQ(first["more"], true);
  json rest = get("/api/lobby?limit=2&after=" + first["next"].get<std::string>()).json();
  ASSERT_EQ(rest["open"].size(), 1u);
  EXPECT_EQ(rest["more"], false);
  EXPECT_TRUE(rest["next"].is_null());
  std::set<std::string> seen = {first["open"][0]["id"], first["open"][1]["id"], rest["open"][0]["id"]};
  EXPECT_EQ(seen, std::set<std::string>(made.begin(), made.end()));
  for (const char* bad : {"limit=0", "limit=101", "limit=x", "after=soon", "after=1.a%20b"}) {
    auto r = get(std::string("/api/lobby?") + bad);
    EXPECT_EQ(r.status, 400) << bad << ": " << r.body;
  }
}

}  // namespace
}  // namespace dvonn::server::testing
