#include "server/rooms/lobby.hpp"

#include <algorithm>
#include <iostream>

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

void Lobby::load(GameStore& store) {
  std::vector<std::string> ids;
  store.read([&](Database* db) {
    Statement q(db, "SELECT id FROM games WHERE lobby = 1 AND over = 0", false);
    while (q.next()) ids.push_back(q.text(0));
  });
  for (const auto& id : ids) {
    // At start-up a read error is the caller's (refresh would only log
    // it); a damaged game is left out of the list.
    try {
      registry_.find(id);
    } catch (const DamagedGame& e) {
      std::cerr << "dvonn serve: lobby: " << e.what() << "\n";
      continue;
    }
    refresh(id);
  }
}

void Lobby::refresh(const std::string& id, const std::string& address) {
  std::optional<LobbyEntry> entry;
  try {
    if (auto room = registry_.find(id)) entry = room->lobby_entry();
  } catch (const std::exception& e) {
    // Called after commits (on the store's thread): the error stays here.
    // A game that cannot be read cannot be joined either: not listed.
    std::cerr << "dvonn serve: lobby: cannot read game " << id << ": " << e.what() << "\n";
  }
  std::lock_guard lock(mutex_);
  if (entry && !address.empty()) addresses_[id] = address;
  if (!entry) addresses_.erase(id);
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
    if (sightings_) sightings_->forget(id);
    message = std::make_shared<const std::string>(nlohmann::json{{"type", "lobby-closed"}, {"id", id}}.dump());
  }
  subscribers_.deliver(message);
}

std::vector<const LobbyEntry*> Lobby::sorted_locked() const {
  std::vector<const LobbyEntry*> entries;
  for (const auto& [id, e] : open_) entries.push_back(&e);
  std::sort(entries.begin(), entries.end(), [](const LobbyEntry* a, const LobbyEntry* b) {
    return a->created_ms != b->created_ms ? a->created_ms < b->created_ms : a->id < b->id;
  });
  return entries;
}

nlohmann::json Lobby::open_json_locked() const {
  nlohmann::json list = nlohmann::json::array();
  for (const LobbyEntry* e : sorted_locked()) list.push_back(entry_json(*e));
  return list;
}

nlohmann::json Lobby::page_json(const PageCursor& after, std::size_t limit) const {
  std::lock_guard lock(mutex_);
  nlohmann::json list = nlohmann::json::array();
  nlohmann::json next = nullptr;
  PageCursor last;
  for (const LobbyEntry* e : sorted_locked()) {
    if (e->created_ms < after.time || (e->created_ms == after.time && e->id <= after.id)) continue;
    if (list.size() == limit) {
      next = last.text();
      break;
    }
    list.push_back(entry_json(*e));
    last = {e->created_ms, e->id};
  }
  return {{"open", list}, {"more", !next.is_null()}, {"next", next}};
}

std::string Lobby::refuse_new(const std::string& address) const {
  std::lock_guard lock(mutex_);
  if (limits_.max_open_games && open_.size() >= limits_.max_open_games)
    return "the lobby is full (" + std::to_string(limits_.max_open_games) +
           " open games): join one of them, or try again later";
  std::size_t from_address = 0;
  for (const auto& [id, a] : addresses_) from_address += a == address;
  if (limits_.open_games_per_address && from_address >= limits_.open_games_per_address)
    return "your address has " + std::to_string(from_address) + " open games already: cancel one first";
  return "";
}

void Lobby::share(GameStore& store, std::int64_t now) {
  // A creator watching is written at most four times an expiry (and at
  // least once a minute), so that the leader sees them well in time.
  sightings_ = std::make_unique<LobbySightings>(store, std::clamp<std::int64_t>(limits_.expiry_ms / 4, 1, 60'000));
  shared_since_ms_ = now;
}

void Lobby::creator_watching(const std::string& id, const std::string& token, const std::weak_ptr<Subscriber>& socket) {
  if (!sightings_ || token.empty()) return;
  {
    std::lock_guard lock(mutex_);
    if (!open_.count(id)) return;
  }
  sightings_->watching(id, token, socket);
}

void Lobby::note_creators(std::int64_t now) {
  if (sightings_) sightings_->note(now);
}

int Lobby::expire(std::int64_t now) {
  std::vector<std::string> ids;
  std::map<std::string, std::int64_t> created;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, e] : open_) {
      ids.push_back(id);
      created[id] = e.created_ms;
    }
  }
  // Many nodes: a game whose creator some node saw within the expiry time
  // stays; the others expire unless the creator watches here (the room's
  // own check, with no delay left).
  std::map<std::string, std::int64_t> seen;
  if (sightings_) {
    seen = sightings_->last_seen(ids);
    if (now - sightings_dropped_ms_ >= 600'000) {
      sightings_dropped_ms_ = now;
      sightings_->drop_closed();
    }
  }
  int expired = 0;
  for (const std::string& id : ids) {
    std::int64_t after_ms = limits_.expiry_ms;
    if (sightings_) {
      std::int64_t last = std::max({seen.count(id) ? seen[id] : 0, created[id], shared_since_ms_});
      if (now - last < limits_.expiry_ms) continue;
      after_ms = 1;
    }
    try {
      auto room = registry_.find(id);
      // The room tells the lobby itself once the cancel is committed
      // (context.lobby_changed).
      if (room && room->expire_if_abandoned(now, after_ms, [](const RoomReply&) {})) ++expired;
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: lobby: cannot expire game " << id << ": " << e.what() << "\n";
    }
  }
  return expired;
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
