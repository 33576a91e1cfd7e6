// Many `dvonn serve` nodes on one PostgreSQL database (issue 40, "any node
// serves any game"): a move made on one node reaches the WebSocket clients
// of another within a second (GameChangeFeed: NOTIFY at commit), and of two
// changes of one game made at once on two nodes exactly one is stored (the
// version check in the change's transaction); the other is a 409 and its
// node takes over the stored game. Always on a throwaway PostgreSQL
// cluster (postgres_cluster.hpp), whatever DVONN_TEST_DB says: SQLite has
// one node.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <future>
#include <thread>

#include "multi_node_fixture.hpp"
#include "postgres_cluster.hpp"
#include "server/rooms/room_registry.hpp"
#include "server/store/database.hpp"
#include "server/store/game_change_feed.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

using Person = NodePerson;

class MultiNodeTest : public MultiNodeFixture {
 protected:
  void SetUp() override {
    start_node(0);
    start_node(1);
  }
};

TEST(GameChangePayload, RoundTripsAndRefusesJunk) {
  auto p = parse_game_change(format_game_change("n1", {"abc_-9", 12, true}));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->first, "n1");
  EXPECT_EQ(p->second.id, "abc_-9");
  EXPECT_EQ(p->second.version, 12);
  EXPECT_TRUE(p->second.lobby);
  EXPECT_FALSE(parse_game_change(""));
  EXPECT_FALSE(parse_game_change("n1 abc 12"));
  EXPECT_FALSE(parse_game_change("n1 abc x 0"));
  EXPECT_FALSE(parse_game_change("n1 abc 12 2"));
  EXPECT_FALSE(parse_game_change("n1 abc 12 0 more"));
}

TEST_F(MultiNodeTest, AMoveOnOneNodeReachesTheOpponentsSocketOnTheOther) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  auto c = call(0, "/api/games", {{"mode", "online"}, {"color", "white"}}, alice);
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"], white = c.json()["token"];
  // Alice waits on node 0; Bob joins on node 1: her page starts the game.
  auto alices = watch(0, id, white);
  auto j = call(1, "/api/games/" + id + "/join", json::object(), bob);
  ASSERT_EQ(j.status, 200) << j.body;
  std::string black = j.json()["token"];
  bool started = false;
  for (json m; !started && !(m = alices->next_of_type("state", 1.0)).is_null();)
    started = m["state"]["started"] == true;
  EXPECT_TRUE(started) << "node 0 did not hear of the join on node 1 within a second";
  auto bobs = watch(1, id, black);

  ASSERT_EQ(move(0, id, white, "E3").status, 200);
  EXPECT_FALSE(state_with(*bobs, json::array({"E3"})).is_null()) << "node 1 did not push alice's move within 1 s";
  ASSERT_EQ(move(1, id, black, "F3").status, 200);
  EXPECT_FALSE(state_with(*alices, json::array({"E3", "F3"})).is_null()) << "node 0 did not push bob's move";
  // Either node answers with the whole game.
  for (int node : {0, 1}) EXPECT_EQ(get(node, "/api/games/" + id).json()["moves"], json::array({"E3", "F3"}));
}

TEST_F(MultiNodeTest, OfTwoMovesAtOnceOnTwoNodesExactlyOneIsStored) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  // Both nodes hold the game in memory.
  auto alices = watch(0, g.id, g.white);
  auto bobs = watch(1, g.id, g.black);
  json played = json::array();
  // White's two tabs, one on each node, place at once, round after round.
  const std::array<std::array<std::string, 2>, 4> rounds = {{{"E3", "C3"}, {"D3", "B3"}, {"G3", "A2"}, {"H3", "B2"}}};
  const std::array<std::string, 4> replies = {"F3", "F4", "E4", "D4"};
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    std::array<HttpResult, 2> got =
        at_once([&](int node) { return move(node, g.id, g.white, rounds[r][static_cast<std::size_t>(node)]); });
    int won = got[0].status == 200 ? 0 : 1;
    EXPECT_EQ(got[won].status, 200) << got[won].body;
    EXPECT_EQ(got[1 - won].status, 409) << got[1 - won].body;
    played.push_back(rounds[r][static_cast<std::size_t>(won)]);
    // Both nodes and both sockets agree on the one move stored.
    EXPECT_FALSE(state_with(*alices, played).is_null()) << "round " << r;
    EXPECT_FALSE(state_with(*bobs, played).is_null()) << "round " << r;
    ASSERT_EQ(move(1, g.id, g.black, replies[r]).status, 200);
    played.push_back(replies[r]);
    EXPECT_FALSE(state_with(*alices, played).is_null()) << "round " << r;
  }
  for (int node : {0, 1}) EXPECT_EQ(get(node, "/api/games/" + g.id).json()["moves"], played);
}

