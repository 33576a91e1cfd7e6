// Storage errors: a database that fails under a running server (a damaged
// page, a write that cannot be committed) costs the request that ran into it
// a JSON 500, never the process; a game whose change could not be saved
// stores nothing after it; a server started on a damaged database exits with
// a message.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>
#include <vector>

#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

// A second connection to the server's database, as another program (or a
// failing disk) would touch it.
class Db {
 public:
  explicit Db(const std::string& path) {
    EXPECT_EQ(sqlite3_open(path.c_str(), &db_), SQLITE_OK);
    sqlite3_busy_timeout(db_, 5000);
  }
  ~Db() { sqlite3_close(db_); }
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  void exec(const std::string& sql) {
    char* message = nullptr;
    EXPECT_EQ(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message), SQLITE_OK)
        << sql << ": " << (message ? message : "");
    sqlite3_free(message);
  }
  // The integers of a query's rows, row after row.
  std::vector<std::int64_t> integers(const std::string& sql, const std::string& param = "") {
    std::vector<std::int64_t> out;
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sql;
    if (!param.empty()) sqlite3_bind_text(st, 1, param.c_str(), -1, SQLITE_TRANSIENT);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
      for (int c = 0; c < sqlite3_column_count(st); ++c) out.push_back(sqlite3_column_int64(st, c));
    EXPECT_EQ(rc, SQLITE_DONE) << sql << ": " << sqlite3_errmsg(db_);
    sqlite3_finalize(st);
    return out;
  }

 private:
  sqlite3* db_ = nullptr;
};

// Overwrites with garbage, by plain file I/O, the root pages of the b-trees
// (tables and indexes) that `where` selects from sqlite_master, as a failing
// disk would. A server running on the file sees it at its next read.
void damage_pages(const std::string& path, const std::string& where) {
  Db db(path);
  // Every page in the main file, so that the page overwritten is the one
  // read (not a newer copy in the WAL).
  auto checkpoint = db.integers("PRAGMA wal_checkpoint(TRUNCATE)");
  ASSERT_FALSE(checkpoint.empty());
  ASSERT_EQ(checkpoint[0], 0) << "the checkpoint was blocked";
  auto page_size = db.integers("PRAGMA page_size");
  auto roots = db.integers("SELECT rootpage FROM sqlite_master WHERE " + where);
  ASSERT_FALSE(roots.empty()) << where;
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    ASSERT_TRUE(file.is_open());
    std::string garbage(static_cast<std::size_t>(page_size.at(0)), '\xee');
    for (std::int64_t root : roots) {
      file.seekp((root - 1) * page_size[0]);
      file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
    }
    file.flush();
    ASSERT_TRUE(file.good());
  }
  // A change through SQLite: the server's connections notice that the file
  // changed and drop the pages they had cached.
  db.exec("PRAGMA user_version = 7");
}

// SQLite's own failures (damaged pages, a moved file, triggers): these
// tests keep a SQLite file even when the suite runs on PostgreSQL.
class StorageErrorTest : public ServerTest {
 protected:
  void configure(ServerConfig& c) override { c.db = (dir_ / "games.db").string(); }
  // A new server on the same database (no game in memory).
  void restart() {
    server_.reset();
    server_ = std::make_unique<Server>(config_);
    server_->start();
    port_ = server_->port();
  }
  std::vector<std::int64_t> stored_moves(const std::string& id) {
    Db db(config_.db);
    return db.integers("SELECT number FROM moves WHERE game_id = ?1 ORDER BY number", id);
  }
  // The server still answers requests that need no (damaged) data.
  void expect_still_serving() {
    for (const char* target : {"/api/lobby", "/api/languages", "/api/me"}) {
      auto r = http_request(port_, "GET", target);
      EXPECT_EQ(r.status, 200) << target << ": " << r.body;
    }
  }
};

