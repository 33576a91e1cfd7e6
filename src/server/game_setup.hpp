// A new game from a create request (POST /api/games): checks every option
// and builds what the store keeps, tokens included.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <variant>

#include "community/time_control.hpp"
#include "server/game_store.hpp"

namespace dvonn::server {

struct NewGame {
  StoredGame stored;
  std::string seat;   // "white", "black" or "both": the creator's seat
  std::string token;  // the creator's seat token
};

// The game the request asks for, or what is wrong with the request. The
// community options (clock, rated, players) are the API's to check and set.
std::variant<NewGame, std::string> new_game_from_request(const nlohmann::json& request);

// The "clock" option of a create request: {"type": "realtime", "initial",
// "increment"} or {"type": "correspondence", "days"}; null or absent is
// untimed. Returns what is wrong, or "".
std::string time_control_from_json(const nlohmann::json& request, community::TimeControl& control);
// A time control as the API shows it (null when untimed), without times.
nlohmann::json time_control_json(const community::TimeControl& control);

}  // namespace dvonn::server
