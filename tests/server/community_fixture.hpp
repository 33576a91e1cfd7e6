// A server with an injectable clock (for clocks and session expiry) and
// helpers for users and sessions (cookies).
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "server_fixture.hpp"

namespace dvonn::server::testing {

// A logged-in browser: its session cookie ("dvonn_session=...").
struct Browser {
  std::string cookie;
  nlohmann::json user;
};

class CommunityTest : public ServerTest {
 protected:
  void configure(ServerConfig& c) override {
    c.http_rate = 0;
    c.clock_tick_ms = 20;
    auto offset = offset_;
    c.now_ms = [offset] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
                 .count() +
             offset->load();
    };
  }
  // Moves the server's clock forward.
  void advance(std::int64_t ms) { *offset_ += ms; }
  std::int64_t now() const { return config_.now_ms(); }

  // Stops the server and starts another on the same database.
  void restart() {
    server_.reset();
    server_ = std::make_unique<Server>(config_);
    server_->start();
    port_ = server_->port();
  }
  void stop() { server_.reset(); }
  void start() {
    server_ = std::make_unique<Server>(config_);
    server_->start();
    port_ = server_->port();
  }

  static std::string cookie_of(const HttpResult& r) {
    std::string set = r.header("Set-Cookie");
    return set.substr(0, set.find(';'));
  }
  Browser signup(const std::string& name, const std::string& password = "correct horse") {
    auto r = post(port_, "/api/auth/signup", {{"name", name}, {"password", password}});
    EXPECT_EQ(r.status, 201) << r.body;
    return {cookie_of(r), r.status == 201 ? r.json()["user"] : nlohmann::json()};
  }
  Browser guest(const std::string& name) {
    auto r = post(port_, "/api/auth/guest", {{"name", name}});
    EXPECT_EQ(r.status, 201) << r.body;
    return {cookie_of(r), r.status == 201 ? r.json()["user"] : nlohmann::json()};
  }
  HttpResult get(const std::string& target, const Browser& b = {}) {
    return http_request(port_, "GET", target, "", b.cookie.empty() ? Headers{} : Headers{{"Cookie", b.cookie}});
  }
  HttpResult call(const std::string& target, const nlohmann::json& body, const Browser& b = {}) {
    return http_request(port_, "POST", target, body.dump(),
                        b.cookie.empty() ? Headers{} : Headers{{"Cookie", b.cookie}});
  }
  // An online game created by `a` (white) and joined by `b`; returns
  // {id, white token, black token}.
  struct Started {
    std::string id, white, black;
  };
  Started start_online(const Browser& a, const Browser& b, nlohmann::json options = nlohmann::json::object()) {
    options["mode"] = "online";
    options["color"] = "white";
    auto c = call("/api/games", options, a);
    EXPECT_EQ(c.status, 201) << c.body;
    if (c.status != 201) return {};
    std::string id = c.json()["id"];
    auto j = call("/api/games/" + id + "/join", nlohmann::json::object(), b);
    EXPECT_EQ(j.status, 200) << j.body;
    if (j.status != 200) return {};
    return {id, c.json()["token"], j.json()["token"]};
  }
  nlohmann::json state(const std::string& id) {
    auto r = get("/api/games/" + id);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.status == 200 ? r.json() : nlohmann::json();
  }
  // Polls the state until pred holds (the clock watcher works in the
  // background).
  template <class Pred>
  nlohmann::json wait_state(const std::string& id, Pred pred, double seconds = 10) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    nlohmann::json s;
    while (std::chrono::steady_clock::now() < until) {
      s = state(id);
      if (pred(s)) return s;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return s;
  }

  std::shared_ptr<std::atomic<std::int64_t>> offset_ = std::make_shared<std::atomic<std::int64_t>>(0);
};

}  // namespace dvonn::server::testing
