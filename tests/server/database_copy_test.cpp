// `dvonn db copy` (server/store/database_copy): a SQLite database a real
// server filled (accounts, sessions, games and their moves, a finished
// rated game's ratings, chat) copied to PostgreSQL and back to a new SQLite
// file comes back with every table identical; a server on the PostgreSQL
// copy serves the same games and lets the same people in, and numbers new
// rows past the copied ones. What the copy refuses (a target holding rows,
// the same database, a missing or garbage source) changes nothing. Always on
// SQLite and a throwaway PostgreSQL cluster, whatever DVONN_TEST_DB says.
#include "server/store/database_copy.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>

#include "community_fixture.hpp"
#include "postgres_cluster.hpp"
#include "program_test_support.hpp"
#include "server/store/database.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

// Every table's rows, each as one line, sorted: what a database holds,
// read independently of the copy's own check. SQLite reals are written
// exactly (typeof), PostgreSQL's values in their text form.
using Dump = std::map<std::string, std::vector<std::string>>;

Dump dump(const std::string& target) {
  auto db = open_database(target);
  std::vector<std::string> tables;
  {
    Statement q(db.get(),
                db->postgres()
                    ? "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                    : "SELECT name FROM sqlite_master WHERE type = 'table'",
                false);
    while (q.next()) tables.push_back(q.text(0));
  }
  Dump out;
  for (const auto& t : tables) {
    std::vector<std::string> columns;
    {
      Statement q(db.get(),
                  db->postgres() ? "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                                   "current_schema() AND table_name = ?1"
                                 : "SELECT name FROM pragma_table_info(?1)",
                  false);
      q.bind(1, t);
      while (q.next()) columns.push_back(q.text(0));
    }
    std::sort(columns.begin(), columns.end());
    std::string select;
    for (const auto& c : columns)
      select += (select.empty() ? "" : ", ") + (db->postgres() ? "NULL" : "typeof(\"" + c + "\")") + ", \"" + c + "\"";
    Statement q(db.get(), "SELECT " + select + " FROM \"" + t + "\"", false);
    auto& rows = out[t];
    while (q.next()) {
      std::string row;
      for (int i = 0; i < static_cast<int>(columns.size()); ++i) {
        int v = 2 * i + 1;
        row += columns[static_cast<std::size_t>(i)] + "=";
        if (q.is_null(v)) {
          row += "NULL";
        } else if (!db->postgres() && q.text(v - 1) == "real") {
          char buffer[32];
          auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, q.real(v));
          row += std::string(buffer, end);
        } else {
          row += "'" + q.text(v) + "'";
        }
        row += " ";
      }
      rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end());
  }
  return out;
}

std::string file_bytes(const std::string& path) { return dvonn::test::read_file(path); }

// Where a table came in a copy's order (past the end if it did not).
std::size_t position(const DatabaseCopyReport& report, const std::string& table) {
  for (std::size_t i = 0; i < report.tables.size(); ++i)
    if (report.tables[i].table == table) return i;
  return report.tables.size();
}

class DatabaseCopyTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.db = source();
  }
  std::string source() const { return (dir_ / "source.db").string(); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Real content, as a server writes it: three accounts and a guest, their
  // sessions, a rated game played a little and resigned (ratings, rating
  // history), a game in progress with chat.
  void fill() {
    alice_ = signup("alice");
    bob_ = signup("bob");
    carol_ = signup("carol");
    guest("visitor");
    rated_ = start_online(alice_, bob_, {{"rated", true}});
    move(rated_.id, rated_.white, "E3");
    move(rated_.id, rated_.black, "F3");
    move(rated_.id, rated_.white, "G3");
    auto r = call("/api/games/" + rated_.id + "/resign", {{"token", rated_.black}});
    ASSERT_EQ(r.status, 200) << r.body;
    ASSERT_TRUE(r.json()["rating_changes"].is_object()) << r.body;
    playing_ = start_online(bob_, carol_);
    move(playing_.id, playing_.white, "E3");
    move(playing_.id, playing_.black, "F3");
    auto chat = call("/api/games/" + playing_.id + "/chat", {{"text", "good luck, élan"}}, bob_);
    ASSERT_EQ(chat.status, 201) << chat.body;
    rated_state_ = state(rated_.id);
    playing_state_ = state(playing_.id);
  }
  void move(const std::string& id, const std::string& token, const std::string& m) {
    auto r = call("/api/games/" + id + "/moves", {{"token", token}, {"move", m}});
    ASSERT_EQ(r.status, 200) << r.body;
  }
  std::int64_t count(const std::string& target, const std::string& table) {
    auto db = open_database(target);
    Statement q(db.get(), "SELECT COUNT(*) FROM " + table, false);
    std::int64_t n = q.next() ? q.integer(0) : -1;
    q.reset();
    return n;
  }

  Browser alice_, bob_, carol_;
  Started rated_, playing_;
  json rated_state_, playing_state_;
};

