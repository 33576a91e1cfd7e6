// A move as a small message (docs/server-api.md, "Move deltas"): what a
// watcher that has the state just before a move needs to have the state
// just after it, instead of the whole state again. Only for an ordinary
// move of a game still being played; anything else (joins, takebacks, the
// end, a rematch) goes out as the whole state.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dvonn::server {

// The {"type": "move", ...} message taking a watcher from the sent state
// `before` to the sent state `after` (both as the room sends them: state_json
// with the clock and the live fields), or nullopt when `after` is not one
// ordinary move on from `before`. Built from the two texts alone, and only
// when the fields it leaves out are byte for byte those of `before`: a
// client that applies it to `before` has exactly `after`.
//
//   {"type":"move","version":V,"move":"A1B2","state":{FIELDS}}
//
// FIELDS: every field of the state but id, mode, level, seats, moves,
// players, rated, rating_changes and tournament (unchanged); moves is
// `before`'s with "move" appended.
std::optional<std::string> move_delta_message(std::string_view before, std::string_view after);

}  // namespace dvonn::server
