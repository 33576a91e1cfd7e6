// Abuse: many games. The rooms in memory stay under the configured cap
// (least recently used idle ones are evicted), every game still opens with
// all its moves, and a room in use (watched, timed, engine thinking) keeps
// working across evictions.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "../core/test_support.hpp"
#include "community_fixture.hpp"
#include "source_address_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

constexpr std::size_t kCap = 8;

// AddressSanitizer keeps freed memory in its quarantine (hundreds of MiB
// here), so the resident memory says nothing about what the server keeps:
// under it the memory bound is not checked.
constexpr bool kAddressSanitizer = test::kSanitized;

class RoomEvictionTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.max_rooms = kCap;
  }
  // Bounded: a few more rooms than the cap, to push the others out.
  void churn(int games) {
    for (int i = 0; i < games; ++i) create({{"mode", "local"}});
  }
};

TEST_F(RoomEvictionTest, ManyGamesStayUnderTheCapAndEveryGameStillOpens) {
  // 60 games, each with moves of its own, from one client: far above the cap.
  std::map<std::string, std::vector<std::string>> played;
  for (int i = 0; i < 60; ++i) {
    json g = create({{"mode", "local"}});
    std::string id = g["id"], token = g["token"];
    int moves = i % 4;
    for (int k = 0; k < moves; ++k) {
      json s = state(id);
      std::string m = s["legal"][static_cast<std::size_t>(i) % s["legal"].size()];
      auto r = call("/api/games/" + id + "/moves", {{"token", token}, {"move", m}});
      ASSERT_EQ(r.status, 200) << r.body;
      played[id].push_back(m);
    }
    if (moves == 0) played[id] = {};
    EXPECT_LE(server_->rooms_in_memory(), kCap) << "after game " << i;
  }
  // Every one reloads as acknowledged.
  for (const auto& [id, moves] : played) {
    json s = state(id);
    ASSERT_EQ(s["moves"].size(), moves.size()) << id;
    for (std::size_t k = 0; k < moves.size(); ++k) EXPECT_EQ(s["moves"][k], moves[k]);
    EXPECT_LE(server_->rooms_in_memory(), kCap);
  }
  // And they survive a restart the same.
  restart();
  for (const auto& [id, moves] : played) EXPECT_EQ(state(id)["moves"].size(), moves.size());
}

TEST_F(RoomEvictionTest, AWatchedGameStaysInMemoryAndItsWatcherSeesLaterMoves) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"], token = g["token"];
  WsClient ws(port_, ws_target(id));
  ASSERT_EQ(ws.handshake_status(), 101);
  ASSERT_FALSE(ws.state_with_moves(0).is_null());
  churn(3 * static_cast<int>(kCap));
  // Were the room evicted, this move would go to a reloaded copy the
  // socket does not watch.
  json s = state(id);
  auto r = call("/api/games/" + id + "/moves", {{"token", token}, {"move", s["legal"][0]}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_FALSE(ws.state_with_moves(1, 5).is_null()) << "the watcher missed a move after evictions";
}

TEST_F(RoomEvictionTest, AnEvictedTimedGameStillEndsOnTime) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, {{"clock", {{"type", "realtime"}, {"initial", 60}, {"increment", 0}}}});
  // The first moves are free; Black's time runs after White's second.
  for (auto [token, move] : {std::pair{g.white, "E3"}, std::pair{g.black, "F3"}, std::pair{g.white, "G3"}})
    ASSERT_EQ(call("/api/games/" + g.id + "/moves", {{"token", token}, {"move", move}}).status, 200);
  churn(3 * static_cast<int>(kCap));
  advance(61'000);
  // No request touches the game: the list (from the database) shows the
  // end the clock watcher committed after reloading it.
  json finished;
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until) {
    auto r = get("/api/me/games", alice);
    ASSERT_EQ(r.status, 200) << r.body;
    finished = r.json()["finished"];
    if (!finished.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(finished.size(), 1u) << "the evicted game did not end on time";
  EXPECT_EQ(finished[0]["id"], g.id);
  EXPECT_EQ(finished[0]["end"], "time");
  EXPECT_EQ(finished[0]["result"], "white");
}

TEST_F(RoomEvictionTest, AnEngineGameEvictedAndReloadedGetsItsEngineMove) {
  json g = create({{"mode", "engine"}, {"level", 1}, {"color", "white"}});
  std::string id = g["id"], token = g["token"];
  ASSERT_EQ(call("/api/games/" + id + "/moves", {{"token", token}, {"move", "E3"}}).status, 200);
  // The engine answers (its search holds the room), then the room goes.
  json s = wait_state(id, [](const json& s) { return s["moves"].size() == 2; });
  ASSERT_EQ(s["moves"].size(), 2u);
  churn(3 * static_cast<int>(kCap));
  auto again = call("/api/games/" + id + "/moves", {{"token", token}, {"move", state(id)["legal"][0]}});
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(wait_state(id, [](const json& s) { return s["moves"].size() == 4; })["moves"].size(), 4u);
}

// This process's resident memory in MiB.
double rss_mib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmRSS:")) return std::stod(line.substr(6)) / 1024;
  return 0;
}

class ManyGamesTest : public ServerTest {
 protected:
  void configure(ServerConfig& c) override { c.max_rooms = 50; }
};

TEST_F(ManyGamesTest, TwoThousandGamesFromManyAddressesLeaveTheMemoryBounded) {
  // Unbounded, each game kept about 10 KiB in memory (2,000 games: some
  // 20 MiB); bounded, only the cap's worth stays.
  double before = rss_mib();
  std::vector<std::string> ids;
  const json kinds[] = {{{"mode", "local"}},
                        {{"mode", "online"}, {"color", "white"}},
                        {{"mode", "engine"}, {"level", 1}, {"color", "white"}}};
  for (int i = 0; i < 2000; ++i) {
    std::string source = "127.0.1." + std::to_string(1 + i % 200);
    auto r = http_request_from(source, port_, "POST", "/api/games", kinds[i % 3].dump());
    ASSERT_EQ(r.status, 201) << r.body;
    ids.push_back(r.json()["id"]);
  }
  double grown = rss_mib() - before;
  // Under AddressSanitizer only the rooms are counted (see
  // kAddressSanitizer); the games must still all open, below.
  if (!kAddressSanitizer) {
    EXPECT_LT(grown, 10.0) << "MiB more after 2,000 games";
  }
  EXPECT_LE(server_->rooms_in_memory(), 50u);
  // Every one still opens (a sample, to keep the test short).
  for (std::size_t i = 0; i < ids.size(); i += 40) {
    auto r = http_request(port_, "GET", "/api/games/" + ids[i]);
    ASSERT_EQ(r.status, 200) << ids[i];
    EXPECT_EQ(r.json()["id"], ids[i]);
  }
}

}  // namespace
}  // namespace dvonn::server::testing
