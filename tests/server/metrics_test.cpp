// GET /metrics (docs/server.md, "Monitoring"): the Prometheus text format,
// with requests, latencies, moves, games, WebSockets and queues.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "community_fixture.hpp"
#include "server/http/browser_security.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class MetricsTest : public CommunityTest {
 protected:
  // Sample name (with labels) -> value; checks every line's syntax.
  std::map<std::string, double> scrape() {
    auto r = http_request(port_, "GET", "/metrics");
    EXPECT_EQ(r.status, 200);
    EXPECT_THAT(r.content_type, HasSubstr("text/plain; version=0.0.4"));
    std::map<std::string, double> samples;
    std::map<std::string, std::string> types;
    std::istringstream in(r.body);
    std::regex sample(R"(^([a-z_]+)(\{[a-z]+="[^"]*"\})? ([0-9.e+-]+)$)");
    std::regex type(R"(^# TYPE ([a-z_]+) (counter|gauge|histogram)$)");
    std::regex help(R"(^# HELP ([a-z_]+) .+$)");
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (std::regex_match(line, m, type)) {
        types[m[1]] = m[2];
      } else if (!std::regex_match(line, help)) {
        EXPECT_TRUE(std::regex_match(line, m, sample)) << "not a sample: " << line;
        if (m.empty()) continue;
        std::string family = m[1];
        for (const char* suffix : {"_bucket", "_sum", "_count"})
          if (family.ends_with(suffix) && types.count(family.substr(0, family.size() - std::strlen(suffix))))
            family = family.substr(0, family.size() - std::strlen(suffix));
        EXPECT_TRUE(types.count(family)) << "no # TYPE before " << line;
        samples[m[1].str() + m[2].str()] = std::stod(m[3].str());
      }
    }
    EXPECT_TRUE(r.body.ends_with("\n"));
    return samples;
  }
};

TEST_F(MetricsTest, CountsRequestsMovesGamesAndWebSockets) {
  auto before = scrape();
  EXPECT_EQ(before["dvonn_moves_total"], 0);
  EXPECT_EQ(before["dvonn_websockets"], 0);
  EXPECT_EQ(before["dvonn_lobby_open_games"], 0);

  Browser alice = signup("alice");
  ASSERT_EQ(call("/api/lobby", {{"color", "white"}}, alice).status, 201);
  json g = post(port_, "/api/games", {{"mode", "local"}}).json();
  std::string id = g["id"];
  auto first = post(port_, "/api/games/" + id + "/moves", {{"token", g["token"]}, {"move", "E3"}});
  ASSERT_EQ(first.status, 200);
  WsClient w(port_, "/ws?game=" + id);
  ASSERT_EQ(w.handshake_status(), 101);
  w.next();
  w.send(json{{"type", "move"}, {"move", first.json()["legal"][0]}, {"token", g["token"]}});
  w.state_with_moves(2);
  EXPECT_EQ(get("/api/games/nosuchgame").status, 404);

  // The WebSocket move is counted when its reply comes back, which may be
  // just after the new state reached the watchers: wait a moment for it.
  auto after = scrape();
  for (int i = 0; i < 100 && after["dvonn_moves_total"] < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    after = scrape();
  }
  EXPECT_EQ(after["dvonn_moves_total"], 2);
  EXPECT_EQ(after["dvonn_websockets"], 1);
  EXPECT_EQ(after["dvonn_lobby_open_games"], 1);
  EXPECT_GE(after["dvonn_rooms"], 2);
  EXPECT_GE(after["dvonn_http_requests_total{code=\"2xx\"}"] - before["dvonn_http_requests_total{code=\"2xx\"}"], 4);
  EXPECT_GE(after["dvonn_http_requests_total{code=\"4xx\"}"] - before["dvonn_http_requests_total{code=\"4xx\"}"], 1);
  EXPECT_GT(after["dvonn_store_transactions_total"], before["dvonn_store_transactions_total"]);
  EXPECT_EQ(after["dvonn_store_errors_total"], 0);
  EXPECT_EQ(after["dvonn_engine_queue"], 0);
  EXPECT_EQ(after["dvonn_auth_queue"], 0);
  // The histogram's buckets only grow, up to the count.
  double last = 0;
  for (const char* le : {"0.005", "0.01", "0.1", "1", "10", "+Inf"}) {
    std::string key = std::string("dvonn_http_request_duration_seconds_bucket{le=\"") + le + "\"}";
    ASSERT_TRUE(after.count(key)) << key;
    EXPECT_GE(after[key], last) << key;
    last = after[key];
  }
  EXPECT_EQ(last, after["dvonn_http_request_duration_seconds_count"]);
  EXPECT_GT(after["dvonn_http_request_duration_seconds_sum"], 0);
}

class AccessLogTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.access_log = true;
  }
};

TEST_F(AccessLogTest, OneJsonLinePerRequestWithoutTheQuery) {
  // The log goes to stderr; the line is written before the answer is sent.
  std::stringstream captured;
  auto* old = std::cerr.rdbuf(captured.rdbuf());
  int status = http_request(port_, "GET", "/api/games/nosuchgame?token=secret123").status;
  int created = post(port_, "/api/games", {{"mode", "local"}}).status;
  std::cerr.rdbuf(old);
  EXPECT_EQ(status, 404);
  EXPECT_EQ(created, 201);
  std::vector<json> lines;
  for (std::string line; std::getline(captured, line);) {
    json j = json::parse(line, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << "not JSON: " << line;
    if (!j.is_discarded()) lines.push_back(j);
  }
  ASSERT_EQ(lines.size(), 2u) << captured.str();
  EXPECT_EQ(lines[0]["method"], "GET");
  EXPECT_EQ(lines[0]["path"], "/api/games/nosuchgame");  // no token
  EXPECT_EQ(lines[0]["status"], 404);
  EXPECT_EQ(lines[0]["address"], "127.0.0.1");
  EXPECT_TRUE(lines[0]["ms"].is_number());
  EXPECT_TRUE(lines[0]["time_ms"].is_number_integer());
  EXPECT_EQ(lines[1]["method"], "POST");
  EXPECT_EQ(lines[1]["status"], 201);
  EXPECT_THAT(captured.str(), ::testing::Not(HasSubstr("secret123")));
}

TEST(MetricsAccess, LoopbackOrTheTokenOnly) {
  const std::string token = "a-long-enough-token";
  for (const char* peer : {"127.0.0.1", "127.3.4.5", "::1", "::ffff:127.0.0.1"})
    EXPECT_TRUE(metrics_allowed(peer, false, false, "", "")) << peer;
  for (const char* peer : {"10.0.0.7", "192.168.1.2", "2001:db8::1", "::ffff:10.0.0.7", "unknown", ""})
    EXPECT_FALSE(metrics_allowed(peer, false, false, "", "")) << peer;
  // Behind a proxy on this machine, a forwarded request is someone else's.
  EXPECT_FALSE(metrics_allowed("127.0.0.1", true, true, "", ""));
  EXPECT_TRUE(metrics_allowed("127.0.0.1", false, true, "", ""));
  // Not behind a proxy, the header is anyone's to send and changes nothing.
  EXPECT_TRUE(metrics_allowed("127.0.0.1", true, false, "", ""));
  // The token, from anywhere; a wrong or empty one is nothing.
  EXPECT_TRUE(metrics_allowed("10.0.0.7", true, true, "Bearer " + token, token));
  EXPECT_FALSE(metrics_allowed("10.0.0.7", true, true, "Bearer wrong-token-here!!", token));
  EXPECT_FALSE(metrics_allowed("10.0.0.7", false, false, "Bearer ", ""));
  EXPECT_FALSE(metrics_allowed("10.0.0.7", false, false, token, token));
}

class ProxiedMetricsTest : public ServerTest {
 protected:
  void configure(ServerConfig& c) override {
    c.behind_proxy = true;
    c.metrics_token = "a-long-enough-token";
  }
};

TEST_F(ProxiedMetricsTest, AForwardedRequestNeedsTheToken) {
  EXPECT_EQ(http_request(port_, "GET", "/metrics").status, 200);  // the proxy's own host
  auto forwarded = http_request(port_, "GET", "/metrics", "", {{"X-Forwarded-For", "203.0.113.9"}});
  EXPECT_EQ(forwarded.status, 404);
  EXPECT_THAT(forwarded.body, ::testing::Not(HasSubstr("dvonn_")));
  auto wrong = http_request(port_, "GET", "/metrics", "",
                            {{"X-Forwarded-For", "203.0.113.9"}, {"Authorization", "Bearer not-the-token-at-all"}});
  EXPECT_EQ(wrong.status, 404);
  auto scraper = http_request(port_, "GET", "/metrics", "",
                              {{"X-Forwarded-For", "203.0.113.9"}, {"Authorization", "Bearer a-long-enough-token"}});
  EXPECT_EQ(scraper.status, 200);
  EXPECT_THAT(scraper.body, HasSubstr("dvonn_http_requests_total"));
}

}  // namespace
}  // namespace dvonn::server::testing