TEST_F(DatabaseCopyTest, SqliteToPostgresAndBackKeepsEveryTableAndServesTheSameGames) {
  fill();
  stop();
  Dump before = dump(source());
  ASSERT_EQ(before["games"].size(), 2u);
  ASSERT_EQ(before["moves"].size(), 5u);
  ASSERT_GE(before["users"].size(), 4u);
  ASSERT_EQ(before["rating_history"].size(), 2u);
  ASSERT_EQ(before["chat_messages"].size(), 1u);
  ASSERT_GE(before["sessions"].size(), 4u);

  std::string pg = shared_postgres().fresh_database();
  DatabaseCopyReport there = copy_database(source(), pg);
  ASSERT_TRUE(there.identical);
  EXPECT_EQ(there.rows("games"), 2);
  EXPECT_EQ(there.rows("moves"), 5);
  EXPECT_EQ(there.rows("users"), static_cast<std::int64_t>(before["users"].size()));
  EXPECT_EQ(there.rows("rating_history"), 2);
  EXPECT_EQ(there.tables.size(), before.size());
  for (const auto& t : there.tables) {
    EXPECT_TRUE(t.identical) << t.table;
    EXPECT_EQ(t.target_rows, static_cast<std::int64_t>(before[t.table].size())) << t.table;
  }
  // Parents before the tables that reference them (PostgreSQL's catalog).
  EXPECT_LT(position(there, "users"), position(there, "sessions"));
  EXPECT_LT(position(there, "users"), position(there, "blocks"));  // not by name: by the foreign keys
  EXPECT_LT(position(there, "users"), position(there, "chat_messages"));
  EXPECT_LT(position(there, "games"), position(there, "moves"));
  EXPECT_LT(position(there, "chat_messages"), position(there, "chat_reports"));

  std::string back = path("back.db");
  DatabaseCopyReport home = copy_database(pg, back);
  ASSERT_TRUE(home.identical);
  EXPECT_LT(position(home, "users"), position(home, "blocks"));  // SQLite's catalog
  EXPECT_LT(position(home, "chat_messages"), position(home, "chat_reports"));
  EXPECT_EQ(dump(back), before);

  // A server on the PostgreSQL copy: the same games, the same people, and
  // new rows numbered past the copied ones (the sequences).
  config_.db = pg;
  start();
  EXPECT_EQ(state(rated_.id)["moves"], rated_state_["moves"]);
  EXPECT_EQ(state(rated_.id)["result"], rated_state_["result"]);
  EXPECT_EQ(state(rated_.id)["rating_changes"], rated_state_["rating_changes"]);
  EXPECT_EQ(state(playing_.id)["moves"], json::array({"E3", "F3"}));
  auto login = post(port_, "/api/auth/login", {{"name", "alice"}, {"password", "correct horse"}});
  EXPECT_EQ(login.status, 200) << login.body;
  EXPECT_EQ(get("/api/me", carol_).status, 200);  // a session from before the copy
  EXPECT_EQ(get("/api/users/alice").json()["user"]["rating"], rated_state_["rating_changes"]["white"]["after"]);
  signup("dave");  // a new user id past the copied ones
  auto chat = call("/api/games/" + playing_.id + "/chat", {{"text", "still here"}}, carol_);
  EXPECT_EQ(chat.status, 201) << chat.body;
  move(playing_.id, playing_.white, "G3");
  stop();
  EXPECT_EQ(count(pg, "chat_messages"), 2);
  EXPECT_EQ(count(pg, "users"), static_cast<std::int64_t>(before["users"].size()) + 1);
}

