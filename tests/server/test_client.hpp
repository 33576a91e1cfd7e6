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

// One request on a fresh connection to 127.0.0.1:port; headers are added
// (and replace the default Content-Type).
HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body = "", const Headers& headers = {});
inline HttpResult post(unsigned short port, const std::string& target, const nlohmann::json& body) {
  return http_request(port, "POST", target, body.dump());
}

class WsClient {
 public:
  // Connects and upgrades; handshake_status() is 101 on success, else the
  // HTTP status the server refused with.
  WsClient(unsigned short port, const std::string& target);
  ~WsClient();
  int handshake_status() const;
  bool open() const;

  void send(const std::string& text);
  void send(const nlohmann::json& message) { send(message.dump()); }
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
