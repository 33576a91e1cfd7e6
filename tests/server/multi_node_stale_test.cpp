// Many `dvonn serve` nodes on one PostgreSQL database (issue 40): a node
// whose memory of a game is behind the database (another node's change
// made a moment ago, its NOTIFY not heard yet) checks a request against
// the stored game before it refuses it. Node 1's change feed is held here
// (ServerConfig::feed_hook), so it stays behind for as long as a test
// needs: what nginx does when a player's WebSocket is on node 0 and their
// POST reaches node 1 within the second. Always on a throwaway PostgreSQL
// cluster, whatever DVONN_TEST_DB says.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "multi_node_fixture.hpp"
#include "server/store/database.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

// Holds a node's change feed while closed: the node hears nothing of the
// other node's changes until it opens.
class FeedGate {
 public:
  void hold() {
    std::lock_guard lock(mutex_);
    held_ = true;
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      held_ = false;
    }
    cv_.notify_all();
  }
  void pass() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return !held_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool held_ = false;
};

class MultiNodeStaleTest : public MultiNodeFixture {
 protected:
  void SetUp() override {
    start_node(0);
    ServerConfig c = node_config();
    c.feed_hook = [gate = gate_] { gate->pass(); };
    start_node(1, c);
  }
  void TearDown() override {
    // The feed's thread must not be stuck when node 1 stops.
    gate_->release();
    MultiNodeFixture::TearDown();
  }
  std::int64_t count(const std::string& sql) {
    auto db = open_database(db_);
    Statement q(db.get(), sql, false);
    EXPECT_TRUE(q.next());
    std::int64_t n = q.integer(0);
    q.reset();
    return n;
  }
  std::int64_t stored_moves(const std::string& id) {
    return count("SELECT COUNT(*) FROM moves WHERE game_id = '" + id + "'");
  }
  std::int64_t stored_version(const std::string& id) {
    return count("SELECT version FROM games WHERE id = '" + id + "'");
  }
  json moves_on(int node, const std::string& id) { return get(node, "/api/games/" + id).json()["moves"]; }
  HttpResult seat_call(int node, const std::string& id, const std::string& verb, const std::string& token) {
    return call(node, "/api/games/" + id + "/" + verb, {{"token", token}});
  }
  // Waits until node 1 has heard everything up to `moves` (its feed open).
  void node_one_sees(const std::string& id, const json& moves) {
    wait_get(1, "/api/games/" + id, [&](const json& s) { return s["moves"] == moves; });
  }

  std::shared_ptr<FeedGate> gate_ = std::make_shared<FeedGate>();
};

TEST_F(MultiNodeStaleTest, TheAnswerToAMoveIsPlayedOnANodeThatHasNotHeardTheMove) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  // Bob's page watches on node 0; his POSTs reach node 1.
  auto bobs = watch(0, g.id, g.black);
  gate_->hold();
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  ASSERT_FALSE(state_with(*bobs, json::array({"E3"})).is_null());
  // Node 1 is behind: it has not heard of E3.
  ASSERT_EQ(moves_on(1, g.id), json::array());

  auto answer = move(1, g.id, g.black, "F3");
  ASSERT_EQ(answer.status, 200) << answer.body;
  const json both = json::array({"E3", "F3"});
  EXPECT_EQ(answer.json()["moves"], both);
  EXPECT_EQ(moves_on(1, g.id), both);
  // Node 0 hears of it through its own feed.
  ASSERT_FALSE(state_with(*bobs, both).is_null());
  EXPECT_EQ(moves_on(0, g.id), both);
  EXPECT_EQ(stored_moves(g.id), 2);

  // Node 1 hears of E3 late: it keeps both moves, and plays on.
  gate_->release();
  ASSERT_EQ(move(0, g.id, g.white, "D3").status, 200);
  node_one_sees(g.id, json::array({"E3", "F3", "D3"}));
  EXPECT_EQ(stored_moves(g.id), 3);
}

TEST_F(MultiNodeStaleTest, AResignationOnANodeBehindIsMadeOnTheStoredGame) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  node_one_sees(g.id, json::array({"E3"}));
  gate_->hold();
  ASSERT_EQ(move(0, g.id, g.black, "F3").status, 200);
  // Node 1 still has bob to move: the resignation it makes of that loses
  // to F3 at commit (the version check), and is made again on the game as
  // stored.
  auto resigned = seat_call(1, g.id, "resign", g.black);
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(resigned.json()["moves"], json::array({"E3", "F3"}));
  EXPECT_EQ(resigned.json()["end"], "resignation");
  EXPECT_EQ(resigned.json()["result"], "white");
  json on_zero = wait_get(0, "/api/games/" + g.id, [](const json& s) { return s["end"] == "resignation"; });
  EXPECT_EQ(on_zero["moves"], json::array({"E3", "F3"}));
  EXPECT_EQ(stored_moves(g.id), 2);
}

