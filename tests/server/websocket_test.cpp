// Live games over WebSocket: broadcasts, refusals, limits, floods.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class WebSocketTest : public ServerTest {};

TEST_F(WebSocketTest, EveryClientOfAGameGetsEachMoveAndSpectatorsCannotMove) {
  json g = create({{"mode", "online"}, {"color", "white"}});
  std::string id = g["id"], white = g["token"];
  std::string black = post(port_, "/api/games/" + id + "/join", json::object()).json()["token"];

  WsClient w(port_, ws_target(id, white)), b(port_, ws_target(id, black)), watcher(port_, ws_target(id));
  for (WsClient* c : {&w, &b, &watcher}) {
    ASSERT_EQ(c->handshake_status(), 101);
    json first = c->next();
    EXPECT_EQ(first["type"], "state");
    EXPECT_EQ(first["state"]["id"], id);
  }
  w.send(json{{"type", "move"}, {"move", "E3"}});
  for (WsClient* c : {&w, &b, &watcher}) EXPECT_EQ(c->state_with_moves(1)["moves"][0], "E3");

  watcher.send(json{{"type", "move"}, {"move", "F3"}});
  json e = watcher.next_of_type("error");
  EXPECT_EQ(e["request"], "move");
  EXPECT_THAT(e["message"].get<std::string>(), HasSubstr("spectators"));

  w.send(json{{"type", "move"}, {"move", "F3"}});  // out of turn
  e = w.next_of_type("error");
  EXPECT_THAT(e["message"].get<std::string>(), HasSubstr("not your turn"));
  b.send(json{{"type", "move"}, {"move", "E3"}});  // illegal
  e = b.next_of_type("error");
  EXPECT_THAT(e["message"].get<std::string>(), HasSubstr("illegal"));
  b.send(json{{"type", "undo"}});
  EXPECT_EQ(b.next_of_type("error")["request"], "undo");

  EXPECT_EQ(http_request(port_, "GET", "/api/games/" + id).json()["moves"].size(), 1u);
}

TEST_F(WebSocketTest, BadMessagesGetAnErrorAndTheConnectionStays) {
  json g = create({{"mode", "local"}});
  WsClient c(port_, ws_target(g["id"], g["token"]));
  ASSERT_EQ(c.handshake_status(), 101);
  c.next();
  c.send(std::string("{not json"));
  EXPECT_THAT(c.next_of_type("error")["message"].get<std::string>(), HasSubstr("malformed JSON"));
  c.send(json{{"type", "surrender"}});
  json e = c.next_of_type("error");
  EXPECT_THAT(e["message"].get<std::string>(), HasSubstr("unknown message type"));
  EXPECT_EQ(e["request"], "surrender");
  c.send(json{{"move", "E3"}});
  EXPECT_THAT(c.next_of_type("error")["message"].get<std::string>(), HasSubstr("type"));
  c.send(json{{"type", "move"}, {"move", "E3"}, {"pad", std::string(17 * 1024, 'x')}});
  EXPECT_THAT(c.next_of_type("error")["message"].get<std::string>(), HasSubstr("too large"));
  c.send(json{{"type", "ping"}});
  EXPECT_EQ(c.next()["type"], "pong");
  // None of that changed the game.
  EXPECT_EQ(http_request(port_, "GET", "/api/games/" + g["id"].get<std::string>()).json()["moves"].size(), 0u);
  c.send(json{{"type", "move"}, {"move", "E3"}});
  EXPECT_FALSE(c.state_with_moves(1).is_null());
}

TEST_F(WebSocketTest, UnknownGameIsRefusedAtTheHandshake) {
  WsClient c(port_, "/ws?game=AAAAAAAAAAAAAAAAAAAAAA");
  EXPECT_EQ(c.handshake_status(), 404);
  WsClient d(port_, "/ws");
  EXPECT_EQ(d.handshake_status(), 404);
}

// WebSocket ping frames (which the server answers by itself) count against
// the same rate: a client sending them by the thousand is closed too.
TEST_F(WebSocketTest, AFloodOfPingFramesIsDisconnectedToo) {
  json flooded = create({{"mode", "local"}});
  WsClient flooder(port_, ws_target(flooded["id"], flooded["token"]));
  ASSERT_EQ(flooder.handshake_status(), 101);
  flooder.next();
  int sent = 0;
  while (sent < 5000 && flooder.send_ping()) ++sent;
  bool saw_error = false;
  while (auto m = flooder.receive(5)) {
    json j = json::parse(*m);
    if (j["type"] == "error") {
      saw_error = true;
      EXPECT_THAT(j["message"].get<std::string>(), HasSubstr("too many messages"));
    }
  }
  EXPECT_TRUE(saw_error) << "after " << sent << " pings";
  EXPECT_FALSE(flooder.open());
  // A few pings within the rate are fine.
  WsClient calm(port_, ws_target(flooded["id"], flooded["token"]));
  calm.next();
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(calm.send_ping());
  calm.send(json{{"type", "move"}, {"move", "E3"}});
  EXPECT_FALSE(calm.state_with_moves(1).is_null());
}