// The race made certain: a second store on the database holds the game
// without hearing of changes (no feed), so its room is behind when it moves.
TEST_F(MultiNodeTest, AChangeMadeOnAStaleRoomIsA409AndTheRoomTakesOverTheStoredGame) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  auto alices = watch(0, g.id, g.white);

  GameStore store(db_);
  EngineWorkers engines(1, 4);
  RoomContext context{.store = store, .engines = engines};
  RoomRegistry registry(context);
  auto stale = registry.find(g.id);
  ASSERT_TRUE(stale);

  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  std::promise<RoomReply> replied;
  stale->move(g.white, "C3", [&](const RoomReply& r) { replied.set_value(r); });
  RoomReply r = replied.get_future().get();
  EXPECT_EQ(r.status, 409);
  EXPECT_THAT(r.error, HasSubstr("changed meanwhile"));
  // The stale room took over the stored game and goes on from it; its
  // change reaches node 0's sockets like any other node's.
  EXPECT_EQ(json::parse(*stale->state())["moves"], json::array({"E3"}));
  std::promise<RoomReply> answered;
  stale->move(g.black, "F3", [&](const RoomReply& a) { answered.set_value(a); });
  EXPECT_EQ(answered.get_future().get().status, 200);
  EXPECT_FALSE(state_with(*alices, json::array({"E3", "F3"})).is_null());
  EXPECT_EQ(store.load(g.id)->moves, (std::vector<std::string>{"E3", "F3"}));
}

// The other race: a node loads a game while another commits a change of
// it; the change comes after the load's read, and its notice before the
// room is in memory (when nothing there would take it). Seen in a
// tournament: the new leader loaded a game as its player resigned on
// another node, and never saw the result.
TEST_F(MultiNodeTest, AChangeHeardWhileAGameLoadsIsTakenOver) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  GameStore store(db_);
  EngineWorkers engines(1, 4);
  RoomContext context{.store = store, .engines = engines};
  RoomRegistry registry(context);
  int loads = 0;
  registry.set_load_hook([&](const std::string& id) {
    if (id != g.id || loads++ > 0) return;
    ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
    // What this node's feed does when it hears of the move.
    registry.refresh(g.id, store.load(g.id)->version);
  });
  auto room = registry.find(g.id);
  ASSERT_TRUE(room);
  EXPECT_EQ(loads, 1);
  EXPECT_EQ(json::parse(*room->state())["moves"], json::array({"E3"}));
  // And it goes on from there.
  std::promise<RoomReply> answered;
  room->move(g.black, "F3", [&](const RoomReply& a) { answered.set_value(a); });
  EXPECT_EQ(answered.get_future().get().status, 200);
}

TEST_F(MultiNodeTest, TheLobbyOfOneNodeListsAndDropsTheGamesOfTheOther) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  WsClient lobby(port(1), "/ws/lobby");
  ASSERT_EQ(lobby.handshake_status(), 101);
  ASSERT_FALSE(lobby.next_of_type("lobby").is_null());
  auto c = call(0, "/api/lobby", {{"color", "white"}}, alice);
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"];
  json open = lobby.next_of_type("lobby-open", 1.0);
  ASSERT_FALSE(open.is_null()) << "node 1's lobby did not list node 0's new game within a second";
  EXPECT_EQ(open["game"]["id"], id);
  // Bob joins from node 1's lobby; node 0's lobby drops it.
  WsClient lobby0(port(0), "/ws/lobby");
  ASSERT_FALSE(lobby0.next_of_type("lobby").is_null());
  ASSERT_EQ(call(1, "/api/games/" + id + "/join", json::object(), bob).status, 200);
  json closed = lobby0.next_of_type("lobby-closed", 1.0);
  ASSERT_FALSE(closed.is_null()) << "node 0's lobby kept the game joined on node 1";
  EXPECT_EQ(closed["id"], id);
}

