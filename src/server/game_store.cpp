#include "server/game_store.hpp"

#include <sqlite3.h>

#include <chrono>
#include <future>

namespace dvonn::server {
namespace {

void check(sqlite3* db, int rc, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    throw StoreError(std::string(what) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
}

void exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    throw StoreError(std::string(sql) + ": " + text);
  }
}

// A prepared statement, reset after every use so it can be run again.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    check(db, sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr), sql);
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& text) {
    check(db_, sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT), "bind");
    return *this;
  }
  Statement& bind(int i, std::int64_t value) {
    check(db_, sqlite3_bind_int64(stmt_, i, value), "bind");
    return *this;
  }
  Statement& bind(int i, double value) {
    check(db_, sqlite3_bind_double(stmt_, i, value), "bind");
    return *this;
  }
  // Runs a statement that returns no rows.
  void run() {
    int rc = sqlite3_step(stmt_);
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    check(db_, rc, sqlite3_sql(stmt_));
  }
  // Steps to the next row; false at the end (and resets).
  bool next() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    check(db_, rc, sqlite3_sql(stmt_));
    return false;
  }
  std::string text(int column) const {
    auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

double unix_time() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

sqlite3* open_database(const std::string& path) {
  sqlite3* db = nullptr;
  int rc =
      sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    throw StoreError("cannot open the database " + path + ": " + message);
  }
  // Another process (a second server on the same file, a backup) may hold a
  // lock for a moment: wait rather than fail.
  sqlite3_busy_timeout(db, 5000);
  return db;
}

class SqliteWriter : public StoreWriter {
 public:
  explicit SqliteWriter(sqlite3* db)
      : insert_game_(db,
                     "INSERT INTO games(id, mode, level, start, white_token, black_token, engine_color, version, over, "
                     "created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        append_move_(db, "INSERT INTO moves(game_id, number, move, time) VALUES (?1, ?2, ?3, ?4)"),
        truncate_(db, "DELETE FROM moves WHERE game_id = ?1 AND number > ?2"),
        white_token_(db, "UPDATE games SET white_token = ?2 WHERE id = ?1"),
        black_token_(db, "UPDATE games SET black_token = ?2 WHERE id = ?1"),
        progress_(db, "UPDATE games SET version = ?2, over = ?3 WHERE id = ?1") {}

  void insert_game(const StoredGame& g) override {
    double now = unix_time();
    insert_game_.bind(1, g.id)
        .bind(2, g.mode)
        .bind(3, std::int64_t{g.level})
        .bind(4, g.start)
        .bind(5, g.white_token)
        .bind(6, g.black_token)
        .bind(7, g.engine_color)
        .bind(8, g.version)
        .bind(9, std::int64_t{g.over})
        .bind(10, now)
        .run();
    for (std::size_t i = 0; i < g.moves.size(); ++i) append_move(g.id, static_cast<int>(i) + 1, g.moves[i]);
  }
  void append_move(const std::string& id, int number, const std::string& move) override {
    append_move_.bind(1, id).bind(2, std::int64_t{number}).bind(3, move).bind(4, unix_time()).run();
  }
  void truncate_moves(const std::string& id, int keep) override {
    truncate_.bind(1, id).bind(2, std::int64_t{keep}).run();
  }
  void set_token(const std::string& id, const std::string& color, const std::string& token) override {
    (color == "white" ? white_token_ : black_token_).bind(1, id).bind(2, token).run();
  }
  void set_progress(const std::string& id, std::int64_t version, bool over) override {
    progress_.bind(1, id).bind(2, version).bind(3, std::int64_t{over}).run();
  }

 private:
  Statement insert_game_, append_move_, truncate_, white_token_, black_token_, progress_;
};

}  // namespace

