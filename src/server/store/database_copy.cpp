#include "server/store/database_copy.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string_view>

#include "server/base/store_error.hpp"
#include "server/store/database.hpp"
#include "server/store/schema.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

namespace fs = std::filesystem;

// How a column's values are read and written: its declared type's class
// (the schema has INTEGER, REAL and TEXT; PostgreSQL calls them bigint,
// double precision and text).
enum class Kind { integer, real, text };

struct Column {
  std::string name;
  Kind kind = Kind::text;
};

Kind kind_of(std::string type) {
  for (char& c : type) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (type.find("INT") != std::string::npos) return Kind::integer;
  for (const char* real : {"REAL", "DOUB", "FLOA", "NUMERIC"})
    if (type.find(real) != std::string::npos) return Kind::real;
  return Kind::text;
}

std::string quoted(const std::string& name) { return '"' + name + '"'; }

std::vector<std::string> tables_of(Database* db) {
  Statement q(db,
              db->postgres() ? "SELECT table_name FROM information_schema.tables"
                               " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
                             : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
              false);
  std::vector<std::string> tables;
  while (q.next()) tables.push_back(q.text(0));
  std::sort(tables.begin(), tables.end());
  return tables;
}

std::vector<Column> columns_of(Database* db, const std::string& table) {
  Statement q(db,
              db->postgres() ? "SELECT column_name, data_type FROM information_schema.columns"
                               " WHERE table_schema = current_schema() AND table_name = ?1 ORDER BY ordinal_position"
                             : "SELECT name, type FROM pragma_table_info(?1) ORDER BY cid",
              false);
  q.bind(1, table);
  std::vector<Column> columns;
  while (q.next()) columns.push_back({q.text(0), kind_of(q.text(1))});
  return columns;
}

// The tables a table's foreign keys reference (copied before it).
std::set<std::string> parents_of(Database* db, const std::string& table) {
  Statement q(db,
              db->postgres() ? "SELECT DISTINCT CAST(CAST(confrelid AS regclass) AS TEXT) FROM pg_constraint"
                               " WHERE contype = 'f' AND conrelid = CAST(?1 AS regclass)"
                             : "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?1)",
              false);
  q.bind(1, table);
  std::set<std::string> parents;
  while (q.next())
    if (q.text(0) != table) parents.insert(q.text(0));
  return parents;
}

// Parents first; among tables free to go, by name (a stable order).
std::vector<std::string> dependency_order(Database* db, const std::vector<std::string>& tables) {
  std::map<std::string, std::set<std::string>> waiting;
  for (const auto& t : tables) waiting[t] = parents_of(db, t);
  std::vector<std::string> order;
  while (!waiting.empty()) {
    auto ready = std::find_if(waiting.begin(), waiting.end(), [&](const auto& entry) {
      return std::all_of(entry.second.begin(), entry.second.end(),
                         [&](const std::string& p) { return !waiting.count(p); });
    });
    if (ready == waiting.end()) throw DatabaseCopyError("the schema's foreign keys form a cycle");
    order.push_back(ready->first);
    waiting.erase(ready);
  }
  return order;
}

// What tells two PostgreSQL connections to one database apart from two
// databases: the cluster (its port and start time), the database, the schema.
std::string postgres_identity(Database* db) {
  Statement q(db,
              "SELECT current_database() || '/' || current_schema() || '/' || current_setting('port') || '/' ||"
              " CAST(pg_postmaster_start_time() AS TEXT)",
              false);
  std::string identity = q.next() ? q.text(0) : "";
  q.reset();
  return identity;
}

bool same_sqlite_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

