#include "server/store/postgres_database.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <cstdlib>
#include <optional>
#include <vector>

#include "server/base/store_error.hpp"
#include "server/store/postgres_dialect.hpp"

namespace dvonn::server {
namespace {

// The parameter types sent with the values (0: the server infers it from
// where the parameter is used, as for text).
constexpr Oid kInt8 = 20;
constexpr Oid kFloat8 = 701;
constexpr Oid kText = 25;

std::string error_of(pg_conn* conn, PGresult* result) {
  std::string message = result ? PQresultErrorMessage(result) : PQerrorMessage(conn);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

// Owns a result and throws StoreError when it is an error.
struct Result {
  PGresult* r = nullptr;
  Result() = default;
  Result(pg_conn* conn, PGresult* result, const std::string& sql) : r(result) {
    ExecStatusType status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      std::string message = error_of(conn, r);
      PQclear(r);
      r = nullptr;
      throw StoreError(sql + ": " + message);
    }
  }
  ~Result() { PQclear(r); }
  Result(Result&& o) noexcept : r(o.r) { o.r = nullptr; }
  Result& operator=(Result&& o) noexcept {
    std::swap(r, o.r);
    return *this;
  }
};

class PostgresStatement : public PreparedSql {
 public:
  PostgresStatement(PostgresDatabase& db, const std::string& sql) : db_(db), sql_(sql) {
    PostgresSql translated = postgres_sql(sql);
    text_ = std::move(translated.text);
    values_.resize(static_cast<std::size_t>(translated.parameters));
    used_ = std::move(translated.used);
    types_.resize(values_.size(), 0);
    reset();
  }

  void bind_text(int i, const std::string& text) override {
    // Text takes its type from where it is used; one used nowhere is text.
    check_index(i);
    set(i, text, used_[static_cast<std::size_t>(i)] ? 0 : kText);
  }
  void bind_integer(int i, std::int64_t value) override { set(i, std::to_string(value), kInt8); }
  void bind_real(int i, double value) override {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest exact form
    set(i, std::string(buffer, end), kFloat8);
  }
  void bind_null(int i) override {
    check_index(i);
    values_[static_cast<std::size_t>(i - 1)].reset();
  }
  void run() override {
    execute();
    reset();
  }
  bool next() override {
    if (!result_.r) {
      execute();
      row_ = -1;
    }
    if (++row_ < PQntuples(result_.r)) return true;
    reset();
    return false;
  }
  void reset() override {
    result_ = Result();
    for (auto& v : values_) v.reset();
    for (std::size_t i = 0; i < types_.size(); ++i) types_[i] = used_[i + 1] ? 0 : kText;
  }
  std::string text(int column) const override {
    return std::string(PQgetvalue(result_.r, row_, column),
                       static_cast<std::size_t>(PQgetlength(result_.r, row_, column)));
  }
  std::int64_t integer(int column) const override {
    const char* v = PQgetvalue(result_.r, row_, column);
    if (v[0] == 't') return 1;  // a boolean (a comparison's value)
    if (v[0] == 'f') return 0;
    std::int64_t n = 0;
    const char* end = v + PQgetlength(result_.r, row_, column);
    auto [stop, ec] = std::from_chars(v, end, n);
    if (stop != end) return static_cast<std::int64_t>(std::strtod(v, nullptr));  // a real
    return n;
  }
  double real(int column) const override {
    const char* v = PQgetvalue(result_.r, row_, column);
    return v[0] ? std::strtod(v, nullptr) : 0.0;
  }
  bool is_null(int column) const override { return PQgetisnull(result_.r, row_, column); }
  int column_count() const override {
    if (!result_.r) return 0;
    return PQnfields(result_.r);
  }
  std::string column_name(int column) const override { return PQfname(result_.r, column); }
  const std::string& sql() const override { return sql_; }

