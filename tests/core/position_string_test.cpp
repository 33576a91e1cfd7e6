// The one-line position string: format, parse, validation messages.
#include "core/position_string.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/random_setup.hpp"
#include "test_support.hpp"

namespace dvonn {
namespace {

using test::contains;
using test::sq;

TEST(PositionString, EmptyBoard) {
  EXPECT_EQ(format_position(empty_board()), "9/10/11/10/9 place w");
  auto st = parse_position("9/10/11/10/9 place w");
  ASSERT_TRUE(st);
  EXPECT_EQ(*st, empty_board());
  EXPECT_EQ(st->position.key(), Position{}.key());
}

TEST(PositionString, FormatsSinglePiecesRunsAndStacks) {
  Game g = test::game_after("A1 E3 K5 B1 C1");
  // Dvonn pieces on A1, E3, K5; black B1; white C1; Black to place the 6th.
  EXPECT_EQ(format_position(g.state()), "dbw6/10/4d6/10/8d place b");
  EXPECT_EQ(test::state_of("dbw6/10/4d6/10/8d place b"), g.state());

  BoardState st = test::state_of("(bw)(wb)dw5/10/10d/10/8d move w");
  EXPECT_EQ(st.stacks[sq("A1")], "bw");  // bottom to top
  EXPECT_EQ(st.stacks[sq("B1")], "wb");
  EXPECT_EQ(st.position.height(sq("A1")), 2);
  EXPECT_EQ(st.position.top(sq("A1")), Top::White);
  EXPECT_EQ(st.position.top(sq("B1")), Top::Black);
  EXPECT_EQ(st.position.top(sq("K3")), Top::Dvonn);
  EXPECT_EQ(st.position.top(sq("E3")), Top::None);
  EXPECT_FALSE(st.position.in_placement());
  EXPECT_EQ(st.position.placed(), 49);
  EXPECT_EQ(st.position.side_to_move(), Color::White);
  EXPECT_EQ(format_position(st), "(bw)(wb)dw5/10/10d/10/8d move w");

  Game moved(st);
  ASSERT_EQ(moved.play(test::mv("A1C1")), "");
  EXPECT_EQ(format_position(moved.state()), "1(wb)(dbw)w5/10/10d/10/8d move b");
}

TEST(PositionString, StacksWithDvonnInsideKeepTheirColours) {
  BoardState st = test::state_of("(bdw)(wdb)d6/10/11/10/9 move b");
  EXPECT_TRUE(st.position.has_dvonn(sq("A1")));
  EXPECT_TRUE(st.position.has_dvonn(sq("B1")));
  EXPECT_EQ(st.position.top(sq("A1")), Top::White);
  EXPECT_EQ(st.position.top(sq("B1")), Top::Black);
  EXPECT_EQ(st.position.height(sq("A1")), 3);
  EXPECT_EQ(st.position.score().white, 3);
  EXPECT_EQ(st.position.score().black, 3);
  EXPECT_EQ(st.position.side_to_move(), Color::Black);
  EXPECT_EQ(format_position(st), "(bdw)(wdb)d6/10/11/10/9 move b");
}

TEST(PositionString, WhiteSpaceBetweenFieldsIsFlexible) {
  BoardState a = test::state_of("9/10/11/10/9 place w");
  EXPECT_EQ(test::state_of("  9/10/11/10/9   place\tw \n"), a);
}

TEST(PositionString, RoundTripsEveryPositionOfRandomGames) {
  std::mt19937_64 rng(7);
  for (int game = 0; game < 20; ++game) {
    Game g(game % 2 ? random_setup(rng()) : empty_board());
    for (;;) {
      std::string text = format_position(g.state());
      std::string error;
      auto back = parse_position(text, &error);
      ASSERT_TRUE(back) << text << ": " << error;
      EXPECT_EQ(*back, g.state()) << text;
      EXPECT_EQ(format_position(*back), text);
      EXPECT_EQ(back->position.key(), g.position().key()) << text;
      if (g.position().is_over()) break;
      ASSERT_EQ(g.play(test::random_move(g.position(), rng)), "");
    }
  }
}

struct BadCase {
  const char* text;
  const char* expect;
};

TEST(PositionString, MalformedStringsAreRefusedWithAClearMessage) {
  const BadCase cases[] = {
      {"", "three fields"},
      {"9/10/11/10/9", "three fields"},
      {"9/10/11/10/9 place", "three fields"},
      {"9/10/11/10/9 place w extra", "got 4"},
      {"9/10/11/10 place w", "expected 5 rows"},
      {"9/10/11/10/9/9 place w", "more than 5 rows"},
      {"8/10/11/10/9 place w", "row 1 \"8\" describes 8 spaces, expected 9"},
      {"9/10/11/10/8 place w", "row 5"},
      {"10/10/11/10/9 place w", "row 1 \"10\" has more than 9 spaces"},
      {"9/11/11/10/9 place w", "has more than 10 spaces"},
      {"9/10/12/10/9 place w", "has more than 11 spaces"},
      {"w9/10/11/10/9 move w", "more than 9 spaces"},
      {"9/10/11/10/99999999999999999999 place w", "more than 9 spaces"},
      {"0/10/11/10/9 place w", "at least 1"},
      {"x8/10/11/10/9 place w", "unexpected character 'x'"},
      {"W8/10/11/10/9 place w", "unexpected character 'W'"},
      {"9/10/11/10/9 Place w", "phase must be \"place\" or \"move\""},
      {"9/10/11/10/9 play w", "not \"play\""},
      {"9/10/11/10/9 place white", "side to move must be \"w\" or \"b\""},
      {"9/10/11/10/9 place W", "not \"W\""},
      {"(wb8/10/11/10/9 move w", "without a closing"},
      {"()8/10/11/10/9 move w", "empty stack"},
      {"(wx)8/10/11/10/9 move w", "'x' in a stack"},
      {"(wd)d7/d9/11/10/9 move w", "Dvonn piece on top"},
      {"(bw)8/10/11/10/9 place w", "at most one"},
      {"d8/10/11/10/9 place w", "black's turn"},
      {"dd7/10/11/10/9 place b", "white's turn"},
      {"dddw5/10/11/10/9 place w", "after 4 placements"},
      {"dddd5/10/11/10/9 place w", "too many pieces"},
      {"(wwwwwwwwwwwwwwwwwwwwwwww)d7/d9/d10/10/9 move w", "too many pieces"},
      {"dw7/10/11/10/9 move w", "needs all 3 Dvonn"},
      {"dd7/10/4w6/10/8d move w", "E3 is not connected"},
  };
  for (const BadCase& c : cases) {
    std::string error;
    auto st = parse_position(c.text, &error);
    EXPECT_FALSE(st) << '"' << c.text << "\" was accepted";
    EXPECT_TRUE(contains(error, c.expect)) << "input \"" << c.text << '"';
    EXPECT_TRUE(contains(error, "position string")) << "input \"" << c.text << '"';
    EXPECT_FALSE(parse_position(c.text)) << "without an error string: \"" << c.text << '"';
  }
}

TEST(PositionString, FullBoardInPlacementPhaseIsRefused) {
  Game g;
  std::mt19937_64 rng(1);
  while (g.position().in_placement()) ASSERT_EQ(g.play(test::random_move(g.position(), rng)), "");
  std::string text = format_position(g.state());
  ASSERT_TRUE(contains(text, " move w"));
  std::string place = text.substr(0, text.size() - 7) + " place w";
  std::string error;
  EXPECT_FALSE(parse_position(place, &error));
  EXPECT_TRUE(contains(error, "board is full"));
}

TEST(PositionString, PlacementCountsDecideTheSideToMove) {
  // After n placements: White to place when n is even.
  Game g;
  std::mt19937_64 rng(3);
  for (int n = 0; n < 49; ++n) {
    std::string text = format_position(g.state());
    auto st = test::state_of(text);
    EXPECT_EQ(st.position.placed(), n);
    EXPECT_EQ(st.position.side_to_move(), n % 2 == 0 ? Color::White : Color::Black);
    // The other side to move is refused.
    std::string flipped = text.substr(0, text.size() - 1) + (text.back() == 'w' ? "b" : "w");
    std::string error;
    EXPECT_FALSE(parse_position(flipped, &error)) << flipped;
    EXPECT_TRUE(contains(error, "turn")) << flipped;
    ASSERT_EQ(g.play(test::random_move(g.position(), rng)), "");
  }
}

TEST(PositionString, MovementPhaseAcceptsEitherSide) {
  EXPECT_EQ(test::state_of("(bw)(wb)dw5/10/10d/10/8d move b").position.side_to_move(), Color::Black);
  // A finished game is a valid position.
  EXPECT_TRUE(test::state_of("d8/10/(bbwbw)d9/10/8d move w").position.is_over());
}

}  // namespace
}  // namespace dvonn