// 64-bit FNV-1a over the rows as read: enough to tell a copy that differs
// (this is no defence against someone forging a database).
class Digest {
 public:
  void add(std::string_view bytes) {
    for (char c : bytes) {
      hash_ ^= static_cast<unsigned char>(c);
      hash_ *= 1099511628211ull;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ull;
};

std::string real_text(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest exact form
  return std::string(buffer, end);
}

struct TableFigures {
  std::int64_t rows = 0;
  std::uint64_t digest = 0;
};

// Every row of a table in one order (each column ascending, nulls first,
// text by bytes on both back ends), digested value by value.
TableFigures figures_of(Database* db, const std::string& table, const std::vector<Column>& columns) {
  std::string list, order;
  for (const auto& c : columns) {
    list += (list.empty() ? "" : ", ") + quoted(c.name);
    order += (order.empty() ? "" : ", ") + quoted(c.name) +
             (db->postgres() && c.kind == Kind::text ? " COLLATE \"C\"" : "") + " NULLS FIRST";
  }
  Statement q(db, "SELECT " + list + " FROM " + quoted(table) + " ORDER BY " + order, false);
  TableFigures f;
  Digest d;
  while (q.next()) {
    ++f.rows;
    for (int i = 0; i < static_cast<int>(columns.size()); ++i) {
      if (q.is_null(i)) {
        d.add("N;");
        continue;
      }
      switch (columns[static_cast<std::size_t>(i)].kind) {
        case Kind::integer:
          d.add("I" + std::to_string(q.integer(i)) + ";");
          break;
        case Kind::real:
          d.add("R" + real_text(q.real(i)) + ";");
          break;
        case Kind::text: {
          std::string text = q.text(i);
          d.add("T" + std::to_string(text.size()) + ":");
          d.add(text);
          break;
        }
      }
    }
    d.add("\n");
  }
  f.digest = d.value();
  return f;
}

// A SQLite source's values must be of their column's type (SQLite would
// let a column declared INTEGER hold text): else the copy could not be
// exact, and is refused.
void check_sqlite_types(Database* db, const std::string& table, const std::vector<Column>& columns) {
  for (const auto& c : columns) {
    const char* allowed = c.kind == Kind::integer ? "'integer', 'null'"
                          : c.kind == Kind::real  ? "'real', 'integer', 'null'"
                                                  : "'text', 'null'";
    Statement q(
        db, "SELECT COUNT(*) FROM " + quoted(table) + " WHERE typeof(" + quoted(c.name) + ") NOT IN (" + allowed + ")",
        false);
    std::int64_t wrong = q.next() ? q.integer(0) : 0;
    q.reset();
    if (wrong > 0)
      throw DatabaseCopyError("the source's " + table + "." + c.name + " holds " + std::to_string(wrong) +
                              " value(s) of another type than the column's: they would not copy exactly");
  }
}

std::int64_t copy_table(Database* from, Database* to, const std::string& table, const std::vector<Column>& columns) {
  std::string list, places;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    list += (i ? ", " : "") + quoted(columns[i].name);
    places += (i ? ", ?" : "?") + std::to_string(i + 1);
  }
  Statement read(from, "SELECT " + list + " FROM " + quoted(table), false);
  Statement write(to, "INSERT INTO " + quoted(table) + " (" + list + ") VALUES (" + places + ")");
  std::int64_t rows = 0;
  while (read.next()) {
    for (int i = 0; i < static_cast<int>(columns.size()); ++i) {
      int p = i + 1;
      if (read.is_null(i)) {
        write.bind_null(p);
        continue;
      }
      switch (columns[static_cast<std::size_t>(i)].kind) {
        case Kind::integer:
          write.bind(p, read.integer(i));
          break;
        case Kind::real:
          write.bind(p, read.real(i));
          break;
        case Kind::text:
          write.bind(p, read.text(i));
          break;
      }
    }
    write.run();
    ++rows;
  }
  return rows;
}

// PostgreSQL: each numbering column's sequence (BIGSERIAL, identity) past
// the copied rows, so that the next row the server adds gets a new number.
void advance_sequences(Database* to) {
  Statement q(to,
              "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
              " AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')",
              false);
  std::vector<std::pair<std::string, std::string>> numbered;
  while (q.next()) numbered.emplace_back(q.text(0), q.text(1));
  for (const auto& [table, column] : numbered) {
    Statement set(to,
                  "SELECT setval(pg_get_serial_sequence(?1, ?2), COALESCE((SELECT MAX(" + quoted(column) + ") FROM " +
                      quoted(table) + "), 0) + 1, false)",
                  false);
    set.bind(1, quoted(table)).bind(2, column);
    while (set.next()) {
    }
  }
}

// Both schemas must be this program's: the same tables with the same
// columns (by name; the order may differ).
void check_same_schema(const std::vector<std::string>& source_tables, const std::vector<std::string>& target_tables,
                       Database* from, Database* to) {
  for (const auto& t : source_tables)
    if (!std::binary_search(target_tables.begin(), target_tables.end(), t))
      throw DatabaseCopyError("the source has a table " + t +
                              " this dvonn does not know: copy it with the dvonn version that wrote it");
  for (const auto& t : target_tables) {
    if (!std::binary_search(source_tables.begin(), source_tables.end(), t))
      throw DatabaseCopyError("the source has no table " + t +
                              ": it is older than this dvonn; run this version's `dvonn serve` on it once (it "
                              "brings the schema up to date), then copy");
    std::set<std::string> source_columns, target_columns;
    for (const auto& c : columns_of(from, t)) source_columns.insert(c.name);
    for (const auto& c : columns_of(to, t)) target_columns.insert(c.name);
    for (const auto& c : source_columns)
      if (!target_columns.count(c))
        throw DatabaseCopyError("the source's table " + t + " has a column " + c +
                                " this dvonn does not know: copy it with the dvonn version that wrote it");
    for (const auto& c : target_columns)
      if (!source_columns.count(c))
        throw DatabaseCopyError("the source's table " + t + " has no column " + c +
                                ": it is older than this dvonn; run this version's `dvonn serve` on it once, then "
                                "copy");
  }
}

std::unique_ptr<Database> open_side(const std::string& target, const char* side) {
  try {
    return open_database(target);
  } catch (const StoreError& e) {
    throw DatabaseCopyError(std::string("cannot open the ") + side + " " + database_display_name(target) + ": " +
                            e.what());
  }
}

}  // namespace

