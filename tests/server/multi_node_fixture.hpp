// Many `dvonn serve` nodes in this process on one throwaway PostgreSQL
// database (postgres_cluster.hpp), whatever DVONN_TEST_DB says: SQLite has
// one node. The nodes share one clock, which a test may move on; each test
// starts the nodes it needs (the first started leads: NodeLeadership).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "postgres_cluster.hpp"
#include "server/base/now_ms.hpp"
#include "server_fixture.hpp"

namespace dvonn::server::testing {

// A signed-in browser: its name and session cookie.
struct NodePerson {
  std::string name;
  std::string cookie;
};

class MultiNodeFixture : public ::testing::Test {
 protected:
  MultiNodeFixture() : dir_(fresh_temp_dir("dvonn-multi-node-")), db_(shared_postgres().fresh_database()) {}
  void TearDown() override {
    for (auto& node : nodes_) node.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  // A node's configuration: the shared database and clock, and no
  // per-address request limit (every test client is 127.0.0.1).
  ServerConfig node_config() const {
    ServerConfig c = test_config(dir_);
    c.db = db_;
    c.http_rate = 0;
    c.now_ms = [offset = offset_] { return system_now_ms() + offset->load(); };
    return c;
  }
  // Starts node i with `config` (node_config() by default).
  void start_node(std::size_t i, const ServerConfig& config) {
    if (nodes_.size() <= i) {
      nodes_.resize(i + 1);
      ports_.resize(i + 1);
    }
    nodes_[i] = std::make_unique<Server>(config);
    nodes_[i]->start();
    ports_[i] = nodes_[i]->port();
  }
  void start_node(std::size_t i) { start_node(i, node_config()); }
  // Stops node i (as a node that goes away; its port is not reused).
  void stop_node(std::size_t i) { nodes_[i].reset(); }

  void advance(std::int64_t ms) { *offset_ += ms; }
  std::int64_t now() const { return system_now_ms() + offset_->load(); }
  unsigned short port(int node) const { return ports_[static_cast<std::size_t>(node)]; }

  static Headers cookie_of(const NodePerson& p) { return p.cookie.empty() ? Headers{} : Headers{{"Cookie", p.cookie}}; }
  HttpResult call(int node, const std::string& target, const nlohmann::json& body, const NodePerson& p = {}) {
    return http_request(port(node), "POST", target, body.dump(), cookie_of(p));
  }
  HttpResult get(int node, const std::string& target, const NodePerson& p = {}) {
    return http_request(port(node), "GET", target, "", cookie_of(p));
  }
  NodePerson signup(int node, const std::string& name) {
    auto r = call(node, "/api/auth/signup", {{"name", name}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 201) << r.body;
    std::string set = r.header("Set-Cookie");
    return {name, set.substr(0, set.find(';'))};
  }
  // Polls until pred(get(node, target).json()) holds; the last answer.
  template <class Pred>
  nlohmann::json wait_get(int node, const std::string& target, Pred pred, double seconds = 10,
                          const NodePerson& p = {}) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    nlohmann::json j;
    while (std::chrono::steady_clock::now() < until) {
      auto r = get(node, target, p);
      if (r.status == 200) {
        j = r.json();
        if (pred(j)) return j;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "timed out polling " << target << " on node " << node << ": " << j.dump();
    return j;
  }
  HttpResult move(int node, const std::string& id, const std::string& token, const std::string& m) {
    return call(node, "/api/games/" + id + "/moves", {{"token", token}, {"move", m}});
  }
  // A game's WebSocket on a node, naming its seat (none: a spectator).
  std::unique_ptr<WsClient> watch(int node, const std::string& id, const std::string& token = "") {
    auto ws = std::make_unique<WsClient>(port(node), "/ws?game=" + id);
    EXPECT_EQ(ws->handshake_status(), 101);
    EXPECT_FALSE(ws->next_of_type("state").is_null());
    if (!token.empty()) ws->send(nlohmann::json{{"type", "hello"}, {"token", token}});
    ws->send(nlohmann::json{{"type", "ping"}});
    EXPECT_FALSE(ws->next_of_type("pong").is_null());
    return ws;
  }
  // The next state within `seconds` that satisfies pred; null if none came.
  template <typename Pred>
  static nlohmann::json state_where(WsClient& ws, Pred pred, double seconds = 1.0) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
      double left = std::chrono::duration<double>(until - std::chrono::steady_clock::now()).count();
      if (left <= 0) return nullptr;
      nlohmann::json m = ws.next_of_type("state", left);
      if (m.is_null()) return m;
      if (pred(m["state"])) return m["state"];
    }
  }
  // The next state (within `seconds`) whose moves are `moves`.
  static nlohmann::json state_with(WsClient& ws, const nlohmann::json& moves, double seconds = 1.0) {
    return state_where(
        ws, [&](const nlohmann::json& s) { return s["moves"] == moves; }, seconds);
  }

  // What node 0 and node 1 answer to `request(node)` sent to both at the
  // same moment (two tabs of one person on two nodes).
  template <typename Request>
  std::array<HttpResult, 2> at_once(Request request) {
    std::promise<void> go;
    std::shared_future<void> ready = go.get_future().share();
    std::array<std::future<HttpResult>, 2> sent;
    for (int node : {0, 1})
      sent[static_cast<std::size_t>(node)] = std::async(std::launch::async, [&, node] {
        ready.wait();
        return request(node);
      });
    go.set_value();
    return {sent[0].get(), sent[1].get()};
  }

  struct Game {
    std::string id, white, black;
  };
  // Alice (node 0) opens an online game as White (with `options`); Bob
  // joins it on node 1.
  Game start_across(const NodePerson& alice, const NodePerson& bob, nlohmann::json options = nlohmann::json::object()) {
    options["mode"] = "online";
    options["color"] = "white";
    auto c = call(0, "/api/games", options, alice);
    EXPECT_EQ(c.status, 201) << c.body;
    std::string id = c.json().value("id", "");
    auto j = call(1, "/api/games/" + id + "/join", nlohmann::json::object(), bob);
    EXPECT_EQ(j.status, 200) << j.body;
    return {id, c.json().value("token", ""), j.status == 200 ? j.json().value("token", "") : ""};
  }

  std::filesystem::path dir_;
  std::string db_;
  std::shared_ptr<std::atomic<std::int64_t>> offset_ = std::make_shared<std::atomic<std::int64_t>>(0);
  std::vector<std::unique_ptr<Server>> nodes_;
  std::vector<unsigned short> ports_;
};

}  // namespace dvonn::server::testing
