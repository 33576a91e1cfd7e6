// An in-process server on an ephemeral loopback port with a fresh database.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string>

#include "postgres_cluster.hpp"
#include "server/http/server.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {

inline std::filesystem::path fresh_temp_dir(const std::string& prefix) {
  std::random_device rd;
  auto dir = std::filesystem::temp_directory_path() / (prefix + std::to_string(rd()) + std::to_string(rd()));
  std::filesystem::create_directories(dir);
  return dir;
}

// Engine searches are short in tests: the point is the path, not the moves.
inline ServerConfig test_config(const std::filesystem::path& dir) {
  ServerConfig c;
  c.port = 0;
  // DVONN_TEST_DB=postgres: the same tests on a fresh PostgreSQL database.
  c.db = tests_use_postgres() ? shared_postgres().fresh_database() : (dir / "games.db").string();
  c.engine_seconds = 0.2;
  c.hint_seconds = 0.2;
  c.engine_threads = 1;
  c.engine_hash_megabytes = 4;
  // Tests sign up many users from 127.0.0.1; the limits have their own tests.
  c.signups_per_hour = 0;
  c.guests_per_hour = 0;
  c.open_games_per_address = 0;
  return c;
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fresh_temp_dir("dvonn-server-test-");
    config_ = test_config(dir_);
    configure(config_);
    server_ = std::make_unique<Server>(config_);
    server_->start();
    port_ = server_->port();
  }
  void TearDown() override {
    server_.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  // Tests that need other limits override this.
  virtual void configure(ServerConfig&) {}

  // Creates a game; returns the 201 response body.
  nlohmann::json create(const nlohmann::json& request) {
    auto r = post(port_, "/api/games", request);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.status == 201 ? r.json() : nlohmann::json();
  }
  std::string ws_target(const std::string& id, const std::string& token = "") {
    return "/ws?game=" + id + (token.empty() ? "" : "&token=" + token);
  }

  std::filesystem::path dir_;
  ServerConfig config_;
  std::unique_ptr<Server> server_;
  unsigned short port_ = 0;
};

}  // namespace dvonn::server::testing
