// A graceful stop of the real `dvonn serve` (docs/server.md, "Stopping"):
// SIGTERM while moves are being sent answers every request the server
// took, keeps every acknowledged move, and closes WebSockets with 1001.
// Also: a useless --db is refused with a clear message.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <sstream>

#include "serve_process.hpp"
#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class ShutdownTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = fresh_temp_dir("dvonn-shutdown-test-"); }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string db() const { return (dir_ / "games.db").string(); }
  std::filesystem::path dir_;
};

TEST_F(ShutdownTest, SigtermAnswersWhatIsInFlightAndKeepsEveryAcknowledgedMove) {
  constexpr int kGames = 8;
  ServeProcess p(db());
  ASSERT_NE(p.port(), 0) << p.first_line();
  std::vector<std::string> ids, tokens;
  std::vector<json> states;
  for (int i = 0; i < kGames; ++i) {
    json g = post(p.port(), "/api/games", {{"mode", "local"}}).json();
    ids.push_back(g["id"]);
    tokens.push_back(g["token"]);
    states.push_back(g["state"]);
  }
  WsClient live(p.port(), "/ws?game=" + ids[0]);
  ASSERT_EQ(live.handshake_status(), 101);
  live.next();

  // Each game's player sends moves one after the other as fast as they are
  // answered, until the server refuses (503, or the connection).
  std::vector<int> acknowledged(kGames, 0), unanswered(kGames, 0), refused(kGames, 0);
  std::atomic<int> total{0};
  std::vector<std::thread> players;
  for (int i = 0; i < kGames; ++i)
    players.emplace_back([&, i] {
      json s = states[i];
      for (int n = 0; n < 2000 && !s["legal"].empty(); ++n) {
        json body = {{"token", tokens[i]}, {"move", s["legal"][0]}};
        Attempt a = try_http_request(p.port(), "POST", "/api/games/" + ids[i] + "/moves", body.dump());
        if (a.outcome == Attempt::Outcome::NoAnswer) ++unanswered[i];
        if (a.outcome != Attempt::Outcome::Answered) return;
        if (a.result.status != 200) {
          refused[i] += a.result.status == 503;
          return;
        }
        ++acknowledged[i];
        ++total;
        s = a.result.json();
      }
    });
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (total < 40 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  int status = p.stop(SIGTERM, 20);
  for (auto& t : players) t.join();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  // The watcher got the moves, then a close saying the server went away.
  for (int i = 0; i < 10000 && live.receive(5); ++i) {
  }
  EXPECT_FALSE(live.open());
  EXPECT_EQ(live.close_code(), 1001);

  // Every game on disk has exactly the moves that were acknowledged.
  ServerConfig c = test_config(dir_);
  c.db = db();
  Server again(c);
  again.start();
  int sum_refused = 0;
  for (int i = 0; i < kGames; ++i) {
    EXPECT_EQ(unanswered[i], 0) << "game " << i << ": a request was taken and never answered";
    auto r = http_request(again.port(), "GET", "/api/games/" + ids[i]);
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(r.json()["moves"].size(), static_cast<std::size_t>(acknowledged[i])) << "game " << i;
    sum_refused += refused[i];
  }
  EXPECT_GT(total.load(), 0);
  std::cout << "moves acknowledged: " << total.load() << ", refused with 503 while stopping: " << sum_refused << "\n";
}

TEST_F(ShutdownTest, AnEmptyDbNameIsRefusedWithAClearMessage) {
  auto err = dir_ / "stderr.txt";
  pid_t pid = fork();
  if (pid == 0) {
    FILE* f = std::freopen(err.c_str(), "w", stderr);
    (void)f;
    execl(DVONN_BINARY, DVONN_BINARY, "serve", "--port", "0", "--db", "", static_cast<char*>(nullptr));
    _exit(127);
  }
  ASSERT_GT(pid, 0);
  int status = 0;
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > until) {
      ::kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      FAIL() << "dvonn serve --db '' kept running";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) != 0) << status;
  std::ifstream in(err);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr("--db"));
  EXPECT_THAT(text.str(), HasSubstr("needs a file name"));
}

}  // namespace
}  // namespace dvonn::server::testing