TEST_F(StorageErrorTest, DamagedUsersIndexIsA500AndTheServerGoesOn) {
  json g = create({{"mode", "local"}});
  ASSERT_EQ(http_request(port_, "GET", "/api/users/engine-3").status, 200);

  damage_pages(config_.db, "type = 'index' AND tbl_name = 'users'");

  auto r = http_request(port_, "GET", "/api/users/engine-3");
  EXPECT_EQ(r.status, 500) << r.body;
  EXPECT_EQ(r.content_type, "application/json");
  json body = json::parse(r.body, nullptr, false);
  ASSERT_TRUE(body.is_object()) << r.body;
  EXPECT_THAT(body.value("error", ""), HasSubstr("storage error"));
  // Again: the first failure did not leave anything locked or half-done.
  EXPECT_EQ(http_request(port_, "GET", "/api/users/engine-3").status, 500);

  expect_still_serving();
  auto state = http_request(port_, "GET", "/api/games/" + g["id"].get<std::string>());
  EXPECT_EQ(state.status, 200) << state.body;
  WsClient c(port_, ws_target(g["id"], g["token"]));
  ASSERT_EQ(c.handshake_status(), 101);
  c.next();
  c.send(json{{"type", "move"}, {"move", "E3"}});
  EXPECT_FALSE(c.state_with_moves(1).is_null());
  EXPECT_EQ(stored_moves(g["id"]), std::vector<std::int64_t>{1});
}

TEST_F(StorageErrorTest, UnreadableGameIsA500NotA404OverHttpAndWebSocket) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"];
  restart();  // the game is no longer in memory: the next access reads it
  damage_pages(config_.db, "tbl_name = 'games'");

  auto r = http_request(port_, "GET", "/api/games/" + id);
  EXPECT_EQ(r.status, 500) << r.body;
  EXPECT_THAT(json::parse(r.body, nullptr, false).value("error", ""), HasSubstr("storage error"));
  auto move = post(port_, "/api/games/" + id + "/moves", {{"token", g["token"]}, {"move", "E3"}});
  EXPECT_EQ(move.status, 500) << move.body;
  WsClient ws(port_, ws_target(id, g["token"]));
  EXPECT_EQ(ws.handshake_status(), 500);

  expect_still_serving();
}

// A stored game whose moves do not replay (here move 2 repeats move 1's
// space): the game exists, so its requests get a 500, not "no game".
TEST_F(StorageErrorTest, GameWhoseMovesDoNotReplayIsA500NotA404) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"];
  ASSERT_EQ(post(port_, "/api/games/" + id + "/moves", {{"token", g["token"]}, {"move", "E3"}}).status, 200);
  ASSERT_EQ(post(port_, "/api/games/" + id + "/moves", {{"token", g["token"]}, {"move", "F3"}}).status, 200);
  restart();
  Db(config_.db).exec("UPDATE moves SET move = 'E3' WHERE game_id = '" + id + "' AND number = 2");

  auto r = http_request(port_, "GET", "/api/games/" + id);
  EXPECT_EQ(r.status, 500) << r.body;
  EXPECT_THAT(json::parse(r.body, nullptr, false).value("error", ""), HasSubstr("storage error"));
  EXPECT_EQ(http_request(port_, "GET", "/api/games/" + id + "/record").status, 500);
  WsClient ws(port_, ws_target(id, g["token"]));
  EXPECT_EQ(ws.handshake_status(), 500);
  // Another game is not concerned.
  json other = create({{"mode", "local"}});
  EXPECT_EQ(http_request(port_, "GET", "/api/games/" + other["id"].get<std::string>()).status, 200);
  expect_still_serving();
}

