// The game state as the API and the WebSocket send it (docs/server-api.md,
// "State"): everything a browser needs to draw the game, so a reload or a
// reconnect resumes from the server's state alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "server/game_model.hpp"

namespace dvonn::server {

// Stacks removed by the last move, with their colours, by space.
using RemovedStacks = std::vector<std::pair<Square, Stack>>;

// The stacks a move cut off, from the stacks before it and the spaces it
// emptied (Game::last_removed()).
RemovedStacks removed_stacks(Stacks before, Move move, Bitboard removed);
// The stacks the last move of game cut off (replays the game without it:
// for loading and undo; a new move uses removed_stacks).
RemovedStacks removed_by_last_move(const Game& game);

// The community fields of the state (docs/community-api.md); JSON values
// are given as JSON text. The clock is added by the room (it is as of the
// time the state is sent).
struct StateExtras {
  std::string players = R"({"white":null,"black":null})";
  bool rated = false;
  bool started = true;
  std::string end;               // "" (null), "count", "resignation", "time"
  std::optional<Result> result;  // a game ended early (resignation, time)
  std::string rating_changes = "null";
};

// The state as JSON text.
std::string state_json(const std::string& id, const SeatInfo& seats, const Game& game, const RemovedStacks& removed,
                       std::int64_t version, const StateExtras& extras = {});

}  // namespace dvonn::server
