// Several reads on one read connection that see the database as it was at
// one moment: a game's row and its moves read by two statements must
// agree, even while another server (or this one's writer) commits a move
// between them. PostgreSQL: a REPEATABLE READ, READ ONLY transaction (its
// snapshot is taken at the first read); SQLite: a read transaction (WAL:
// it reads the database as of its first read, and blocks no writer).
#pragma once

#include "server/store/database.hpp"

namespace dvonn::server {

class ReadSnapshot {
 public:
  // Begins the transaction; throws StoreError.
  explicit ReadSnapshot(Database* db);
  // Ends it (nothing to commit: it only read). Statements prepared inside
  // should be gone by then.
  ~ReadSnapshot();
  ReadSnapshot(const ReadSnapshot&) = delete;
  ReadSnapshot& operator=(const ReadSnapshot&) = delete;

 private:
  Database* db_;
};

}  // namespace dvonn::server
