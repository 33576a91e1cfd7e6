// Many servers on one database: which node has a WebSocket of a game's seat
// open. A seat is there while some node has one; its node writes a row
// when the seat's first socket there opens and deletes it when the last
// one closes. A node that dies cannot delete its rows: each node refreshes
// its rows' seen time every few seconds (refresh), and the leader deletes
// rows not refreshed for stale_ms (expire), whose seats are then away if no
// other node has them. Times are the system clock's (not the injectable
// game clock): they measure the nodes, not the games.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

inline constexpr std::int64_t kSeatSocketStaleMs = 15'000;

class SeatSockets {
 public:
  SeatSockets(GameStore& store, std::int64_t stale_ms = kSeatSocketStaleMs) : store_(store), stale_ms_(stale_ms) {}

  // The seat's first socket on this node opened / its last one closed
  // (queued writes).
  void opened(const std::string& game, Color seat);
  void closed(const std::string& game, Color seat);
  // Whether another node has a fresh row of the seat (a read: off the
  // store's writer thread).
  bool elsewhere(const std::string& game, Color seat);
  // This node's rows are fresh again (every stale_ms / 3 or so).
  void refresh();
  // Deletes the rows not refreshed for stale_ms (their nodes died); the
  // seats left with no fresh row on any node. Once across nodes: the
  // leader's.
  std::vector<std::pair<std::string, Color>> expire();

  std::int64_t stale_ms() const { return stale_ms_; }

 private:
  GameStore& store_;
  const std::int64_t stale_ms_;
};

}  // namespace dvonn::server
