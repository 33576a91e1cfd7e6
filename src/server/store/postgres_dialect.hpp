// The few words in which the stores' SQL (written for SQLite) and
// PostgreSQL's differ, rewritten as a statement is prepared: `?N` and `?`
// placeholders become `$N`, and the schema's column types become
// PostgreSQL's (INTEGER holds milliseconds: BIGINT; REAL: DOUBLE
// PRECISION; an INTEGER PRIMARY KEY numbers itself: BIGSERIAL; no WITHOUT
// ROWID). Statements that differ in more than words are written portably
// in the stores instead (ON CONFLICT, RETURNING, COALESCE, CASE).
#pragma once

#include <string>
#include <vector>

namespace dvonn::server {

struct PostgresSql {
  std::string text;
  int parameters = 0;  // the highest placeholder number
  // Whether each number (from 1; index 0 unused) occurs: a statement may
  // skip some (?1, ?2, ?4), and PostgreSQL must be told the type of one it
  // cannot infer from its use.
  std::vector<bool> used;
};

PostgresSql postgres_sql(const std::string& sqlite_sql);

}  // namespace dvonn::server
