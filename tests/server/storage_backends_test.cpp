// The storage layer on both back ends: every test here runs once on a
// SQLite file and once on a throwaway PostgreSQL database (postgres_cluster:
// where PostgreSQL cannot start, the PostgreSQL runs fail, never skip).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <future>
#include <mutex>

#include "community_fixture.hpp"
#include "postgres_cluster.hpp"
#include "server/store/database.hpp"
#include "server/store/game_store.hpp"
#include "server/store/postgres_dialect.hpp"
#include "server/store/schema.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

enum class Backend { Sqlite, Postgres };

std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::Sqlite ? "Sqlite" : "Postgres";
}

// A fresh database of the test's back end.
std::string fresh_target(Backend backend, const std::filesystem::path& dir) {
  return backend == Backend::Sqlite ? (dir / "games.db").string() : shared_postgres().fresh_database();
}

class StorageBackendTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    dir_ = fresh_temp_dir("dvonn-backend-test-");
    target_ = fresh_target(GetParam(), dir_);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::filesystem::path dir_;
  std::string target_;
};

TEST_P(StorageBackendTest, OpensTheRightBackEnd) {
  auto db = open_database(target_);
  EXPECT_EQ(db->postgres(), GetParam() == Backend::Postgres);
}

TEST_P(StorageBackendTest, GamesWithMovesRoundTrip) {
  StoredGame g;
  g.id = "g1";
  g.mode = Mode::Online;
  g.start = "start-position";
  g.white_token = "wt";
  g.black_token = "bt";
  g.clock = "5+3";
  g.rated = true;
  g.created_ms = 1'700'000'000'123;  // past 2^31: needs 64-bit columns
  g.started_ms = 1'700'000'000'456;
  g.moves = {"E3", "F4", "G5"};
  g.move_times = {1'700'000'001'000, 1'700'000'002'500, 1'700'000'003'250};
  {
    GameStore store(target_, 2);
    ASSERT_EQ(store.commit([&](StoreWriter& w) { w.insert_game(g); }), "");
    ASSERT_EQ(store.commit([&](StoreWriter& w) {
      w.append_move("g1", 4, "H6", 1'700'000'004'000);
      w.truncate_moves("g1", 3);  // a takeback
      w.append_move("g1", 4, "A1", 1'700'000'005'000);
      GameProgress p;
      p.version = 4;
      p.move_count = 4;
      p.to_move = "black";
      p.deadline_ms = 1'700'000'099'000;
      p.updated_ms = 1'700'000'005'000;
      w.set_progress("g1", p);
    }),
              "");
    // A duplicate id fails alone; the other job of its batch commits.
    StoredGame other = g;
    other.id = "g2";
    std::string first, second;
    std::promise<void> both;
    int left = 2;
    std::mutex m;
    auto done = [&](std::string& into) {
      return [&](const std::string& error) {
        into = error;
        std::lock_guard lock(m);
        if (--left == 0) both.set_value();
      };
    };
    store.submit([&](StoreWriter& w) { w.insert_game(g); }, done(first));
    store.submit([&](StoreWriter& w) { w.insert_game(other); }, done(second));
    both.get_future().wait();
    EXPECT_NE(first, "");
    EXPECT_EQ(second, "");
    auto running = store.running_timed_games();
    std::sort(running.begin(), running.end());
    EXPECT_EQ(running, std::vector<std::string>({"g1", "g2"}));
  }
  GameStore store(target_);
  auto loaded = store.load("g1");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->moves, std::vector<std::string>({"E3", "F4", "G5", "A1"}));
  EXPECT_EQ(loaded->move_times,
            std::vector<std::int64_t>({1'700'000'001'000, 1'700'000'002'500, 1'700'000'003'250, 1'700'000'005'000}));
  EXPECT_EQ(loaded->created_ms, g.created_ms);
  EXPECT_EQ(loaded->started_ms, g.started_ms);
  EXPECT_EQ(loaded->version, 4);
  EXPECT_EQ(loaded->move_count, 4);
  EXPECT_EQ(loaded->clock, "5+3");
  EXPECT_TRUE(loaded->rated);
  EXPECT_EQ(loaded->white_token, "wt");
  EXPECT_EQ(loaded->tournament, "null");
  EXPECT_FALSE(store.load("nothing"));
  std::int64_t deadline = 0;
  bool null_deadline = true;
  store.read([&](Database* db) {
    Statement q(db, "SELECT deadline_ms, to_move, deadline_ms > ?1 AS later FROM games WHERE id = ?2", false);
    q.bind(1, std::int64_t{1'700'000'000'000}).bind(2, std::string("g1"));
    ASSERT_TRUE(q.next());
    deadline = q.integer("deadline_ms");
    EXPECT_EQ(q.text("to_move"), "black");
    EXPECT_EQ(q.integer("later"), 1);  // a comparison reads as 1 or 0 on both
    q.reset();
    Statement n(db, "SELECT deadline_ms FROM games WHERE id = ?1", false);
    n.bind(1, std::string("g2"));
    ASSERT_TRUE(n.next());
    null_deadline = n.is_null(0);
    n.reset();
  });
  EXPECT_EQ(deadline, 1'700'000'099'000);
  EXPECT_TRUE(null_deadline);
}

