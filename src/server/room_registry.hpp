// The games in memory, by id. A game not in memory is loaded from the store
// on first access, so after a restart every game continues where it was.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/game_room.hpp"

namespace dvonn::server {

class RoomRegistry {
 public:
  explicit RoomRegistry(RoomContext& context) : context_(context) {}

  // The room of a game, loading it if needed; null for an unknown id (or one
  // whose stored data is not a valid game, which is logged). Throws
  // StoreError when the database cannot be read.
  std::shared_ptr<GameRoom> find(const std::string& id);
  // Makes a room for a new game, already committed to the store.
  void add(const std::shared_ptr<GameRoom>& room);
  // Drops a room from memory (after a failed commit); the next find reloads.
  void forget(const std::string& id);
  // Loads every unfinished engine game and lets its engine think if it is to
  // move (after a restart). Returns how many games were loaded.
  int resume_engine_games();
  // Loads every unfinished timed game that has started, so its clock is
  // watched (and a game whose time ran out while the server was down ends).
  int resume_timed_games();
  // Every room in memory.
  std::vector<std::shared_ptr<GameRoom>> rooms() const;

  std::size_t size() const;

 private:
  RoomContext& context_;
  mutable std::mutex mutex_;
  // Loads in progress are serialised by load_mutex_, so lookups of games
  // already in memory never wait for the disk.
  std::mutex load_mutex_;
  std::unordered_map<std::string, std::shared_ptr<GameRoom>> rooms_;
};

}  // namespace dvonn::server
