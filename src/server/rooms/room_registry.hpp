// The games in memory, by id. A game not in memory is loaded from the store
// on first access, so after a restart every game continues where it was.
//
// Memory is bounded: beyond max_rooms, the least recently used rooms that
// nothing else holds are evicted. A room nobody else holds has no watcher
// (WebSocket), no change waiting for its commit and no engine search queued
// (each of those keeps a reference), so everything it knows is on disk and
// the next access reloads it as it was.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/rooms/game_room.hpp"

namespace dvonn::server {

class RoomRegistry {
 public:
  // max_rooms 0: no bound.
  explicit RoomRegistry(RoomContext& context, std::size_t max_rooms = 0) : context_(context), max_rooms_(max_rooms) {}

  // The room of a game, loading it if needed (a loaded engine game whose
  // engine is to move starts it thinking); null for an unknown id (or one
  // whose stored data is not a valid game, which is logged). Throws
  // StoreError when the database cannot be read.
  std::shared_ptr<GameRoom> find(const std::string& id);
  // Whether the game is in memory now (find would not read the database).
  bool contains(const std::string& id) const;
  // Makes a room for a new game, already committed to the store.
  void add(const std::shared_ptr<GameRoom>& room);
  // Drops a room from memory (after a failed commit); the next find reloads.
  void forget(const std::string& id);
  // Another server changed a game (GameChangeFeed): a room in memory older
  // than `version` takes over the stored game; a game not in memory is
  // left alone (the next find reads it). The room reads only what it lacks
  // (GameStore::load_increment: the row, the moves after its own) and
  // re-reads the whole game when that does not fit (a takeback removed
  // moves it holds, a change of its own is being committed). Throws
  // StoreError.
  void refresh(const std::string& id, std::int64_t version);
  // Every room in memory re-reads its game (changes may have gone unheard).
  void refresh_all();
  // Loads every unfinished timed game that has started, so its clock is
  // watched (and a game whose time ran out while the server was down ends).
  int resume_timed_games();
  // Every room in memory.
  std::vector<std::shared_ptr<GameRoom>> rooms() const;

  std::size_t size() const;

  // Tests: runs in find after the store read a game and before its room is
  // in memory (to commit another server's change just then). Set before
  // the registry is used.
  void set_load_hook(std::function<void(const std::string&)> hook) { load_hook_ = std::move(hook); }

  // How the rooms took over other servers' changes so far (refresh): by
  // reading the whole game, or only what they lacked (/metrics, tests).
  struct RefreshCounts {
    std::uint64_t full = 0;
    std::uint64_t incremental = 0;
  };
  RefreshCounts refresh_counts() const { return {full_refreshes_, incremental_refreshes_}; }

 private:
  struct Entry {
    std::shared_ptr<GameRoom> room;
    std::list<std::string>::iterator used;  // its place in used_
  };
  void insert_locked(const std::shared_ptr<GameRoom>& room);
  // Evicts unheld rooms, oldest use first, until at most max_rooms_ remain
  // (or only held ones).
  void evict_locked();

  RoomContext& context_;
  const std::size_t max_rooms_;
  mutable std::mutex mutex_;
  // Loads in progress are serialised by load_mutex_, so lookups of games
  // already in memory never wait for the disk.
  std::mutex load_mutex_;
  std::unordered_map<std::string, Entry> rooms_;
  std::list<std::string> used_;  // ids, most recently used first
  // The game being loaded (under load_mutex_, one at a time) and the
  // newest version another server announced of it meanwhile: a change
  // committed after the load read the game, and heard before the room was
  // in rooms_, would otherwise be lost to this node until the next one.
  std::string loading_;
  std::int64_t heard_while_loading_ = 0;
  std::function<void(const std::string&)> load_hook_;
  std::atomic<std::uint64_t> full_refreshes_{0};
  std::atomic<std::uint64_t> incremental_refreshes_{0};
};

}  // namespace dvonn::server
