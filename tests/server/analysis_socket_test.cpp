// The analysis board's engine over /ws/analysis (docs/community-api.md
// "Analysis board"): lines arrive depth by depth up to the cap, exact where
// the solver proves them; stop and a new request end an analysis; bad input
// is refused with a message and starts nothing; one address has its share
// of analyses; live games' engine moves are still answered meanwhile.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <set>
#include <thread>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

// Random setup 42, at the start of the movement phase: far from solved.
const std::string kOpening = "bwwwbbdbb/dwbdbbwwbb/bbbbwwbwwww/wbwbbbwwww/wwwbbwbbw move w";
// Late in a game (tests/data/review-game.txt after 20 plies): the solver
// proves it, White wins by 30.
const std::string kSolvable = "4b1(wbwbwb)d1/5wb1w(bwbw)/4(bwb)1wd3/4dww(wbwbw)2/3(bw)ww3 move w";
// Three Dvonn pieces placed, Black to place.
const std::string kPlacement = "2d6/7d2/11/10/d8 place b";

class AnalysisSocketTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.analysis_depth = 4;
    c.analysis_nodes = 5'000'000;
    c.analysis_seconds = 60;
    c.analyses_per_address = 2;
    // As the engine pool's: this machine's other work (builds) would
    // otherwise leave the analyses almost no CPU. The fairness test keeps
    // the real value.
    c.analysis_nice = 10;
  }
  std::unique_ptr<WsClient> connect() {
    auto ws = std::make_unique<WsClient>(port_, "/ws/analysis");
    EXPECT_EQ(ws->handshake_status(), 101);
    return ws;
  }
  static json analyse(const std::string& position, int lines = 1) {
    return {{"type", "analyse"}, {"position", position}, {"lines", lines}};
  }
  // Sends a ping and returns what came before its pong.
  static std::vector<json> until_pong(WsClient& ws) {
    ws.send(json{{"type", "ping"}});
    std::vector<json> before;
    for (;;) {
      json m = ws.next(30);
      if (m.is_null() || m["type"] == "pong") return before;
      before.push_back(m);
    }
  }
};

// Long analyses: only a stop, a replacement or the connection ends them.
class LongAnalysisTest : public AnalysisSocketTest {
 protected:
  void configure(ServerConfig& c) override {
    AnalysisSocketTest::configure(c);
    c.analysis_depth = 60;
    c.analysis_nodes = 100'000'000'000ull;
    c.analysis_seconds = 3600;
  }
};

void expect_lines(const json& m, const std::string& position, std::size_t count) {
  ASSERT_EQ(m["type"], "lines") << m;
  EXPECT_EQ(m["position"], position);
  EXPECT_GE(m["depth"].get<int>(), 1) << m;
  EXPECT_GT(m["nodes"].get<std::uint64_t>(), 0u) << m;
  ASSERT_EQ(m["lines"].size(), count) << m;
  for (const json& line : m["lines"]) {
    EXPECT_TRUE(line["score"].is_number()) << line;
    EXPECT_TRUE(line["exact"].is_boolean()) << line;
    ASSERT_FALSE(line["moves"].empty()) << line;
    EXPECT_TRUE(line["moves"][0].is_string()) << line;
  }
}

TEST_F(AnalysisSocketTest, LinesArriveDepthByDepthUntilTheCap) {
  auto ws = connect();
  ws->send(analyse(kOpening, 2));
  json accepted = ws->next_of_type("analysing");
  ASSERT_EQ(accepted["position"], kOpening) << accepted;
  EXPECT_EQ(accepted["lines"], 2);
  int last_depth = 0;
  std::set<std::string> first_moves;
  for (;;) {
    json m = ws->next(60);
    ASSERT_FALSE(m.is_null()) << "no analysis-done";
    if (m["type"] == "analysis-done") {
      EXPECT_EQ(m["reason"], "finished");
      EXPECT_EQ(m["id"], accepted["id"]);
      break;
    }
    expect_lines(m, kOpening, 2);
    EXPECT_EQ(m["id"], accepted["id"]);
    EXPECT_GT(m["depth"].get<int>(), last_depth) << m;
    last_depth = m["depth"];
    // Two different moves, the better first (White's view, White to move).
    EXPECT_NE(m["lines"][0]["moves"][0], m["lines"][1]["moves"][0]);
    EXPECT_GE(m["lines"][0]["score"].get<double>(), m["lines"][1]["score"].get<double>()) << m;
    EXPECT_FALSE(m["exact"].get<bool>());
  }
  EXPECT_EQ(last_depth, 4);
  // Done: a new analysis on the same connection, of a placement position.
  ws->send(analyse(kPlacement, 3));
  ASSERT_EQ(ws->next_of_type("analysing")["position"], kPlacement);
  json lines = ws->next_of_type("lines", 60);
  expect_lines(lines, kPlacement, 3);
}

