// Each verb's refusals, one reason at a time, in the order the client hears
// them (the messages are the API's: the web UI and the tests rely on them).
#include "server/rooms/room_checks.hpp"

#include <gtest/gtest.h>

namespace dvonn::server::testing {
namespace {

RoomFacts online() {
  RoomFacts f;
  f.mode = Mode::Online;
  return f;
}

std::string message(const std::optional<RoomReply>& r) { return r ? std::to_string(r->status) + " " + r->error : ""; }

constexpr Asker kWhite{Role::White, true};
constexpr Asker kNobody{Role::Spectator, false};
constexpr Asker kWrongToken{Role::Spectator, true};

TEST(RoomChecks, Move) {
  RoomFacts f = online();
  EXPECT_EQ(message(refuse_move(f, kWhite)), "");
  EXPECT_EQ(message(refuse_move(f, kNobody)), "403 spectators cannot move: this needs a seat token");
  EXPECT_EQ(message(refuse_move(f, kWrongToken)), "403 wrong seat token: it is not a seat of this game");
  f.to_move = Color::Black;
  EXPECT_EQ(message(refuse_move(f, kWhite)), "409 not your turn: black is to move");
  EXPECT_EQ(message(refuse_move(f, {Role::Both, true})), "");
  f.started = false;
  EXPECT_EQ(message(refuse_move(f, kWhite)), "409 the game has not started: waiting for an opponent");
  f.cancelled = true;
  EXPECT_EQ(message(refuse_move(f, kWhite)), "409 the game was cancelled");
  f.over = true;
  EXPECT_EQ(message(refuse_move(f, kWhite)), "409 the game is over");
  f.broken = true;
  EXPECT_EQ(message(refuse_move(f, kNobody)), "503 this game could not be saved; reload the page");
}

TEST(RoomChecks, Resign) {
  RoomFacts f = online();
  EXPECT_EQ(message(refuse_resign(f, kWhite)), "");
  EXPECT_EQ(message(refuse_resign(f, kNobody)), "403 spectators cannot resign");
  EXPECT_EQ(message(refuse_resign(f, kWrongToken)), "403 wrong seat token");
  f.started = false;
  EXPECT_EQ(message(refuse_resign(f, kWhite)), "409 the game has not started: cancel it instead");
  f.over = true;
  EXPECT_EQ(message(refuse_resign(f, kWhite)), "409 the game is over");
  f.mode = Mode::Local;
  EXPECT_EQ(message(refuse_resign(f, kWhite)), "400 resigning is for online and engine games");
}

TEST(RoomChecks, UndoAndHint) {
  RoomFacts f;
  f.mode = Mode::Engine;
  EXPECT_EQ(message(refuse_undo(f, kWhite, 2)), "");
  EXPECT_EQ(message(refuse_undo(f, kWhite, 0)), "409 nothing to undo");
  EXPECT_EQ(message(refuse_undo(f, kNobody, 1)), "403 spectators cannot undo");
  f.over = true;
  EXPECT_EQ(message(refuse_undo(f, kWhite, 1)), "");  // a counted end can be undone
  EXPECT_EQ(message(refuse_hint(f, kWhite)), "409 the game is over");
  f.ended_early = true;
  EXPECT_EQ(message(refuse_undo(f, kWhite, 1)), "409 the game is over");
  f.rated = true;
  EXPECT_EQ(message(refuse_undo(f, kWhite, 1)), "400 no undo in a rated game");
  EXPECT_EQ(message(refuse_hint(f, kWhite)), "400 no hints in a rated game");
  EXPECT_EQ(message(refuse_hint(f, kNobody)), "403 spectators get no hints");
  f = online();
  EXPECT_EQ(message(refuse_undo(f, kWhite, 1)), "400 undo is only available in engine and local games");
  EXPECT_EQ(message(refuse_hint(f, kWhite)), "400 hints are only available in engine and local games");
}

TEST(RoomChecks, JoinAndCancel) {
  User ann{};
  ann.id = 1;
  User bob{};
  bob.id = 2;
  RoomFacts f = online();
  EXPECT_EQ(message(refuse_join(f, Color::Black, ann, bob)), "");
  EXPECT_EQ(message(refuse_join(f, Color::Black, ann, ann)), "409 this is your own game: wait for an opponent");
  EXPECT_EQ(message(refuse_join(f, std::nullopt, ann, bob)), "409 both seats are taken; watch the game instead");
  f.rated = true;
  EXPECT_EQ(message(refuse_join(f, Color::Black, ann, User{})), "401 log in to join a rated game");
  bob.guest = true;
  EXPECT_EQ(message(refuse_join(f, Color::Black, ann, bob)),
            "400 guests play unrated games only: sign up to join a rated game");
  f.mode = Mode::Engine;
  EXPECT_EQ(message(refuse_join(f, Color::Black, ann, bob)), "409 a engine game has no seat to join; watch it instead");

  RoomFacts c = online();
  EXPECT_EQ(message(refuse_cancel(c, true)), "404 not a lobby game");
  c.lobby = LobbyState::Open;
  EXPECT_EQ(message(refuse_cancel(c, true)), "");
  EXPECT_EQ(message(refuse_cancel(c, false)), "403 only the player who opened a game can cancel it");
  c.lobby = LobbyState::Taken;
  EXPECT_EQ(message(refuse_cancel(c, true)), "409 the game was joined: resign it instead");
  c.lobby = LobbyState::Cancelled;
  EXPECT_EQ(message(refuse_cancel(c, true)), "409 the game was already cancelled");
  EXPECT_EQ(message(refuse_join(c, Color::Black, ann, bob)), "409 the game was cancelled");
}

TEST(RoomChecks, UndoTakesBackToThePersonsLastMove) {
  Game game;
  SeatInfo local;
  EXPECT_EQ(moves_to_undo(game, local), 0);
  ASSERT_EQ(game.play(*parse_move("E3")), "");
  EXPECT_EQ(moves_to_undo(game, local), 1);
  SeatInfo engine;
  engine.mode = Mode::Engine;
  engine.engine_color = Color::Black;
  EXPECT_EQ(moves_to_undo(game, engine), 1);  // the person's move, no reply yet
  ASSERT_EQ(game.play(*parse_move("F3")), "");
  EXPECT_EQ(moves_to_undo(game, engine), 2);  // and the engine's reply
  engine.engine_color = Color::White;
  EXPECT_EQ(moves_to_undo(game, engine), 1);
  SeatInfo online_seats;
  online_seats.mode = Mode::Online;
  EXPECT_EQ(moves_to_undo(game, online_seats), 0);
}

TEST(RoomChecks, Abort) {
  RoomFacts f = online();
  EXPECT_EQ(message(refuse_abort(f, kWhite)), "");
  f.moves = 1;
  EXPECT_EQ(message(refuse_abort(f, {Role::Black, true})), "");
  f.moves = 2;
  EXPECT_EQ(message(refuse_abort(f, kWhite)), "409 both sides have moved: resign instead");
  f.moves = 0;
  EXPECT_EQ(message(refuse_abort(f, kNobody)), "403 spectators cannot abort a game");
  EXPECT_EQ(message(refuse_abort(f, kWrongToken)), "403 wrong seat token");
  // Nobody joined yet: the creator may withdraw it.
  f.started = false;
  EXPECT_EQ(message(refuse_abort(f, kWhite)), "");
  f.started = true;
  f.over = true;
  EXPECT_EQ(message(refuse_abort(f, kWhite)), "409 the game is over");
  f.aborted = true;
  EXPECT_EQ(message(refuse_abort(f, kWhite)), "409 the game was already aborted");
  EXPECT_EQ(message(refuse_move(f, kWhite)), "409 the game was aborted");
  EXPECT_EQ(message(refuse_resign(f, kWhite)), "409 the game was aborted");
  RoomFacts local;
  local.mode = Mode::Local;
  EXPECT_EQ(message(refuse_abort(local, {Role::Both, true})), "400 aborting is for online and engine games");
  RoomFacts broken = online();
  broken.broken = true;
  EXPECT_EQ(refuse_abort(broken, kWhite)->status, 503);
}

}  // namespace
}  // namespace dvonn::server::testing