TEST_F(MultiNodeStaleTest, ATakebackAskedOnANodeBehindTakesBackFromTheStoredGame) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  node_one_sees(g.id, json::array({"E3"}));
  ASSERT_EQ(move(1, g.id, g.black, "F3").status, 200);
  gate_->hold();
  ASSERT_EQ(move(0, g.id, g.white, "D3").status, 200);
  auto asked = seat_call(1, g.id, "takeback", g.black);
  ASSERT_EQ(asked.status, 200) << asked.body;
  EXPECT_EQ(asked.json()["moves"], json::array({"E3", "F3", "D3"}));
  EXPECT_EQ(asked.json()["takeback"]["from"], "black");
  wait_get(0, "/api/games/" + g.id, [](const json& s) { return s["takeback"].is_object(); });
  // Accepted: back to before bob's F3 (white's D3 with it).
  auto accepted = seat_call(0, g.id, "takeback/accept", g.white);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(accepted.json()["moves"], json::array({"E3"}));
  EXPECT_EQ(stored_moves(g.id), 1);
}

TEST_F(MultiNodeStaleTest, WhatTheStoredGameRefusesIsRefusedOnANodeBehindAndChangesNothing) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  gate_->hold();
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  const std::int64_t version = stored_version(g.id);
  // Bob's move onto the stack alice just placed: illegal on the stored game.
  auto onto = move(1, g.id, g.black, "E3");
  EXPECT_EQ(onto.status, 400) << onto.body;
  EXPECT_THAT(onto.body, HasSubstr("illegal move"));
  // Alice again: node 1 had her to move, the stored game has bob.
  auto twice = move(1, g.id, g.white, "F3");
  EXPECT_EQ(twice.status, 409) << twice.body;
  EXPECT_THAT(twice.body, HasSubstr("not your turn"));
  // A spectator's move, a wrong token: refused as before.
  EXPECT_EQ(move(1, g.id, "", "F3").status, 403);
  EXPECT_EQ(move(1, g.id, "no-such-token", "F3").status, 403);
  EXPECT_EQ(stored_moves(g.id), 1);
  EXPECT_EQ(stored_version(g.id), version);
  EXPECT_EQ(moves_on(1, g.id), json::array({"E3"}));
  gate_->release();
  ASSERT_EQ(move(1, g.id, g.black, "F3").status, 200);
  wait_get(0, "/api/games/" + g.id, [](const json& s) { return s["moves"] == json::array({"E3", "F3"}); });
}

TEST_F(MultiNodeStaleTest, ARematchOfferedOnANodeBehindIsMadeOnceTheGameEndedElsewhere) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob);
  ASSERT_FALSE(g.black.empty());
  gate_->hold();
  ASSERT_EQ(seat_call(0, g.id, "resign", g.white).status, 200);
  // Node 1 has the game running still: "not over" is not the answer.
  auto offer = seat_call(1, g.id, "rematch", g.black);
  ASSERT_EQ(offer.status, 200) << offer.body;
  EXPECT_EQ(offer.json()["rematch"]["from"], "black");
  EXPECT_EQ(offer.json()["end"], "resignation");
}

// The leader forgets idle rate buckets once a minute, not at every
// one-second sweep of the shared work.
class MultiNodeBucketSweepTest : public MultiNodeFixture {
 protected:
  void exec(const std::string& sql) {
    auto db = open_database(db_);
    sql_exec(db.get(), sql);
  }
  bool exists(const std::string& sql) {
    auto db = open_database(db_);
    Statement q(db.get(), sql, false);
    bool found = q.next();
    if (found) q.reset();
    return found;
  }
  // Until a sweep has run since now: a claim of an engine move of no game
  // is dropped at every sweep.
  void wait_for_a_sweep() {
    exec("INSERT INTO engine_claims(game_id, version, node, until_ms) VALUES ('no-game', 1, 'x', 0)");
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (exists("SELECT 1 FROM engine_claims WHERE game_id = 'no-game'")) {
      ASSERT_LT(std::chrono::steady_clock::now(), until) << "no sweep of the shared work within 10 s";
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  void idle_bucket(const std::string& key) {
    exec("INSERT INTO rate_buckets(key, tokens, updated_ms) VALUES ('" + key + "', 1, 0)");
  }
};

TEST_F(MultiNodeBucketSweepTest, IdleRateBucketsAreForgottenOnceAMinute) {
  start_node(0);
  // Past the first sweep (which forgets what is idle at once).
  wait_for_a_sweep();
  for (const std::string key : {"first", "second"}) {
    idle_bucket(key);
    // The sweeps within the minute leave it (two: the first may have been
    // under way) ...
    wait_for_a_sweep();
    wait_for_a_sweep();
    EXPECT_TRUE(exists("SELECT 1 FROM rate_buckets WHERE key = '" + key + "'")) << key;
    // ... the first one a minute on forgets it.
    advance(61'000);
    wait_for_a_sweep();
    wait_for_a_sweep();
    EXPECT_FALSE(exists("SELECT 1 FROM rate_buckets WHERE key = '" + key + "'")) << key;
  }
}

}  // namespace
}  // namespace dvonn::server::testing