TEST_P(StorageBackendTest, TheSchemaAndItsMigrationsRunTwiceChangeNothing) {
  StoredGame g;
  g.id = "kept";
  g.start = "s";
  {
    GameStore store(target_);
    ASSERT_EQ(store.commit([&](StoreWriter& w) { w.insert_game(g); }), "");
  }
  {
    GameStore again(target_);  // the schema made again on open
    ASSERT_EQ(again.commit([](StoreWriter& w) { create_schema(w.connection()); }), "");
    EXPECT_TRUE(again.load("kept"));
    bool has = false, hasnt = true;
    again.read([&](Database* db) {
      has = sql_has_column(db, "games", "tournament_round") && sql_has_column(db, "users", "banned");
      hasnt = sql_has_column(db, "games", "no_such_column");
    });
    EXPECT_TRUE(has);
    EXPECT_FALSE(hasnt);
  }
}

TEST_P(StorageBackendTest, AFailedStatementRollsBackOnlyItsJob) {
  GameStore store(target_);
  EXPECT_NE(store.commit([](StoreWriter& w) { sql_exec(w.connection(), "INSERT INTO no_such_table VALUES (1)"); }), "");
  // The connection is usable again at once.
  StoredGame g;
  g.id = "after";
  g.start = "s";
  EXPECT_EQ(store.commit([&](StoreWriter& w) { w.insert_game(g); }), "");
  EXPECT_TRUE(store.load("after"));
}

INSTANTIATE_TEST_SUITE_P(Backends, StorageBackendTest, ::testing::Values(Backend::Sqlite, Backend::Postgres),
                         backend_name);

// Accounts, sessions and ratings through the API, on a server whose
// database is of the test's back end, across a restart.
class BackendServerTest : public CommunityTest, public ::testing::WithParamInterface<Backend> {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.db = fresh_target(GetParam(), dir_);
  }
};