TEST_F(WebSocketTest, AFloodingClientIsDisconnectedAndOtherGamesGoOn) {
  json flooded = create({{"mode", "local"}});
  json other = create({{"mode", "local"}});
  WsClient flooder(port_, ws_target(flooded["id"], flooded["token"]));
  WsClient calm(port_, ws_target(other["id"], other["token"]));
  flooder.next();
  calm.next();
  for (int i = 0; i < 200 && flooder.open(); ++i) flooder.send(json{{"type", "ping"}});
  bool saw_error = false;
  while (auto m = flooder.receive(5)) {
    json j = json::parse(*m);
    if (j["type"] == "error") {
      saw_error = true;
      EXPECT_THAT(j["message"].get<std::string>(), HasSubstr("too many messages"));
    }
  }
  EXPECT_TRUE(saw_error);
  EXPECT_FALSE(flooder.open());
  calm.send(json{{"type", "move"}, {"move", "E3"}});
  EXPECT_FALSE(calm.state_with_moves(1).is_null());
}

TEST_F(WebSocketTest, HintsComeOnlyToTheAsker) {
  json g = create({{"mode", "local"}});
  WsClient c(port_, ws_target(g["id"], g["token"]));
  WsClient watcher(port_, ws_target(g["id"]));
  c.next();
  watcher.next();
  c.send(json{{"type", "hint"}});
  json h = c.next_of_type("hint");
  ASSERT_FALSE(h.is_null());
  EXPECT_EQ(h["move"].get<std::string>().size(), 2u);  // a placement
  watcher.send(json{{"type", "hint"}});
  EXPECT_EQ(watcher.next_of_type("error")["request"], "hint");
}

class RateLimitTest : public ServerTest {
  void configure(ServerConfig& c) override {
    c.http_rate = 2;
    c.http_burst = 5;
  }
};

TEST_F(RateLimitTest, TooManyApiRequestsFromOneAddressGet429) {
  int limited = 0;
  for (int i = 0; i < 20; ++i)
    if (http_request(port_, "GET", "/api/games/AAAAAAAAAAAAAAAAAAAAAA").status == 429) ++limited;
  EXPECT_GE(limited, 10);
}

class WebRootTest : public ServerTest {
  void configure(ServerConfig& c) override {
    auto web = dir_ / "web";
    std::filesystem::create_directories(web / "js");
    std::ofstream(web / "index.html") << "<!doctype html><title>dvonn</title>";
    std::ofstream(web / "js" / "app.js") << "export {};";
    std::ofstream(web / "style.css") << "body {}";
    std::ofstream(web / "board.svg") << "<svg/>";
    std::ofstream(web / "icon.png") << "\x89PNG";
    std::ofstream(web / "data.json") << "{}";
    std::ofstream(dir_ / "secret.txt") << "secret";
    c.web_root = web.string();
  }
};

TEST_F(WebRootTest, ServesFilesWithTheirContentTypes) {
  auto index = http_request(port_, "GET", "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_THAT(index.content_type, HasSubstr("text/html"));
  EXPECT_THAT(index.body, HasSubstr("<title>dvonn"));
  for (const char* route : {"/games/abc", "/watch/abc", "/join/abc"})
    EXPECT_EQ(http_request(port_, "GET", route).body, index.body) << route;
  EXPECT_THAT(http_request(port_, "GET", "/js/app.js").content_type, HasSubstr("text/javascript"));
  EXPECT_THAT(http_request(port_, "GET", "/style.css").content_type, HasSubstr("text/css"));
  EXPECT_EQ(http_request(port_, "GET", "/board.svg").content_type, "image/svg+xml");
  EXPECT_EQ(http_request(port_, "GET", "/icon.png").content_type, "image/png");
  EXPECT_EQ(http_request(port_, "GET", "/data.json").content_type, "application/json");
  EXPECT_EQ(http_request(port_, "GET", "/../secret.txt").status, 404);
  EXPECT_EQ(http_request(port_, "GET", "/%2e%2e/secret.txt").status, 404);
  EXPECT_EQ(http_request(port_, "GET", "/js").status, 404);
  auto api = http_request(port_, "GET", "/api/whatever");
  EXPECT_EQ(api.status, 404);
  EXPECT_EQ(api.content_type, "application/json");
}

}  // namespace
}  // namespace dvonn::server::testing
