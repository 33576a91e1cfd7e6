// The PostgreSQL back end of Database (libpq): many servers on one
// database. Each connection is used by one thread at a time (the writer,
// or a read lease), as with SQLite.
#pragma once

#include <string>

#include "server/store/database.hpp"

struct pg_conn;

namespace dvonn::server {

class PostgresDatabase : public Database {
 public:
  // Connects (a URI or a libpq keyword string); throws StoreError saying
  // why it cannot.
  explicit PostgresDatabase(const std::string& target);
  ~PostgresDatabase() override;
  PostgresDatabase(const PostgresDatabase&) = delete;
  PostgresDatabase& operator=(const PostgresDatabase&) = delete;

  bool postgres() const override { return true; }
  void exec(const std::string& sql) override;
  std::unique_ptr<PreparedSql> prepare(const std::string& sql, bool persistent) override;
  std::int64_t changes() override { return changes_; }
  bool has_column(const std::string& table, const std::string& column) override;

  pg_conn* connection() { return conn_; }
  void set_changes(std::int64_t n) { changes_ = n; }
  // A name for a statement prepared on this connection.
  std::string next_statement_name() { return "dvonn_" + std::to_string(++statements_); }

 private:
  pg_conn* conn_ = nullptr;
  std::int64_t statements_ = 0;
  std::int64_t changes_ = 0;
};

}  // namespace dvonn::server