GameStore::GameStore(const std::string& path) {
  try {
    write_db_ = open_database(path);
    // WAL: readers never block the writer and a commit appends to one file.
    // synchronous=FULL: COMMIT returns only after the WAL is fsynced, so an
    // acknowledged move survives kill -9 and power loss alike (NORMAL would
    // survive kill -9 only). Group commit keeps the fsync count low.
    exec(write_db_, "PRAGMA journal_mode=WAL");
    exec(write_db_, "PRAGMA synchronous=FULL");
    exec(write_db_, "PRAGMA foreign_keys=ON");
    exec(write_db_,
         "CREATE TABLE IF NOT EXISTS games("
         " id TEXT PRIMARY KEY,"
         " mode TEXT NOT NULL,"
         " level INTEGER NOT NULL,"
         " start TEXT NOT NULL,"
         " white_token TEXT NOT NULL,"
         " black_token TEXT NOT NULL,"
         " engine_color TEXT NOT NULL,"
         " version INTEGER NOT NULL,"
         " over INTEGER NOT NULL,"
         " created REAL NOT NULL) WITHOUT ROWID;"
         "CREATE TABLE IF NOT EXISTS moves("
         " game_id TEXT NOT NULL REFERENCES games(id),"
         " number INTEGER NOT NULL,"
         " move TEXT NOT NULL,"
         " time REAL NOT NULL,"
         " PRIMARY KEY(game_id, number)) WITHOUT ROWID;"
         "CREATE INDEX IF NOT EXISTS unfinished_engine_games ON games(mode) WHERE over = 0;");
    read_db_ = open_database(path);
  } catch (...) {
    sqlite3_close(read_db_);
    sqlite3_close(write_db_);
    throw;
  }
  writer_ = std::thread([this] { writer_loop(); });
}

GameStore::~GameStore() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_cv_.notify_all();
  writer_.join();
  sqlite3_close(read_db_);
  sqlite3_close(write_db_);
}

void GameStore::submit(Work work, Done done) {
  {
    std::lock_guard lock(queue_mutex_);
    queue_.push_back({std::move(work), std::move(done)});
  }
  queue_cv_.notify_one();
}

std::string GameStore::commit(Work work) {
  std::promise<std::string> result;
  auto future = result.get_future();
  submit(std::move(work), [&result](const std::string& error) { result.set_value(error); });
  return future.get();
}

void GameStore::writer_loop() {
  SqliteWriter writer(write_db_);
  Statement begin(write_db_, "BEGIN IMMEDIATE");
  Statement commit(write_db_, "COMMIT");
  Statement rollback(write_db_, "ROLLBACK");
  for (;;) {
    std::deque<Job> batch;
    {
      std::unique_lock lock(queue_mutex_);
      queue_cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.swap(queue_);
    }
    std::vector<std::string> errors(batch.size());
    try {
      begin.run();
      // Each job in its own savepoint: a failing job (say, a duplicate id)
      // is rolled back alone and the others in the batch still commit.
      for (std::size_t i = 0; i < batch.size(); ++i) {
        exec(write_db_, "SAVEPOINT job");
        try {
          batch[i].work(writer);
        } catch (const std::exception& e) {
          errors[i] = e.what();
          exec(write_db_, "ROLLBACK TO job");
        }
        exec(write_db_, "RELEASE job");
      }
      commit.run();
      ++transactions_;
    } catch (const std::exception& e) {
      // The whole transaction is lost: nothing in it may be acknowledged.
      sqlite3_exec(write_db_, "ROLLBACK", nullptr, nullptr, nullptr);
      for (auto& error : errors) error = std::string("could not save: ") + e.what();
    }
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (batch[i].done) batch[i].done(errors[i]);
  }
}

std::optional<StoredGame> GameStore::load(const std::string& id) {
  std::lock_guard lock(read_mutex_);
  // Prepared per call: loads are rare (once per game per server start).
  Statement game(read_db_,
                 "SELECT mode, level, start, white_token, black_token, engine_color, version, over FROM games WHERE "
                 "id = ?1");
  game.bind(1, id);
  if (!game.next()) return std::nullopt;
  StoredGame g;
  g.id = id;
  g.mode = game.text(0);
  g.level = static_cast<int>(game.integer(1));
  g.start = game.text(2);
  g.white_token = game.text(3);
  g.black_token = game.text(4);
  g.engine_color = game.text(5);
  g.version = game.integer(6);
  g.over = game.integer(7) != 0;
  while (game.next()) {
  }
  Statement moves(read_db_, "SELECT move FROM moves WHERE game_id = ?1 ORDER BY number");
  moves.bind(1, id);
  while (moves.next()) g.moves.push_back(moves.text(0));
  return g;
}

std::vector<std::string> GameStore::unfinished_engine_games() {
  std::lock_guard lock(read_mutex_);
  Statement q(read_db_, "SELECT id FROM games WHERE mode = 'engine' AND over = 0");
  std::vector<std::string> ids;
  while (q.next()) ids.push_back(q.text(0));
  return ids;
}

}  // namespace dvonn::server
