// What the rematch, takeback and abandon tests share: a game's WebSocket
// that names its seat, and the seat requests.
#pragma once

#include <memory>

#include "community_fixture.hpp"

namespace dvonn::server::testing {

class GameplayTest : public CommunityTest {
 protected:
  // A WebSocket of the game; with a token it names its seat ("hello") and
  // waits until the server has read that.
  std::unique_ptr<WsClient> watch(const std::string& id, const std::string& token = "") {
    auto ws = std::make_unique<WsClient>(port_, "/ws?game=" + id);
    EXPECT_EQ(ws->handshake_status(), 101);
    EXPECT_FALSE(ws->next_of_type("state").is_null());
    if (!token.empty()) {
      ws->send(nlohmann::json{{"type", "hello"}, {"token", token}});
      ws->send(nlohmann::json{{"type", "ping"}});
      EXPECT_FALSE(ws->next_of_type("pong").is_null());
    }
    return ws;
  }
  HttpResult seat_call(const std::string& id, const std::string& verb, const std::string& token) {
    return call("/api/games/" + id + "/" + verb, {{"token", token}});
  }
  HttpResult move(const std::string& id, const std::string& token, const std::string& m) {
    return call("/api/games/" + id + "/moves", {{"token", token}, {"move", m}});
  }
  // The next state message whose field `key` satisfies pred (null on
  // timeout).
  template <class Pred>
  static nlohmann::json state_where(WsClient& ws, Pred pred, double seconds = 5) {
    for (;;) {
      nlohmann::json m = ws.next_of_type("state", seconds);
      if (m.is_null()) return m;
      if (pred(m["state"])) return m["state"];
    }
  }
  static nlohmann::json realtime(int initial, bool rated) {
    return {{"clock", {{"type", "realtime"}, {"initial", initial}, {"increment", 2}}}, {"rated", rated}};
  }
};

}  // namespace dvonn::server::testing
