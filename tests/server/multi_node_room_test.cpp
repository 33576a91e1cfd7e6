// Many `dvonn serve` nodes on one PostgreSQL database (issue 40): what a
// game's room kept in one node's memory works when the two players (and
// the watchers) are on different nodes. A rematch offer and a takeback
// request are stored with the game's version (rooms/live_fields.hpp), so
// the other node shows them within a second and answers them; two accepts
// of one rematch at once on two nodes make one game. A seat is away once no
// node has a socket of it (rooms/seat_sockets.hpp), also when the node that
// had one died. A review's progress reaches the watchers of every node.
// Always on a throwaway PostgreSQL cluster, whatever DVONN_TEST_DB says.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <future>
#include <sstream>

#include "multi_node_fixture.hpp"
#include "postgres_cluster.hpp"
#include "server/base/now_ms.hpp"
#include "server/store/database.hpp"
#include "server/store/game_change_feed.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

using Person = NodePerson;

class MultiNodeRoomTest : public MultiNodeFixture {
 protected:
  void SetUp() override {
    for (int i = 0; i < 2; ++i) {
      ServerConfig c = node_config();
      // A dead node's seats are away after 3 s (not 15): the test waits.
      c.seat_socket_stale_ms = 3'000;
      configure(i, c);
      start_node(static_cast<std::size_t>(i), c);
    }
  }
  virtual void configure(int, ServerConfig&) {}
  HttpResult seat_call(int node, const std::string& id, const std::string& verb, const std::string& token) {
    return call(node, "/api/games/" + id + "/" + verb, {{"token", token}});
  }
  static json realtime() {
    return {{"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 2}}}, {"rated", false}};
  }
  std::int64_t count(const std::string& sql) {
    auto db = open_database(db_);
    Statement q(db.get(), sql, false);
    EXPECT_TRUE(q.next());
    std::int64_t n = q.integer(0);
    q.reset();
    return n;
  }
};

TEST_F(MultiNodeRoomTest, ARematchOfferedOnOneNodeIsSeenLiveAndAcceptedOnTheOther) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  auto alices = watch(0, g.id, g.white);
  auto bobs = watch(1, g.id, g.black);
  auto spectator = watch(1, g.id);
  ASSERT_EQ(seat_call(1, g.id, "resign", g.black).status, 200);
  ASSERT_FALSE(state_where(*alices, [](const json& s) { return s["end"] == "resignation"; }).is_null());

  auto offer = seat_call(0, g.id, "rematch", g.white);
  ASSERT_EQ(offer.status, 200) << offer.body;
  EXPECT_EQ(offer.json()["rematch"]["from"], "white");
  json heard = bobs->next_of_type("rematch-offer", 1.0);
  ASSERT_FALSE(heard.is_null()) << "bob's socket on node 1 did not hear alice's offer on node 0 within a second";
  EXPECT_EQ(heard["from"], "white");
  EXPECT_FALSE(state_where(*spectator, [](const json& s) {
                 return s["rematch"].is_object() && s["rematch"]["from"] == "white";
               }).is_null());
  // Node 1 refuses a second offer of alice's too: it knows of the first.
  EXPECT_EQ(seat_call(1, g.id, "rematch", g.white).status, 409);

  auto accept = seat_call(1, g.id, "rematch", g.black);
  ASSERT_EQ(accept.status, 200) << accept.body;
  std::string fresh = accept.json()["game"];
  EXPECT_EQ(accept.json()["seat"], "white");
  // Alice's page on node 0 hears her own seat's token of the new game.
  json to_alice = alices->next_of_type("rematch-game", 1.0);
  ASSERT_FALSE(to_alice.is_null()) << "alice's socket on node 0 did not hear of the rematch made on node 1";
  EXPECT_EQ(to_alice["game"], fresh);
  EXPECT_EQ(to_alice["seat"], "black");
  EXPECT_EQ(to_alice["token"], get(0, "/api/games/" + fresh + "/seat", alice).json()["token"]);
  json to_bob = bobs->next_of_type("rematch-game", 1.0);
  EXPECT_EQ(to_bob["token"], accept.json()["token"]);
  EXPECT_TRUE(spectator->next_of_type("rematch-game", 0.3).is_null());
  // Both nodes show the link and the new game, which both play.
  for (int node : {0, 1}) {
    EXPECT_EQ(get(node, "/api/games/" + g.id).json()["rematch"]["game"], fresh) << "node " << node;
    json s = get(node, "/api/games/" + fresh).json();
    EXPECT_EQ(s["players"]["white"]["name"], "bob");
    EXPECT_EQ(s["players"]["black"]["name"], "alice");
    EXPECT_EQ(s["started"], true);
  }
  // Bob (white now) plays on node 1, alice answers on node 0.
  auto alices_new = watch(0, fresh, to_alice["token"]);
  ASSERT_EQ(move(1, fresh, to_bob["token"], "E3").status, 200);
  ASSERT_FALSE(state_where(*alices_new, [](const json& s) { return s["moves"].size() == 1; }).is_null());
  ASSERT_EQ(move(0, fresh, to_alice["token"], "F3").status, 200);
  EXPECT_EQ(seat_call(0, g.id, "rematch", g.white).status, 409);
}

TEST_F(MultiNodeRoomTest, TwoAcceptsAtOnceOnTwoNodesMakeOneGame) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  for (int round = 0; round < 3; ++round) {
    Game g = start_across(alice, bob);
    ASSERT_FALSE(g.black.empty());
    auto bobs = watch(1, g.id, g.black);
    auto alices = watch(0, g.id, g.white);
    ASSERT_EQ(seat_call(0, g.id, "resign", g.white).status, 200);
    auto offer = seat_call(0, g.id, "rematch", g.white);
    ASSERT_EQ(offer.status, 200) << offer.body;
    ASSERT_FALSE(bobs->next_of_type("rematch-offer", 1.0).is_null());
    const std::int64_t games = count("SELECT COUNT(*) FROM games");
    std::array<HttpResult, 2> got = at_once([&](int node) { return seat_call(node, g.id, "rematch", g.black); });
    int won = got[0].status == 200 ? 0 : 1;
    ASSERT_EQ(got[won].status, 200) << got[won].body;
    EXPECT_EQ(got[1 - won].status, 409) << got[1 - won].body;
    std::string fresh = got[won].json()["game"];
    EXPECT_EQ(count("SELECT COUNT(*) FROM games"), games + 1) << "round " << round;
    // Both nodes agree on the one game made, and each player heard it.
    for (int node : {0, 1}) {
      WsClient& ws = node == 0 ? *alices : *bobs;
      EXPECT_FALSE(
          state_where(ws, [&](const json& s) { return s["rematch"].is_object() && s["rematch"]["game"] == fresh; })
              .is_null())
          << "round " << round << " node " << node;
      EXPECT_FALSE(ws.next_of_type("rematch-game", 1.0).is_null()) << "round " << round << " node " << node;
      EXPECT_EQ(get(node, "/api/games/" + g.id).json()["rematch"]["game"], fresh) << "round " << round;
    }
  }
}

