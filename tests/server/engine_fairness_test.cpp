// Abuse: engine work. One client's many searches wait behind each other,
// not in front of another client's; a game has one hint on its way at a
// time, and an address and an account each have a bounded number of
// searches queued.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "community_fixture.hpp"
#include "core/game.hpp"
#include "server/rooms/engine_workers.hpp"
#include "server_fixture.hpp"
#include "source_address_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

Position start_position() { return empty_board().position; }

TEST(EngineFairness, AnotherClientsSearchDoesNotWaitBehindOneClientsFlood) {
  EngineWorkers workers(1, 1, 1000);
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<std::string> order;
  bool released = false;
  auto done = [&](const std::string& who) {
    std::unique_lock lock(mutex);
    order.push_back(who);
    cv.notify_all();
    // The first search holds the worker until everything is queued, so the
    // order below is the queue's, not a race with the submissions.
    if (order.size() == 1) cv.wait(lock, [&] { return released; });
  };
  // 30 searches of one client, queued first, then one of another.
  Position p = start_position();
  for (int i = 0; i < 30; ++i)
    ASSERT_EQ(workers.submit_hint(
                  p, 0.01, [&](const engine::SearchReport&) { done("flood"); }, "10.0.0.1", "g" + std::to_string(i)),
              "");
  workers.submit_move(
      p, 1, 0.01, [&](const engine::PlayReport&) { done("player"); }, "10.0.0.2");
  std::unique_lock lock(mutex);
  released = true;
  cv.notify_all();
  ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(30), [&] { return order.size() == 31; }));
  auto at = std::find(order.begin(), order.end(), "player") - order.begin();
  // Round robin: the search already running and one more of the flood come
  // first (first in, first out would put it last).
  EXPECT_LE(at, 2) << "the other client's search came " << at + 1 << "th of 31";
}

TEST(EngineFairness, AClientHasABoundedQueueAndAGameOneHintAtATime) {
  EngineWorkers workers(0, 1, 3);  // no threads: everything stays queued
  Position p = start_position();
  auto ignore = [](const engine::SearchReport&) {};
  EXPECT_EQ(workers.submit_hint(p, 1, ignore, "a", "game1"), "");
  EXPECT_NE(workers.submit_hint(p, 1, ignore, "a", "game1"), "") << "a second hint for one game";
  EXPECT_EQ(workers.submit_hint(p, 1, ignore, "a", "game2"), "");
  EXPECT_EQ(workers.busy("a"), "");
  workers.submit_move(
      p, 1, 1, [](const engine::PlayReport&) {}, "a");
  EXPECT_NE(workers.busy("a"), "");
  EXPECT_NE(workers.submit_hint(p, 1, ignore, "a", "game3"), "") << "over the client's bound";
  // Another client is not affected.
  EXPECT_EQ(workers.busy("b"), "");
  EXPECT_EQ(workers.submit_hint(p, 1, ignore, "b", "game3"), "");
  EXPECT_EQ(workers.queued(), 4u);
}

TEST(EngineFairness, AnAccountHasASmallerBoundThanItsAddressFromAnyAddress) {
  EngineWorkers workers(0, 1, 16, 2);  // no threads: everything stays queued
  Position p = start_position();
  auto ignore = [](const engine::SearchReport&) {};
  EXPECT_EQ(workers.submit_hint(p, 1, ignore, {"a", "user:1"}, "g1"), "");
  EXPECT_EQ(workers.busy({"a", "user:1"}), "");
  workers.submit_move(p, 1, 1, [](const engine::PlayReport&) {}, {"a", "user:1"});
  std::string why = workers.busy({"a", "user:1"});
  EXPECT_NE(why.find("2 searches of yours"), std::string::npos) << why;
  EXPECT_NE(workers.submit_hint(p, 1, ignore, {"a", "user:1"}, "g2"), "") << "over the account's bound";
  // From another address the account is still at its bound.
  EXPECT_NE(workers.busy({"b", "user:1"}), "");
  EXPECT_NE(workers.submit_hint(p, 1, ignore, {"b", "user:1"}, "g2"), "");
  // Another account, and an anonymous seat, behind the same address are not.
  EXPECT_EQ(workers.submit_hint(p, 1, ignore, {"a", "user:2"}, "g3"), "");
  EXPECT_EQ(workers.submit_hint(p, 1, ignore, {"a"}, "g4"), "");
  EXPECT_EQ(workers.queued(), 4u);
}

