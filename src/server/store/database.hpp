// One open connection to the database, whichever back end holds it: a
// SQLite file (one server) or a PostgreSQL database (many servers on one
// database). The stores speak SQL through Statement (sqlite_util.hpp) and
// never see which one it is; the few statements whose SQL differs ask
// postgres().
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace dvonn::server {

// A statement prepared on one connection: the back end's half of Statement.
// Parameters are numbered from 1, columns from 0.
class PreparedSql {
 public:
  virtual ~PreparedSql() = default;
  virtual void bind_text(int i, const std::string& text) = 0;
  virtual void bind_integer(int i, std::int64_t value) = 0;
  virtual void bind_real(int i, double value) = 0;
  virtual void bind_null(int i) = 0;
  // Runs a statement that returns no rows (throws StoreError).
  virtual void run() = 0;
  // Steps to the next row; false at the end (and resets).
  virtual bool next() = 0;
  // Forgets the rows not read and the bound values.
  virtual void reset() = 0;
  virtual std::string text(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;
  virtual double real(int column) const = 0;
  virtual bool is_null(int column) const = 0;
  virtual int column_count() const = 0;
  virtual std::string column_name(int column) const = 0;
  virtual const std::string& sql() const = 0;
};

class Database {
 public:
  virtual ~Database() = default;
  // PostgreSQL (else SQLite).
  virtual bool postgres() const = 0;
  // Runs SQL text (one or more statements) without results; throws
  // StoreError.
  virtual void exec(const std::string& sql) = 0;
  // `?N` and `?` placeholders, as SQLite writes them; throws StoreError.
  // persistent: kept for many runs (the writer's statements).
  virtual std::unique_ptr<PreparedSql> prepare(const std::string& sql, bool persistent) = 0;
  // Rows the last INSERT, UPDATE or DELETE changed.
  virtual std::int64_t changes() = 0;
  // Whether a table has a column (for migrations).
  virtual bool has_column(const std::string& table, const std::string& column) = 0;
};

// Whether `target` (the --db value) names a PostgreSQL database: a
// postgresql:// or postgres:// URI or a libpq keyword string
// ("host=/run/x dbname=dvonn"); anything else is a SQLite file's path.
bool is_postgres_target(const std::string& target);
// The target as logs may show it: a password in it replaced by ***.
std::string database_display_name(const std::string& target);
// Opens (creating a SQLite file if needed) a connection; throws StoreError
// saying why when it cannot.
std::unique_ptr<Database> open_database(const std::string& target);

}  // namespace dvonn::server
