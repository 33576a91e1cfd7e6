// The SQLite back end of Database: one file, one server.
#pragma once

#include <string>

#include "server/store/database.hpp"

struct sqlite3;

namespace dvonn::server {

class SqliteDatabase : public Database {
 public:
  // Opens (creating if needed) the file; throws StoreError.
  explicit SqliteDatabase(const std::string& path);
  ~SqliteDatabase() override;
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  bool postgres() const override { return false; }
  void exec(const std::string& sql) override;
  std::unique_ptr<PreparedSql> prepare(const std::string& sql, bool persistent) override;
  std::int64_t changes() override;
  bool has_column(const std::string& table, const std::string& column) override;
  // Whether the file at the path is no longer the file open here (moved or
  // deleted under the server).
  bool file_moved();

 private:
  sqlite3* db_ = nullptr;
};

}  // namespace dvonn::server
