// Many `dvonn serve` nodes on one PostgreSQL database (issue 40, "work done
// once" and "losing a node loses nothing"): an engine move is computed by
// the one node that claimed it (engine_claims.hpp), and when a node goes,
// the leader (node_leadership.hpp) ends its games whose clocks ran out and
// computes the engine moves it left. Always on a throwaway PostgreSQL
// cluster, whatever DVONN_TEST_DB says.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <memory>
#include <thread>

#include "multi_node_fixture.hpp"
#include "postgres_cluster.hpp"
#include "server/base/now_ms.hpp"
#include "server/store/database.hpp"
#include "server/store/engine_claims.hpp"
#include "server/store/node_leadership.hpp"
#include "server/store/schema.hpp"
#include "server/store/shared_rate_bucket.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

using Person = NodePerson;

class MultiNodeWorkTest : public MultiNodeFixture {
 protected:
  // Starts node i (with engine threads: 0 never computes).
  void start(int i, int engine_threads = 1) {
    ServerConfig c = node_config();
    c.engine_threads = engine_threads;
    start_node(static_cast<std::size_t>(i), c);
  }
  json game(int node, const std::string& id) { return get(node, "/api/games/" + id).json(); }
  // Polls node's answer for the game until pred holds (or `seconds` pass).
  template <class Pred>
  json wait_for(int node, const std::string& id, Pred pred, double seconds) {
    return wait_get(node, "/api/games/" + id, pred, seconds);
  }
  std::string claimant(const std::string& id) {
    auto db = open_database(db_);
    Statement q(db.get(), "SELECT node FROM engine_claims WHERE game_id = ?1", false);
    q.bind(1, id);
    return q.next() ? q.text(0) : "";
  }
};

