// `dvonn db copy FROM TO`: a whole dvonn database copied from one back end
// to another (a SQLite file to PostgreSQL and back, or to the same kind),
// through the Database interface only. The target gets this program's
// schema (create_schema), then every table's rows, parents before the
// tables that reference them, column by column by name with their types;
// PostgreSQL's numbering sequences are set past the copied maximum. The
// target is written in one transaction and checked before it commits: every
// table's rows are counted and digested in one order on both sides, and a
// difference rolls the copy back. The source is only read, in one read
// transaction (a live server's SQLite file keeps being served: WAL).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace dvonn::server {

// Why a copy was refused or failed; the target is then as it was.
class DatabaseCopyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TableCopyCheck {
  std::string table;
  std::int64_t source_rows = 0;
  std::int64_t target_rows = 0;
  bool identical = false;  // same count and same ordered digest
};

struct DatabaseCopyReport {
  std::vector<TableCopyCheck> tables;  // in the order they were copied
  bool identical = false;              // every table; else nothing was kept
  std::int64_t rows(const std::string& table) const;
};

// Copies `from` into `to` (--db forms: a SQLite path or a PostgreSQL
// target). Throws DatabaseCopyError, changing nothing, when from does not
// exist or is not a dvonn database, when both name the same database, when
// to cannot be opened or holds any row, or when a write fails. A check that
// finds a difference rolls back and returns the report (identical false).
DatabaseCopyReport copy_database(const std::string& from, const std::string& to);

}  // namespace dvonn::server
