// Aborting a game (docs/community-api.md, "Abort"): either player may end
// an online or engine game before both sides have moved, with no result and
// no rating change; a real-time game whose first move does not come within
// 30 s is aborted by the server instead of lost on time. Aborted games stay
// out of the archive, the records and the live list.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class AbortTest : public CommunityTest {
 protected:
  HttpResult abort_game(const std::string& id, const std::string& token) {
    return call("/api/games/" + id + "/abort", {{"token", token}});
  }
  HttpResult move(const std::string& id, const std::string& token, const std::string& m) {
    return call("/api/games/" + id + "/moves", {{"token", token}, {"move", m}});
  }
  static json realtime(int initial) {
    return {{"clock", {{"type", "realtime"}, {"initial", initial}, {"increment", 0}}}, {"rated", true}};
  }
};

TEST_F(AbortTest, EitherPlayerAbortsBeforeBothHaveMovedAndNothingIsRated) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, {{"rated", true}});
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  // Spectators and wrong tokens cannot; the changes nothing.
  EXPECT_EQ(abort_game(g.id, "").status, 403);
  EXPECT_EQ(abort_game(g.id, std::string(32, 'a')).status, 403);
  auto r = abort_game(g.id, g.black);
  ASSERT_EQ(r.status, 200) << r.body;
  json s = r.json();
  EXPECT_EQ(s["end"], "aborted");
  EXPECT_EQ(s["result"], "ongoing");  // no result
  EXPECT_EQ(s["legal"], json::array());
  EXPECT_TRUE(s["rating_changes"].is_null());
  // Over for good: no move, resignation or second abort.
  EXPECT_EQ(move(g.id, g.black, "F3").status, 409);
  EXPECT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.white}}).status, 409);
  EXPECT_EQ(abort_game(g.id, g.white).status, 409);
  // No rating change, no record, not in the archive.
  json profile = get("/api/users/alice").json();
  EXPECT_EQ(profile["user"]["rating"], 1500.0);
  EXPECT_EQ(profile["user"]["games"], 0);
  EXPECT_EQ(profile["record"], json({{"wins", 0}, {"draws", 0}, {"losses", 0}}));
  EXPECT_EQ(profile["rating_history"], json::array());
  EXPECT_EQ(get("/api/archive").json()["games"], json::array());
  // It survives a restart as aborted.
  restart();
  EXPECT_EQ(state(g.id)["end"], "aborted");
  EXPECT_EQ(move(g.id, g.black, "F3").status, 409);
}

TEST_F(AbortTest, OnceBothHaveMovedItIsTooLate) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  auto r = abort_game(g.id, g.white);
  EXPECT_EQ(r.status, 409);
  EXPECT_THAT(r.json().value("error", ""), HasSubstr("resign instead"));
  EXPECT_TRUE(state(g.id)["end"].is_null());
  // Local games have nothing to abort.
  json local = create({{"mode", "local"}});
  EXPECT_EQ(abort_game(local["id"], local["token"]).status, 400);
}

TEST_F(AbortTest, TheCreatorWithdrawsAGameNobodyJoinedOverTheWebSocketToo) {
  Browser alice = signup("alice");
  auto lobby = call("/api/lobby", {{"color", "white"}}, alice);
  ASSERT_EQ(lobby.status, 201);
  WsClient live(port_, "/ws/lobby");
  live.next_of_type("lobby");
  WsClient seat(port_, ws_target(lobby.json()["id"], lobby.json()["token"]));
  seat.next_of_type("state");
  seat.send(json{{"type", "abort"}});
  json s = seat.next_of_type("state");
  ASSERT_FALSE(s.is_null());
  // A lobby game nobody joined is withdrawn, as by its cancel.
  EXPECT_EQ(s["state"]["end"], "cancelled");
  EXPECT_EQ(live.next_of_type("lobby-closed")["id"], lobby.json()["id"]);
  EXPECT_EQ(get("/api/lobby").json()["open"], json::array());
  // A private game by link nobody joined is aborted.
  auto link = call("/api/games", {{"mode", "online"}, {"color", "black"}}, alice);
  ASSERT_EQ(link.status, 201);
  auto r = abort_game(link.json()["id"], link.json()["token"]);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json()["end"], "aborted");
  EXPECT_EQ(call("/api/games/" + link.json()["id"].get<std::string>() + "/join", json::object(), signup("bob")).status,
            409);
}

TEST_F(AbortTest, AFirstMoveThatDoesNotComeAbortsARealTimeGame) {
  Browser alice = signup("alice"), bob = signup("bob");
  // White does not make its first move.
  Started quiet = start_online(alice, bob, realtime(60));
  WsClient watcher(port_, ws_target(quiet.id));
  watcher.next_of_type("state");
  advance(29'000);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(state(quiet.id)["end"].is_null());
  advance(2'000);
  json s = watcher.next_of_type("state");
  ASSERT_FALSE(s.is_null());
  EXPECT_EQ(s["state"]["end"], "aborted");
  EXPECT_EQ(s["state"]["result"], "ongoing");

  // Black does not answer White's first move in time: aborted too, and a
  // late move is refused.
  Started slow = start_online(alice, bob, realtime(60));
  ASSERT_EQ(move(slow.id, slow.white, "E3").status, 200);
  advance(31'000);
  auto late = move(slow.id, slow.black, "F3");
  EXPECT_EQ(late.status, 409);
  json after = wait_state(slow.id, [](const json& st) { return st["end"] == "aborted"; });
  EXPECT_EQ(after["end"], "aborted");
  EXPECT_EQ(after["moves"].size(), 1u);
  // Nobody's rating moved.
  EXPECT_EQ(get("/api/users/alice").json()["user"]["games"], 0);
  EXPECT_EQ(get("/api/users/bob").json()["user"]["rating"], 1500.0);
}

TEST_F(AbortTest, AnEngineGameNobodyPlaysIsNotLive) {
  Browser alice = signup("alice");
  auto engine = call("/api/games", {{"mode", "engine"}, {"level", 1}, {"color", "black"}}, alice);
  ASSERT_EQ(engine.status, 201) << engine.body;
  std::string id = engine.json()["id"];
  // The engine plays White's first move by itself; nobody has moved yet.
  wait_state(id, [](const json& st) { return st["moves"].size() == 1; });
  EXPECT_EQ(get("/api/live").json()["games"], json::array());
  json s = state(id);
  auto r = call("/api/games/" + id + "/moves", {{"token", engine.json()["token"]}, {"move", s["legal"][0]}});
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_EQ(get("/api/live").json()["games"].size(), 1u);
  // Too late to abort: both have moved.
  EXPECT_EQ(abort_game(id, engine.json()["token"]).status, 409);
}

}  // namespace
}  // namespace dvonn::server::testing
