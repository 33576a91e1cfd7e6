// The game state as the API and the WebSocket send it (docs/server-api.md,
// "State"): everything a browser needs to draw the game, so a reload or a
// reconnect resumes from the server's state alone.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "community/game_clock.hpp"
#include "core/game.hpp"
#include "engine/engine.hpp"
#include "server/base/game_model.hpp"
#include "server/base/user.hpp"

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
  EndReason end = EndReason::None;  // None (null), Count, Resignation, Time, Cancelled, Aborted
  std::optional<Result> result;     // a game ended early (resignation, time)
  std::string rating_changes = "null";
  std::string tournament = "null";  // {"id", "name", "round"} of a tournament's game
};

// The players of the seats, as StateExtras::players (id 0: nobody, null).
std::string players_json(const User& white, const User& black);
// The rating changes of a rated game that ended, as
// StateExtras::rating_changes.
std::string rating_changes_json(double white_before, double white_after, double black_before, double black_after);

// The state as JSON text.
std::string state_json(const std::string& id, const SeatInfo& seats, const Game& game, const RemovedStacks& removed,
                       std::int64_t version, const StateExtras& extras = {});

// The state's clock as of now (null untimed). live: the game has started
// (both seats taken) and its clock with it. first_move_limit_ms: how long a
// real-time first move may take (its deadline goes into the JSON).
nlohmann::json clock_json(const community::TimeControl& control, const community::GameClock& clock, bool live,
                          std::int64_t now, std::int64_t first_move_limit_ms = 0);
// A state from state_json with its clock added as its last field: the state
// is kept without it, as the clock is as of when the state is sent.
std::string state_with_clock(const std::string& state, const nlohmann::json& clock);
// The {"type": "state", ...} message for a state.
std::shared_ptr<const std::string> state_message(const std::string& state);
// A hint's answer: the best line of a search (move, score, exact, pv).
nlohmann::json hint_json(const engine::ScoredLine& best);

}  // namespace dvonn::server
