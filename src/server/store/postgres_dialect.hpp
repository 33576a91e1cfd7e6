// The few words in which the stores' SQL (written for SQLite) and
// PostgreSQL's differ, rewritten as a statement is prepared: `?N` and `?`
// placeholders become `$N`, and the schema's column types become
// PostgreSQL's (INTEGER holds milliseconds: BIGINT; REAL: DOUBLE
// PRECISION; an INTEGER PRIMARY KEY numbers itself: BIGSERIAL; no WITHOUT
// ROWID). Statements that differ in more than words are written portably
// in the stores instead (ON CONFLICT, RETURNING, COALESCE, CASE).
#pragma once

#include <string>

namespace dvonn::server {

struct PostgresSql {
  std::string text;
  int parameters = 0;  // the highest placeholder number
};

PostgresSql postgres_sql(const std::string& sqlite_sql);

}  // namespace dvonn::server