class EngineLimitsTest : public ServerTest {
 protected:
  void configure(ServerConfig& c) override {
    c.http_rate = 0;
    c.engine_threads = 0;  // searches stay queued: the bounds show
    c.engine_jobs_per_client = 4;
  }
};

TEST_F(EngineLimitsTest, HintsAreBoundedPerGameAndPerAddress) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"], token = g["token"];
  // The first hint waits for the engine (never, here): ask it on a socket.
  WsClient ws(port_, ws_target(id, token));
  ASSERT_EQ(ws.handshake_status(), 101);
  ws.send(json{{"type", "hint"}});
  ASSERT_FALSE(ws.next_of_type("state").is_null());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  auto again = post(port_, "/api/games/" + id + "/hint", {{"token", token}});
  EXPECT_EQ(again.status, 429) << again.body;
  EXPECT_NE(again.body.find("on its way"), std::string::npos) << again.body;
}

TEST_F(EngineLimitsTest, EngineGamesAreBoundedPerAddressAndOthersStillPlay) {
  // Engine games where the engine moves first: each queues a search.
  int created = 0, refused = 0;
  for (int i = 0; i < 6; ++i) {
    auto r = http_request_from("127.0.0.2", port_, "POST", "/api/games",
                               json{{"mode", "engine"}, {"level", 1}, {"color", "black"}}.dump());
    if (r.status == 201) ++created;
    if (r.status == 429) ++refused;
    EXPECT_TRUE(r.status == 201 || r.status == 429) << r.status << " " << r.body;
  }
  EXPECT_EQ(created, 4);
  EXPECT_EQ(refused, 2);
  // Another address is not affected.
  auto other = http_request_from("127.0.0.3", port_, "POST", "/api/games",
                                 json{{"mode", "engine"}, {"level", 1}, {"color", "black"}}.dump());
  EXPECT_EQ(other.status, 201) << other.body;
}

class AccountEngineLimitsTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.engine_threads = 0;  // searches stay queued: the bounds show
    c.engine_jobs_per_client = 16;
    c.engine_jobs_per_account = 2;
  }
};

TEST_F(AccountEngineLimitsTest, OneAccountsEngineWorkIsBoundedWhateverItsAddress) {
  Browser ann = guest("Ann");
  ASSERT_FALSE(ann.cookie.empty());
  const Headers as_ann{{"Cookie", ann.cookie}};
  auto create_from = [&](const std::string& address, const json& options, const Headers& headers) {
    return http_request_from(address, port_, "POST", "/api/games", options.dump(), headers);
  };
  // A game where Ann moves first queues nothing yet.
  auto mine = create_from("127.0.0.2", {{"mode", "engine"}, {"level", 1}, {"color", "white"}}, as_ann);
  ASSERT_EQ(mine.status, 201) << mine.body;
  // Two where the engine moves first take her share.
  for (int i = 0; i < 2; ++i) {
    auto r = create_from("127.0.0.2", {{"mode", "engine"}, {"level", 1}, {"color", "black"}}, as_ann);
    ASSERT_EQ(r.status, 201) << r.body;
  }
  auto third = create_from("127.0.0.2", {{"mode", "engine"}, {"level", 1}, {"color", "black"}}, as_ann);
  EXPECT_EQ(third.status, 429) << third.body;
  EXPECT_NE(third.body.find("of yours"), std::string::npos) << third.body;
  // Another address does not give her a new share.
  auto elsewhere = create_from("127.0.0.3", {{"mode", "engine"}, {"level", 1}, {"color", "black"}}, as_ann);
  EXPECT_EQ(elsewhere.status, 429) << elsewhere.body;
  // Her move in the game where she is to move is refused and not played.
  std::string id = mine.json()["id"], token = mine.json()["token"];
  auto move = http_request_from("127.0.0.2", port_, "POST", "/api/games/" + id + "/moves",
                                json{{"token", token}, {"move", "E3"}}.dump(), as_ann);
  EXPECT_EQ(move.status, 429) << move.body;
  EXPECT_TRUE(state(id)["moves"].empty()) << state(id).dump();
  // Someone else behind the same address still gets the engine.
  auto other = create_from("127.0.0.2", {{"mode", "engine"}, {"level", 1}, {"color", "black"}}, {});
  EXPECT_EQ(other.status, 201) << other.body;
}

}  // namespace
}  // namespace dvonn::server::testing