 private:
  void check_index(int i) const {
    if (i < 1 || i > static_cast<int>(values_.size()))
      throw StoreError("bind: no parameter " + std::to_string(i) + " in " + sql_);
  }
  void set(int i, std::string value, Oid type) {
    check_index(i);
    values_[static_cast<std::size_t>(i - 1)] = std::move(value);
    types_[static_cast<std::size_t>(i - 1)] = type;
  }
  void execute() {
    std::vector<const char*> values;
    for (const auto& v : values_) values.push_back(v ? v->c_str() : nullptr);
    pg_conn* conn = db_.connection();
    const int n = static_cast<int>(values.size());
    // SQL run again (the writer's, a game's load) runs prepared: parsing
    // and planning it at every run was most of PostgreSQL's work per move.
    const std::string* name = db_.prepared(text_, types_);
    PGresult* r = name ? PQexecPrepared(conn, name->c_str(), n, values.data(), nullptr, nullptr, 0)
                       : PQexecParams(conn, text_.c_str(), n, types_.data(), values.data(), nullptr, nullptr, 0);
    result_ = Result(conn, r, sql_);
    const char* changed = PQcmdTuples(result_.r);
    db_.set_changes(changed && changed[0] ? std::atoll(changed) : 0);
  }

  PostgresDatabase& db_;
  std::string sql_;   // as the store wrote it (for errors)
  std::string text_;  // as PostgreSQL reads it
  std::vector<std::optional<std::string>> values_;
  std::vector<Oid> types_;
  std::vector<bool> used_;  // by number, from 1
  Result result_;           // the rows being read
  int row_ = -1;
};

}  // namespace

PostgresDatabase::PostgresDatabase(const std::string& target) {
  conn_ = PQconnectdb(target.c_str());
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    std::string message = conn_ ? error_of(conn_, nullptr) : "out of memory";
    PQfinish(conn_);
    throw StoreError("cannot connect to the PostgreSQL database " + database_display_name(target) + ": " + message);
  }
  // Notices ("relation already exists, skipping") are not errors: quiet.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
  // An acknowledged write is on the disk: COMMIT returns after the WAL is
  // flushed (the server's default; stated so that a changed default cannot
  // weaken it).
  exec("SET synchronous_commit = on");
}

PostgresDatabase::~PostgresDatabase() { PQfinish(conn_); }

void PostgresDatabase::exec(const std::string& sql) {
  Result result(conn_, PQexec(conn_, postgres_sql(sql).text.c_str()), sql);
}

const std::string* PostgresDatabase::prepared(const std::string& text, const std::vector<unsigned int>& types) {
  std::string key = text;
  for (unsigned int t : types) key += "\n" + std::to_string(t);
  auto it = prepared_.find(key);
  if (it == prepared_.end()) {
    if (prepared_.size() >= kMaxPrepared) return nullptr;
    it = prepared_.emplace(std::move(key), Prepared{}).first;
  }
  Prepared& p = it->second;
  if (!p.name.empty()) return &p.name;
  if (++p.uses < 2) return nullptr;
  // Prepared statements are not transactional: one prepared in a
  // transaction that rolls back stays. In an aborted transaction the
  // preparation fails, and is tried again at the next use.
  std::string name = "dvonn_" + std::to_string(++names_);
  PGresult* r = PQprepare(conn_, name.c_str(), text.c_str(), static_cast<int>(types.size()), types.data());
  if (r && PQresultStatus(r) == PGRES_COMMAND_OK) p.name = std::move(name);
  PQclear(r);
  return p.name.empty() ? nullptr : &p.name;
}

std::unique_ptr<PreparedSql> PostgresDatabase::prepare(const std::string& sql, bool) {
  return std::make_unique<PostgresStatement>(*this, sql);
}

bool PostgresDatabase::has_column(const std::string& table, const std::string& column) {
  PostgresStatement q(*this,
                      "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()"
                      " AND table_name = ?1 AND column_name = ?2");
  q.bind_text(1, table);
  q.bind_text(2, column);
  bool found = q.next();
  q.reset();
  return found;
}

bool is_postgres_target(const std::string& target) {
  if (target.starts_with("postgresql://") || target.starts_with("postgres://")) return true;
  // A libpq keyword string: key=value pairs.
  for (const char* key : {"host=", "dbname=", "user=", "port=", "service="})
    if (target.starts_with(key) || target.find(std::string(" ") + key) != std::string::npos) return true;
  return false;
}

}  // namespace dvonn::server
