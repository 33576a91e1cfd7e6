#include "server/store/sqlite_database.hpp"

#include <sqlite3.h>

#include "server/base/store_error.hpp"

namespace dvonn::server {
namespace {

// Throws StoreError unless rc is OK, DONE or ROW.
void check(sqlite3* db, int rc, const std::string& what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    throw StoreError(what + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
}

class SqliteStatement : public PreparedSql {
 public:
  SqliteStatement(sqlite3* db, const std::string& sql, bool persistent) : db_(db), sql_(sql) {
    check(db, sqlite3_prepare_v3(db, sql.c_str(), -1, persistent ? SQLITE_PREPARE_PERSISTENT : 0, &stmt_, nullptr),
          sql);
  }
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  void bind_text(int i, const std::string& text) override {
    check(db_, sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT), "bind");
  }
  void bind_integer(int i, std::int64_t value) override { check(db_, sqlite3_bind_int64(stmt_, i, value), "bind"); }
  void bind_real(int i, double value) override { check(db_, sqlite3_bind_double(stmt_, i, value), "bind"); }
  void bind_null(int i) override { check(db_, sqlite3_bind_null(stmt_, i), "bind"); }
  void run() override {
    int rc = sqlite3_step(stmt_);
    reset();
    check(db_, rc, sql_);
  }
  bool next() override {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    reset();
    check(db_, rc, sql_);
    return false;
  }
  void reset() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  std::string text(int column) const override {
    auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
  }
  std::int64_t integer(int column) const override { return sqlite3_column_int64(stmt_, column); }
  double real(int column) const override { return sqlite3_column_double(stmt_, column); }
  bool is_null(int column) const override { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
  int column_count() const override { return sqlite3_column_count(stmt_); }
  std::string column_name(int column) const override {
    const char* name = sqlite3_column_name(stmt_, column);
    return name ? name : "";
  }
  const std::string& sql() const override { return sql_; }

 private:
  sqlite3* db_;
  std::string sql_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace

SqliteDatabase::SqliteDatabase(const std::string& path) {
  int rc =
      sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    throw StoreError("cannot open the database " + path + ": " + message);
  }
  // Another process (a second server on the same file, a backup) may hold a
  // lock for a moment: wait rather than fail.
  sqlite3_busy_timeout(db_, 5000);
}

SqliteDatabase::~SqliteDatabase() { sqlite3_close(db_); }

void SqliteDatabase::exec(const std::string& sql) {
  char* message = nullptr;
  int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    throw StoreError(sql + ": " + text);
  }
}

std::unique_ptr<PreparedSql> SqliteDatabase::prepare(const std::string& sql, bool persistent) {
  return std::make_unique<SqliteStatement>(db_, sql, persistent);
}

std::int64_t SqliteDatabase::changes() { return sqlite3_changes64(db_); }

bool SqliteDatabase::has_column(const std::string& table, const std::string& column) {
  SqliteStatement q(db_, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", false);
  q.bind_text(1, table);
  q.bind_text(2, column);
  bool found = q.next();
  q.reset();
  return found;
}

bool SqliteDatabase::file_moved() {
  int moved = 0;
  return sqlite3_file_control(db_, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved;
}

}  // namespace dvonn::server
