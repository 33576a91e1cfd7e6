#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

void sql_exec(Database* db, const std::string& sql) { db->exec(sql); }

bool sql_has_column(Database* db, const std::string& table, const std::string& column) {
  return db->has_column(table, column);
}

Statement::Statement(Database* db, const std::string& sql, bool persistent) : sql_(db->prepare(sql, persistent)) {}

Statement::~Statement() = default;

Statement& Statement::bind(int i, const std::string& text) {
  sql_->bind_text(i, text);
  return *this;
}
Statement& Statement::bind(int i, std::int64_t value) {
  sql_->bind_integer(i, value);
  return *this;
}
Statement& Statement::bind(int i, double value) {
  sql_->bind_real(i, value);
  return *this;
}
Statement& Statement::bind_null(int i) {
  sql_->bind_null(i);
  return *this;
}

void Statement::run() { sql_->run(); }
bool Statement::next() { return sql_->next(); }
void Statement::reset() { sql_->reset(); }

std::string Statement::text(int column) const { return sql_->text(column); }
std::int64_t Statement::integer(int column) const { return sql_->integer(column); }
double Statement::real(int column) const { return sql_->real(column); }
bool Statement::is_null(int column) const { return sql_->is_null(column); }

int Statement::column(std::string_view name) const {
  if (names_.empty())
    for (int i = 0, n = sql_->column_count(); i < n; ++i) names_.push_back(sql_->column_name(i));
  int found = -1;
  for (int i = 0; i < static_cast<int>(names_.size()); ++i) {
    if (names_[i] != name) continue;
    // Two columns of one name (g.id and u.id): the query needs an alias.
    if (found >= 0) throw StoreError("column " + std::string(name) + " is ambiguous in " + sql_->sql());
    found = i;
  }
  if (found < 0) throw StoreError("no column " + std::string(name) + " in " + sql_->sql());
  return found;
}

}  // namespace dvonn::server
