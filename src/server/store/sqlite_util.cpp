#include "server/store/sqlite_util.hpp"

#include <sqlite3.h>

namespace dvonn::server {

void sql_check(sqlite3* db, int rc, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    throw StoreError(std::string(what) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
}

void sql_exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string text = message ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    throw StoreError(std::string(sql) + ": " + text);
  }
}

bool sql_has_column(sqlite3* db, const std::string& table, const std::string& column) {
  std::string sql = "SELECT 1 FROM pragma_table_info('" + table + "') WHERE name = ?1";
  Statement q(db, sql.c_str(), false);
  q.bind(1, column);
  bool found = q.next();
  q.reset();
  return found;
}

Statement::Statement(sqlite3* db, const char* sql, bool persistent) : db_(db) {
  sql_check(db, sqlite3_prepare_v3(db, sql, -1, persistent ? SQLITE_PREPARE_PERSISTENT : 0, &stmt_, nullptr), sql);
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int i, const std::string& text) {
  sql_check(db_, sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT), "bind");
  return *this;
}
Statement& Statement::bind(int i, std::int64_t value) {
  sql_check(db_, sqlite3_bind_int64(stmt_, i, value), "bind");
  return *this;
}
Statement& Statement::bind(int i, double value) {
  sql_check(db_, sqlite3_bind_double(stmt_, i, value), "bind");
  return *this;
}
Statement& Statement::bind_null(int i) {
  sql_check(db_, sqlite3_bind_null(stmt_, i), "bind");
  return *this;
}

void Statement::run() {
  int rc = sqlite3_step(stmt_);
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  sql_check(db_, rc, sqlite3_sql(stmt_));
}

bool Statement::next() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  sql_check(db_, rc, sqlite3_sql(stmt_));
  return false;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::string Statement::text(int column) const {
  auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
}
std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }
double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }
bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

int Statement::column(std::string_view name) const {
  if (names_.empty())
    for (int i = 0, n = sqlite3_column_count(stmt_); i < n; ++i) {
      const char* column_name = sqlite3_column_name(stmt_, i);
      names_.emplace_back(column_name ? column_name : "");
    }
  int found = -1;
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    if (names_[i] != name) continue;
    // Two columns of one name (g.id and u.id): the query needs an alias.
    if (found >= 0) throw StoreError("column " + std::string(name) + " is ambiguous in " + sqlite3_sql(stmt_));
    found = i;
  }
  if (found < 0) throw StoreError("no column " + std::string(name) + " in " + sqlite3_sql(stmt_));
  return found;
}

}  // namespace dvonn::server