TEST_F(AnalysisSocketTest, ASolvedPositionHasExactLines) {
  auto ws = connect();
  ws->send(analyse(kSolvable, 2));
  json lines = ws->next_of_type("lines", 60);
  expect_lines(lines, kSolvable, 2);
  EXPECT_TRUE(lines["exact"].get<bool>()) << lines;
  EXPECT_EQ(lines["lines"][0]["score"], 30) << lines;
  EXPECT_TRUE(lines["lines"][0]["exact"].get<bool>());
  EXPECT_EQ(lines["lines"][0]["moves"][0], "F2G2");
  EXPECT_EQ(ws->next_of_type("analysis-done", 60)["reason"], "finished");
}

TEST_F(AnalysisSocketTest, ScoresAreWhitesViewWhenBlackIsToMove) {
  // The solved position after White's best move: Black to move, still +30.
  auto ws = connect();
  const std::string after = "6(wbwbwb)d1/6(bw)1w(bwbw)/4(bwb)1wd3/4dww(wbwbw)2/3(bw)ww3 move b";
  ws->send(analyse(after));
  json lines = ws->next_of_type("lines", 60);
  expect_lines(lines, after, 1);
  ASSERT_TRUE(lines["exact"].get<bool>()) << "not solved: " << lines;
  EXPECT_EQ(lines["lines"][0]["score"], 30) << lines;
}

TEST_F(LongAnalysisTest, StopEndsItAndNothingFollows) {
  auto ws = connect();
  ws->send(analyse(kOpening));
  json accepted = ws->next_of_type("analysing");
  expect_lines(ws->next_of_type("lines", 60), kOpening, 1);
  ws->send(json{{"type", "stop"}});
  json done = ws->next_of_type("analysis-done", 30);
  EXPECT_EQ(done["reason"], "stopped");
  EXPECT_EQ(done["id"], accepted["id"]);
  // Nothing of it comes after its end.
  EXPECT_TRUE(until_pong(*ws).empty());
  // A stop with nothing running says nothing.
  ws->send(json{{"type", "stop"}});
  EXPECT_TRUE(until_pong(*ws).empty());
}

TEST_F(LongAnalysisTest, ANewRequestReplacesTheRunningOne) {
  auto ws = connect();
  ws->send(analyse(kOpening));
  json first = ws->next_of_type("analysing");
  expect_lines(ws->next_of_type("lines", 60), kOpening, 1);
  ws->send(analyse(kPlacement, 2));
  // The first ends as replaced; from then on only the second's lines.
  json m;
  do {
    m = ws->next(30);
    ASSERT_FALSE(m.is_null());
    if (m["type"] == "lines") {
      EXPECT_EQ(m["id"], first["id"]);
    }
  } while (m["type"] != "analysis-done");
  EXPECT_EQ(m["reason"], "replaced");
  EXPECT_EQ(m["id"], first["id"]);
  json second = ws->next(30);
  ASSERT_EQ(second["type"], "analysing") << second;
  EXPECT_EQ(second["position"], kPlacement);
  EXPECT_NE(second["id"], first["id"]);
  for (int i = 0; i < 2; ++i) {
    json lines = ws->next(60);
    expect_lines(lines, kPlacement, 2);
    EXPECT_EQ(lines["id"], second["id"]);
  }
  ws->send(json{{"type", "stop"}});
  EXPECT_EQ(ws->next_of_type("analysis-done", 30)["id"], second["id"]);
}

TEST_F(AnalysisSocketTest, BadInputIsRefusedWithAMessageAndStartsNothing) {
  auto ws = connect();
  struct Case {
    std::string sent;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"not json", "malformed JSON"},
      {R"({"type":"analyse"})", "needs \"position\""},
      {R"({"type":"analyse","position":42})", "needs \"position\""},
      {R"({"type":"analyse","position":"   "})", "empty"},
      {json{{"type", "analyse"}, {"position", std::string(500, 'w')}}.dump(), "too long"},
      {json{{"type", "analyse"}, {"position", "9/10/11/10/9 place w"}, {"lines", 0}}.dump(), "from 1 to 3"},
      {json{{"type", "analyse"}, {"position", "9/10/11/10/9 place w"}, {"lines", 4}}.dump(), "from 1 to 3"},
      {json{{"type", "analyse"}, {"position", "9/10/11/10/9 place w"}, {"lines", "2"}}.dump(), "from 1 to 3"},
      {json{{"type", "analyse"}, {"position", "9/10/11/10 place w"}}.dump(), "not legal"},
      {json{{"type", "analyse"}, {"position", "9/10/11/10/9 place b"}}.dump(), "not legal"},
      {json{{"type", "analyse"}, {"position", "9/10/11/10/9 fly w"}}.dump(), "not legal"},
      {R"({"type":"move","move":"E3"})", "accepts analyse, stop and ping"},
  };
  for (const Case& c : cases) {
    ws->send(c.sent);
    std::vector<json> got = until_pong(*ws);
    ASSERT_EQ(got.size(), 1u) << c.sent;
    EXPECT_EQ(got[0]["type"], "error") << got[0];
    EXPECT_NE(got[0]["message"].get<std::string>().find(c.says), std::string::npos)
        << c.sent << " -> " << got[0]["message"];
  }
  // A finished game's last position: nothing to analyse.
  ws->send(analyse("6(wbwbwb)d1/8(wbw)(bwbw)/6(www)(dbwbw)3/4(dw)2(wbwbw)2/3(bw)5 move b"));
  std::vector<json> got = until_pong(*ws);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0]["type"], "error") << got[0];
  // The connection is still good for a real request.
  ws->send(analyse(kOpening));
  EXPECT_EQ(ws->next_of_type("analysing")["position"], kOpening);
  EXPECT_EQ(ws->next_of_type("analysis-done", 60)["reason"], "finished");
}

