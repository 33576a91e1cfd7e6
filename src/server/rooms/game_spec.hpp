// The game a create request (POST /api/games, POST /api/lobby) asks for,
// typed: made and checked once, from the request and who sends it, then
// stored (game_setup.hpp) and played (GameRoom::create) as it is.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

#include "community/time_control.hpp"
#include "core/game.hpp"
#include "server/base/game_model.hpp"
#include "server/base/user.hpp"

namespace dvonn::server {

struct GameSpec {
  Mode mode = Mode::Local;
  int level = 0;                     // engine games, else 0
  Seat creator_seat = Seat::Both;    // the colour drawn when "random" was asked
  std::optional<Color> color_asked;  // nullopt: "random"
  Game game;                         // the start and the moves of a record
  community::TimeControl clock;
  bool rated = false;
  bool listed = false;  // in the lobby

  std::optional<Color> engine_color() const;
};

// A request refused: the HTTP status and the message for the client.
struct SpecRefusal {
  int status = 400;
  std::string message;
};

// The game a request asks for, or why it is refused. `creator` is the
// logged-in user (rated games need one); `listed`: for the lobby. What
// depends on the server's state (open games, the engine's queue) is the
// API's to check.
std::variant<GameSpec, SpecRefusal> game_spec_from_request(const nlohmann::json& request,
                                                           const std::optional<User>& creator, bool listed);

}  // namespace dvonn::server
