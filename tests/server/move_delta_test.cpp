// Moves as small messages (docs/server-api.md, "Move deltas"): a watcher
// that asks for them (/ws?game=ID&deltas=1) gets {"type": "move"} for an
// ordinary move and the whole state for anything else; applied to the state
// before, a move message gives exactly the state a watcher of whole states
// gets.
#include "server/rooms/move_delta.hpp"

#include <gtest/gtest.h>

#include "gameplay_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

// A move message applied to the state before it, as the browser does
// (web/js/move_delta.js).
json applied(json state, const json& delta) {
  for (const auto& [key, value] : delta["state"].items()) state[key] = value;
  state["moves"].push_back(delta["move"]);
  return state;
}

class MoveDeltaTest : public GameplayTest {
 protected:
  struct Message {
    std::string text;
    json body;
  };
  // The next state or move message (pongs and the like skipped).
  static Message next_state(WsClient& ws) {
    for (;;) {
      auto text = ws.receive(10);
      if (!text) return {};
      json m = json::parse(*text);
      if (m["type"] == "state" || m["type"] == "move") return {*text, m};
    }
  }
  std::unique_ptr<WsClient> watch_deltas(const std::string& id) {
    auto ws = std::make_unique<WsClient>(port_, "/ws?game=" + id + "&deltas=1");
    EXPECT_EQ(ws->handshake_status(), 101);
    return ws;
  }
  // A legal move of the state (the first one: games end quickly enough).
  static std::string some_move(const json& s) { return s["legal"].empty() ? "" : s["legal"][0].get<std::string>(); }
};

TEST_F(MoveDeltaTest, OrdinaryMovesComeAsSmallMessagesThatGiveTheWholeState) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, realtime(600, false));
  auto deltas = watch_deltas(g.id);
  auto whole = watch(g.id);
  json held = next_state(*deltas).body["state"];
  ASSERT_FALSE(held.is_null());
  int delta_count = 0;
  std::size_t delta_bytes = 0, state_bytes = 0;
  for (int i = 0; i < 300; ++i) {
    std::string m = some_move(held);
    if (m.empty() || held["result"] != "ongoing") break;
    auto r = move(g.id, held["to_move"] == "white" ? g.white : g.black, m);
    ASSERT_EQ(r.status, 200) << r.body;
    Message full = next_state(*whole);
    Message got = next_state(*deltas);
    ASSERT_EQ(full.body["type"], "state");
    if (got.body["type"] == "move") {
      ++delta_count;
      delta_bytes += got.text.size();
      state_bytes += full.text.size();
      EXPECT_LT(got.text.size(), full.text.size());
      EXPECT_EQ(got.body["move"], m);
      EXPECT_EQ(got.body["version"], held["version"].get<std::int64_t>() + 1);
      held = applied(held, got.body);
    } else {
      held = got.body["state"];
    }
    ASSERT_EQ(held, full.body["state"]) << "after move " << i << " " << m;
  }
  // Every move but the last (the end goes out whole) was a small message.
  EXPECT_NE(held["result"], "ongoing");
  EXPECT_EQ(delta_count, static_cast<int>(held["moves"].size()) - 1);
  EXPECT_LT(delta_bytes, state_bytes) << delta_bytes << " bytes of moves for " << state_bytes << " of states";
  std::cout << "move delta test: " << delta_count << " moves, " << delta_bytes / delta_count
            << " bytes a move message, " << state_bytes / delta_count << " a whole state\n";
}

TEST_F(MoveDeltaTest, ATakebackGoesOutWholeAndMovesAfterItAreSmallAgain) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  auto deltas = watch_deltas(g.id);
  json held = next_state(*deltas).body["state"];
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  Message m = next_state(*deltas);
  ASSERT_EQ(m.body["type"], "move");
  held = applied(held, m.body);
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  m = next_state(*deltas);
  ASSERT_EQ(m.body["type"], "move");
  held = applied(held, m.body);
  ASSERT_EQ(seat_call(g.id, "takeback", g.white).status, 200);
  m = next_state(*deltas);
  ASSERT_EQ(m.body["type"], "state");  // the request (a live field) changes no move
  EXPECT_FALSE(m.body["state"]["takeback"].is_null());
  auto accepted = seat_call(g.id, "takeback/accept", g.black);
  ASSERT_EQ(accepted.status, 200);
  m = next_state(*deltas);
  ASSERT_EQ(m.body["type"], "state");
  EXPECT_EQ(m.body["state"]["moves"], json::array());
  EXPECT_EQ(m.body["state"], accepted.json());
  held = m.body["state"];
  auto r = move(g.id, g.white, "C3");
  ASSERT_EQ(r.status, 200);
  m = next_state(*deltas);
  ASSERT_EQ(m.body["type"], "move");
  EXPECT_EQ(applied(held, m.body), r.json());
}

