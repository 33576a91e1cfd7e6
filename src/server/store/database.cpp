#include "server/store/database.hpp"

#include "server/store/postgres_database.hpp"
#include "server/store/sqlite_database.hpp"

namespace dvonn::server {

std::string database_display_name(const std::string& target) {
  std::string shown = target;
  // postgresql://user:secret@host/db
  auto scheme = shown.find("://");
  auto at = shown.find('@');
  if (scheme != std::string::npos && at != std::string::npos) {
    auto colon = shown.find(':', scheme + 3);
    if (colon != std::string::npos && colon < at) shown.replace(colon + 1, at - colon - 1, "***");
  }
  // password=secret (keyword strings, and URI parameters)
  for (std::size_t p = shown.find("password="); p != std::string::npos; p = shown.find("password=", p + 1)) {
    std::size_t from = p + 9, to = shown.find_first_of(" &", from);
    shown.replace(from, (to == std::string::npos ? shown.size() : to) - from, "***");
  }
  return shown;
}

std::unique_ptr<Database> open_database(const std::string& target) {
  if (is_postgres_target(target)) return std::make_unique<PostgresDatabase>(target);
  return std::make_unique<SqliteDatabase>(target);
}

}  // namespace dvonn::server
