// The typed words of the server and their forms at the edges (database,
// JSON): each string reads back as what wrote it; anything else is refused.
#include "server/base/game_model.hpp"

#include <gtest/gtest.h>

namespace dvonn::server::testing {
namespace {

TEST(GameModel, ModesRoundTripAndUnknownOnesAreRefused) {
  for (Mode m : {Mode::Engine, Mode::Online, Mode::Local}) EXPECT_EQ(parse_mode(mode_name(m)), m);
  EXPECT_STREQ(mode_name(Mode::Online), "online");
  EXPECT_FALSE(parse_mode("Online"));
  EXPECT_FALSE(parse_mode(""));
}

TEST(GameModel, SeatsRoundTripAndHoldTheirColours) {
  for (Seat s : {Seat::White, Seat::Black, Seat::Both}) EXPECT_EQ(parse_seat(seat_name(s)), s);
  EXPECT_FALSE(parse_seat("random"));
  EXPECT_TRUE(seat_holds(Seat::Both, Color::Black));
  EXPECT_TRUE(seat_holds(Seat::White, Color::White));
  EXPECT_FALSE(seat_holds(Seat::White, Color::Black));
}

TEST(GameModel, ColoursParseAndTheEmptyStringIsNone) {
  EXPECT_EQ(parse_color("white"), Color::White);
  EXPECT_EQ(parse_color("black"), Color::Black);
  EXPECT_FALSE(parse_color(""));
  EXPECT_FALSE(parse_color("both"));
}

TEST(GameModel, EndReasonsAndWinnersRoundTripWithTheStoredSpellings) {
  for (EndReason r : {EndReason::None, EndReason::Count, EndReason::Resignation, EndReason::Time, EndReason::Cancelled})
    EXPECT_EQ(parse_end_reason(end_reason_name(r)), r);
  EXPECT_STREQ(end_reason_name(EndReason::None), "");
  EXPECT_STREQ(end_reason_name(EndReason::Resignation), "resignation");
  EXPECT_FALSE(parse_end_reason("flag"));
  for (Winner w : {Winner::None, Winner::White, Winner::Black, Winner::Draw})
    EXPECT_EQ(parse_winner(winner_name(w)), w);
  EXPECT_STREQ(winner_name(Winner::Draw), "draw");
  EXPECT_FALSE(parse_winner("nobody"));
}

TEST(GameModel, LobbyStatesKeepTheirStoredIntegers) {
  EXPECT_EQ(lobby_state_int(LobbyState::None), 0);
  EXPECT_EQ(lobby_state_int(LobbyState::Open), 1);
  EXPECT_EQ(lobby_state_int(LobbyState::Taken), 2);
  EXPECT_EQ(lobby_state_int(LobbyState::Cancelled), 3);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(lobby_state_int(*lobby_state_from_int(i)), i);
  EXPECT_FALSE(lobby_state_from_int(4));
  EXPECT_FALSE(lobby_state_from_int(-1));
}

}  // namespace
}  // namespace dvonn::server::testing
