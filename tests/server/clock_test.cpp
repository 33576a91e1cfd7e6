// Game clocks (docs/community-api.md, "Clocks"): real time and
// correspondence, the server ending games on time, and clocks surviving a
// restart. The server's clock is moved forward by the test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class ClockTest : public CommunityTest {
 protected:
  json realtime(int initial, int increment) {
    return {{"clock", {{"type", "realtime"}, {"initial", initial}, {"increment", increment}}}};
  }
  static json merged(json a, const json& b) {
    a.update(b);
    return a;
  }
  HttpResult move(const std::string& id, const std::string& token, const std::string& m) {
    return call("/api/games/" + id + "/moves", {{"token", token}, {"move", m}});
  }
};

TEST_F(ClockTest, ARealTimeClockStartsAtEachSidesFirstMoveAndCountsMoves) {
  Browser alice = signup("alice"), bob = signup("bob");
  auto c = call("/api/games", merged({{"mode", "online"}, {"color", "white"}}, realtime(60, 5)), alice);
  ASSERT_EQ(c.status, 201) << c.body;
  json clock = c.json()["state"]["clock"];
  EXPECT_EQ(clock["type"], "realtime");
  EXPECT_EQ(clock["initial"], 60);
  EXPECT_EQ(clock["increment"], 5);
  EXPECT_EQ(clock["white_ms"], 60000);
  EXPECT_TRUE(clock["running"].is_null());
  EXPECT_TRUE(clock["first_move_deadline"].is_null());
  EXPECT_TRUE(clock["server_time"].is_number_integer());
  std::string id = c.json()["id"];
  // Waiting for an opponent costs no time.
  advance(120'000);
  auto j = call("/api/games/" + id + "/join", json::object(), bob);
  ASSERT_EQ(j.status, 200);
  // White's first move is awaited: no time runs, and it is due in 30 s.
  clock = state(id)["clock"];
  EXPECT_TRUE(clock["running"].is_null());
  EXPECT_EQ(clock["white_ms"], 60000);
  EXPECT_NEAR(clock["first_move_deadline"].get<double>(), static_cast<double>(now() + 30'000), 1000);

  advance(10'000);
  auto m = move(id, c.json()["token"], "E3");
  ASSERT_EQ(m.status, 200) << m.body;
  clock = m.json()["clock"];
  // A first move takes no time and earns no increment; Black's is due now.
  EXPECT_EQ(clock["white_ms"], 60000);
  EXPECT_EQ(clock["black_ms"], 60000);
  EXPECT_TRUE(clock["running"].is_null());
  EXPECT_NEAR(clock["first_move_deadline"].get<double>(), static_cast<double>(now() + 30'000), 1000);
  advance(20'000);
  ASSERT_EQ(move(id, j.json()["token"], "F3").status, 200);
  // Both have moved: White's time runs from here.
  advance(10'000);
  m = move(id, c.json()["token"], "G3");
  ASSERT_EQ(m.status, 200) << m.body;
  clock = m.json()["clock"];
  // 60 s - 10 s + 5 s.
  EXPECT_NEAR(clock["white_ms"].get<double>(), 55000, 1000);
  EXPECT_NEAR(clock["black_ms"].get<double>(), 60000, 1000);
  EXPECT_EQ(clock["running"], "black");
  EXPECT_TRUE(clock["first_move_deadline"].is_null());
  EXPECT_NEAR(clock["server_time"].get<double>(), static_cast<double>(now()), 2000);
}

TEST_F(ClockTest, TheServerEndsTheGameWhenTimeRunsOut) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, realtime(30, 0));
  WsClient watcher(port_, ws_target(g.id));
  ASSERT_EQ(watcher.handshake_status(), 101);
  watcher.next_of_type("state");
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  watcher.next_of_type("state");
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  watcher.next_of_type("state");
  ASSERT_EQ(move(g.id, g.white, "G3").status, 200);
  watcher.next_of_type("state");
  advance(31'000);
  // Nobody asks: the watcher ends it and everyone gets the state.
  json s = watcher.next_of_type("state");
  ASSERT_FALSE(s.is_null());
  s = s["state"];
  EXPECT_EQ(s["end"], "time");
  EXPECT_EQ(s["result"], "white");  // black was to move
  EXPECT_EQ(s["clock"]["black_ms"], 0);
  EXPECT_TRUE(s["clock"]["running"].is_null());
  auto late = move(g.id, g.black, "H3");
  EXPECT_EQ(late.status, 409);
  EXPECT_EQ(state(g.id)["moves"].size(), 3u);
  EXPECT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.black}}).status, 409);
}

TEST_F(ClockTest, CorrespondenceGamesHaveADeadlinePerMove) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, {{"clock", {{"type", "correspondence"}, {"days", 2}}}});
  json clock = state(g.id)["clock"];
  EXPECT_EQ(clock["type"], "correspondence");
  EXPECT_EQ(clock["days"], 2);
  EXPECT_EQ(clock["running"], "white");
  std::int64_t day = 24LL * 3600 * 1000;
  EXPECT_NEAR(clock["deadline"].get<double>(), static_cast<double>(now() + 2 * day), 5000);
  advance(day + day / 2);
  auto m = move(g.id, g.white, "E3");
  ASSERT_EQ(m.status, 200) << m.body;
  EXPECT_NEAR(m.json()["clock"]["deadline"].get<double>(), static_cast<double>(now() + 2 * day), 5000);
  advance(2 * day + 1000);
  json s = wait_state(g.id, [](const json& s) { return s["end"] == "time"; });
  EXPECT_EQ(s["end"], "time");
  EXPECT_EQ(s["result"], "white");
}

TEST_F(ClockTest, BadClocksAreRefused) {
  Browser alice = signup("alice");
  for (const json& clock :
       {json{{"type", "realtime"}, {"initial", 10}}, json{{"type", "realtime"}, {"initial", 10801}},
        json{{"type", "realtime"}, {"initial", 600}, {"increment", 61}}, json{{"type", "realtime"}, {"initial", "600"}},
        json{{"type", "realtime"}}, json{{"type", "correspondence"}, {"days", 0}},
        json{{"type", "correspondence"}, {"days", 15}}, json{{"type", "blitz"}, {"initial", 600}}, json("10+5"),
        json(5)}) {
    auto r = call("/api/games", {{"mode", "online"}, {"clock", clock}}, alice);
    EXPECT_EQ(r.status, 400) << clock << " " << r.body;
  }
  EXPECT_EQ(call("/api/games", merged({{"mode", "local"}}, realtime(60, 0))).status, 400);
  EXPECT_EQ(call("/api/games", merged({{"mode", "engine"}}, realtime(60, 0))).status, 400);
  // Untimed, explicitly.
  EXPECT_EQ(call("/api/games", {{"mode", "online"}, {"clock", nullptr}}).status, 201);
}

TEST_F(ClockTest, AForcedPassIsPlayedByTheServerInTimedGames) {
  Browser alice = signup("alice"), bob = signup("bob");
  bool passed = false;
  for (int seed = 1; seed <= 30 && !passed; ++seed) {
    json options = realtime(600, 0);
    options["random_setup"] = seed;
    Started g = start_online(alice, bob, options);
    ASSERT_FALSE(g.id.empty());
    json s = state(g.id);
    for (int i = 0; i < 200 && s["result"] == "ongoing"; ++i) {
      // Nobody is ever left to play a forced pass.
      ASSERT_NE(s["legal"], json::array({"PASS"})) << "seed " << seed << ": " << s["moves"];
      std::string token = s["to_move"] == "white" ? g.white : g.black;
      auto r = move(g.id, token, s["legal"][0]);
      ASSERT_EQ(r.status, 200) << r.body;
      s = r.json();
    }
    for (const auto& m : s["moves"]) passed = passed || m == "PASS";
  }
  EXPECT_TRUE(passed) << "no game with a forced pass among the seeds";
}

TEST_F(ClockTest, ClocksSurviveARestartAndTimeRunsWhileTheServerIsDown) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, realtime(120, 0));
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);  // first moves: free
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  advance(10'000);
  ASSERT_EQ(move(g.id, g.white, "G3").status, 200);
  advance(20'000);
  restart();
  json clock = state(g.id)["clock"];
  EXPECT_NEAR(clock["white_ms"].get<double>(), 110000, 1500);
  EXPECT_NEAR(clock["black_ms"].get<double>(), 100000, 1500);
  EXPECT_EQ(clock["running"], "black");
  ASSERT_EQ(move(g.id, g.black, "H3").status, 200);

  // Down for longer than White has left: the game is lost on time as soon
  // as the server is back.
  stop();
  advance(115'000);
  start();
  json s = wait_state(g.id, [](const json& s) { return s["end"] == "time"; });
  EXPECT_EQ(s["end"], "time");
  EXPECT_EQ(s["result"], "black");
  EXPECT_EQ(s["clock"]["white_ms"], 0);
  EXPECT_EQ(move(g.id, g.white, "A3").status, 409);
  // And it stays so.
  restart();
  EXPECT_EQ(state(g.id)["end"], "time");
  EXPECT_EQ(state(g.id)["moves"].size(), 4u);
}

}  // namespace
}  // namespace dvonn::server::testing