TEST_F(DatabaseCopyTest, ALiveSqliteSourceKeepsBeingServed) {
  fill();
  std::string copy = path("copy.db");
  DatabaseCopyReport report = copy_database(source(), copy);  // the server still running
  ASSERT_TRUE(report.identical);
  EXPECT_EQ(report.rows("games"), 2);
  move(playing_.id, playing_.white, "G3");
  EXPECT_EQ(state(playing_.id)["moves"], json::array({"E3", "F3", "G3"}));
  stop();
  EXPECT_EQ(count(copy, "moves"), 5);
  EXPECT_EQ(count(source(), "moves"), 6);
}

TEST_F(DatabaseCopyTest, ATargetHoldingRowsIsRefusedAndKeepsThem) {
  fill();
  stop();
  std::string pg = shared_postgres().fresh_database();
  ASSERT_TRUE(copy_database(source(), pg).identical);
  Dump pg_before = dump(pg);
  try {
    copy_database(source(), pg);
    FAIL() << "copied into a database that holds rows";
  } catch (const DatabaseCopyError& e) {
    EXPECT_THAT(e.what(), HasSubstr("not empty"));
  }
  EXPECT_EQ(dump(pg), pg_before);

  // A SQLite target with rows, even in one table only.
  std::string other = path("other.db");
  ASSERT_TRUE(copy_database(source(), other).identical);
  {
    auto db = open_database(other);
    sql_exec(db.get(), "DELETE FROM chat_messages; DELETE FROM moves; DELETE FROM games;");
  }
  Dump other_before = dump(other);
  std::string bytes = file_bytes(other);
  EXPECT_THROW(copy_database(source(), other), DatabaseCopyError);
  EXPECT_EQ(dump(other), other_before);
  EXPECT_EQ(file_bytes(other), bytes);
}

TEST_F(DatabaseCopyTest, TheSameDatabaseIsRefused) {
  fill();
  stop();
  Dump before = dump(source());
  for (const std::string& to : {source(), (dir_ / "." / "source.db").string()}) {
    try {
      copy_database(source(), to);
      FAIL() << "copied onto itself: " << to;
    } catch (const DatabaseCopyError& e) {
      EXPECT_THAT(e.what(), HasSubstr("the same database"));
    }
  }
  EXPECT_EQ(dump(source()), before);

  // One PostgreSQL database named two ways (keywords, URI).
  std::string pg = shared_postgres().fresh_database();
  ASSERT_TRUE(copy_database(source(), pg).identical);
  Dump pg_before = dump(pg);
  try {
    copy_database(pg, shared_postgres().uri(pg));
    FAIL() << "copied a PostgreSQL database onto itself";
  } catch (const DatabaseCopyError& e) {
    EXPECT_THAT(e.what(), HasSubstr("the same database"));
  }
  EXPECT_EQ(dump(pg), pg_before);
}

TEST_F(DatabaseCopyTest, AMissingOrGarbageSourceIsRefusedAndTouchesNothing) {
  stop();
  std::string target = path("target.db");
  try {
    copy_database(path("missing.db"), target);
    FAIL() << "copied a missing file";
  } catch (const DatabaseCopyError& e) {
    EXPECT_THAT(e.what(), HasSubstr("no database file"));
  }
  EXPECT_FALSE(std::filesystem::exists(path("missing.db")));
  EXPECT_FALSE(std::filesystem::exists(target));

  std::string garbage = path("garbage.db");
  std::ofstream(garbage) << std::string(5000, 'x') << "not a database at all\n";
  std::string bytes = file_bytes(garbage);
  try {
    copy_database(garbage, target);
    FAIL() << "copied a garbage file";
  } catch (const DatabaseCopyError& e) {
    EXPECT_THAT(e.what(), HasSubstr("not a dvonn database"));
  }
  EXPECT_EQ(file_bytes(garbage), bytes);
  EXPECT_FALSE(std::filesystem::exists(target));

  // A SQLite database of something else.
  std::string foreign = path("foreign.db");
  sql_exec(open_database(foreign).get(), "CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('hello');");
  EXPECT_THROW(copy_database(foreign, target), DatabaseCopyError);
  EXPECT_FALSE(std::filesystem::exists(target));

  // A missing PostgreSQL database as the source, a garbage file as the target.
  std::string pg = shared_postgres().fresh_database();
  std::string missing_pg = pg.substr(0, pg.find("dbname=")) + "dbname=no_such_database user=postgres";
  EXPECT_THROW(copy_database(missing_pg, target), DatabaseCopyError);
  start();
  fill();
  stop();
  EXPECT_THROW(copy_database(source(), garbage), DatabaseCopyError);
  EXPECT_EQ(file_bytes(garbage), bytes);
}

