// The API's route table: every row is reachable, refuses bad input with a
// 4xx (never a 5xx), and paths or methods outside the table get a 404 or a
// 405 that names the methods the path has. Paths that are not UTF-8 once
// decoded are 400 (HTTP) or 404 (a game id in a WebSocket query), and no
// answer counts as a server error.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "server/http/api.hpp"
#include "server/http/url.hpp"
#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

// The route's pattern with every {} replaced by a value.
std::string path_of(std::string_view pattern, const std::string& value) {
  std::string path(pattern);
  for (auto at = path.find("{}"); at != std::string::npos; at = path.find("{}")) path.replace(at, 2, value);
  return path;
}

TEST(RouteTable, EveryRowIsOneMethodAndPathUnderApi) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const ApiRoute& route : Api::routes()) {
    EXPECT_TRUE(route.method == "GET" || route.method == "POST") << route.pattern;
    EXPECT_TRUE(route.pattern.starts_with("/api/")) << route.pattern;
    EXPECT_NE(route.handler, nullptr) << route.pattern;
    EXPECT_TRUE(seen.insert({std::string(route.method), std::string(route.pattern)}).second)
        << "twice: " << route.method << " " << route.pattern;
    // A change of state needs a JSON body: a browser cannot send one from
    // another site without asking first.
    if (route.method == "GET") {
      EXPECT_EQ(route.body, Body::None) << route.pattern;
    }
  }
  EXPECT_GE(seen.size(), 20u);
}

TEST(RouteTable, MatchesSegmentsAndNamesTheMethodsOfAKnownPath) {
  auto routes = Api::routes();
  RouteMatch m = match_route(routes, "POST", "/api/games/abc/moves");
  ASSERT_NE(m.route, nullptr);
  EXPECT_EQ(m.route->pattern, "/api/games/{}/moves");
  EXPECT_EQ(m.params, std::vector<std::string>{"abc"});
  // A trailing slash is the same path.
  EXPECT_NE(match_route(routes, "GET", "/api/live/").route, nullptr);
  // A known path with another method: no route, and its methods.
  m = match_route(routes, "DELETE", "/api/lobby");
  EXPECT_EQ(m.route, nullptr);
  EXPECT_EQ(m.methods, (std::vector<std::string>{"GET", "POST"}));
  m = match_route(routes, "GET", "/api/games/abc/moves/extra");
  EXPECT_EQ(m.route, nullptr);
  EXPECT_TRUE(m.methods.empty());
}

TEST(Utf8, AcceptsUtf8AndRefusesTheRest) {
  for (const char* good : {"", "/api/games", "caf\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x8e\xb2", "\xf4\x8f\xbf\xbf"})
    EXPECT_TRUE(is_valid_utf8(good)) << good;
  for (const char* bad : {"\xff", "\xc3\x28", "\xc3", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                          "\xf8\x88\x80\x80\x80", "\x80", "ok\xe2\x82"})
    EXPECT_FALSE(is_valid_utf8(bad)) << bad;
}

class RoutesTest : public ServerTest {
 protected:
  // Many requests from one address: the rate limit has its own tests.
  void configure(ServerConfig& c) override { c.http_rate = 0; }
  std::int64_t server_errors() {
    std::string page = http_request(port_, "GET", "/metrics").body;
    auto at = page.find("dvonn_http_requests_total{code=\"5xx\"} ");
    EXPECT_NE(at, std::string::npos);
    return std::stoll(page.substr(page.find(' ', at) + 1));
  }
};

// Every row, called as a stranger would with an unknown game, no session and
// bodies that are wrong in each way: a 2xx or a 4xx with a JSON error,
// never a 5xx.
TEST_F(RoutesTest, EveryRouteRefusesBadInputWithA4xx) {
  for (const ApiRoute& route : Api::routes()) {
    std::string path = path_of(route.pattern, "nosuchgame");
    std::string what = std::string(route.method) + " " + path;
    for (const char* body : {"", "not json", "[1, 2]", "{\"token\": 7, \"move\": [], \"name\": 1}", "{}"}) {
      auto r = http_request(port_, std::string(route.method), path, body);
      EXPECT_LT(r.status, 500) << what << " with " << body << ": " << r.body;
      EXPECT_NE(r.status, 429) << what;
      if (r.status >= 400) {
        json error = json::parse(r.body, nullptr, false);
        EXPECT_TRUE(error.is_object() && error.contains("error")) << what << ": " << r.body;
      }
    }
  }
  EXPECT_EQ(server_errors(), 0);
}

TEST_F(RoutesTest, UnknownPathsAre404AndOtherMethods405) {
  auto r = http_request(port_, "GET", "/api/nothing/here");
  EXPECT_EQ(r.status, 404);
  EXPECT_THAT(r.body, HasSubstr("unknown API path"));
  r = http_request(port_, "GET", "/api/games");
  EXPECT_EQ(r.status, 405);
  EXPECT_THAT(r.json().value("error", ""), HasSubstr("use POST for /api/games"));
  r = http_request(port_, "DELETE", "/api/lobby");
  EXPECT_EQ(r.status, 405);
  EXPECT_THAT(r.json().value("error", ""), HasSubstr("use GET or POST for /api/lobby"));
  // A POST that is not JSON is refused before the table is asked.
  r = http_request(port_, "POST", "/api/games", "{}", {{"Content-Type", "text/plain"}});
  EXPECT_EQ(r.status, 415);
}

// A route for users only: 401 without a session, whatever the body.
TEST_F(RoutesTest, UserRoutesNeedASession) {
  for (const ApiRoute& route : Api::routes()) {
    if (route.access != Access::User) continue;
    std::string path = path_of(route.pattern, "nosuchgame");
    auto r = http_request(port_, std::string(route.method), path, route.body == Body::None ? "" : "{}");
    EXPECT_EQ(r.status, 401) << route.method << " " << path << ": " << r.body;
  }
}

TEST_F(RoutesTest, PathsThatAreNotUtf8AreRefusedNotServerErrors) {
  for (const char* target : {"/api/%ff", "/api/games/%C3%28", "/api/users/%ff%fe", "/%ff", "/api/archive%c0%af"}) {
    auto r = http_request(port_, "GET", target);
    EXPECT_EQ(r.status, 400) << target << ": " << r.body;
    EXPECT_THAT(r.body, HasSubstr("UTF-8")) << target;
  }
  auto r = http_request(port_, "POST", "/api/games/%C3%28/moves", "{}");
  EXPECT_EQ(r.status, 400) << r.body;
  // A game id in the WebSocket's query: no such game, answered (not a
  // dropped connection).
  WsClient ws(port_, "/ws?game=%ff");
  EXPECT_EQ(ws.handshake_status(), 404);
  EXPECT_EQ(server_errors(), 0);
}

}  // namespace
}  // namespace dvonn::server::testing
