// The lobby: online games waiting for a second player that their creators
// listed, and the WebSocket clients watching the list (/ws/lobby). The list
// lives in memory, rebuilt from the store at start; the rooms are the
// authority (a join or cancel goes through the room and is committed before
// the list changes).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/room_registry.hpp"
#include "server/subscriber_list.hpp"

namespace dvonn::server {

inline constexpr int kMaxOpenGamesPerPlayer = 5;

class Lobby {
 public:
  explicit Lobby(RoomRegistry& registry) : registry_(registry) {}

  // Loads the open games from the store (at start); throws StoreError.
  void load(GameStore& store);
  // Re-reads a game's entry from its room (after a create, join or cancel)
  // and tells the watchers when the list changed. A game that cannot be
  // read is logged and left out.
  void refresh(const std::string& id);
  // OPEN entries, oldest first.
  nlohmann::json open_json() const;
  // Open games a user created.
  int open_count(std::int64_t user) const;
  // Open games.
  std::size_t size() const;
  // Adds a watcher and queues it the list ({"type": "lobby", "open": [...]});
  // after that it gets each change: {"type": "lobby-open", "game": OPEN}
  // (new or changed) or {"type": "lobby-closed", "id": ...}.
  void subscribe(const std::shared_ptr<Subscriber>& subscriber);

 private:
  static nlohmann::json entry_json(const LobbyEntry& e);
  std::shared_ptr<const std::string> message_locked() const;
  nlohmann::json open_json_locked() const;

  RoomRegistry& registry_;
  mutable std::mutex mutex_;
  std::map<std::string, LobbyEntry> open_;
  SubscriberList subscribers_;
};

}  // namespace dvonn::server