// A write that fails halfway (PostgreSQL enforces the foreign keys a
// SQLite file may break: a session of an account that is gone) rolls the
// whole copy back, the schema too; a new SQLite target file is removed.
TEST_F(DatabaseCopyTest, AFailureHalfwayLeavesTheTargetAsItWas) {
  fill();
  stop();
  sql_exec(open_database(source()).get(),
           "INSERT INTO sessions(token_hash, user_id, created_ms, expires_ms) VALUES ('orphan', 999999, 1, 2)");
  std::string pg = shared_postgres().fresh_database();
  try {
    copy_database(source(), pg);
    FAIL() << "copied a session of no account into PostgreSQL";
  } catch (const DatabaseCopyError& e) {
    EXPECT_THAT(e.what(), HasSubstr("nothing was kept"));
  }
  EXPECT_EQ(dump(pg), Dump());  // not even a table

  // A value SQLite let into a column of another type (text in an INTEGER
  // column) cannot be copied exactly: refused after the new SQLite target
  // got its schema, and the file made for it is removed.
  sql_exec(open_database(source()).get(),
           "DELETE FROM sessions WHERE token_hash = 'orphan';"
           "INSERT INTO moves(game_id, number, move, time) VALUES ('" +
               playing_.id + "', 'three', 'G3', 1)");
  std::string copy = path("copy.db");
  try {
    copy_database(source(), copy);
    FAIL() << "copied a text move number";
  } catch (const DatabaseCopyError& e) {
    EXPECT_THAT(e.what(), HasSubstr("moves.number"));
  }
  EXPECT_FALSE(std::filesystem::exists(copy));
  // A SQLite target that cannot be made (no such folder): no file either.
  EXPECT_THROW(copy_database(source(), path("gone/copy.db")), DatabaseCopyError);
  EXPECT_FALSE(std::filesystem::exists(path("gone")));
}

// The command: its figures, its exit codes, its refusals.
TEST_F(DatabaseCopyTest, TheCommandPrintsItsChecksAndRefusesWithANonZeroExit) {
  fill();
  stop();
  using dvonn::test::dvonn_command;
  using dvonn::test::run_command;
  using dvonn::test::shell_quote;
  std::string pg = shared_postgres().fresh_database();
  auto ok = run_command(dvonn_command("db copy " + shell_quote(source()) + " " + shell_quote(pg)) + " 2>&1");
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  std::string users = std::to_string(count(source(), "users"));
  EXPECT_THAT(ok.output, HasSubstr("checked: 2 games, " + users + " accounts, 2 ratings identical"));
  EXPECT_THAT(ok.output, ::testing::ContainsRegex("moves +5 rows  identical"));

  auto again = run_command(dvonn_command("db copy " + shell_quote(source()) + " " + shell_quote(pg)) + " 2>&1");
  EXPECT_EQ(again.exit_code, 1) << again.output;
  EXPECT_THAT(again.output, HasSubstr("is not empty"));
  EXPECT_THAT(again.output, HasSubstr("Nothing was copied"));

  auto missing = run_command(
      dvonn_command("db copy " + shell_quote(path("missing.db")) + " " + shell_quote(path("new.db"))) + " 2>&1");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_THAT(missing.output, HasSubstr("no database file"));
  EXPECT_FALSE(std::filesystem::exists(path("new.db")));

  auto usage = run_command(dvonn_command("db copy " + shell_quote(source())) + " 2>&1");
  EXPECT_EQ(usage.exit_code, 2) << usage.output;
}

}  // namespace
}  // namespace dvonn::server::testing
