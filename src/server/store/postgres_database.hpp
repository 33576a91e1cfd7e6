// The PostgreSQL back end of Database (libpq): many servers on one
// database. Each connection is used by one thread at a time (the writer,
// or a read lease), as with SQLite.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

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
  // The name of `text` prepared on this connection with these parameter
  // types; null when it is not. SQL seen a second time is prepared then
  // (so PostgreSQL parses and plans it once, not at every run), up to
  // kMaxPrepared statements a connection.
  const std::string* prepared(const std::string& text, const std::vector<unsigned int>& types);
  static constexpr std::size_t kMaxPrepared = 512;

 private:
  struct Prepared {
    int uses = 0;
    std::string name;  // "" until prepared
  };
  pg_conn* conn_ = nullptr;
  std::unordered_map<std::string, Prepared> prepared_;  // by text and types
  std::int64_t names_ = 0;                              // statements prepared
  std::int64_t changes_ = 0;
};

}  // namespace dvonn::server
