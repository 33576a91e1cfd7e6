// Durability: the real `dvonn serve` process is killed with SIGKILL while
// games are being played, restarted on the same database, and every
// acknowledged move must be there, with play (and engine thinking) going on.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <regex>
#include <thread>

#include "postgres_cluster.hpp"
#include "serve_process.hpp"
#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

// Each test on a SQLite file and on a PostgreSQL database (given as a
// postgresql:// URI, as an operator would write it).
enum class Backend { Sqlite, Postgres };

class PersistenceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    dir_ = fresh_temp_dir("dvonn-persist-test-");
    db_ = GetParam() == Backend::Sqlite ? (dir_ / "games.db").string()
                                        : shared_postgres().uri(shared_postgres().fresh_database());
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  const std::string& db() const { return db_; }
  std::filesystem::path dir_;
  std::string db_;
};

INSTANTIATE_TEST_SUITE_P(Backends, PersistenceTest, ::testing::Values(Backend::Sqlite, Backend::Postgres),
                         [](const auto& info) { return info.param == Backend::Sqlite ? "Sqlite" : "Postgres"; });

TEST_P(PersistenceTest, PrintsTheAddressAndStopsCleanlyOnSigterm) {
  ServeProcess p(db());
  EXPECT_THAT(p.first_line(), ::testing::StartsWith("dvonn: open http://127.0.0.1:"));
  ASSERT_NE(p.port(), 0);
  EXPECT_EQ(http_request(p.port(), "GET", "/api/nothing").status, 404);
  int status = p.kill(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
}

TEST_P(PersistenceTest, KillNineLosesNoAcknowledgedMove) {
  std::string id, token;
  std::vector<std::string> acknowledged;
  {
    ServeProcess p(db());
    json g = post(p.port(), "/api/games", {{"mode", "local"}, {"random_setup", 11}}).json();
    id = g["id"];
    token = g["token"];
    json s = g["state"];
    // Play moves as fast as acknowledgements come, then kill the server
    // without warning right after one.
    for (int i = 0; i < 15 && s["result"] == "ongoing"; ++i) {
      std::string move = s["legal"][0];
      auto r = post(p.port(), "/api/games/" + id + "/moves", {{"token", token}, {"move", move}});
      ASSERT_EQ(r.status, 200) << r.body;
      acknowledged.push_back(move);
      s = r.json();
    }
    p.kill(SIGKILL);
  }
  ServeProcess p(db());
  auto r = http_request(p.port(), "GET", "/api/games/" + id);
  ASSERT_EQ(r.status, 200) << r.body;
  json s = r.json();
  EXPECT_EQ(s["moves"], json(acknowledged));
  // The token still works and play continues.
  if (s["result"] == "ongoing") {
    auto m = post(p.port(), "/api/games/" + id + "/moves", {{"token", token}, {"move", s["legal"][0]}});
    EXPECT_EQ(m.status, 200) << m.body;
    EXPECT_EQ(m.json()["moves"].size(), acknowledged.size() + 1);
  }
}

TEST_P(PersistenceTest, AnEngineToMoveResumesThinkingAfterARestart) {
  std::string id, token;
  {
    // A server whose engine never moves leaves the game exactly where the
    // engine is to move, as a kill during its search would.
    ServerConfig c = test_config(dir_);
    c.db = db();
    c.engine_threads = 0;
    Server s(c);
    s.start();
    json g = post(s.port(), "/api/games", {{"mode", "engine"}, {"level", 2}, {"color", "white"}}).json();
    id = g["id"];
    token = g["token"];
    auto r = post(s.port(), "/api/games/" + id + "/moves", {{"token", token}, {"move", "E3"}});
    ASSERT_EQ(r.status, 200) << r.body;
  }
  ServeProcess p(db());
  // The engine thinks about 1 s per move; allow a margin on a busy machine.
  WsClient ws(p.port(), "/ws?game=" + id + "&token=" + token);
  ASSERT_EQ(ws.handshake_status(), 101);
  json s = ws.state_with_moves(2, 20);
  ASSERT_FALSE(s.is_null()) << "the engine did not resume";
  EXPECT_EQ(s["moves"][0], "E3");
  EXPECT_EQ(s["to_move"], "white");
}

TEST_P(PersistenceTest, AKillDuringTheEnginesSearchLosesNothing) {
  std::string id, token;
  {
    ServeProcess p(db());
    json g = post(p.port(), "/api/games", {{"mode", "engine"}, {"level", 8}, {"color", "white"}}).json();
    id = g["id"];
    token = g["token"];
    auto r = post(p.port(), "/api/games/" + id + "/moves", {{"token", token}, {"move", "E3"}});
    ASSERT_EQ(r.status, 200) << r.body;
    p.kill(SIGKILL);
  }
  ServeProcess p(db());
  auto r = http_request(p.port(), "GET", "/api/games/" + id);
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.json()["moves"][0], "E3");
  WsClient ws(p.port(), "/ws?game=" + id + "&token=" + token);
  EXPECT_FALSE(ws.state_with_moves(2, 20).is_null()) << "the engine did not move after the restart";
}

}  // namespace
}  // namespace dvonn::server::testing
