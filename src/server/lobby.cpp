#include "server/lobby.hpp"

#include <algorithm>
#include <iostream>

#include "server/sqlite_util.hpp"

namespace dvonn::server {

void Lobby::load(GameStore& store) {
  std::vector<std::string> ids;
  store.read([&](sqlite3* db) {
    Statement q(db, "SELECT id FROM games WHERE lobby = 1 AND over = 0", false);
    while (q.next()) ids.push_back(q.text(0));
  });
  for (const auto& id : ids) {
    // At start-up a read error is the caller's (refresh would only log it).
    registry_.find(id);
    refresh(id);
  }
}

void Lobby::refresh(const std::string& id) {
  std::optional<LobbyEntry> entry;
  try {
    if (auto room = registry_.find(id)) entry = room->lobby_entry();
  } catch (const std::exception& e) {
    // Called after commits (on the store's thread): the error stays here.
    // A game that cannot be read cannot be joined either: not listed.
    std::cerr << "dvonn serve: lobby: cannot read game " << id << ": " << e.what() << "\n";
  }
  std::lock_guard lock(mutex_);
  auto old = open_.find(id);
  bool had = old != open_.end();
  if (!had && !entry) return;
  // The watchers get the change, not the whole list (176 open games made
  // every change 33 KiB to every watcher).
  std::shared_ptr<const std::string> message;
  if (entry) {
    nlohmann::json game = entry_json(*entry);
    if (had && entry_json(old->second) == game) return;
    open_[id] = *entry;
    message = std::make_shared<const std::string>(nlohmann::json{{"type", "lobby-open"}, {"game", game}}.dump());
  } else {
    open_.erase(old);
    message = std::make_shared<const std::string>(nlohmann::json{{"type", "lobby-closed"}, {"id", id}}.dump());
  }
  subscribers_.deliver(message);
}

nlohmann::json Lobby::open_json_locked() const {
  std::vector<const LobbyEntry*> entries;
  for (const auto& [id, e] : open_) entries.push_back(&e);
  std::sort(entries.begin(), entries.end(), [](const LobbyEntry* a, const LobbyEntry* b) {
    return a->created_ms != b->created_ms ? a->created_ms < b->created_ms : a->id < b->id;
  });
  nlohmann::json list = nlohmann::json::array();
  for (const LobbyEntry* e : entries) list.push_back(entry_json(*e));
  return list;
}

nlohmann::json Lobby::entry_json(const LobbyEntry& e) {
  return {{"id", e.id},       {"creator", player_json(e.creator)},
          {"color", e.color}, {"clock", e.clock},
          {"rated", e.rated}, {"created", e.created_ms}};
}

std::size_t Lobby::size() const {
  std::lock_guard lock(mutex_);
  return open_.size();
}

nlohmann::json Lobby::open_json() const {
  std::lock_guard lock(mutex_);
  return open_json_locked();
}

int Lobby::open_count(std::int64_t user) const {
  std::lock_guard lock(mutex_);
  int n = 0;
  for (const auto& [id, e] : open_)
    if (e.creator.id == user) ++n;
  return n;
}

std::shared_ptr<const std::string> Lobby::message_locked() const {
  return std::make_shared<const std::string>(nlohmann::json{{"type", "lobby"}, {"open", open_json_locked()}}.dump());
}

void Lobby::subscribe(const std::shared_ptr<Subscriber>& subscriber) {
  std::lock_guard lock(mutex_);
  subscribers_.add(subscriber, message_locked());
}

}  // namespace dvonn::server
