// The lobby: online games waiting for a second player that their creators
// listed, and the WebSocket clients watching the list (/ws/lobby). The list
// lives in memory, rebuilt from the store at start; the rooms are the
// authority (a join or cancel goes through the room and is committed before
// the list changes). It is bounded: a site-wide and a per-address cap on
// open games (checked by the API before a game is made), and open games
// whose creator has not watched them for a while expire (expire()).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/base/page_cursor.hpp"
#include "server/base/subscriber_list.hpp"
#include "server/rooms/lobby_sightings.hpp"
#include "server/rooms/room_registry.hpp"

namespace dvonn::server {

inline constexpr int kMaxOpenGamesPerPlayer = 5;

struct LobbyLimits {
  std::size_t max_open_games = 200;         // site-wide
  std::size_t open_games_per_address = 10;  // per creator's address
  std::int64_t expiry_ms = 3'600'000;       // without the creator watching
};

class Lobby {
 public:
  explicit Lobby(RoomRegistry& registry, LobbyLimits limits = {}) : registry_(registry), limits_(limits) {}

  // Loads the open games from the store (at start); throws StoreError.
  void load(GameStore& store);
  // Re-reads a game's entry from its room (after a create, join or cancel)
  // and tells the watchers when the list changed. A game that cannot be
  // read is logged and left out. address: the creator's, for a game just
  // created (the per-address cap counts it).
  void refresh(const std::string& id, const std::string& address = "");
  // OPEN entries, oldest first.
  nlohmann::json open_json() const;
  // {"open": [OPEN...], "more", "next"}: at most `limit` entries after
  // `after` (oldest first; a cursor of created time and id).
  nlohmann::json page_json(const PageCursor& after, std::size_t limit) const;
  // Open games a user created.
  int open_count(std::int64_t user) const;
  // Why a new open game from this address is refused ("" when it is not):
  // the lobby is full, or the address has its share.
  std::string refuse_new(const std::string& address) const;
  // Cancels the open games whose creator has not watched them for the
  // expiry time up to now; returns how many. Reads rooms (maybe from the
  // database): off the network threads.
  int expire(std::int64_t now);
  // Many nodes on one database: the creators watching are noted in the
  // database by every node (note_creators), and expire() — run by the
  // leader only — goes by when any node last saw them (lobby_sightings.hpp).
  // `now`: the start, before which nobody was seen. Set before serving.
  void share(GameStore& store, std::int64_t now);
  // A WebSocket naming a seat token subscribed to a game (many nodes).
  void creator_watching(const std::string& id, const std::string& token, const std::weak_ptr<Subscriber>& socket);
  // Writes when the creators watching here were seen (many nodes; else
  // nothing). Off the network threads.
  void note_creators(std::int64_t now);
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
  std::vector<const LobbyEntry*> sorted_locked() const;

  RoomRegistry& registry_;
  const LobbyLimits limits_;
  mutable std::mutex mutex_;
  std::map<std::string, LobbyEntry> open_;
  std::map<std::string, std::string> addresses_;  // id -> creator's address, for games made since start
  SubscriberList subscribers_;
  std::unique_ptr<LobbySightings> sightings_;  // many nodes (share)
  std::int64_t shared_since_ms_ = 0;
  std::int64_t sightings_dropped_ms_ = 0;
};

}  // namespace dvonn::server