TEST_F(MultiNodeRoomTest, ATakebackAskedOnOneNodeIsAcceptedOnTheOther) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  auto alices = watch(0, g.id, g.white);
  auto bobs = watch(1, g.id, g.black);
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  ASSERT_FALSE(state_where(*bobs, [](const json& s) { return s["moves"].size() == 1; }).is_null());
  ASSERT_EQ(move(1, g.id, g.black, "F3").status, 200);
  ASSERT_FALSE(state_where(*alices, [](const json& s) { return s["moves"].size() == 2; }).is_null());

  auto asked = seat_call(1, g.id, "takeback", g.black);
  ASSERT_EQ(asked.status, 200) << asked.body;
  EXPECT_EQ(asked.json()["takeback"]["from"], "black");
  EXPECT_FALSE(
      state_where(*alices, [](const json& s) { return s["takeback"].is_object() && s["takeback"]["from"] == "black"; })
          .is_null())
      << "alice's socket on node 0 did not see bob's request on node 1 within a second";
  // Asking again on the other node is refused: the request is there too.
  EXPECT_EQ(seat_call(0, g.id, "takeback", g.black).status, 409);

  auto accepted = seat_call(0, g.id, "takeback/accept", g.white);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(accepted.json()["moves"], json::array({"E3"}));
  EXPECT_TRUE(accepted.json()["takeback"].is_null());
  EXPECT_FALSE(state_where(*bobs, [](const json& s) {
                 return s["moves"] == json::array({"E3"}) && s["takeback"].is_null();
               }).is_null());
  // Answered once: a second accept, on either node, finds nothing.
  EXPECT_EQ(seat_call(1, g.id, "takeback/accept", g.white).status, 409);
  EXPECT_EQ(seat_call(0, g.id, "takeback/accept", g.white).status, 409);
  // Declined on one node after being asked on the other.
  auto again = move(1, g.id, g.black, "F3");
  ASSERT_EQ(again.status, 200) << again.body;
  ASSERT_EQ(seat_call(1, g.id, "takeback", g.black).status, 200);
  ASSERT_FALSE(state_where(*alices, [](const json& s) { return !s["takeback"].is_null(); }).is_null());
  auto declined = seat_call(0, g.id, "takeback/decline", g.white);
  ASSERT_EQ(declined.status, 200) << declined.body;
  EXPECT_FALSE(state_where(*bobs, [](const json& s) { return s["takeback"].is_null(); }).is_null());
  EXPECT_EQ(get(1, "/api/games/" + g.id).json()["moves"], json::array({"E3", "F3"}));
}

