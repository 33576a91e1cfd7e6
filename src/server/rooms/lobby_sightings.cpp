#include "server/rooms/lobby_sightings.hpp"

#include <iostream>

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

void LobbySightings::watching(const std::string& id, const std::string& token,
                              const std::weak_ptr<Subscriber>& socket) {
  std::lock_guard lock(mutex_);
  Game& g = games_[id];
  std::erase_if(g.watches, [](const Watch& w) { return w.socket.expired(); });
  g.watches.push_back({token, socket});
}

void LobbySightings::forget(const std::string& id) {
  std::lock_guard lock(mutex_);
  games_.erase(id);
}

void LobbySightings::note(std::int64_t now) {
  // Which games have a watcher whose token is still to be checked, or a
  // creator watching whose sighting is due.
  std::vector<std::pair<std::string, std::string>> unchecked;  // id, token
  {
    std::lock_guard lock(mutex_);
    for (auto it = games_.begin(); it != games_.end();) {
      std::erase_if(it->second.watches, [](const Watch& w) { return w.socket.expired(); });
      if (it->second.watches.empty()) {
        it = games_.erase(it);
        continue;
      }
      for (const Watch& w : it->second.watches)
        if (w.creator < 0) unchecked.emplace_back(it->first, w.token);
      ++it;
    }
  }
  // An open game's only seat token is its creator's.
  std::map<std::pair<std::string, std::string>, bool> checked;
  for (const auto& key : unchecked) {
    bool creator = false;
    try {
      if (auto stored = store_.load(key.first))
        creator = stored->lobby == LobbyState::Open &&
                  (key.second == stored->white_token || key.second == stored->black_token);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: lobby: cannot read game " << key.first << ": " << e.what() << "\n";
    }
    checked[key] = creator;
  }
  std::vector<std::string> due;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, g] : games_) {
      bool seen = false;
      for (Watch& w : g.watches) {
        if (w.creator < 0)
          if (auto c = checked.find({id, w.token}); c != checked.end()) w.creator = c->second ? 1 : 0;
        seen = seen || w.creator == 1;
      }
      if (seen && (g.written_ms == 0 || now - g.written_ms >= throttle_ms_)) {
        g.written_ms = now;
        due.push_back(id);
      }
    }
  }
  if (due.empty()) return;
  std::string error = store_.commit([&](StoreWriter& w) {
    for (const std::string& id : due) {
      Statement q(w.connection(),
                  "INSERT INTO lobby_seen(game_id, seen_ms) VALUES (?1, ?2)"
                  " ON CONFLICT(game_id) DO UPDATE SET seen_ms = excluded.seen_ms",
                  false);
      q.bind(1, id).bind(2, now).run();
    }
  });
  if (!error.empty()) std::cerr << "dvonn serve: lobby: noting creators watching: " << error << "\n";
}

std::map<std::string, std::int64_t> LobbySightings::last_seen(const std::vector<std::string>& ids) {
  std::map<std::string, std::int64_t> seen;
  if (ids.empty()) return seen;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT seen_ms FROM lobby_seen WHERE game_id = ?1", false);
    for (const std::string& id : ids) {
      q.bind(1, id);
      if (q.next()) {
        seen[id] = q.integer(0);
        q.reset();
      }
    }
  });
  return seen;
}

void LobbySightings::drop_closed() {
  store_.submit(
      [](StoreWriter& w) {
        sql_exec(w.connection(),
                 "DELETE FROM lobby_seen WHERE game_id NOT IN (SELECT id FROM games WHERE lobby = 1 AND over = 0)");
      },
      [](const std::string&) {});
}

}  // namespace dvonn::server
