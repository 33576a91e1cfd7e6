#include "server/room_registry.hpp"

#include <iostream>

#include "server/random_id.hpp"

namespace dvonn::server {

std::shared_ptr<GameRoom> RoomRegistry::find(const std::string& id) {
  if (!looks_like_game_id(id)) return nullptr;
  {
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(id); it != rooms_.end()) return it->second;
  }
  std::lock_guard load_lock(load_mutex_);
  {
    // Someone else may have loaded it while this thread waited.
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(id); it != rooms_.end()) return it->second;
  }
  // A failing read (StoreError) goes to the caller: the game may well
  // exist, so "no such game" would be the wrong answer.
  auto stored = context_.store.load(id);
  if (!stored) return nullptr;
  std::shared_ptr<GameRoom> room;
  try {
    room = GameRoom::load(*stored, context_);
  } catch (const std::exception& e) {
    std::cerr << "dvonn serve: cannot load game " << id << ": " << e.what() << "\n";
    return nullptr;
  }
  {
    std::lock_guard lock(mutex_);
    rooms_.emplace(id, room);
  }
  // A clock that ran out while the game was not in memory (the server was
  // down) ends the game now; a running one is handed to the watcher.
  room->refresh_summary();
  room->check_time();
  return room;
}

void RoomRegistry::add(const std::shared_ptr<GameRoom>& room) {
  std::lock_guard lock(mutex_);
  rooms_[room->id()] = room;
}

void RoomRegistry::forget(const std::string& id) {
  std::lock_guard lock(mutex_);
  rooms_.erase(id);
}

int RoomRegistry::resume_engine_games() {
  int n = 0;
  for (const std::string& id : context_.store.unfinished_engine_games())
    if (auto room = find(id)) {
      room->resume_engine();
      ++n;
    }
  return n;
}

int RoomRegistry::resume_timed_games() {
  int n = 0;
  for (const std::string& id : context_.store.running_timed_games())
    if (find(id)) ++n;
  return n;
}

std::vector<std::shared_ptr<GameRoom>> RoomRegistry::rooms() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<GameRoom>> all;
  for (const auto& [id, room] : rooms_) all.push_back(room);
  return all;
}

std::size_t RoomRegistry::size() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

}  // namespace dvonn::server