TEST_F(LongAnalysisTest, AnAddressHasItsShareAndKeepsItsConnections) {
  auto a = connect(), b = connect(), c = connect();
  a->send(analyse(kOpening));
  ASSERT_EQ(a->next_of_type("analysing")["position"], kOpening);
  b->send(analyse(kOpening));
  ASSERT_EQ(b->next_of_type("analysing")["position"], kOpening);
  c->send(analyse(kOpening));
  json refused = c->next(30);
  ASSERT_EQ(refused["type"], "error") << refused;
  EXPECT_NE(refused["message"].get<std::string>().find("at most 2"), std::string::npos) << refused;
  // A connection with one running may still replace it.
  a->send(analyse(kPlacement));
  EXPECT_EQ(a->next_of_type("analysing")["position"], kPlacement);
  // Once one stops, the refused connection (still open) may start.
  b->send(json{{"type", "stop"}});
  ASSERT_EQ(b->next_of_type("analysis-done", 30)["reason"], "stopped");
  c->send(analyse(kOpening));
  EXPECT_EQ(c->next_of_type("analysing")["position"], kOpening);
  // A closed connection's analysis ends with it, and frees its place.
  c.reset();
  json started;
  for (int i = 0; i < 500 && started["type"] != "analysing"; ++i) {
    b->send(analyse(kOpening));
    started = b->next(30);
    if (started["type"] == "error") std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(started["type"], "analysing") << started;
}

// At the server's own priority for analyses.
class AnalysisFairnessTest : public LongAnalysisTest {
 protected:
  void configure(ServerConfig& c) override {
    LongAnalysisTest::configure(c);
    c.analysis_nice = ServerConfig{}.analysis_nice;
    c.analysis_threads = 2;
  }
};

TEST_F(AnalysisFairnessTest, LiveEngineMovesAreStillAnsweredWhileAnalysesRun) {
  auto a = connect(), b = connect();
  a->send(analyse(kOpening, 3));
  b->send(analyse(kOpening, 2));
  expect_lines(a->next_of_type("lines", 60), kOpening, 3);
  expect_lines(b->next_of_type("lines", 60), kOpening, 2);
  // An engine game: the engine (white) opens, then answers our placement.
  auto g = call("/api/games", {{"mode", "engine"}, {"level", 1}, {"color", "black"}});
  ASSERT_EQ(g.status, 201) << g.body;
  std::string game = g.json()["id"];
  std::string token = g.json()["token"];
  json s = wait_state(
      game, [](const json& st) { return st["moves"].size() >= 1; }, 30);
  ASSERT_EQ(s["moves"].size(), 1u) << s;
  ASSERT_EQ(call("/api/games/" + game + "/moves", {{"token", token}, {"move", s["legal"][0]}}).status, 200);
  s = wait_state(
      game, [](const json& st) { return st["moves"].size() >= 3; }, 30);
  EXPECT_EQ(s["moves"].size(), 3u) << s;
  // The analyses were still at work meanwhile: neither has ended.
  for (WsClient* ws : {a.get(), b.get()}) {
    ws->send(json{{"type", "stop"}});
    EXPECT_EQ(ws->next_of_type("analysis-done", 30)["reason"], "stopped");
  }
}

TEST_F(AnalysisSocketTest, TheEndpointIsAWebSocketForThisSitesPagesOnly) {
  // The endpoint is a WebSocket: a plain GET is told so.
  auto r = get("/ws/analysis");
  EXPECT_EQ(r.status, 400) << r.body;
  // Another site's page may not open it.
  WsClient foreign(port_, "/ws/analysis", {{"Origin", "https://evil.example"}});
  EXPECT_EQ(foreign.handshake_status(), 403);
}

}  // namespace
}  // namespace dvonn::server::testing
