// Small helpers over Database shared by the stores (SQLite or PostgreSQL):
// one-off statements, and a prepared statement that resets itself. The
// SQL is SQLite's, with `?N` placeholders; PostgreSQL reads it through
// postgres_dialect.hpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/base/store_error.hpp"
#include "server/store/database.hpp"

namespace dvonn::server {

// Runs SQL text without results; throws StoreError.
void sql_exec(Database* db, const std::string& sql);
// Whether a table has a column (for migrations).
bool sql_has_column(Database* db, const std::string& table, const std::string& column);

// A prepared statement, reset after every use so it can be run again.
class Statement {
 public:
  // persistent: kept for many runs (the writer's statements).
  Statement(Database* db, const std::string& sql, bool persistent = true);
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
  // The current row's columns by position (for one-column and aggregate
  // queries) ...
  std::string text(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  bool is_null(int column) const;
  // ... and by name (a column's name, or its AS alias), so that a query's
  // columns can be reordered or added to without shifting what reads them.
  // An unknown name throws StoreError.
  std::string text(std::string_view name) const { return text(column(name)); }
  std::int64_t integer(std::string_view name) const { return integer(column(name)); }
  double real(std::string_view name) const { return real(column(name)); }
  bool is_null(std::string_view name) const { return is_null(column(name)); }
  int column(std::string_view name) const;

 private:
  std::unique_ptr<PreparedSql> sql_;
  mutable std::vector<std::string> names_;  // the result columns, read once
};

}  // namespace dvonn::server