TEST_P(BackendServerTest, AccountsSessionsAndRatingsSurviveARestart) {
  Browser alice = signup("alice"), bob = signup("bob");
  Browser guest_carol = guest("carol");
  Started g = start_online(alice, bob, {{"rated", true}});
  ASSERT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.black}}).status, 200);
  json changes = state(g.id)["rating_changes"];
  ASSERT_TRUE(changes.is_object());
  EXPECT_GT(changes["white"]["after"].get<double>(), 1500.0);
  ASSERT_EQ(call("/api/users/bob/follow", {{"on", true}}, alice).status / 100, 2);

  restart();
  // The session cookies still sign in; the ratings and history are kept.
  json me = get("/api/me", alice).json();
  EXPECT_EQ(me["user"]["name"], "alice") << me.dump();
  EXPECT_EQ(get("/api/me", guest_carol).json()["user"]["name"], "carol");
  json a = get("/api/users/alice").json();
  EXPECT_EQ(a["user"]["rating"], changes["white"]["after"]);
  EXPECT_EQ(a["record"], json({{"wins", 1}, {"draws", 0}, {"losses", 0}}));
  ASSERT_EQ(a["rating_history"].size(), 1u);
  EXPECT_EQ(state(g.id)["rating_changes"], changes);
  // Logging in again (a second session) and a wrong password.
  EXPECT_EQ(post(port_, "/api/auth/login", {{"name", "alice"}, {"password", "correct horse"}}).status, 200);
  EXPECT_EQ(post(port_, "/api/auth/login", {{"name", "alice"}, {"password", "wrong horse"}}).status / 100, 4);
  // A name is taken whatever its case.
  EXPECT_EQ(post(port_, "/api/auth/signup", {{"name", "ALICE"}, {"password", "correct horse"}}).status / 100, 4);
}

INSTANTIATE_TEST_SUITE_P(Backends, BackendServerTest, ::testing::Values(Backend::Sqlite, Backend::Postgres),
                         backend_name);

// `dvonn serve --db` with a database it cannot reach: a clear error at
// start, and a non-zero exit status.
TEST(PostgresTarget, AnUnreachableDatabaseStopsTheServerAtStart) {
  std::string command =
      std::string(DVONN_BINARY) + " serve --port 0 --db 'host=/nonexistent/dvonn dbname=dvonn password=hunter2' 2>&1";
  FILE* out = popen(command.c_str(), "r");
  ASSERT_NE(out, nullptr);
  std::string text;
  char buffer[512];
  while (fgets(buffer, sizeof buffer, out)) text += buffer;
  int status = pclose(out);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) != 0) << status;
  EXPECT_NE(text.find("cannot connect to the PostgreSQL database"), std::string::npos) << text;
  EXPECT_EQ(text.find("hunter2"), std::string::npos) << text;  // no password in the log
}

TEST(PostgresTarget, WhatSelectsPostgres) {
  EXPECT_TRUE(is_postgres_target("postgresql://u@localhost/dvonn"));
  EXPECT_TRUE(is_postgres_target("postgres://u@%2Frun%2Fpostgresql/dvonn"));
  EXPECT_TRUE(is_postgres_target("host=/run/postgresql dbname=dvonn"));
  EXPECT_TRUE(is_postgres_target("dbname=dvonn"));
  EXPECT_FALSE(is_postgres_target("dvonn.db"));
  EXPECT_FALSE(is_postgres_target("/var/lib/dvonn/games.db"));
  EXPECT_EQ(database_display_name("postgresql://u:secret@h/db"), "postgresql://u:***@h/db");
  EXPECT_EQ(database_display_name("host=/x password=secret dbname=d"), "host=/x password=*** dbname=d");
}

TEST(PostgresDialect, PlaceholdersAndTypes) {
  auto t = postgres_sql("SELECT a FROM t WHERE b = ?2 AND c = ?1 AND d = '?3' AND e = ?");
  EXPECT_EQ(t.text, "SELECT a FROM t WHERE b = $2 AND c = $1 AND d = '?3' AND e = $3");
  EXPECT_EQ(t.parameters, 3);
  EXPECT_EQ(postgres_sql("INSERT INTO t VALUES (?, ?)").text, "INSERT INTO t VALUES ($1, $2)");
  EXPECT_EQ(postgres_sql("CREATE TABLE t(id INTEGER PRIMARY KEY, n INTEGER NOT NULL, r REAL, "
                         "integer_name TEXT) WITHOUT ROWID;")
                .text,
            "CREATE TABLE t(id BIGSERIAL PRIMARY KEY, n BIGINT NOT NULL, r DOUBLE PRECISION, integer_name TEXT);");
  EXPECT_EQ(postgres_sql("SELECT CAST(x AS INTEGER)").text, "SELECT CAST(x AS BIGINT)");
}

}  // namespace
}  // namespace dvonn::server::testing
