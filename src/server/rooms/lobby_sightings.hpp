// When the creators of open lobby games were last seen watching them, for
// many nodes on one database: a creator's page may be open on any node,
// while one node (the leader) expires the games. Every node notes the
// creators watching its rooms (the seat's WebSocket) and writes, at most
// every `throttle`, when it saw them (the lobby_seen table); the leader
// expires a game only when no node saw its creator for the expiry time.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/base/subscriber.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

class LobbySightings {
 public:
  LobbySightings(GameStore& store, std::int64_t throttle_ms) : store_(store), throttle_ms_(throttle_ms) {}

  // A WebSocket naming a seat token subscribed to a game (network thread:
  // no database here; the token is checked at the next note()).
  void watching(const std::string& id, const std::string& token, const std::weak_ptr<Subscriber>& socket);
  // The game left the lobby.
  void forget(const std::string& id);
  // Writes when the creators watching here were seen (now), each at most
  // every throttle. Reads and writes the database: off the network threads.
  void note(std::int64_t now);
  // When some node last saw each game's creator (absent: never noted).
  std::map<std::string, std::int64_t> last_seen(const std::vector<std::string>& ids);
  // Deletes the rows of games no longer open (the leader, now and then).
  void drop_closed();

 private:
  struct Watch {
    std::string token;
    std::weak_ptr<Subscriber> socket;
    int creator = -1;  // -1: not checked yet; 0: not the creator's seat; 1: it is
  };
  struct Game {
    std::vector<Watch> watches;
    std::int64_t written_ms = 0;
  };
  GameStore& store_;
  const std::int64_t throttle_ms_;
  std::mutex mutex_;
  std::map<std::string, Game> games_;
};

}  // namespace dvonn::server
