// `dvonn db copy FROM TO`: a server's whole database copied to another back
// end (a SQLite file to PostgreSQL, to move to several nodes, and back),
// checked table by table before it is kept (server/store/database_copy).
#include <cstdio>
#include <iostream>
#include <string>

#include "app/commands.hpp"
#include "server/base/store_error.hpp"
#include "server/store/database.hpp"
#include "server/store/database_copy.hpp"

namespace dvonn::app {
namespace {

struct DbOptions {
  std::string from, to;
};

int copy(const DbOptions& o) {
  const std::string from = server::database_display_name(o.from), to = server::database_display_name(o.to);
  server::DatabaseCopyReport report;
  try {
    report = server::copy_database(o.from, o.to);
  } catch (const server::DatabaseCopyError& e) {
    std::cerr << "dvonn db copy: " << e.what() << "\nNothing was copied; " << to << " is as it was.\n";
    return 1;
  } catch (const server::StoreError& e) {
    std::cerr << "dvonn db copy: " << e.what() << "\nNothing was copied; " << to << " is as it was.\n";
    return 1;
  }
  std::cout << "Copied " << from << " to " << to << ":\n";
  for (const auto& t : report.tables) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-24s %10lld rows  %s\n", t.table.c_str(),
                  static_cast<long long>(t.target_rows),
                  t.identical ? "identical" : ("DIFFERS (source " + std::to_string(t.source_rows) + " rows)").c_str());
    std::cout << line;
  }
  if (!report.identical) {
    std::cerr << "dvonn db copy: the copy differs from the source: rolled back; " << to << " is as it was.\n";
    return 1;
  }
  std::cout << "checked: " << report.rows("games") << " games, " << report.rows("users") << " accounts, "
            << report.rows("rating_history") << " ratings identical\n";
  return 0;
}

}  // namespace

void register_db_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<DbOptions>();
  auto* c = app.add_subcommand("db", "Copy a server's whole database between SQLite and PostgreSQL");
  c->require_subcommand(1);
  auto* copy_command = c->add_subcommand(
      "copy",
      "Copy every game, account, rating and the rest of FROM into the empty database TO (SQLite file or PostgreSQL "
      "target), in one transaction, and check every table before keeping it. FROM is only read: it may be in use");
  copy_command->add_option("FROM", o->from, "The database to copy: a SQLite file or a PostgreSQL target")->required();
  copy_command
      ->add_option("TO", o->to,
                   "The empty database to fill: a SQLite file (made if missing) or a PostgreSQL target "
                   "(postgresql://... or \"host=/run/postgresql dbname=dvonn\")")
      ->required();
  set.add(c, [o, copy_command]() -> int {
    if (copy_command->parsed()) return copy(*o);
    return 2;
  });
}

}  // namespace dvonn::app
