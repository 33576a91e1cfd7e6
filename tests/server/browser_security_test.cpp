// Browser security (docs/server.md, "Browser security"): other sites' pages
// can neither change state (log-in CSRF) nor open WebSockets; the headers
// refuse framing and foreign scripts; behind a proxy that says so, cookies
// are Secure and the client's address comes from X-Forwarded-For; seat
// tokens need not travel in URLs.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

class BrowserSecurityTest : public CommunityTest {};

TEST_F(BrowserSecurityTest, ACrossSiteFormCannotLogABrowserIn) {
  signup("mallory", "mallory's password");
  // What an HTML form on another site can send: no preflight, no cookie.
  std::string body = R"({"name": "mallory", "password": "mallory's password"})";
  for (std::string type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"}) {
    auto r = http_request(port_, "POST", "/api/auth/login", body, {{"Content-Type", type}});
    EXPECT_EQ(r.status, 415) << type << ": " << r.body;
    EXPECT_EQ(r.header("Set-Cookie"), "") << type;
  }
  auto r = http_request(port_, "POST", "/api/auth/signup", R"({"name": "victim2", "password": "long enough pw"})",
                        {{"Content-Type", "text/plain"}});
  EXPECT_EQ(r.status, 415);
  EXPECT_EQ(get("/api/users/victim2").status, 404);
  EXPECT_EQ(http_request(port_, "POST", "/api/games", R"({"mode": "local"})", {{"Content-Type", "text/plain"}}).status,
            415);
  // JSON still works.
  EXPECT_EQ(post(port_, "/api/auth/login", json::parse(body)).status, 200);
}

TEST_F(BrowserSecurityTest, StateChangesFromAnotherOriginAreRefused) {
  std::string own = "http://127.0.0.1:" + std::to_string(port_);
  std::string body = R"({"mode": "local"})";
  for (std::string origin : {"http://evil.example", "https://127.0.0.1.evil.example", "null", "http://127.0.0.2"}) {
    auto r = http_request(port_, "POST", "/api/games", body, {{"Origin", origin}});
    EXPECT_EQ(r.status, 403) << origin << ": " << r.body;
  }
  EXPECT_EQ(http_request(port_, "POST", "/api/games", body, {{"Origin", own}}).status, 201);
  EXPECT_EQ(http_request(port_, "POST", "/api/games", body).status, 201);  // not a browser
  // Reading stays open (a foreign page cannot read the answer anyway).
  EXPECT_EQ(http_request(port_, "GET", "/api/lobby", "", {{"Origin", "http://evil.example"}}).status, 200);
}

TEST_F(BrowserSecurityTest, WebSocketUpgradesFromAnotherOriginAreRefused) {
  auto g = post(port_, "/api/games", {{"mode", "local"}}).json();
  std::string id = g["id"];
  for (std::string target : {std::string("/ws/lobby"), "/ws?game=" + id}) {
    WsClient evil(port_, target, {{"Origin", "http://evil.example"}});
    EXPECT_EQ(evil.handshake_status(), 403) << target;
    EXPECT_FALSE(evil.open());
    WsClient own(port_, target, {{"Origin", "http://127.0.0.1:" + std::to_string(port_)}});
    EXPECT_EQ(own.handshake_status(), 101) << target;
  }
}

TEST_F(BrowserSecurityTest, PagesRefuseFramingAndForeignScripts) {
  for (std::string target : {"/", "/rules.html", "/api/lobby", "/no-such-file"}) {
    auto r = http_request(port_, "GET", target);
    std::string csp = r.header("Content-Security-Policy");
    EXPECT_THAT(csp, HasSubstr("frame-ancestors 'none'")) << target;
    EXPECT_THAT(csp, HasSubstr("script-src 'self'")) << target;
    EXPECT_THAT(csp, Not(HasSubstr("unsafe-eval"))) << target;
    EXPECT_EQ(r.header("X-Frame-Options"), "DENY") << target;
    EXPECT_EQ(r.header("X-Content-Type-Options"), "nosniff") << target;
    EXPECT_EQ(r.header("Strict-Transport-Security"), "") << target;  // plain HTTP
  }
  // Without --behind-proxy anyone could claim TLS or a host: ignored.
  auto r = http_request(port_, "POST", "/api/auth/guest", R"({"name": "Visitor"})", {{"X-Forwarded-Proto", "https"}});
  ASSERT_EQ(r.status, 201);
  EXPECT_THAT(r.header("Set-Cookie"), Not(HasSubstr("Secure")));
  EXPECT_EQ(r.header("Strict-Transport-Security"), "");
  EXPECT_EQ(http_request(port_, "POST", "/api/games", R"({"mode": "local"})",
                         {{"Origin", "http://evil.example"}, {"X-Forwarded-Host", "evil.example"}})
                .status,
            403);
  // The UI has no inline scripts for the policy to block.
  for (std::string page : {"/", "/rules.html"}) {
    std::string html = http_request(port_, "GET", page).body;
    for (auto at = html.find("<script"); at != std::string::npos; at = html.find("<script", at + 1))
      EXPECT_THAT(html.substr(at, html.find('>', at) - at), HasSubstr("src=")) << page;
  }
}

