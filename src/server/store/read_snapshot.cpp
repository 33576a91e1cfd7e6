#include "server/store/read_snapshot.hpp"

#include <iostream>

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

ReadSnapshot::ReadSnapshot(Database* db) : db_(db) {
  sql_exec(db_, db_->postgres() ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
}

ReadSnapshot::~ReadSnapshot() {
  // Also after a failed read: PostgreSQL refuses every statement of an
  // aborted transaction until it ends, and the connection goes back to the
  // pool.
  try {
    sql_exec(db_, "ROLLBACK");
  } catch (const std::exception& e) {
    std::cerr << "dvonn serve: ending a read transaction: " << e.what() << "\n";
  }
}

}  // namespace dvonn::server
