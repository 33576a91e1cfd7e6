// A create request read into a GameSpec once: what a valid one gives, and
// each invalid field refused with its message (the API's, word for word).
#include "server/rooms/game_spec.hpp"

#include <gtest/gtest.h>

#include "server/rooms/game_setup.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

User user(bool guest = false) {
  User p;
  p.id = 7;
  p.name = "ann";
  p.guest = guest;
  return p;
}

// The refusal of a request ("" when it is accepted).
std::string refusal(const json& request, std::optional<User> creator = user(), bool listed = false, int status = 400) {
  auto spec = game_spec_from_request(request, creator, listed);
  auto* refused = std::get_if<SpecRefusal>(&spec);
  if (!refused) return "";
  EXPECT_EQ(refused->status, status) << refused->message;
  return refused->message;
}

TEST(GameSpec, AValidRequestIsTyped) {
  auto spec = game_spec_from_request(json{{"mode", "engine"}, {"level", 3}, {"color", "black"}}, std::nullopt, false);
  ASSERT_TRUE(std::holds_alternative<GameSpec>(spec));
  const GameSpec& s = std::get<GameSpec>(spec);
  EXPECT_EQ(s.mode, Mode::Engine);
  EXPECT_EQ(s.level, 3);
  EXPECT_EQ(s.creator_seat, Seat::Black);
  EXPECT_EQ(s.engine_color(), Color::White);
  EXPECT_EQ(s.color_asked, Color::Black);
  EXPECT_TRUE(s.game.moves().empty());
  EXPECT_EQ(s.clock.kind, community::ClockKind::None);
  EXPECT_FALSE(s.rated);

  auto online = game_spec_from_request(
      json{{"mode", "online"}, {"rated", true}, {"clock", {{"type", "realtime"}, {"initial", 300}}}}, user(), true);
  ASSERT_TRUE(std::holds_alternative<GameSpec>(online));
  const GameSpec& o = std::get<GameSpec>(online);
  EXPECT_TRUE(o.rated);
  EXPECT_TRUE(o.listed);
  EXPECT_FALSE(o.color_asked);  // random: a colour was drawn
  EXPECT_NE(o.creator_seat, Seat::Both);
  EXPECT_EQ(o.clock.kind, community::ClockKind::RealTime);
  EXPECT_FALSE(o.engine_color());

  auto local = game_spec_from_request(json{{"mode", "local"}, {"record", "1. E3 F3"}, {"upto", 1}}, {}, false);
  ASSERT_TRUE(std::holds_alternative<GameSpec>(local));
  EXPECT_EQ(std::get<GameSpec>(local).creator_seat, Seat::Both);
  EXPECT_EQ(std::get<GameSpec>(local).game.moves().size(), 1u);
}

TEST(GameSpec, EachInvalidFieldIsRefusedWithItsMessage) {
  EXPECT_EQ(refusal(json::array()), "the request must be a JSON object");
  EXPECT_EQ(refusal(json::object()), "mode must be \"engine\", \"online\" or \"local\"");
  EXPECT_EQ(refusal(json{{"mode", "chess"}}), "unknown mode \"chess\": use engine, online or local");
  EXPECT_EQ(refusal(json{{"mode", "engine"}, {"level", 99}}), "level must be a whole number from 1 to 8");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"color", "red"}}), "color must be \"white\", \"black\" or \"random\"");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"random_setup", 1u}, {"record", "x"}}),
            "give random_setup or record, not both");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"upto", 1}}), "upto needs a record");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"random_setup", -1}}),
            "random_setup must be a whole number 0 or more (the seed)");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"record", 5}}), "record must be the text of a game record");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"record", "1. E3 F3"}, {"upto", 3}}),
            "upto must be a whole number from 0 to 2 (the moves in the record)");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"clock", 5}}), "clock must be null or an object with a type");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"clock", {{"type", "realtime"}, {"initial", 300}}}}),
            "a clock is for online games only");
  EXPECT_EQ(refusal(json{{"mode", "online"}, {"record", "1. E3"}, {"clock", {{"type", "realtime"}, {"initial", 300}}}}),
            "a timed game starts without moves: drop the record");
  EXPECT_EQ(refusal(json{{"mode", "online"}, {"rated", "yes"}}), "rated must be true or false");
  EXPECT_EQ(refusal(json{{"mode", "online"}, {"rated", true}}, std::nullopt, false, 401),
            "log in to play a rated game");
  EXPECT_EQ(refusal(json{{"mode", "online"}, {"rated", true}}, user(true)), "guests play unrated games only");
  EXPECT_EQ(refusal(json{{"mode", "local"}, {"rated", true}}), "a local game cannot be rated");
  EXPECT_EQ(refusal(json{{"mode", "online"}, {"rated", true}, {"random_setup", 3u}}),
            "a rated game starts from the empty board");
  EXPECT_EQ(refusal(json{{"mode", "local"}}, user(), true), "the lobby lists online games only");
  EXPECT_EQ(refusal(json{{"mode", "online"}}, std::nullopt, true, 401), "log in first");
}

TEST(NewGame, TheRowIsBuiltOnceFromTheSpec) {
  auto spec = game_spec_from_request(json{{"mode", "engine"}, {"color", "white"}, {"level", 2}}, user(), false);
  User engine;
  engine.id = 2;
  engine.engine = true;
  NewGame g = new_game(std::get<GameSpec>(spec), user(), engine, 1000);
  EXPECT_EQ(g.stored.mode, Mode::Engine);
  EXPECT_EQ(g.stored.engine_color, Color::Black);
  EXPECT_EQ(g.stored.white_token, g.token);
  EXPECT_EQ(g.stored.black_token, "");
  EXPECT_EQ(g.stored.white_user, 7);
  EXPECT_EQ(g.stored.black_user, 2);
  EXPECT_EQ(g.stored.started_ms, 1000);
  EXPECT_EQ(g.stored.clock, "untimed");
  EXPECT_EQ(g.stored.lobby, LobbyState::None);

  auto listed = game_spec_from_request(json{{"mode", "online"}}, user(), true);
  NewGame l = new_game(std::get<GameSpec>(listed), user(), std::nullopt, 1000);
  EXPECT_EQ(l.stored.lobby, LobbyState::Open);
  EXPECT_EQ(l.stored.color_choice, "random");
  EXPECT_EQ(l.stored.started_ms, 0);
}

}  // namespace
}  // namespace dvonn::server::testing