TEST_F(BrowserSecurityTest, ASeatTokenCanTravelInTheMessageInsteadOfTheUrl) {
  auto g = post(port_, "/api/games", {{"mode", "local"}}).json();
  WsClient c(port_, "/ws?game=" + g["id"].get<std::string>());
  ASSERT_EQ(c.handshake_status(), 101);
  c.next();
  c.send(json{{"type", "move"}, {"move", "E3"}});  // no token: a spectator
  EXPECT_THAT(c.next_of_type("error")["message"].get<std::string>(), HasSubstr("spectators"));
  c.send(json{{"type", "move"}, {"move", "E3"}, {"token", 7}});
  EXPECT_THAT(c.next_of_type("error")["message"].get<std::string>(), HasSubstr("token must be a string"));
  c.send(json{{"type", "move"}, {"move", "E3"}, {"token", g["token"]}});
  EXPECT_EQ(c.state_with_moves(1)["moves"][0], "E3");
}

class BehindProxyTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.behind_proxy = true;
    c.http_rate = 0.01;  // a burst of 3, then nothing for minutes
    c.http_burst = 3;
  }
};

TEST_F(BehindProxyTest, CookiesAreSecureOverTlsAndLimitsGoByTheForwardedAddress) {
  Headers tls = {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-For", "198.51.100.7, 203.0.113.1"}};
  auto r = http_request(port_, "POST", "/api/auth/guest", R"({"name": "Visitor"})", tls);
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_THAT(r.header("Set-Cookie"), HasSubstr("; Secure"));
  EXPECT_THAT(r.header("Strict-Transport-Security"), HasSubstr("max-age="));
  // Plain HTTP through the proxy: no Secure (the browser would drop it).
  Headers plain = {{"X-Forwarded-Proto", "http"}, {"X-Forwarded-For", "203.0.113.2"}};
  r = http_request(port_, "POST", "/api/auth/guest", R"({"name": "Visitor2"})", plain);
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_THAT(r.header("Set-Cookie"), Not(HasSubstr("Secure")));
  EXPECT_EQ(r.header("Strict-Transport-Security"), "");

  // All from the proxy's address, but limited per client: 203.0.113.1 used
  // one request of its 3, 203.0.113.3 none.
  Headers one = {{"X-Forwarded-For", "203.0.113.1"}};
  EXPECT_EQ(http_request(port_, "GET", "/api/lobby", "", one).status, 200);
  EXPECT_EQ(http_request(port_, "GET", "/api/lobby", "", one).status, 200);
  EXPECT_EQ(http_request(port_, "GET", "/api/lobby", "", one).status, 429);
  EXPECT_EQ(http_request(port_, "GET", "/api/lobby", "", {{"X-Forwarded-For", "203.0.113.3"}}).status, 200);
  // A junk header counts as the proxy's own address.
  EXPECT_EQ(http_request(port_, "GET", "/api/lobby", "", {{"X-Forwarded-For", "not an address"}}).status, 200);

  // A proxy that passes its upstream as Host names the site in
  // X-Forwarded-Host: the Origin is checked against that.
  Headers site = {{"X-Forwarded-For", "203.0.113.4"}, {"Origin", "https://dvonn.example"}};
  EXPECT_EQ(http_request(port_, "POST", "/api/games", R"({"mode": "local"})", site).status, 403);
  site.emplace_back("X-Forwarded-Host", "dvonn.example");
  EXPECT_EQ(http_request(port_, "POST", "/api/games", R"({"mode": "local"})", site).status, 201);
}

}  // namespace
}  // namespace dvonn::server::testing
