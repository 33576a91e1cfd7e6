// Which seats of a room have a WebSocket open (a socket is a seat's once it
// named the seat's token), and the seat that left a running real-time
// game: after kAwayClaimMs (RoomContext::away_claim_ms) without a socket
// its opponent may claim the win. The sockets are this node's; with many
// nodes on one database a seat is away once no node has one of its sockets
// (seat_sockets.hpp), and the seat away is stored with the game
// (live_fields.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "server/base/subscriber.hpp"

namespace dvonn::server {

inline constexpr std::int64_t kAwayClaimMs = 60'000;

class SeatPresence {
 public:
  // The socket is a seat's (again: a second call changes nothing).
  void add(const std::shared_ptr<Subscriber>& socket, Color seat);
  // The socket closed; the seat whose last socket it was, if any.
  std::optional<Color> remove(const Subscriber* socket);
  bool watched(Color seat) const;
  // Queues a message for the seat's sockets only.
  void deliver_to(Color seat, const std::shared_ptr<const std::string>& message) const;

  // The seat away and since when it may be claimed.
  struct Away {
    Color color = Color::White;
    std::int64_t claimable_at = 0;
  };
  std::optional<Away> away;
  // The state's "away" field: null, or {"color", "claimable_at"}.
  nlohmann::json json() const;

 private:
  std::vector<std::pair<std::weak_ptr<Subscriber>, Color>> sockets_;
};

}  // namespace dvonn::server
