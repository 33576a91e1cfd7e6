// A rematch of a finished online game between two people: who offered it,
// and the new game once both wanted it. Stored with the game
// (live_fields.hpp), so every node of many on one database shows and
// answers it.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "community/time_control.hpp"
#include "core/game.hpp"
#include "server/base/user.hpp"
#include "server/rooms/room_reply.hpp"

namespace dvonn::server {

struct RematchOffer {
  std::optional<Color> from;  // the side that offered, waiting for the other
  bool making = false;        // both wanted it: the new game is being made
  std::string game;           // the new game, once made (one rematch per game)

  // The state's "rematch" field: null, or {"from", "game"}.
  nlohmann::json json() const {
    if (!from && game.empty()) return nullptr;
    return {{"from", from ? nlohmann::json(*from == Color::White ? "white" : "black") : nlohmann::json(nullptr)},
            {"game", game.empty() ? nlohmann::json(nullptr) : nlohmann::json(game)}};
  }
};

// What an offer led to: refused, an offer being stored (neither), or
// accepted (both offered): the new game to make, colours swapped.
struct RematchStep {
  std::optional<RoomReply> refused;
  bool accepted = false;
  Color asker = Color::White;
  User white;  // of the new game
  User black;
  community::TimeControl clock;
  bool rated = false;
};

}  // namespace dvonn::server