TEST(NodeLeadershipTest, OneNodeLeadsAndAnotherTakesOverWhenItGoes) {
  std::string db = shared_postgres().fresh_database();
  auto a = std::make_unique<NodeLeadership>(db, std::chrono::milliseconds(100));
  NodeLeadership b(db, std::chrono::milliseconds(100));
  EXPECT_TRUE(a->leader());
  EXPECT_FALSE(b.leader());
  std::atomic<int> gained{0};
  b.on_gain([&] { ++gained; });
  a.reset();
  // The callback runs on b's thread just after b.leader() turns true: wait
  // for both (reading gained as soon as leader() was true failed once in CI).
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while ((!b.leader() || gained.load() == 0) && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(b.leader());
  // Once, not again at b's next tries while it still leads.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(gained.load(), 1);
  // A SQLite database has one node: it leads.
  EXPECT_TRUE(NodeLeadership((fresh_temp_dir("dvonn-lead-") / "x.db").string()).leader());
}

TEST(NodeLeadershipTest, ALeaderWhoseSessionIsEndedStopsLeadingAndAnotherTakesOver) {
  std::string db = shared_postgres().fresh_database();
  NodeLeadership a(db, std::chrono::milliseconds(100));
  NodeLeadership b(db, std::chrono::milliseconds(100));
  ASSERT_TRUE(a.leader());
  // The database ends the leader's session (a network cut, a restart):
  // it lets go of the lock, so one of the two leads again, never both.
  auto admin = open_database(db);
  admin->exec("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted");
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  bool changed = false;
  while (std::chrono::steady_clock::now() < until) {
    EXPECT_FALSE(a.leader() && b.leader());
    if (b.leader()) changed = true;
    if (changed && !a.leader()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(a.leader() != b.leader());
}

TEST(EngineClaimsTest, OneNodeGetsAClaimUntilItLapsesOrTheGameMovesOn) {
  std::string target = shared_postgres().fresh_database();
  auto db = open_database(target);
  create_schema(db.get());
  sql_exec(db.get(),
           "INSERT INTO games(id, mode, level, start, white_token, black_token, engine_color, version, over, created,"
           " to_move) VALUES ('g1', 'engine', 1, '', 'w', '', 'black', 3, 0, 0, 'black')");
  const std::int64_t t = 1'000'000;
  EXPECT_EQ(unclaimed_engine_moves(db.get(), t), std::vector<std::string>{"g1"});
  EXPECT_TRUE(claim_engine_move(db.get(), "g1", 3, "A", t));
  EXPECT_FALSE(claim_engine_move(db.get(), "g1", 3, "B", t + 1000));
  EXPECT_TRUE(claim_engine_move(db.get(), "g1", 3, "A", t + 1000));  // its own
  EXPECT_TRUE(unclaimed_engine_moves(db.get(), t + 1000).empty());
  // A renews its claim; without renewing, it lapses and B gets it.
  renew_engine_claims(db.get(), "A", t + 4000);
  EXPECT_FALSE(claim_engine_move(db.get(), "g1", 3, "B", t + 4000 + kEngineClaimLeaseMs - 1));
  EXPECT_EQ(unclaimed_engine_moves(db.get(), t + 4000 + kEngineClaimLeaseMs + 1), std::vector<std::string>{"g1"});
  EXPECT_TRUE(claim_engine_move(db.get(), "g1", 3, "B", t + 4000 + kEngineClaimLeaseMs + 1));
  // The game moved on: the claim is spent, and dropped.
  sql_exec(db.get(), "UPDATE games SET version = 4, to_move = 'white' WHERE id = 'g1'");
  EXPECT_TRUE(unclaimed_engine_moves(db.get(), t).empty());
  drop_spent_engine_claims(db.get());
  Statement left(db.get(), "SELECT COUNT(*) FROM engine_claims", false);
  ASSERT_TRUE(left.next());
  EXPECT_EQ(left.integer(0), 0);
}

TEST_F(MultiNodeWorkTest, AnEngineMoveClaimedByAnotherNodeIsLeftToItUntilItsClaimLapses) {
  start(0);
  start(1);
  auto c = call(0, "/api/games", {{"mode", "engine"}, {"level", 1}, {"color", "white"}});
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"], token = c.json()["token"];
  std::int64_t version = c.json()["state"]["version"];
  // A node that then dies has claimed the engine's reply to White's move
  // (the game's next version).
  auto db = open_database(db_);
  Statement(db.get(), "INSERT INTO engine_claims(game_id, version, node, until_ms) VALUES (?1, ?2, 'gone', ?3)", false)
      .bind(1, id)
      .bind(2, version + 1)
      .bind(3, system_now_ms() + kEngineClaimLeaseMs)
      .run();
  ASSERT_EQ(call(0, "/api/games/" + id + "/moves", {{"token", token}, {"move", "E3"}}).status, 200);
  // Both nodes hold the game (someone watches it on node 1), neither
  // computes the move while the claim holds.
  WsClient watcher(port(1), "/ws?game=" + id);
  ASSERT_EQ(watcher.handshake_status(), 101);
  ASSERT_FALSE(watcher.next_of_type("state").is_null());
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));
  EXPECT_EQ(game(0, id)["moves"], json::array({"E3"}));
  EXPECT_EQ(game(1, id)["moves"], json::array({"E3"}));
  EXPECT_EQ(claimant(id), "gone");

  // Nobody renews it: once it lapses, the leader computes the move, and
  // node 1's watcher sees it.
  json g = wait_for(
      1, id, [](const json& j) { return j["moves"].size() == 2; }, kEngineClaimLeaseMs / 1000.0 + 6);
  EXPECT_EQ(g["moves"].size(), 2u) << "nobody picked up the engine move the gone node left";
  EXPECT_NE(claimant(id), "gone");
  bool pushed = false;
  for (json m; !pushed && !(m = watcher.next_of_type("state", 2.0)).is_null();)
    pushed = m["state"]["moves"].size() == 2;
  EXPECT_TRUE(pushed);
}

TEST_F(MultiNodeWorkTest, AnEngineGameWatchedOnTwoNodesHasEachEngineMoveClaimedByOne) {
  start(0);
  start(1);
  auto c = call(0, "/api/games", {{"mode", "engine"}, {"level", 1}, {"color", "white"}});
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"], token = c.json()["token"];
  WsClient watcher(port(1), "/ws?game=" + id);
  ASSERT_FALSE(watcher.next_of_type("state").is_null());
  const std::array<std::string, 3> mine = {"E3", "D3", "C3"};
  std::size_t expected = 0;
  for (const std::string& m : mine) {
    json before = game(0, id);
    // White's move: the first free of mine (the engine may have taken it).
    std::string move = m;
    for (const auto& l : before["legal"])
      if (l == m) move = m;
    if (std::find(before["legal"].begin(), before["legal"].end(), json(m)) == before["legal"].end())
      move = before["legal"][0];
    ASSERT_EQ(call(0, "/api/games/" + id + "/moves", {{"token", token}, {"move", move}}).status, 200);
    expected += 2;
    json g = wait_for(
        1, id, [&](const json& j) { return j["moves"].size() == expected; }, 10);
    ASSERT_EQ(g["moves"].size(), expected);
    // The claim of the move made is one node's.
    std::string who = claimant(id);
    EXPECT_FALSE(who.empty());
  }
  // Both nodes agree on the game.
  EXPECT_EQ(game(0, id)["moves"], game(1, id)["moves"]);
}

TEST_F(MultiNodeWorkTest, AClockThatRunsOutOnAGoneNodesGameEndsItOnceOnAnother) {
  start(0);
  start(1);
  Person alice = signup(0, "alice"), bob = signup(0, "bob");
  json clock = {{"type", "realtime"}, {"initial", 60}, {"increment", 0}};
  auto c = call(0, "/api/games", {{"mode", "online"}, {"color", "white"}, {"clock", clock}}, alice);
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"], white = c.json()["token"];
  auto j = call(0, "/api/games/" + id + "/join", json::object(), bob);
  ASSERT_EQ(j.status, 200) << j.body;
  std::string black = j.json()["token"];
  // Both first moves, so the clocks run (the game lives on node 0 only).
  ASSERT_EQ(call(0, "/api/games/" + id + "/moves", {{"token", white}, {"move", "E3"}}, alice).status, 200);
  ASSERT_EQ(call(0, "/api/games/" + id + "/moves", {{"token", black}, {"move", "F3"}}, bob).status, 200);
  ASSERT_EQ(call(0, "/api/games/" + id + "/moves", {{"token", white}, {"move", "D3"}}, alice).status, 200);
  // Node 0 goes; Black's flag falls while nobody holds the game.
  stop_node(0);
  advance(61'000);
  json g = wait_for(
      1, id, [](const json& x) { return x["phase"] == "over"; }, 6);
  EXPECT_EQ(g["phase"], "over") << g.dump();
  EXPECT_EQ(g["end"], "time") << g.dump();
  EXPECT_EQ(g["result"], "white") << g.dump();
  EXPECT_EQ(g["moves"], json::array({"E3", "F3", "D3"}));
}

TEST_F(MultiNodeWorkTest, AClockRunningOutOnTwoNodesAtOnceEndsTheGameOnce) {
  start(0);
  start(1);
  Person alice = signup(0, "alice"), bob = signup(1, "bob");
  json clock = {{"type", "realtime"}, {"initial", 60}, {"increment", 0}};
  auto c = call(0, "/api/games", {{"mode", "online"}, {"color", "white"}, {"clock", clock}, {"rated", true}}, alice);
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["id"], white = c.json()["token"];
  auto j = call(1, "/api/games/" + id + "/join", json::object(), bob);
  ASSERT_EQ(j.status, 200) << j.body;
  std::string black = j.json()["token"];
  // Both nodes hold the game and watch its clock (node 0 has heard of
  // the join on node 1).
  ASSERT_EQ(wait_for(
                0, id, [](const json& x) { return x["started"] == true; }, 2)["started"],
            true);
  WsClient w0(port(0), "/ws?game=" + id), w1(port(1), "/ws?game=" + id);
  for (WsClient* w : {&w0, &w1}) ASSERT_FALSE(w->next_of_type("state").is_null());
  // Each moves once their node shows the other's move (as a page does).
  auto seen = [&](int node, std::size_t moves) {
    return wait_for(
               node, id, [&](const json& x) { return x["moves"].size() == moves; }, 2)["moves"]
        .size();
  };
  ASSERT_EQ(call(0, "/api/games/" + id + "/moves", {{"token", white}, {"move", "E3"}}, alice).status, 200);
  ASSERT_EQ(seen(1, 1), 1u);
  ASSERT_EQ(call(1, "/api/games/" + id + "/moves", {{"token", black}, {"move", "F3"}}, bob).status, 200);
  ASSERT_EQ(seen(0, 2), 2u);
  ASSERT_EQ(call(0, "/api/games/" + id + "/moves", {{"token", white}, {"move", "D3"}}, alice).status, 200);
  ASSERT_EQ(seen(1, 3), 3u);
  advance(61'000);
  json g = wait_for(
      0, id, [](const json& x) { return x["phase"] == "over"; }, 6);
  ASSERT_EQ(g["end"], "time") << g.dump();
  // Rated once: one rating change each, whichever node ended it.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  auto db = open_database(db_);
  Statement q(db.get(), "SELECT COUNT(*) FROM rating_history WHERE game_id = ?1", false);
  q.bind(1, id);
  ASSERT_TRUE(q.next());
  EXPECT_EQ(q.integer(0), 2);
  EXPECT_EQ(game(1, id)["end"], "time");
  EXPECT_EQ(game(1, id)["rating_changes"], g["rating_changes"]);
}

TEST_F(MultiNodeWorkTest, ASessionMadeOnOneNodeWorksOnTheOtherUntilItEndsOnEither) {
  start(0);
  start(1);
  Person dora = signup(0, "dora");
  auto me = [&](int node) {
    return http_request(port(node), "GET", "/api/me", "", Headers{{"Cookie", dora.cookie}}).json();
  };
  for (int node : {0, 1}) EXPECT_EQ(me(node)["user"]["name"], "dora") << "node " << node << ": " << me(node).dump();
  // Logging out on node 1 ends the session on node 0 too.
  auto out = call(1, "/api/auth/logout", json::object(), dora);
  ASSERT_LT(out.status, 300) << out.body;
  for (int node : {0, 1}) EXPECT_TRUE(me(node)["user"].is_null()) << "node " << node << ": " << me(node).dump();
}

TEST(SharedRateBucketTest, TakesUpToTheBurstThenRefillsAtTheRate) {
  auto db = open_database(shared_postgres().fresh_database());
  create_schema(db.get());
  const std::int64_t t = 5'000'000;
  // 3 at once, then one a second.
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(take_shared_token(db.get(), "k", 1.0, 3, t)) << i;
  EXPECT_FALSE(take_shared_token(db.get(), "k", 1.0, 3, t));
  EXPECT_TRUE(take_shared_token(db.get(), "other", 1.0, 3, t));
  EXPECT_FALSE(take_shared_token(db.get(), "k", 1.0, 3, t + 900));
  EXPECT_TRUE(take_shared_token(db.get(), "k", 1.0, 3, t + 1000));
  EXPECT_FALSE(take_shared_token(db.get(), "k", 1.0, 3, t + 1000));
  // Full again after a long pause, never beyond the burst.
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(take_shared_token(db.get(), "k", 1.0, 3, t + 60'000)) << i;
  EXPECT_FALSE(take_shared_token(db.get(), "k", 1.0, 3, t + 60'000));
  forget_idle_rate_buckets(db.get(), t + 30'000);
  Statement left(db.get(), "SELECT key FROM rate_buckets", false);
  ASSERT_TRUE(left.next());
  EXPECT_EQ(left.text(0), "k");
  EXPECT_FALSE(left.next());
}

TEST_F(MultiNodeWorkTest, LogInAttemptsSpreadOverTwoNodesMeetOneLimit) {
  start(0);
  start(1);
  signup(0, "carol");
  // Ten attempts a minute per address and name (ServerConfig), whichever
  // node each reaches.
  for (int i = 0; i < 10; ++i) {
    auto r = call(i % 2, "/api/auth/login", {{"name", "carol"}, {"password", "wrong guess " + std::to_string(i)}});
    EXPECT_NE(r.status, 429) << "attempt " << i << ": " << r.body;
  }
  for (int node : {0, 1}) {
    auto r = call(node, "/api/auth/login", {{"name", "carol"}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 429) << "node " << node << ": " << r.body;
  }
}

}  // namespace
}  // namespace dvonn::server::testing
