// Small helpers over the SQLite C API shared by the stores: error checks,
// one-off statements, and a prepared statement that resets itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/store_error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace dvonn::server {

// Throws StoreError unless rc is OK, DONE or ROW.
void sql_check(sqlite3* db, int rc, const char* what);
// Runs SQL text without results; throws StoreError.
void sql_exec(sqlite3* db, const char* sql);
// Whether a table has a column (for migrations).
bool sql_has_column(sqlite3* db, const std::string& table, const std::string& column);

// A prepared statement, reset after every use so it can be run again.
class Statement {
 public:
  // persistent: kept for many runs (the writer's statements).
  Statement(sqlite3* db, const char* sql, bool persistent = true);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& text);
  Statement& bind(int i, std::int64_t value);
  Statement& bind(int i, double value);
  Statement& bind_null(int i);
  // Runs a statement that returns no rows.
  void run();
  // Steps to the next row; false at the end (and resets).
  bool next();
  // Resets after reading fewer rows than there are.
  void reset();
  std::string text(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  bool is_null(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace dvonn::server
