// Whether a room takes a request: one check per verb (move, resign, undo,
// hint, join, cancel), each the list of reasons to refuse in the order the
// client hears them, first match wins. Pure functions of what the room
// knows, so each refusal can be tested alone; the room applies them under
// its lock.
#pragma once

#include <optional>

#include "core/game.hpp"
#include "server/base/game_model.hpp"
#include "server/base/user.hpp"
#include "server/rooms/room_reply.hpp"

namespace dvonn::server {

// What the checks read of a room.
struct RoomFacts {
  bool broken = false;  // a commit failed: everything is refused
  Mode mode = Mode::Local;
  bool rated = false;
  bool over = false;         // the game has a result
  bool ended_early = false;  // resignation or time
  bool cancelled = false;    // a lobby game withdrawn
  bool aborted = false;      // ended before both sides moved
  int moves = 0;             // moves made (forced passes included)
  bool started = true;       // both seats taken
  Color to_move = Color::White;
  LobbyState lobby = LobbyState::None;
  bool tournament = false;  // a tournament's game
};

// Who asks: the role of the token, and whether a token was given at all.
struct Asker {
  Role role = Role::Spectator;
  bool has_token = false;
};

std::optional<RoomReply> refuse_move(const RoomFacts& room, Asker asker);
std::optional<RoomReply> refuse_resign(const RoomFacts& room, Asker asker);
// take_back: the moves an undo would take back (moves_to_undo).
std::optional<RoomReply> refuse_undo(const RoomFacts& room, Asker asker, int take_back);
std::optional<RoomReply> refuse_hint(const RoomFacts& room, Asker asker);
// free_seat: the seat still free, if any; other: the player of the other
// seat.
std::optional<RoomReply> refuse_join(const RoomFacts& room, std::optional<Color> free_seat, const User& other,
                                     const User& joining);
// is_player: the user asking plays the game.
std::optional<RoomReply> refuse_cancel(const RoomFacts& room, bool is_player);
// Aborting: a seat of an online or engine game, before both sides have
// moved (a game nobody has joined yet included).
std::optional<RoomReply> refuse_abort(const RoomFacts& room, Asker asker);

// The moves an undo takes back: the last one in a local game; in an engine
// game those back to the person's last move, so it is their turn again (the
// engine's reply, if any, and the person's move before it); none online.
int moves_to_undo(const Game& game, const SeatInfo& seats);

}  // namespace dvonn::server
