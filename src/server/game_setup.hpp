// A new game from a create request (POST /api/games): checks every option
// and builds what the store keeps, tokens included.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <variant>

#include "server/game_store.hpp"

namespace dvonn::server {

struct NewGame {
  StoredGame stored;
  std::string seat;   // "white", "black" or "both": the creator's seat
  std::string token;  // the creator's seat token
};

// The game the request asks for, or what is wrong with the request.
std::variant<NewGame, std::string> new_game_from_request(const nlohmann::json& request);

}  // namespace dvonn::server
