#include "server/store/user_row.hpp"

#include <string>

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

User read_user_row(const Statement& q) {
  User p;
  p.id = q.integer("id");
  p.name = q.text("name");
  p.guest = q.integer("guest") != 0;
  p.engine = q.integer("engine") != 0;
  p.rating = q.real("rating");
  p.deviation = q.real("deviation");
  p.volatility = q.real("volatility");
  p.games = static_cast<int>(q.integer("games"));
  return p;
}

std::optional<User> read_user(Database* db, std::int64_t id) {
  if (id == 0) return std::nullopt;
  Statement q(db, (std::string("SELECT ") + kUserColumns + " FROM users u WHERE u.id = ?1").c_str(), false);
  q.bind(1, id);
  if (!q.next()) return std::nullopt;
  User p = read_user_row(q);
  q.reset();
  return p;
}

}  // namespace dvonn::server