// The database's folder removed while the server runs: SQLite would go on
// writing to the unlinked file, which a restart never finds. Every write is
// refused (500) instead, the API says nothing of the internals, and
// /metrics says why.
TEST_F(StorageErrorTest, DatabaseFolderRemovedRefusesEveryWrite) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"];
  ASSERT_EQ(post(port_, "/api/games/" + id + "/moves", {{"token", g["token"]}, {"move", "E3"}}).status, 200);
  EXPECT_THAT(http_request(port_, "GET", "/metrics").body, HasSubstr("dvonn_store_file_lost 0"));

  std::filesystem::remove_all(dir_);

  auto move = post(port_, "/api/games/" + id + "/moves", {{"token", g["token"]}, {"move", "F3"}});
  EXPECT_EQ(move.status, 500) << move.body;
  EXPECT_THAT(move.json().value("error", ""), HasSubstr("could not be saved"));
  auto created = post(port_, "/api/games", {{"mode", "local"}});
  EXPECT_EQ(created.status, 500) << created.body;
  auto signup = post(port_, "/api/auth/signup", {{"name", "after-removal"}, {"password", "correct horse"}});
  EXPECT_EQ(signup.status, 500) << signup.body;
  EXPECT_THAT(signup.json().value("error", ""), Not(HasSubstr("moved")));
  // Over the WebSocket too.
  {
    WsClient c(port_, ws_target(id, g["token"]));
    ASSERT_EQ(c.handshake_status(), 101);
    c.next();
    c.send(json{{"type", "move"}, {"move", "F3"}});
    json error = c.next_of_type("error", 5);
    ASSERT_FALSE(error.is_null()) << "a move was acknowledged after the database was removed";
  }
  EXPECT_THAT(http_request(port_, "GET", "/metrics").body, HasSubstr("dvonn_store_file_lost 1"));
  // Reads of what is in memory still work.
  expect_still_serving();
}

// A failed sign-up or guest log-in says "storage error", not what SQLite
// said (the details go to the log).
TEST_F(StorageErrorTest, FailedAccountWritesDoNotShowInternals) {
  Db other(config_.db);
  other.exec(
      "CREATE TRIGGER trap_users BEFORE INSERT ON users "
      "BEGIN SELECT RAISE(ABORT, 'COMMIT: database or disk is full'); END");
  for (auto [target, body] :
       {std::pair<std::string, json>{"/api/auth/signup", {{"name", "ann"}, {"password", "correct horse"}}},
        std::pair<std::string, json>{"/api/auth/guest", {{"name", "bob"}}}}) {
    auto r = post(port_, target, body);
    EXPECT_EQ(r.status, 500) << target << ": " << r.body;
    std::string error = r.json().value("error", "");
    EXPECT_THAT(error, HasSubstr("storage error")) << target;
    EXPECT_THAT(error, Not(HasSubstr("COMMIT"))) << target;
    EXPECT_THAT(error, Not(HasSubstr("disk is full"))) << target;
  }
  other.exec("DROP TRIGGER trap_users");
  EXPECT_EQ(post(port_, "/api/auth/signup", {{"name", "ann"}, {"password", "correct horse"}}).status, 201);
}

// A game whose move could not be committed: that move is refused, and the
// move sent after it (before the failure was known) is not stored either,
// so the disk never holds move 4 without move 3.
class FailedCommitTest : public StorageErrorTest, public ::testing::WithParamInterface<const char*> {};

TEST_P(FailedCommitTest, RefusesTheMoveAndStoresNothingAfterIt) {
  json g = create({{"mode", "local"}});
  std::string id = g["id"];
  WsClient c(port_, ws_target(id, g["token"]));
  c.next();
  c.send(json{{"type", "move"}, {"move", "E3"}});
  c.send(json{{"type", "move"}, {"move", "F3"}});
  ASSERT_FALSE(c.state_with_moves(2).is_null());

  Db other(config_.db);
  other.exec(GetParam());  // makes the commit of move 3 fail
  // Holding the write lock keeps move 3 waiting in the store's queue while
  // move 4 arrives, as it would on a slow disk.
  other.exec("BEGIN IMMEDIATE");
  auto sent = [&c] {
    // The session handles messages in order: at the pong the move is queued.
    c.send(json{{"type", "ping"}});
    ASSERT_FALSE(c.next_of_type("pong").is_null());
  };
  c.send(json{{"type", "move"}, {"move", "G3"}});
  sent();
  // Long enough for the store to take move 3 alone into a transaction.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  c.send(json{{"type", "move"}, {"move", "D3"}});
  sent();
  other.exec("ROLLBACK");

  json first = c.next_of_type("error", 5);
  ASSERT_FALSE(first.is_null()) << "move 3 was not refused";
  EXPECT_EQ(first["request"], "move");
  EXPECT_THAT(first["message"].get<std::string>(), HasSubstr("could not be saved"));
  json second = c.next_of_type("error", 5);
  ASSERT_FALSE(second.is_null()) << "move 4 was acknowledged";
  EXPECT_EQ(second["request"], "move");
  EXPECT_EQ(stored_moves(id), (std::vector<std::int64_t>{1, 2}));

  // The room stays closed: a later move is refused, not stored.
  c.send(json{{"type", "move"}, {"move", "G3"}});
  json third = c.next_of_type("error", 5);
  ASSERT_FALSE(third.is_null());
  EXPECT_THAT(third["message"].get<std::string>(), HasSubstr("reload"));
  EXPECT_EQ(stored_moves(id), (std::vector<std::int64_t>{1, 2}));

  // Reloaded, the game is what is on disk and goes on from there.
  other.exec("DROP TRIGGER trap_move_3");
  auto state = http_request(port_, "GET", "/api/games/" + id);
  ASSERT_EQ(state.status, 200) << state.body;
  EXPECT_EQ(state.json()["moves"].size(), 2u);
  WsClient again(port_, ws_target(id, g["token"]));
  again.next();
  again.send(json{{"type", "move"}, {"move", "G3"}});
  EXPECT_FALSE(again.state_with_moves(3).is_null());
  EXPECT_EQ(stored_moves(id), (std::vector<std::int64_t>{1, 2, 3}));
}