std::int64_t DatabaseCopyReport::rows(const std::string& table) const {
  for (const auto& t : tables)
    if (t.table == table) return t.source_rows;
  return 0;
}

DatabaseCopyReport copy_database(const std::string& from, const std::string& to) {
  const bool from_pg = is_postgres_target(from), to_pg = is_postgres_target(to);
  const std::string from_name = database_display_name(from), to_name = database_display_name(to);
  if (from == to || (!from_pg && !to_pg && same_sqlite_file(from, to)))
    throw DatabaseCopyError("the source and the target are the same database (" + to_name + ")");
  std::error_code ec;
  if (!from_pg && !fs::is_regular_file(from, ec)) throw DatabaseCopyError("there is no database file " + from);

  // The source, read only and in one read transaction (one snapshot).
  std::unique_ptr<Database> source = open_side(from, "source");
  std::vector<std::string> source_tables;
  try {
    if (from_pg) {
      source->exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    } else {
      source->exec("PRAGMA query_only = 1");
      source->exec("BEGIN");
    }
    source_tables = tables_of(source.get());
  } catch (const StoreError& e) {
    throw DatabaseCopyError(from_name + " is not a dvonn database: " + e.what());
  }
  for (const char* needed : {"games", "moves", "users"})
    if (!std::binary_search(source_tables.begin(), source_tables.end(), needed))
      throw DatabaseCopyError(from_name + " is not a dvonn database (it has no table " + needed + ")");

  // The target: a SQLite file made here is removed again if the copy fails.
  const bool made_file = !to_pg && !fs::exists(to, ec);
  std::unique_ptr<Database> target = open_side(to, "target");
  auto give_up = [&] {
    try {
      target->exec("ROLLBACK");
    } catch (const StoreError&) {
    }
    target.reset();
    if (made_file)
      for (const char* suffix : {"", "-journal", "-wal", "-shm"}) fs::remove(to + suffix, ec);
  };
  bool same = false;
  try {
    same = from_pg && to_pg && postgres_identity(source.get()) == postgres_identity(target.get());
  } catch (const StoreError& e) {
    give_up();
    throw DatabaseCopyError(std::string("cannot tell the source and the target apart: ") + e.what());
  }
  if (same) {
    give_up();
    throw DatabaseCopyError("the source and the target are the same database (" + to_name + ")");
  }

  DatabaseCopyReport report;
  try {
    try {
      target->exec(to_pg ? "BEGIN" : "BEGIN IMMEDIATE");
      for (const auto& t : tables_of(target.get())) {
        Statement any(target.get(), "SELECT 1 FROM " + quoted(t) + " LIMIT 1", false);
        bool rows = any.next();
        any.reset();
        if (rows)
          throw DatabaseCopyError("the target " + to_name + " is not empty (its table " + t +
                                  " has rows): copy only into an empty database");
      }
    } catch (const StoreError& e) {
      throw DatabaseCopyError("cannot use the target " + to_name + ": " + e.what());
    }
    create_schema(target.get());
    std::vector<std::string> target_tables = tables_of(target.get());
    check_same_schema(source_tables, target_tables, source.get(), target.get());

    std::vector<std::pair<std::string, std::vector<Column>>> plan;
    for (const auto& t : dependency_order(target.get(), target_tables))
      plan.emplace_back(t, columns_of(target.get(), t));
    if (!from_pg)
      for (const auto& [t, columns] : plan) check_sqlite_types(source.get(), t, columns);
    for (const auto& [t, columns] : plan) copy_table(source.get(), target.get(), t, columns);
    if (to_pg) advance_sequences(target.get());

    // The check, before the commit: the target as it would be committed
    // against the source's snapshot.
    report.identical = true;
    for (const auto& [t, columns] : plan) {
      TableFigures a = figures_of(source.get(), t, columns), b = figures_of(target.get(), t, columns);
      bool same = a.rows == b.rows && a.digest == b.digest;
      report.tables.push_back({t, a.rows, b.rows, same});
      report.identical = report.identical && same;
    }
    if (!report.identical) {
      give_up();
      return report;
    }
    target->exec("COMMIT");
  } catch (const DatabaseCopyError&) {
    give_up();
    throw;
  } catch (const StoreError& e) {
    give_up();
    throw DatabaseCopyError(std::string("the copy failed, nothing was kept: ") + e.what());
  }
  try {
    source->exec(from_pg ? "ROLLBACK" : "COMMIT");  // the end of the read
  } catch (const StoreError&) {
  }
  return report;
}

}  // namespace dvonn::server