TEST_F(MoveDeltaTest, AClientThatMissedAMoveGetsBackToTheRightState) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  auto deltas = watch_deltas(g.id);
  json held = next_state(*deltas).body["state"];
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  auto last = move(g.id, g.white, "C3");
  ASSERT_EQ(last.status, 200);
  // The client lost the first move message: the next ones do not follow
  // the state it has, which it sees by their versions.
  Message lost = next_state(*deltas);
  ASSERT_EQ(lost.body["type"], "move");
  Message next = next_state(*deltas);
  ASSERT_EQ(next.body["type"], "move");
  EXPECT_NE(next.body["version"], held["version"].get<std::int64_t>() + 1);
  // It fetches the whole state, as the browser does, and goes on from it.
  held = state(g.id);
  EXPECT_EQ(held["moves"], json::array({"E3", "F3", "C3"}));
  Message third = next_state(*deltas);
  ASSERT_EQ(third.body["type"], "move");
  EXPECT_LE(third.body["version"], held["version"]);  // already had
  auto r = move(g.id, g.black, "D3");
  ASSERT_EQ(r.status, 200);
  Message fourth = next_state(*deltas);
  ASSERT_EQ(fourth.body["type"], "move");
  EXPECT_EQ(applied(held, fourth.body), r.json());
}

TEST_F(MoveDeltaTest, WatchersWithoutTheOptionGetWholeStatesAsBefore) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  auto ws = watch(g.id);
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  auto m = ws->next();
  EXPECT_EQ(m["type"], "state");
  EXPECT_EQ(m["state"]["moves"], json::array({"E3"}));
}

// The message is made only when what it leaves out is unchanged.
TEST(MoveDeltaMessage, OnlyForOneOrdinaryMoveOnFromTheStateBefore) {
  auto state = [](const std::string& players, const std::string& moves, int version, const std::string& result) {
    return R"({"id":"g1","mode":"online","level":null,"seats":{},"phase":"placement","to_move":"white","placed":1,)"
           R"("next_piece":"dvonn","score":{"white":0,"black":0},"moves":)" +
           moves + R"(,"stacks":{},"last_move":null,"removed":{},"legal":["A1"],"result":")" + result +
           R"(","position":"p","version":)" + std::to_string(version) + R"(,"players":)" + players +
           R"(,"rated":false,"started":true,"end":null,"rating_changes":null,"tournament":null,"clock":null,)"
           R"("rematch":null,"takeback":null,"away":null})";
  };
  const std::string p = R"({"white":{"name":"a"},"black":{"name":"b"}})";
  auto before = state(p, R"(["E3"])", 4, "ongoing");
  auto delta = move_delta_message(before, state(p, R"(["E3","F3"])", 5, "ongoing"));
  ASSERT_TRUE(delta);
  json d = json::parse(*delta);
  EXPECT_EQ(d["move"], "F3");
  EXPECT_EQ(applied(json::parse(before), d), json::parse(state(p, R"(["E3","F3"])", 5, "ongoing")));
  EXPECT_TRUE(move_delta_message(state(p, "[]", 0, "ongoing"), state(p, R"(["E3"])", 1, "ongoing")));
  // A version skipped, a takeback, the same moves, the end, other players.
  EXPECT_FALSE(move_delta_message(before, state(p, R"(["E3","F3"])", 6, "ongoing")));
  EXPECT_FALSE(move_delta_message(before, state(p, "[]", 5, "ongoing")));
  EXPECT_FALSE(move_delta_message(before, state(p, R"(["E3"])", 5, "ongoing")));
  EXPECT_FALSE(move_delta_message(before, state(p, R"(["E3","F3"])", 5, "white")));
  EXPECT_FALSE(move_delta_message(before, state(R"({"white":null})", R"(["E3","F3"])", 5, "ongoing")));
  EXPECT_FALSE(move_delta_message(before, "{}"));
  EXPECT_FALSE(move_delta_message("", before));
}

}  // namespace
}  // namespace dvonn::server::testing