TEST_F(MultiNodeRoomTest, TwoTakebackAcceptsAtOnceOnTwoNodesTakeBackOnce) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  auto alices = watch(0, g.id, g.white);
  auto bobs = watch(1, g.id, g.black);
  json played = json::array();
  const std::array<std::string, 4> moves = {"E3", "F3", "D3", "C3"};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    int node = static_cast<int>(i % 2);
    ASSERT_EQ(move(node, g.id, node == 0 ? g.white : g.black, moves[i]).status, 200);
    played.push_back(moves[i]);
    WsClient& other = node == 0 ? *bobs : *alices;
    ASSERT_FALSE(state_where(other, [&](const json& s) { return s["moves"] == played; }).is_null());
  }
  ASSERT_EQ(seat_call(1, g.id, "takeback", g.black).status, 200);
  ASSERT_FALSE(state_where(*alices, [](const json& s) { return !s["takeback"].is_null(); }).is_null());
  // Alice's two tabs, one on each node, accept at once.
  std::array<HttpResult, 2> got = at_once([&](int node) { return seat_call(node, g.id, "takeback/accept", g.white); });
  int won = got[0].status == 200 ? 0 : 1;
  ASSERT_EQ(got[won].status, 200) << got[won].body;
  EXPECT_EQ(got[1 - won].status, 409) << got[1 - won].body;
  // Black's C3 alone is taken back, once.
  const json kept = json::array({"E3", "F3", "D3"});
  EXPECT_EQ(got[won].json()["moves"], kept);
  for (WsClient* ws : {alices.get(), bobs.get()})
    EXPECT_FALSE(
        state_where(*ws, [&](const json& s) { return s["moves"] == kept && s["takeback"].is_null(); }).is_null());
  for (int node : {0, 1}) EXPECT_EQ(get(node, "/api/games/" + g.id).json()["moves"], kept);
  EXPECT_EQ(count("SELECT COUNT(*) FROM moves WHERE game_id = '" + g.id + "'"), 3);
}

TEST_F(MultiNodeRoomTest, ASeatIsAwayOnlyOnceNoNodeHasItsSocket) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob, realtime());
  ASSERT_FALSE(g.black.empty());
  auto alices = watch(1, g.id, g.white);
  auto bobs = watch(0, g.id, g.black);
  auto bobs_other_tab = watch(1, g.id, g.black);
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  ASSERT_FALSE(state_where(*alices, [](const json& s) { return s["moves"].size() == 1; }).is_null());
  // Bob's tab on node 0 closes; his tab on node 1 keeps him there.
  bobs.reset();
  EXPECT_TRUE(state_where(*alices, [](const json& s) { return !s["away"].is_null(); }).is_null())
      << "bob was shown away while his tab on node 1 was open";
  // Bob's last tab closes (on node 1); he comes back on node 0.
  bobs_other_tab.reset();
  json away = state_where(*alices, [](const json& s) { return !s["away"].is_null(); });
  ASSERT_FALSE(away.is_null()) << "alice's socket did not see bob away within a second";
  EXPECT_EQ(away["away"]["color"], "black");
  bobs = watch(0, g.id, g.black);
  EXPECT_FALSE(state_where(*alices, [](const json& s) { return s["away"].is_null(); }).is_null())
      << "alice's socket on node 1 did not see bob come back on node 0";
  EXPECT_TRUE(get(1, "/api/games/" + g.id).json()["away"].is_null());
  // Bob leaves node 0 for good: node 1 (alice's) shows it, and the claim
  // there goes by it.
  bobs.reset();
  ASSERT_FALSE(state_where(*alices, [](const json& s) { return !s["away"].is_null(); }).is_null());
  auto early = seat_call(1, g.id, "claim", g.white);
  EXPECT_EQ(early.status, 409);
  EXPECT_THAT(early.body, HasSubstr("claim the win in"));
}