TEST_F(MultiNodeTest, ANodeWhoseListeningConnectionDropsHearsAgainAndCatchesUp) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  auto bobs = watch(1, g.id, g.black);
  // The database ends both nodes' listening connections (as a restart of
  // PostgreSQL or a network cut would); the move comes while they are gone.
  auto admin = open_database(db_);
  admin->exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN dvonn_games%'");
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  // Connecting again takes up to a second; then the node re-reads its games.
  EXPECT_FALSE(state_with(*bobs, json::array({"E3"}), 5.0).is_null()) << "node 1 missed the move made meanwhile";
  ASSERT_EQ(move(1, g.id, g.black, "F3").status, 200);
  auto alices = watch(0, g.id, g.white);
  ASSERT_EQ(move(0, g.id, g.white, "D3").status, 200);
  EXPECT_FALSE(state_with(*bobs, json::array({"E3", "F3", "D3"})).is_null()) << "node 1 does not hear again";
}

TEST(UserMessagePayload, RoundTripsAndRefusesJunk) {
  auto p = parse_user_message(format_user_message("n1", {42, R"({"type": "challenge", "a b": 1})"}));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->first, "n1");
  EXPECT_EQ(p->second.user, 42);
  EXPECT_EQ(p->second.text, R"({"type": "challenge", "a b": 1})");
  EXPECT_FALSE(parse_user_message("n1 42"));
  EXPECT_FALSE(parse_user_message("n1 x {}"));
  EXPECT_FALSE(parse_user_message(" 42 {}"));
}

TEST_F(MultiNodeTest, WhatReachesAPersonOnWsMeReachesTheirTabOnAnotherNode) {
  Person ann = signup(0, "ann"), bob = signup(1, "bob");
  WsClient bobs(port(1), "/ws/me", {{"Cookie", bob.cookie}});
  ASSERT_EQ(bobs.handshake_status(), 101);
  ASSERT_FALSE(bobs.next_of_type("presence").is_null());
  auto r = call(0, "/api/challenges", {{"to", "bob"}}, ann);
  ASSERT_EQ(r.status, 201) << r.body;
  json live = bobs.next_of_type("challenge", 1.0);
  ASSERT_FALSE(live.is_null()) << "bob's tab on node 1 did not hear of ann's challenge on node 0 within 1 s";
  EXPECT_EQ(live["challenge"]["id"], r.json()["challenge"]["id"]);
  EXPECT_FALSE(bobs.next_of_type("notification", 1.0).is_null());
}

TEST_F(MultiNodeTest, AChatMessageSaidOnOneNodeReachesTheSocketsOfTheOther) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  WsClient bobs(port(1), "/ws?game=" + g.id, {{"Cookie", bob.cookie}});
  WsClient nobodys(port(1), "/ws?game=" + g.id);
  for (WsClient* ws : {&bobs, &nobodys}) {
    ASSERT_EQ(ws->handshake_status(), 101);
    ASSERT_FALSE(ws->next_of_type("state").is_null());
  }
  auto said = call(0, "/api/games/" + g.id + "/chat", {{"text", "good luck"}}, alice);
  ASSERT_EQ(said.status, 201) << said.body;
  for (WsClient* ws : {&bobs, &nobodys}) {
    json m = ws->next_of_type("chat", 1.0);
    ASSERT_TRUE(m.is_object()) << "node 1 did not push node 0's chat message within a second";
    EXPECT_EQ(m["message"], said.json()["message"]);
  }
}

}  // namespace
}  // namespace dvonn::server::testing
