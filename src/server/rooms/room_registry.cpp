#include "server/rooms/room_registry.hpp"

#include <algorithm>
#include <iostream>

#include "server/base/random_id.hpp"

namespace dvonn::server {

std::shared_ptr<GameRoom> RoomRegistry::find(const std::string& id) {
  if (!looks_like_game_id(id)) return nullptr;
  {
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(id); it != rooms_.end()) {
      used_.splice(used_.begin(), used_, it->second.used);
      return it->second.room;
    }
  }
  std::lock_guard load_lock(load_mutex_);
  {
    // Someone else may have loaded it while this thread waited.
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(id); it != rooms_.end()) return it->second.room;
    loading_ = id;
    heard_while_loading_ = 0;
  }
  // However the load ends, it is no longer in progress (once the room is
  // in rooms_, refresh finds it there and loading_ no longer matters).
  struct DoneLoading {
    RoomRegistry& r;
    ~DoneLoading() {
      std::lock_guard lock(r.mutex_);
      r.loading_.clear();
    }
  } done_loading{*this};
  // A failing read (StoreError) goes to the caller: the game may well
  // exist, so "no such game" would be the wrong answer.
  auto stored = context_.store.load(id);
  if (!stored) return nullptr;
  std::shared_ptr<GameRoom> room;
  try {
    room = GameRoom::load(*stored, context_);
  } catch (const std::exception& e) {
    // Whoever asked logs it (with the request) and answers a 500.
    throw DamagedGame("cannot load game " + id + ": " + e.what());
  }
  if (load_hook_) load_hook_(id);
  std::int64_t missed = 0;
  {
    std::lock_guard lock(mutex_);
    missed = heard_while_loading_;
    insert_locked(room);
  }
  // Another server's change, committed after the read above and heard
  // before the room was in memory: taken over now (refresh skips it if the
  // read saw it already).
  if (missed > room->version()) {
    try {
      refresh(id, missed);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: re-reading game " << id << " changed while it loaded: " << e.what() << "\n";
    }
  }
  // A clock that ran out while the game was not in memory (the server was
  // down) ends the game now; a running one is handed to the watcher. An
  // engine left to move (by a restart) thinks again.
  room->refresh_summary();
  room->check_time();
  room->resume_engine();
  return room;
}

bool RoomRegistry::contains(const std::string& id) const {
  std::lock_guard lock(mutex_);
  return rooms_.contains(id);
}

void RoomRegistry::add(const std::shared_ptr<GameRoom>& room) {
  std::lock_guard lock(mutex_);
  if (auto it = rooms_.find(room->id()); it != rooms_.end()) {
    used_.erase(it->second.used);
    rooms_.erase(it);
  }
  insert_locked(room);
}

void RoomRegistry::insert_locked(const std::shared_ptr<GameRoom>& room) {
  used_.push_front(room->id());
  rooms_[room->id()] = Entry{room, used_.begin()};
  evict_locked();
}

void RoomRegistry::evict_locked() {
  if (max_rooms_ == 0) return;
  for (auto it = used_.end(); rooms_.size() > max_rooms_ && it != used_.begin();) {
    --it;
    auto entry = rooms_.find(*it);
    // Held elsewhere (a socket, a pending commit, an engine search, a
    // request being answered): in use, so it stays. Nobody can take a new
    // reference meanwhile: that goes through find, behind mutex_.
    if (entry->second.room.use_count() > 1) continue;
    rooms_.erase(entry);
    it = used_.erase(it);
  }
}

void RoomRegistry::forget(const std::string& id) {
  std::lock_guard lock(mutex_);
  if (auto it = rooms_.find(id); it != rooms_.end()) {
    used_.erase(it->second.used);
    rooms_.erase(it);
  }
}

void RoomRegistry::refresh(const std::string& id, std::int64_t version) {
  std::shared_ptr<GameRoom> room;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) {
      if (id == loading_) heard_while_loading_ = std::max(heard_while_loading_, version);
      return;
    }
    room = it->second.room;
  }
  if (room->version() >= version) return;  // heard of its own change, or of an older one
  const HeldGame held = room->held();
  auto inc = context_.store.load_increment(id, held);
  if (!inc) return forget(id);
  if (inc->unchanged) return;
  if (!inc->full && room->refresh_increment(held, *inc)) {
    ++incremental_refreshes_;
    return;
  }
  ++full_refreshes_;
  if (inc->full) return room->refresh(inc->game);
  // The room changed since it said what it held: the whole game, as now.
  auto stored = context_.store.load(id);
  if (!stored) return forget(id);
  room->refresh(*stored);
}

void RoomRegistry::refresh_all() {
  for (const auto& room : rooms()) {
    try {
      ++full_refreshes_;
      if (auto stored = context_.store.load(room->id())) room->refresh(*stored);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: re-reading game " << room->id() << ": " << e.what() << "\n";
    }
  }
}

int RoomRegistry::resume_timed_games() {
  int n = 0;
  for (const std::string& id : context_.store.running_timed_games()) {
    try {
      if (find(id)) ++n;
    } catch (const DamagedGame& e) {
      // One damaged game does not keep the others from their clocks.
      std::cerr << "dvonn serve: " << e.what() << "\n";
    }
  }
  return n;
}

std::vector<std::shared_ptr<GameRoom>> RoomRegistry::rooms() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<GameRoom>> all;
  for (const auto& [id, entry] : rooms_) all.push_back(entry.room);
  return all;
}

std::size_t RoomRegistry::size() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

}  // namespace dvonn::server
