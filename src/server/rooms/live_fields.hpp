// What a game's room keeps besides the game (a rematch offer, a takeback
// request and its counts, the seat away), as the text stored with the game
// (StoredGame::live_fields): many servers on one database each show and
// answer what was asked on another.
#pragma once

#include <optional>
#include <string>

#include "server/rooms/rematch_offer.hpp"
#include "server/rooms/seat_presence.hpp"
#include "server/rooms/takeback_request.hpp"

namespace dvonn::server {

struct LiveFields {
  RematchOffer rematch;  // its `making` is this node's alone, never stored
  TakebackRequest takeback;
  std::optional<SeatPresence::Away> away;
};

// JSON text, "" when nothing is asked and nobody away.
std::string format_live_fields(const LiveFields& fields);
// Back; anything unreadable (or "") reads as nothing asked.
LiveFields parse_live_fields(const std::string& text);

}  // namespace dvonn::server
