// Blocking HTTP and WebSocket clients for the server tests (Boost.Beast
// lives in test_client.cpp only, so the tests compile quickly).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dvonn::server::testing {

struct HttpResult {
  int status = 0;
  std::string body;
  std::string content_type;
  std::string header(const std::string& name) const;
  nlohmann::json json() const { return nlohmann::json::parse(body); }
  std::string raw_headers;
};

using Headers = std::vector<std::pair<std::string, std::string>>;

// One request on a fresh connection to 127.0.0.1:port from the loopback
// address `source` (any 127.x.y.z works on Linux: rate limits per address
// can be tested); headers are added (and replace the default Content-Type).
HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body = "", const Headers& headers = {},
                        const std::string& source = "127.0.0.1");
inline HttpResult post(unsigned short port, const std::string& target, const nlohmann::json& body) {
  return http_request(port, "POST", target, body.dump());
}

// A request to a server that may be stopping: whether it was not sent
// (refused), sent and answered, or sent and never answered.
struct Attempt {
  enum class Outcome { NotSent, Answered, NoAnswer };
  Outcome outcome = Outcome::NotSent;
  HttpResult result;
  std::string error;
};
Attempt try_http_request(unsigned short port, const std::string& method, const std::string& target,
                         const std::string& body = "");

class WsClient {
 public:
  // Connects and upgrades; handshake_status() is 101 on success, else the
  // HTTP status the server refused with.
  // headers are added to the upgrade request (Origin, Cookie).
  WsClient(unsigned short port, const std::string& target, const Headers& headers = {});
  ~WsClient();
  int handshake_status() const;
  bool open() const;
  // The code of the server's close frame (0 if none came).
  int close_code() const;

  void send(const std::string& text);
  void send(const nlohmann::json& message) { send(message.dump()); }
  // A WebSocket ping control frame (not a {"type": "ping"} message); false
  // once the connection is gone.
  bool send_ping();
  // The next message, or nullopt after timeout or when the server closed.
  std::optional<std::string> receive(double timeout_seconds = 10);
  // The next message as JSON; fails the test on timeout.
  nlohmann::json next(double timeout_seconds = 10);
  // The next message of a type (skipping others); null JSON on timeout.
  nlohmann::json next_of_type(const std::string& type, double timeout_seconds = 10);
  // Skips state messages until one has the given number of moves.
  nlohmann::json state_with_moves(std::size_t moves, double timeout_seconds = 10);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dvonn::server::testing