INSTANTIATE_TEST_SUITE_P(Storage, FailedCommitTest,
                         ::testing::Values(
                             // The move's own write fails (its job is rolled back alone).
                             "CREATE TRIGGER trap_move_3 BEFORE INSERT ON moves WHEN NEW.number = 3 "
                             "BEGIN SELECT RAISE(ABORT, 'simulated write failure'); END",
                             // The whole transaction fails at COMMIT (a deferred foreign key).
                             "CREATE TABLE trap(game TEXT REFERENCES games(id) DEFERRABLE INITIALLY DEFERRED);"
                             "CREATE TRIGGER trap_move_3 AFTER INSERT ON moves WHEN NEW.number = 3 "
                             "BEGIN INSERT INTO trap VALUES ('no such game'); END"),
                         [](const auto& info) {
                           return info.index == 0 ? std::string("FailedWrite") : std::string("FailedCommit");
                         });

// `dvonn serve` on a database whose games cannot be read: a message and
// exit status 1, not an abort.
TEST(StorageStartTest, DamagedDatabaseExitsWithAMessage) {
  auto dir = fresh_temp_dir("dvonn-storage-test-");
  ServerConfig config = test_config(dir);
  config.db = (dir / "games.db").string();  // a SQLite file's damage
  {
    Server s(config);
    s.start();
  }
  damage_pages(config.db, "tbl_name = 'games'");

  int err[2];
  ASSERT_EQ(pipe(err), 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(err[1], STDERR_FILENO);
    close(err[0]);
    close(err[1]);
    std::vector<std::string> args = {DVONN_BINARY, "serve", "--port", "0", "--db", config.db};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(err[1]);
  // Read stderr until it closes (the process ended) or 30 s have passed.
  std::string output;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    pollfd p{err[0], POLLIN, 0};
    if (poll(&p, 1, 200) > 0) {
      char buffer[512];
      ssize_t n = read(err[0], buffer, sizeof buffer);
      if (n <= 0) break;
      output.append(buffer, static_cast<std::size_t>(n));
    }
    if (std::chrono::steady_clock::now() > deadline) break;
  }
  close(err[0]);
  int status = 0;
  pid_t ended = 0;
  while ((ended = waitpid(pid, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (ended == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    ADD_FAILURE() << "dvonn serve still runs on a damaged database; it said: " << output;
  }
  EXPECT_TRUE(WIFEXITED(status)) << "ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0) << "; it said "
                                 << output;
  if (WIFEXITED(status)) {
    EXPECT_EQ(WEXITSTATUS(status), 1);
  }
  EXPECT_THAT(output, HasSubstr("cannot start"));
  EXPECT_THAT(output, HasSubstr("malformed"));
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

}  // namespace
}  // namespace dvonn::server::testing
