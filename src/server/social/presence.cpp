#include "server/social/presence.hpp"

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

std::int64_t Presence::playing() {
  std::int64_t n = 0;
  // An unfinished game nobody moved in for an hour is not "in play".
  std::int64_t since = now_ms_() - 3600 * 1000;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT COUNT(*) FROM games WHERE over = 0 AND updated_ms > ?1 AND mode = 'online'"
                " AND started_ms > 0",
                false);
    q.bind(1, since);
    if (q.next()) {
      n = q.integer(0);
      q.reset();
    }
  });
  users_.set_playing(n);
  return n;
}

std::string Presence::playing_game(std::int64_t user) {
  std::string id;
  // A real-time game has a move at least every few hours (at most 3 h on
  // the clock): the users' indexes then read only their recent games.
  std::int64_t since = now_ms_() - 4 * 3600 * 1000;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT id FROM games WHERE (white_user = ?1 OR black_user = ?1) AND updated_ms > ?2 AND over = 0"
                " AND mode = 'online' AND started_ms > 0 AND clock LIKE '%+%' ORDER BY updated_ms DESC LIMIT 1",
                false);
    q.bind(1, user).bind(2, since);
    if (q.next()) {
      id = q.text(0);
      q.reset();
    }
  });
  return id;
}

nlohmann::json Presence::counts() {
  std::int64_t games = playing();
  std::int64_t online = static_cast<std::int64_t>(users_.online_count());
  if (others_) {
    std::int64_t others = others_();
    users_.set_online_elsewhere(others);
    online += others;
  }
  return {{"online", online}, {"playing", games}};
}

void Presence::tick() {
  nlohmann::json now = counts();
  std::lock_guard lock(mutex_);
  std::int64_t online = now["online"], games = now["playing"];
  if (online == last_online_ && games == last_playing_) return;
  last_online_ = online;
  last_playing_ = games;
  now["type"] = "presence";
  users_.broadcast(now);
}

}  // namespace dvonn::server
