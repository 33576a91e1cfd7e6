#include "server/archive/finished_game_ids.hpp"

#include <algorithm>

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

std::vector<FinishedGameId> finished_game_ids(Database* db, std::int64_t user, int limit, std::int64_t& total) {
  constexpr const char* kWhere =
      "WHERE (white_user = ?1 OR black_user = ?1) AND over = 1 AND end_reason NOT IN ('cancelled', 'aborted') ";
  total = 0;
  Statement count(db, (std::string("SELECT COUNT(*) FROM games ") + kWhere).c_str(), false);
  count.bind(1, user);
  if (count.next()) {
    total = count.integer(0);
    count.reset();
  }
  std::vector<FinishedGameId> ids;
  Statement q(db,
              (std::string("SELECT id, updated_ms FROM games ") + kWhere + "ORDER BY updated_ms DESC, id DESC LIMIT ?2")
                  .c_str(),
              false);
  q.bind(1, user).bind(2, std::int64_t{limit});
  while (q.next()) ids.push_back({q.text(0), q.integer(1)});
  std::reverse(ids.begin(), ids.end());
  return ids;
}

}  // namespace dvonn::server
