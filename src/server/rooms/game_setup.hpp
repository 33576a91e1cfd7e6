// A new game from its spec: its id, the creator's seat token, its players,
// and the row the store keeps of it, built once from the typed spec.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/rooms/game_spec.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

struct NewGame {
  GameSpec spec;
  StoredGame stored;  // what the store inserts
  std::string token;  // the creator's seat token
};

// creator: the logged-in user (nullopt: anonymous); engine: the engine's
// user of an engine game.
NewGame new_game(GameSpec spec, const std::optional<User>& creator, const std::optional<User>& engine,
                 std::int64_t now_ms);

}  // namespace dvonn::server
