// Standard notation: squares A1..K5, placements, stack moves and PASS.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/board.hpp"
#include "core/move.hpp"
#include "test_support.hpp"

namespace dvonn {
namespace {

using test::contains;

TEST(Notation, Exactly49SquaresAreValid) {
  std::set<Square> seen;
  int valid = 0;
  for (char col = 'A'; col <= 'Z'; ++col)
    for (char row = '0'; row <= '9'; ++row) {
      std::string name{col, row};
      auto s = parse_square(name);
      if (!s) continue;
      ++valid;
      seen.insert(*s);
      EXPECT_EQ(square_name(*s), name);
      EXPECT_TRUE(board_mask() & bit(*s)) << name;
    }
  EXPECT_EQ(valid, 49);
  EXPECT_EQ(seen.size(), 49u);
  for (Square s : all_spaces()) EXPECT_EQ(parse_square(square_name(s)), s);
}

TEST(Notation, RowsSpanTheRightColumns) {
  // row 1: A1..I1, row 2: A2..J2, row 3: A3..K3, row 4: B4..K4, row 5: C5..K5
  for (const char* name : {"A1", "I1", "A2", "J2", "A3", "K3", "B4", "K4", "C5", "K5", "E3", "F4"})
    EXPECT_TRUE(parse_square(name)) << name;
  for (const char* name : {"J1", "K1", "K2", "A4", "A5", "B5", "L3", "A0", "A6", "E0", "E6", "Z1"})
    EXPECT_FALSE(parse_square(name)) << name;
  EXPECT_EQ(square_name(*parse_square("A1")), "A1");
  EXPECT_EQ(file_of(*parse_square("K3")), 10);
  EXPECT_EQ(rank_of(*parse_square("K3")), 2);
  EXPECT_EQ(*parse_square("C5"), make_square(2, 4));
}

TEST(Notation, SquaresAcceptLowerCaseAndRefuseOtherText) {
  EXPECT_EQ(parse_square("e3"), parse_square("E3"));
  EXPECT_EQ(parse_square("k5"), parse_square("K5"));
  for (const char* bad : {"", "E", "3", "E33", "E3 ", " E3", "33", "EE", "@1", "[1", "`1", "e:", "E/"})
    EXPECT_FALSE(parse_square(bad)) << '"' << bad << '"';
}

TEST(Notation, MovesHaveACanonicalForm) {
  EXPECT_EQ(to_string(Move::place(*parse_square("E3"))), "E3");
  EXPECT_EQ(to_string(Move::step(*parse_square("A1"), *parse_square("B2"))), "A1B2");
  EXPECT_EQ(to_string(Move::pass()), "PASS");
  for (const char* canonical : {"E3", "A1", "K5", "A1B2", "K3A3", "C5C1", "PASS"}) {
    auto m = parse_move(canonical);
    ASSERT_TRUE(m) << canonical;
    EXPECT_EQ(to_string(*m), canonical);
  }
}

TEST(Notation, MovesAcceptLowerCaseAndADash) {
  const Move a1b2 = Move::step(*parse_square("A1"), *parse_square("B2"));
  for (const char* text : {"A1B2", "a1b2", "a1-b2", "A1-B2", "A1b2", "a1-B2"}) {
    auto m = parse_move(text);
    ASSERT_TRUE(m) << text;
    EXPECT_EQ(*m, a1b2) << text;
    EXPECT_TRUE(m->is_step());
  }
  auto e3 = parse_move("e3");
  ASSERT_TRUE(e3);
  EXPECT_TRUE(e3->is_place());
  EXPECT_EQ(e3->to, *parse_square("E3"));
  for (const char* text : {"PASS", "pass", "Pass", "pAsS"}) {
    auto m = parse_move(text);
    ASSERT_TRUE(m) << text;
    EXPECT_TRUE(m->is_pass()) << text;
  }
}

TEST(Notation, MoveSyntaxDoesNotCheckLegality) {
  // Not a line, and far too long a jump, yet well formed.
  auto m = parse_move("A1E5");
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->is_step());
  EXPECT_EQ(to_string(*m), "A1E5");
}

TEST(Notation, RefusedMovesSayWhy) {
  struct Case {
    const char* text;
    const char* expect;  // part of the message
  };
  const Case cases[] = {
      {"", "empty"},
      {"A4", "A4 is not a space"},
      {"K1", "K1 is not a space"},
      {"L3", "L3 is not a space"},
      {"J1", "J1 is not a space"},
      {"A4B2", "A4 is not a space"},
      {"B2A4", "A4 is not a space"},
      {"a1-l3", "L3 is not a space"},
      {"E3E3", "own space"},
      {"e3-e3", "own space"},
      {"A1B", "not a move"},
      {"A1-B", "-B is not a space"},
      {"A1B2C3", "not a move"},
      {"A1--B2", "not a move"},
      {"A1B-2", "not a move"},
      {"A1 B2", "not a move"},
      {"A1_B2", "not a move"},
      {"E3!", "not a move"},
      {"PASS!", "not a move"},
      {"PAS", "not a move"},
      {"P", "not a move"},
      {"-", "not a move"},
      {"E", "not a move"},
  };
  for (const Case& c : cases) {
    std::string error;
    auto m = parse_move(c.text, &error);
    EXPECT_FALSE(m) << '"' << c.text << "\" parsed as " << (m ? to_string(*m) : "");
    EXPECT_TRUE(contains(error, c.expect)) << "input \"" << c.text << '"';
  }
  // Without an error string the refusal is the same.
  EXPECT_FALSE(parse_move("A4"));
  EXPECT_FALSE(parse_move("", nullptr));
}

TEST(Notation, MoveEqualityComparesWhatMatters) {
  EXPECT_EQ(Move::pass(), Move::pass());
  EXPECT_EQ(Move::place(5), Move::place(5));
  EXPECT_FALSE(Move::place(5) == Move::place(6));
  EXPECT_FALSE(Move::place(5) == Move::step(0, 5));
  EXPECT_FALSE(Move::step(1, 5) == Move::step(0, 5));
  EXPECT_FALSE(Move::pass() == Move::place(0));
}

}  // namespace
}  // namespace dvonn
