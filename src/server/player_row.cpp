#include "server/player_row.hpp"

#include <string>

#include "server/sqlite_util.hpp"

namespace dvonn::server {

Player read_user_row(Statement& q, int first) {
  Player p;
  p.id = q.integer(first);
  p.name = q.text(first + 1);
  p.guest = q.integer(first + 2) != 0;
  p.engine = q.integer(first + 3) != 0;
  p.rating = q.real(first + 4);
  p.deviation = q.real(first + 5);
  p.volatility = q.real(first + 6);
  p.games = static_cast<int>(q.integer(first + 7));
  return p;
}

std::optional<Player> read_player(sqlite3* db, std::int64_t id) {
  if (id == 0) return std::nullopt;
  Statement q(db, (std::string("SELECT ") + kUserColumns + " FROM users u WHERE u.id = ?1").c_str(), false);
  q.bind(1, id);
  if (!q.next()) return std::nullopt;
  Player p = read_user_row(q, 0);
  q.reset();
  return p;
}

}  // namespace dvonn::server