TEST_F(MultiNodeRoomTest, TheSeatsOfADeadNodeAreAwayOnceItsRowsGoStale) {
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob, realtime());
  ASSERT_FALSE(g.black.empty());
  auto alices = watch(0, g.id, g.white);
  auto bobs = watch(1, g.id, g.black);
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  // A third node that held a tab of bob's and died without a word: its row
  // is fresh now, and nobody refreshes it.
  {
    auto db = open_database(db_);
    Statement(db.get(), "INSERT INTO seat_sockets(game_id, color, node, seen_ms) VALUES (?1, 'black', 'dead', ?2)",
              false)
        .bind(1, g.id)
        .bind(2, system_now_ms())
        .run();
  }
  bobs.reset();
  // Bob is there (the dead node's row says so) until the row goes stale
  // (3 s here), then away.
  EXPECT_TRUE(state_where(
                  *alices, [](const json& s) { return !s["away"].is_null(); }, 0.5)
                  .is_null());
  json away = state_where(
      *alices, [](const json& s) { return !s["away"].is_null(); }, 8.0);
  ASSERT_FALSE(away.is_null()) << "a dead node's row kept bob there";
  EXPECT_EQ(away["away"]["color"], "black");
  EXPECT_EQ(count("SELECT COUNT(*) FROM seat_sockets WHERE node = 'dead'"), 0);
}

std::string finished_record() {
  std::ifstream in(std::string(DVONN_SOURCE_DIR) + "/tests/data/review-game.txt");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Reviews run on node 0 only: node 1's watchers hear them through the
// other node.
class MultiNodeReviewTest : public MultiNodeRoomTest {
 protected:
  void configure(int node, ServerConfig& c) override {
    c.review_depth = 2;
    c.review_nodes = 3000;
    c.review_nice = 10;
    c.review_run = node == 0;
  }
};

TEST_F(MultiNodeReviewTest, AReviewsProgressReachesTheWatchersOfTheOtherNode) {
  auto r = call(0, "/api/games", {{"mode", "local"}, {"record", finished_record()}});
  ASSERT_EQ(r.status, 201) << r.body;
  std::string id = r.json()["id"];
  auto watcher = watch(1, id);
  Person ann = signup(0, "ann");
  auto asked = call(0, "/api/games/" + id + "/review", json::object(), ann);
  ASSERT_EQ(asked.status, 202) << asked.body;
  json progress;
  do {
    progress = watcher->next_of_type("review-progress", 60);
    ASSERT_FALSE(progress.is_null()) << "node 1's watcher heard no progress of the review on node 0";
  } while (progress["status"] != "done");
  EXPECT_EQ(progress["progress"]["done"], progress["progress"]["total"]);
  // The finished review itself, read back from the database.
  EXPECT_EQ(progress["review"]["moves"].size(), 31u);
}

TEST(ReviewProgressPayload, RoundTripsAndRefusesJunk) {
  auto p = parse_review_progress(format_review_progress("n1", {"abc_-9", "r-42"}));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->first, "n1");
  EXPECT_EQ(p->second.game, "abc_-9");
  EXPECT_EQ(p->second.review, "r-42");
  EXPECT_FALSE(parse_review_progress("n1 abc"));
  EXPECT_FALSE(parse_review_progress("n1 abc r1 more"));
  EXPECT_FALSE(parse_review_progress(""));
}

}  // namespace
}  // namespace dvonn::server::testing
