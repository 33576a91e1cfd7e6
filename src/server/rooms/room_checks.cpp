#include "server/rooms/room_checks.hpp"

#include <string>
#include <vector>

namespace dvonn::server {
namespace {

constexpr const char* kBroken = "this game could not be saved; reload the page";

// Who made each move of a game (the side to move before it).
std::vector<Color> movers(const Game& game) {
  std::vector<Color> who;
  Position p = game.start().position;
  for (Move m : game.moves()) {
    who.push_back(p.side_to_move());
    Undo u;
    p.play(m, u);
  }
  return who;
}

}  // namespace

std::optional<RoomReply> refuse_move(const RoomFacts& room, Asker asker) {
  if (room.broken) return refusal(503, kBroken);
  if (asker.role == Role::Spectator)
    return refusal(403, asker.has_token ? "wrong seat token: it is not a seat of this game"
                                        : "spectators cannot move: this needs a seat token");
  if (room.aborted) return refusal(409, "the game was aborted");
  if (room.over) return refusal(409, "the game is over");
  if (room.cancelled) return refusal(409, "the game was cancelled");
  if (!room.started) return refusal(409, "the game has not started: waiting for an opponent");
  if (asker.role != Role::Both && asker.role != (room.to_move == Color::White ? Role::White : Role::Black))
    return refusal(409, std::string("not your turn: ") + color_name(room.to_move) + " is to move");
  return std::nullopt;
}

std::optional<RoomReply> refuse_resign(const RoomFacts& room, Asker asker) {
  if (room.broken) return refusal(503, kBroken);
  if (asker.role == Role::Spectator)
    return refusal(403, asker.has_token ? "wrong seat token" : "spectators cannot resign");
  if (room.mode == Mode::Local) return refusal(400, "resigning is for online and engine games");
  if (room.aborted) return refusal(409, "the game was aborted");
  if (room.over) return refusal(409, "the game is over");
  if (room.cancelled) return refusal(409, "the game was cancelled");
  if (!room.started) return refusal(409, "the game has not started: cancel it instead");
  return std::nullopt;
}

std::optional<RoomReply> refuse_undo(const RoomFacts& room, Asker asker, int take_back) {
  if (room.broken) return refusal(503, kBroken);
  if (asker.role == Role::Spectator)
    return refusal(403, asker.has_token ? "wrong seat token" : "spectators cannot undo");
  if (room.mode == Mode::Online) return refusal(400, "undo is only available in engine and local games");
  if (room.rated) return refusal(400, "no undo in a rated game");
  if (room.over && room.ended_early) return refusal(409, "the game is over");
  if (take_back == 0) return refusal(409, "nothing to undo");
  return std::nullopt;
}

std::optional<RoomReply> refuse_hint(const RoomFacts& room, Asker asker) {
  if (asker.role == Role::Spectator)
    return refusal(403, asker.has_token ? "wrong seat token" : "spectators get no hints");
  if (room.mode == Mode::Online) return refusal(400, "hints are only available in engine and local games");
  if (room.rated) return refusal(400, "no hints in a rated game");
  if (room.over) return refusal(409, "the game is over");
  return std::nullopt;
}

std::optional<RoomReply> refuse_join(const RoomFacts& room, std::optional<Color> free_seat, const User& other,
                                     const User& joining) {
  if (room.broken) return refusal(503, kBroken);
  if (room.mode != Mode::Online)
    return refusal(409, std::string("a ") + mode_name(room.mode) + " game has no seat to join; watch it instead");
  if (room.lobby == LobbyState::Cancelled) return refusal(409, "the game was cancelled");
  if (room.aborted) return refusal(409, "the game was aborted");
  if (!free_seat) return refusal(409, "both seats are taken; watch the game instead");
  if (joining.id != 0 && other.id == joining.id) return refusal(409, "this is your own game: wait for an opponent");
  if (room.rated && joining.id == 0) return refusal(401, "log in to join a rated game");
  if (room.rated && joining.guest) return refusal(400, "guests play unrated games only: sign up to join a rated game");
  return std::nullopt;
}

std::optional<RoomReply> refuse_cancel(const RoomFacts& room, bool is_player) {
  if (room.broken) return refusal(503, kBroken);
  if (room.lobby == LobbyState::None) return refusal(404, "not a lobby game");
  // While open, only the creator holds a seat; later, either player may
  // hear that it is too late.
  if (!is_player) return refusal(403, "only the player who opened a game can cancel it");
  if (room.lobby != LobbyState::Open)
    return refusal(409, room.lobby == LobbyState::Taken ? "the game was joined: resign it instead"
                                                        : "the game was already cancelled");
  return std::nullopt;
}

std::optional<RoomReply> refuse_abort(const RoomFacts& room, Asker asker) {
  if (room.broken) return refusal(503, kBroken);
  if (asker.role == Role::Spectator)
    return refusal(403, asker.has_token ? "wrong seat token" : "spectators cannot abort a game");
  if (room.mode == Mode::Local) return refusal(400, "aborting is for online and engine games");
  if (room.aborted) return refusal(409, "the game was already aborted");
  if (room.cancelled) return refusal(409, "the game was cancelled");
  if (room.over) return refusal(409, "the game is over");
  if (room.started && room.moves >= 2) return refusal(409, "both sides have moved: resign instead");
  // Its result is a tournament's: only a resignation or the clock ends it.
  if (room.tournament) return refusal(409, "a tournament game cannot be aborted: resign instead");
  return std::nullopt;
}

int moves_to_undo(const Game& game, const SeatInfo& seats) {
  if (seats.mode == Mode::Online) return 0;
  if (seats.mode == Mode::Local) return game.moves().empty() ? 0 : 1;
  std::vector<Color> who = movers(game);
  Color human = opponent(*seats.engine_color);
  for (int i = static_cast<int>(who.size()) - 1; i >= 0; --i)
    if (who[i] == human) return static_cast<int>(who.size()) - i;
  return 0;
}

}  // namespace dvonn::server
