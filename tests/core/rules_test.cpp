// One test (or a few) per numbered rule of docs/rules.md, on
// hand-built positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/board.hpp"
#include "core/game.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "test_support.hpp"

namespace dvonn {
namespace {

using test::contains;
using test::mv;
using test::sq;
using test::squares;
using test::state_of;

std::set<std::string> move_names(const Position& p) {
  std::set<std::string> names;
  for (Move m : test::legal_moves(p)) names.insert(to_string(m));
  return names;
}

int count_char(const Stacks& stacks, char c) {
  int n = 0;
  for (const Stack& s : stacks) n += static_cast<int>(std::count(s.begin(), s.end(), c));
  return n;
}

// ---------------------------------------------------------------- rule 1

TEST(Rules, Rule01_BoardHas49SpacesInRowsOf9_10_11_10_9) {
  EXPECT_EQ(kNumSpaces, 49);
  EXPECT_EQ(popcount(board_mask()), 49);
  const int expected_rows[5] = {9, 10, 11, 10, 9};
  const char* first[5] = {"A1", "A2", "A3", "B4", "C5"};
  const char* last[5] = {"I1", "J2", "K3", "K4", "K5"};
  for (int y = 0; y < 5; ++y) {
    int n = 0;
    for (int x = 0; x < 11; ++x) n += on_board(x, y);
    EXPECT_EQ(n, expected_rows[y]) << "row " << y + 1;
    EXPECT_EQ(square_name(make_square(y > 2 ? y - 2 : 0, y)), first[y]);
    EXPECT_EQ(square_name(make_square(8 + y < 10 ? 8 + y : 10, y)), last[y]);
  }
  // all_spaces lists each of the 49 spaces once, in index order.
  std::set<Square> seen(all_spaces().begin(), all_spaces().end());
  EXPECT_EQ(seen.size(), 49u);
  EXPECT_TRUE(std::is_sorted(all_spaces().begin(), all_spaces().end()));
  for (Square s : all_spaces()) EXPECT_TRUE(board_mask() & bit(s)) << square_name(s);
  // The long sides (rows 1 and 5) have 9 spaces each.
  EXPECT_EQ(expected_rows[0], 9);
  EXPECT_EQ(expected_rows[4], 9);
}

TEST(Rules, Rule01_NeighboursFollowTheSixDirections) {
  auto names = [](Bitboard b) {
    std::set<std::string> out;
    while (b) out.insert(square_name(pop_lsb(b)));
    return out;
  };
  EXPECT_EQ(names(neighbours(sq("E3"))), (std::set<std::string>{"D3", "F3", "E2", "E4", "D2", "F4"}));
  EXPECT_EQ(names(neighbours(sq("A1"))), (std::set<std::string>{"B1", "A2", "B2"}));
  EXPECT_EQ(names(neighbours(sq("K5"))), (std::set<std::string>{"J5", "K4", "J4"}));
  EXPECT_EQ(names(neighbours(sq("I1"))), (std::set<std::string>{"H1", "I2", "J2"}));
  EXPECT_EQ(names(neighbours(sq("A3"))), (std::set<std::string>{"A2", "B3", "B4"}));
  EXPECT_EQ(names(neighbours(sq("C5"))), (std::set<std::string>{"B4", "C4", "D5"}));
  EXPECT_EQ(names(neighbours(sq("K3"))), (std::set<std::string>{"J2", "J3", "K4"}));

  int edges = 0, interior = 0;
  for (Square s : all_spaces()) {
    Bitboard n = neighbours(s);
    EXPECT_EQ(n & ~board_mask(), 0u) << square_name(s);
    EXPECT_FALSE(n & bit(s)) << square_name(s);
    for (Bitboard b = n; b;) {
      Square t = pop_lsb(b);
      EXPECT_TRUE(neighbours(t) & bit(s))
          << "neighbourhood must be symmetric: " << square_name(s) << "-" << square_name(t);
    }
    EXPECT_EQ(expand(bit(s)), n | bit(s));
    if (popcount(n) == 6)
      ++interior;
    else
      ++edges;
    EXPECT_EQ(popcount(n) < 6, (edge_mask() & bit(s)) != 0) << square_name(s);
  }
  // The 24 spaces of the rim (rows 1 and 5 and both ends of rows 2-4).
  EXPECT_EQ(edges, 24);
  EXPECT_EQ(interior, 25);
  EXPECT_EQ(edge_mask() | interior_mask(), board_mask());
  EXPECT_EQ(edge_mask() & interior_mask(), 0u);
}

TEST(Rules, Rule01_StraightLinesAreTheSixDirections) {
  auto line = line_between(sq("A1"), sq("E5"));
  ASSERT_TRUE(line);
  EXPECT_EQ(line->distance, 4);
  line = line_between(sq("K3"), sq("A3"));
  ASSERT_TRUE(line);
  EXPECT_EQ(line->distance, 10);
  line = line_between(sq("E1"), sq("E5"));
  ASSERT_TRUE(line);
  EXPECT_EQ(line->distance, 4);
  EXPECT_FALSE(line_between(sq("E3"), sq("D4")));  // (-1, +1) is not a direction
  EXPECT_FALSE(line_between(sq("E3"), sq("F5")));  // a knight-like jump
  EXPECT_FALSE(line_between(sq("E3"), sq("E3")));
  // reach() lists exactly the spaces on a line at the given distance.
  for (Square a : all_spaces())
    for (Square b : all_spaces()) {
      auto l = line_between(a, b);
      for (int h = 1; h <= 10; ++h)
        EXPECT_EQ((reach(a, h) & bit(b)) != 0, l && l->distance == h) << square_name(a) << square_name(b) << " h" << h;
    }
}

// ---------------------------------------------------------------- rules 2, 3

TEST(Rules, Rule02_23White23Black3Dvonn) {
  Game g = test::game_after("-");
  std::mt19937_64 rng(2);
  while (g.position().in_placement()) ASSERT_EQ(g.play(test::random_move(g.position(), rng)), "");
  EXPECT_EQ(count_char(g.stacks(), 'w'), 23);
  EXPECT_EQ(count_char(g.stacks(), 'b'), 23);
  EXPECT_EQ(count_char(g.stacks(), 'd'), 3);
  EXPECT_EQ(popcount(g.position().pieces(Color::White)), 23);
  EXPECT_EQ(popcount(g.position().pieces(Color::Black)), 23);
  EXPECT_EQ(popcount(g.position().dvonn_spaces()), 3);
  EXPECT_EQ(g.position().occupied(), board_mask());
}

TEST(Rules, Rule03_WhitePlacesTwoDvonnPiecesAndBlackOne) {
  Game g;
  int dvonn_by[2] = {0, 0};
  std::mt19937_64 rng(3);
  for (int i = 0; i < 49; ++i) {
    Color side = g.position().side_to_move();
    bool dvonn = g.position().next_placement_is_dvonn();
    Move m = test::random_move(g.position(), rng);
    ASSERT_EQ(g.play(m), "");
    if (dvonn) {
      ++dvonn_by[static_cast<int>(side)];
      EXPECT_EQ(g.stacks()[m.to], "d");
      EXPECT_EQ(g.position().top(m.to), Top::Dvonn);
    } else {
      // Everyone else places their own colour.
      EXPECT_EQ(g.stacks()[m.to], side == Color::White ? "w" : "b");
      EXPECT_EQ(g.position().top(m.to), side == Color::White ? Top::White : Top::Black);
    }
  }
  EXPECT_EQ(dvonn_by[static_cast<int>(Color::White)], 2);
  EXPECT_EQ(dvonn_by[static_cast<int>(Color::Black)], 1);
}

// ---------------------------------------------------------------- rules 4-6

TEST(Rules, Rule04_BoardStartsEmptyWhitePlacesFirstOnAnyEmptySpace) {
  Position p;
  EXPECT_EQ(p.occupied(), 0u);
  EXPECT_EQ(p.placed(), 0);
  EXPECT_TRUE(p.in_placement());
  EXPECT_EQ(p.phase(), Phase::Placement);
  EXPECT_EQ(p.side_to_move(), Color::White);
  EXPECT_EQ(test::legal_moves(p).size(), 49u);
  for (Move m : test::legal_moves(p)) EXPECT_TRUE(m.is_place());
  EXPECT_EQ(empty_board().position, p);

  p.play(mv("E3"));
  EXPECT_EQ(p.side_to_move(), Color::Black);
  auto moves = test::legal_moves(p);
  EXPECT_EQ(moves.size(), 48u);
  EXPECT_FALSE(p.is_legal(mv("E3")));
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3")), "already occupied"));
  EXPECT_TRUE(p.is_legal(mv("A1")));
  EXPECT_TRUE(p.is_legal(mv("K5")));
  // No stack moves and no passing while placing.
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3F3")), "placement phase"));
  EXPECT_TRUE(contains(p.explain_illegal(Move::pass()), "placement phase"));
  EXPECT_FALSE(p.is_legal(Move::pass()));
}

TEST(Rules, Rule05_DvonnPiecesFirstThenBlackStartsOwnColour) {
  Game g;
  // Who places, 1..49: W B W (Dvonn pieces), then B W B W ... alternating.
  std::string order = "wbw";
  for (int i = 0; i < 46; ++i) order += i % 2 ? 'w' : 'b';
  std::mt19937_64 rng(5);
  for (int i = 0; i < 49; ++i) {
    const Position& p = g.position();
    EXPECT_EQ(p.placed(), i);
    EXPECT_EQ(p.side_to_move(), order[i] == 'w' ? Color::White : Color::Black) << "placement " << i + 1;
    EXPECT_EQ(p.next_placement_is_dvonn(), i < 3) << "placement " << i + 1;
    Move m = test::random_move(p, rng);
    ASSERT_EQ(g.play(m), "");
    const char* expected = i < 3 ? "d" : order[i] == 'w' ? "w" : "b";
    EXPECT_EQ(g.stacks()[m.to], expected) << "placement " << i + 1;
  }
  EXPECT_FALSE(g.position().in_placement());
}

TEST(Rules, Rule05_PositionStringsFollowThePlacementOrder) {
  // After 3 Dvonn pieces it is Black's turn; after D, D, D, b it is White's.
  EXPECT_EQ(state_of("ddd6/10/11/10/9 place b").position.side_to_move(), Color::Black);
  EXPECT_EQ(state_of("dddb5/10/11/10/9 place w").position.side_to_move(), Color::White);
  std::string error;
  EXPECT_FALSE(parse_position("dddw5/10/11/10/9 place w", &error));  // white before black
  EXPECT_TRUE(contains(error, "placements"));
}

TEST(Rules, Rule06_AfterThe49thPlacementWhiteMovesAgain) {
  Position p;
  std::mt19937_64 rng(6);
  for (int i = 0; i < 48; ++i) p.play(test::random_move(p, rng));
  ASSERT_EQ(p.placed(), 48);
  EXPECT_EQ(p.side_to_move(), Color::White);
  auto last = test::legal_moves(p);
  ASSERT_EQ(last.size(), 1u);  // one empty space left
  Undo u;
  const Position before = p;
  p.play(last[0], u);
  EXPECT_EQ(p.placed(), 49);
  EXPECT_FALSE(p.in_placement());
  EXPECT_EQ(p.phase(), Phase::Movement);
  EXPECT_EQ(p.side_to_move(), Color::White);  // White places last and moves first
  EXPECT_EQ(p.occupied(), board_mask());
  for (Move m : test::legal_moves(p)) {
    EXPECT_TRUE(m.is_step());
    EXPECT_EQ(p.top(m.from), Top::White);
  }
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3")), "board is full"));
  p.undo(u);
  EXPECT_EQ(p, before);
  EXPECT_EQ(p.side_to_move(), Color::White);
}

// ---------------------------------------------------------------- rule 7

TEST(Rules, Rule07_PlayerMovesOnlyStacksWithOwnColourOnTop) {
  // A1 (bw): white on top; B1 (wb): black on top; D1 white; C1, K5 and K3 Dvonn.
  BoardState st = state_of("(bw)(wb)dw5/10/10d/10/8d move w");
  const Position& p = st.position;
  EXPECT_EQ(p.top(sq("A1")), Top::White);
  EXPECT_EQ(p.top(sq("B1")), Top::Black);
  EXPECT_EQ(move_names(p), (std::set<std::string>{"A1C1", "D1C1"}));
  EXPECT_TRUE(contains(p.explain_illegal(mv("B1A1")), "black's"));
  EXPECT_TRUE(contains(p.explain_illegal(mv("B1A1")), "white's turn"));
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3F3")), "no piece on E3"));

  BoardState black = state_of("(bw)(wb)dw5/10/10d/10/8d move b");
  EXPECT_EQ(move_names(black.position), (std::set<std::string>{"B1D1"}));
  EXPECT_TRUE(contains(black.position.explain_illegal(mv("A1C1")), "white's"));
  EXPECT_TRUE(contains(black.position.explain_illegal(mv("D1C1")), "black's turn"));
}

TEST(Rules, Rule07_AllPiecesOfAStackMoveTogether) {
  BoardState st = state_of("(bw)(wb)dw5/10/10d/10/8d move w");
  Game g(st);
  ASSERT_EQ(g.play(mv("A1C1")), "");
  EXPECT_EQ(g.stacks()[sq("A1")], "");
  EXPECT_EQ(g.stacks()[sq("C1")], "dbw");  // landed on top, bottom to top
  EXPECT_EQ(g.position().height(sq("C1")), 3);
  EXPECT_EQ(g.position().height(sq("A1")), 0);
  EXPECT_EQ(g.position().top(sq("C1")), Top::White);
  EXPECT_TRUE(g.position().has_dvonn(sq("C1")));
  EXPECT_EQ(g.position().side_to_move(), Color::Black);
  // Black's stack (wb) lands on D1 as a whole.
  ASSERT_EQ(g.play(mv("B1D1")), "");
  EXPECT_EQ(g.stacks()[sq("D1")], "wwb");
  EXPECT_EQ(g.position().top(sq("D1")), Top::Black);
  EXPECT_EQ(g.position().height(sq("B1")), 0);
}

// ---------------------------------------------------------------- rule 8

// Row 3: B3 d, D3 d, E3 (bww) (white, height 3), G3 w, H3 b, I3 w, J3 b, K3 d.
constexpr const char* kRow3 = "9/10/1d1d(bww)1wbwbd/10/9 move w";

TEST(Rules, Rule08_StackMovesExactlyItsHeight) {
  BoardState st = state_of(kRow3);
  const Position& p = st.position;
  ASSERT_EQ(p.height(sq("E3")), 3);
  // E3 reaches only B3 and H3 (three spaces away); the single pieces move one.
  EXPECT_EQ(move_names(p), (std::set<std::string>{"E3B3", "E3H3", "G3H3", "I3H3", "I3J3"}));
  EXPECT_TRUE(p.is_legal(mv("E3B3")));
  EXPECT_TRUE(p.is_legal(mv("E3H3")));
  for (const char* wrong : {"E3D3", "E3G3"}) {
    EXPECT_FALSE(p.is_legal(mv(wrong))) << wrong;
    EXPECT_TRUE(contains(p.explain_illegal(mv(wrong)), "exactly 3")) << wrong;
  }
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3D3")), "not 1"));
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3G3")), "not 2"));
  EXPECT_TRUE(contains(p.explain_illegal(mv("G3K3")), "exactly 1"));
  // Not on one of the six lines.
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3D4")), "straight line"));
  EXPECT_TRUE(contains(p.explain_illegal(mv("G3E2")), "straight line"));
}

TEST(Rules, Rule08_HeightCountsAllPiecesWhateverTheirColour) {
  // A3 (bbbw): white on top of three black pieces moves exactly 4, to E3.
  BoardState st = state_of("9/10/(bbbw)d2bd5/10/d8 move w");
  EXPECT_EQ(move_names(st.position), (std::set<std::string>{"A3E3"}));
  EXPECT_TRUE(contains(st.position.explain_illegal(mv("A3B3")), "height 4"));
  Game g(st);
  ASSERT_EQ(g.play(mv("A3E3")), "");
  EXPECT_EQ(g.position().height(sq("E3")), 5);
  EXPECT_EQ(g.stacks()[sq("E3")], "bbbbw");
}

// ---------------------------------------------------------------- rule 9

TEST(Rules, Rule09_MoveMustEndOnAnOccupiedSpace) {
  BoardState st = state_of(kRow3);
  const Position& p = st.position;
  // G3 -> F3: right distance, but F3 is empty.
  EXPECT_FALSE(p.is_legal(mv("G3F3")));
  EXPECT_TRUE(contains(p.explain_illegal(mv("G3F3")), "F3 is empty"));
  EXPECT_TRUE(contains(p.explain_illegal(mv("G3G4")), "occupied space"));
  // Landing on a lone Dvonn piece is allowed (E3 -> B3).
  EXPECT_TRUE(p.is_legal(mv("E3B3")));
  // No generated move ends on an empty space.
  for (Move m : test::legal_moves(p)) EXPECT_TRUE(p.occupied() & bit(m.to)) << to_string(m);
}

TEST(Rules, Rule09_MovesJumpOverEmptySpacesWhichCountTowardTheDistance) {
  // E3 -> B3 passes over D3 (occupied) and C3 (empty); E3 -> H3 over F3 (empty) and G3.
  Game g(state_of(kRow3));
  ASSERT_EQ(g.play(mv("E3B3")), "");
  EXPECT_EQ(g.stacks()[sq("B3")], "dbww");
  EXPECT_EQ(g.stacks()[sq("C3")], "");
  EXPECT_EQ(g.stacks()[sq("D3")], "d");
  // Jumping over nothing but empty spaces: a stack of 2 on A1 to C1.
  BoardState st = state_of("(bw)1d6/(dw)9/11/10/8d move w");
  EXPECT_TRUE(st.position.is_legal(mv("A1C1")));
  EXPECT_TRUE(move_names(st.position).count("A1C1"));
}

// ---------------------------------------------------------------- rule 10

// E3 (black) has all six neighbours occupied: D3, F3, E2, D2 (white), E4, F4 (Dvonn).
constexpr const char* kSurrounded = "9/3ww5/3wbw5/3dddw3/9 move b";

TEST(Rules, Rule10_StackWithSixOccupiedNeighboursCannotMove) {
  BoardState st = state_of(kSurrounded);
  const Position& p = st.position;
  EXPECT_TRUE(p.blocked() & bit(sq("E3")));
  EXPECT_FALSE(p.movable(Color::Black) & bit(sq("E3")));
  EXPECT_FALSE(p.is_legal(mv("E3F3")));
  EXPECT_TRUE(contains(p.explain_illegal(mv("E3F3")), "surrounded"));
  EXPECT_EQ(p.count_steps(Color::Black), 0);

  // Free one neighbour (D2 moves away) and E3 can move again.
  BoardState freed = state_of("9/4w5/3wbw5/3dddw3/9 move b");
  EXPECT_FALSE(freed.position.blocked() & bit(sq("E3")));
  EXPECT_TRUE(freed.position.is_legal(mv("E3F3")));
  EXPECT_TRUE(freed.position.is_legal(mv("E3E4")));
  EXPECT_FALSE(freed.position.is_legal(mv("E3D2")));  // now empty
}

TEST(Rules, Rule10_EdgeSpacesAreNeverBlocked) {
  // A1's three neighbours B1, A2, B2 are all occupied; A1 still moves.
  BoardState st = state_of("ww7/wd8/4d6/10/8d move w");
  const Position& p = st.position;
  EXPECT_EQ(p.blocked() & bit(sq("A1")), 0u);
  EXPECT_TRUE(p.is_legal(mv("A1B1")));
  EXPECT_TRUE(p.is_legal(mv("A1A2")));
  EXPECT_TRUE(p.is_legal(mv("A1B2")));
  // On a full board only the edge is free.
  Position full;
  std::mt19937_64 rng(10);
  while (full.in_placement()) full.play(test::random_move(full, rng));
  EXPECT_EQ(full.blocked(), interior_mask());
  EXPECT_EQ(full.blocked() & edge_mask(), 0u);
}

TEST(Rules, Rule10_AtTheStartOfPhase2OnlyEdgePiecesMove) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    BoardState st = random_setup(seed);
    const Position& p = st.position;
    for (Color c : {Color::White, Color::Black}) EXPECT_EQ(p.movable(c), p.pieces(c) & edge_mask()) << "seed " << seed;
    for (Move m : test::legal_moves(p)) EXPECT_TRUE(edge_mask() & bit(m.from)) << to_string(m);
    for (Square s : all_spaces()) {
      if ((interior_mask() & bit(s)) && p.top(s) == Top::White) {
        EXPECT_TRUE(contains(p.explain_illegal(Move::step(s, s + 1)), "surrounded"));
      }
    }
  }
}

// ---------------------------------------------------------------- rule 11

TEST(Rules, Rule11_LoneDvonnPieceNeverMoves) {
  // C1 and K5 are lone Dvonn pieces; C1 has neighbours it could reach.
  BoardState st = state_of("(dw)bd6/10/11/10/8d move w");
  const Position& p = st.position;
  for (Move m : test::legal_moves(p)) {
    EXPECT_NE(m.from, sq("C1"));
    EXPECT_NE(m.from, sq("K5"));
  }
  EXPECT_FALSE(p.is_legal(mv("C1B1")));
  EXPECT_TRUE(contains(p.explain_illegal(mv("C1B1")), "never moves"));
  BoardState black = state_of("(dw)bd6/10/11/10/8d move b");
  EXPECT_TRUE(contains(black.position.explain_illegal(mv("C1B1")), "Dvonn"));
}

TEST(Rules, Rule11_StackWithDvonnMovesByTopColour) {
  BoardState st = state_of("(dw)bd6/10/11/10/8d move w");
  EXPECT_EQ(st.position.top(sq("A1")), Top::White);
  EXPECT_TRUE(st.position.has_dvonn(sq("A1")));
  EXPECT_EQ(move_names(st.position), (std::set<std::string>{"A1C1"}));
  BoardState black = state_of("(dw)bd6/10/11/10/8d move b");
  EXPECT_TRUE(contains(black.position.explain_illegal(mv("A1C1")), "white's"));
  EXPECT_EQ(move_names(black.position), (std::set<std::string>{"B1A1", "B1C1"}));

  Game g(st);
  ASSERT_EQ(g.play(mv("A1C1")), "");
  EXPECT_EQ(g.stacks()[sq("C1")], "ddw");
  EXPECT_FALSE(g.position().has_dvonn(sq("A1")));
  EXPECT_TRUE(g.position().has_dvonn(sq("C1")));
  EXPECT_EQ(g.last_removed(), 0u);  // B1 touches C1, which holds Dvonn pieces
}

// ---------------------------------------------------------------- rule 12

TEST(Rules, Rule12_PlayerWithoutMovesMustPassAndOnlyThen) {
  BoardState st = state_of(kSurrounded);
  Position p = st.position;
  ASSERT_EQ(p.side_to_move(), Color::Black);
  auto moves = test::legal_moves(p);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_TRUE(moves[0].is_pass());
  EXPECT_EQ(p.count_moves(), 1);
  EXPECT_TRUE(p.is_legal(Move::pass()));
  EXPECT_EQ(p.explain_illegal(Move::pass()), "");
  EXPECT_EQ(p.phase(), Phase::Movement);
  EXPECT_FALSE(p.is_over());

  // White, with moves, may not pass.
  BoardState white = state_of("9/3ww5/3wbw5/3dddw3/9 move w");
  EXPECT_FALSE(white.position.is_legal(Move::pass()));
  std::string why = white.position.explain_illegal(Move::pass());
  EXPECT_TRUE(contains(why, "only when you cannot move"));
  EXPECT_TRUE(contains(why, "white has"));
  for (Move m : test::legal_moves(white.position)) EXPECT_FALSE(m.is_pass());
}

TEST(Rules, Rule12_TheOtherPlayerKeepsMoving) {
  Game g(state_of(kSurrounded));
  ASSERT_EQ(g.play(Move::pass()), "");
  EXPECT_EQ(g.position().side_to_move(), Color::White);
  // H4 onto G4 keeps E3 surrounded, so Black must pass again.
  ASSERT_EQ(g.play(mv("H4G4")), "");
  EXPECT_EQ(g.position().side_to_move(), Color::Black);
  auto moves = test::legal_moves(g.position());
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_TRUE(moves[0].is_pass());
  ASSERT_EQ(g.play(Move::pass()), "");
  EXPECT_FALSE(test::legal_moves(g.position()).empty());
  EXPECT_FALSE(g.position().is_legal(Move::pass()));
}

// ---------------------------------------------------------------- rule 13

TEST(Rules, Rule13_DisconnectedStacksAreRemovedIncludingTheMoversOwn) {
  // A1 Dvonn, B1 w, C1 w, D1 b; lone Dvonn on K3 and K5. B1 onto A1 cuts C1-D1 off.
  BoardState st = state_of("dwwb5/10/10d/10/8d move w");
  Position p = st.position;
  Undo u;
  p.play(mv("B1A1"), u);
  EXPECT_EQ(p.removed_by(u), squares({"C1", "D1"}));
  EXPECT_EQ(p.occupied(), squares({"A1", "K3", "K5"}));
  EXPECT_EQ(p.height(sq("C1")), 0);
  EXPECT_EQ(p.top(sq("C1")), Top::None);
  EXPECT_EQ(p.pieces(Color::White), squares({"A1"}));
  EXPECT_EQ(p.pieces(Color::Black), 0u);
  EXPECT_EQ(p.disconnected(), 0u);
  EXPECT_EQ(p.key(), p.compute_key());

  Game g(st);
  ASSERT_EQ(g.play(mv("B1A1")), "");
  EXPECT_EQ(g.last_removed(), squares({"C1", "D1"}));
  EXPECT_EQ(g.stacks()[sq("C1")], "");
  EXPECT_EQ(g.stacks()[sq("D1")], "");
  EXPECT_EQ(g.stacks()[sq("A1")], "dw");
  EXPECT_EQ(g.position(), p);
}

TEST(Rules, Rule13_OneMoveCanRemoveManyStacks) {
  // The stack (dw) on B1 jumps over C1 to D1, taking its Dvonn piece away:
  // A1, A2 and B2 lose their connection and go; C1 still touches D1.
  BoardState st = state_of("w(dw)wb5/ww8/11/10/7dd move w");
  Game g(st);
  ASSERT_EQ(g.play(mv("B1D1")), "");
  EXPECT_EQ(g.last_removed(), squares({"A1", "A2", "B2"}));
  EXPECT_EQ(g.stacks()[sq("D1")], "bdw");
  EXPECT_EQ(g.stacks()[sq("C1")], "w");  // still touches D1
  EXPECT_EQ(g.position().occupied(), squares({"C1", "D1", "J5", "K5"}));
  EXPECT_EQ(g.position().key(), g.position().compute_key());
}

TEST(Rules, Rule13_NothingIsRemovedWhileConnected) {
  BoardState st = state_of(kRow3);
  Position p = st.position;
  Undo u;
  p.play(mv("G3H3"), u);  // G3 leaves; H3 still touches I3 and the chain to K3
  EXPECT_EQ(p.removed_by(u), 0u);
  EXPECT_EQ(popcount(p.occupied()), popcount(st.position.occupied()) - 1);
  Position q = st.position;
  q.play(mv("I3H3"), u);  // I3 leaves: G3-H3 lose the chain to K3 (J3 K3 remain)
  EXPECT_EQ(q.removed_by(u), squares({"G3", "H3"}));
}

// ---------------------------------------------------------------- rule 14

TEST(Rules, Rule14_DvonnPiecesAreNeverRemoved) {
  // A lone Dvonn piece with no neighbours stays; so do the other two.
  BoardState st = state_of("dwwb5/10/10d/10/8d move w");
  Game g(st);
  ASSERT_EQ(g.play(mv("B1A1")), "");
  EXPECT_EQ(count_char(g.stacks(), 'd'), 3);
  EXPECT_EQ(g.position().dvonn_spaces(), squares({"A1", "K3", "K5"}));
  // Across random games, all three Dvonn pieces stay to the end.
  std::mt19937_64 rng(14);
  for (int game = 0; game < 50; ++game) {
    Game r(random_setup(rng()));
    while (!r.position().is_over()) {
      const Stacks before = r.stacks();
      ASSERT_EQ(r.play(test::random_move(r.position(), rng)), "");
      ASSERT_EQ(count_char(r.stacks(), 'd'), 3);
      for (Bitboard b = r.last_removed(); b;) {
        Square s = pop_lsb(b);
        ASSERT_EQ(before[s].find('d'), std::string::npos) << "removed a Dvonn piece on " << square_name(s);
      }
      for (Bitboard b = r.position().dvonn_spaces(); b;) ASSERT_TRUE(r.position().occupied() & bit(pop_lsb(b)));
    }
  }
}

// ---------------------------------------------------------------- rule 15

TEST(Rules, Rule15_GameEndsWhenNeitherPlayerCanMove) {
  // A3 (bbwbw) is White's but reaches only F3, which is empty.
  BoardState st = state_of("d8/10/(bbwbw)d9/10/8d move w");
  const Position& p = st.position;
  EXPECT_TRUE(p.is_over());
  EXPECT_EQ(p.phase(), Phase::Over);
  EXPECT_TRUE(test::legal_moves(p).empty());
  EXPECT_EQ(p.count_moves(), 0);
  EXPECT_FALSE(p.is_legal(Move::pass()));
  EXPECT_TRUE(contains(p.explain_illegal(Move::pass()), "game is over"));
  EXPECT_TRUE(contains(p.explain_illegal(mv("A3F3")), "game is over"));
  EXPECT_STREQ(phase_name(p.phase()), "over");

  // One side stuck but not the other: not over (see rule 12).
  EXPECT_FALSE(state_of(kSurrounded).position.is_over());
  EXPECT_EQ(result_of(state_of(kSurrounded).position), Result::Ongoing);
}

TEST(Rules, Rule15_RandomGamesEndOnlyWhenNobodyCanMove) {
  std::mt19937_64 rng(15);
  for (int game = 0; game < 50; ++game) {
    Position p = game % 2 ? random_setup(rng()).position : Position{};
    int plies = 0;
    while (!p.is_over()) {
      ASSERT_LT(++plies, 200);
      p.play(test::random_move(p, rng));
    }
    EXPECT_EQ(p.count_steps(Color::White), 0);
    EXPECT_EQ(p.count_steps(Color::Black), 0);
    EXPECT_EQ(p.movable(Color::White) | p.movable(Color::Black), 0u);
  }
}

// ---------------------------------------------------------------- rule 16

TEST(Rules, Rule16_ScoreCountsPiecesOfStacksByTopColour) {
  // A1 (dw) white 2, B1 (bwb) black 3, C1 and K5 lone Dvonn: nobody's.
  BoardState st = state_of("(dw)(bwb)d6/10/11/10/8d move w");
  Score s = st.position.score();
  EXPECT_EQ(s.white, 2);
  EXPECT_EQ(s.black, 3);
  // Over position: A3 (bbwbw) counts 5 for White although 3 are black.
  Score over = state_of("d8/10/(bbwbw)d9/10/8d move w").position.score();
  EXPECT_EQ(over.white, 5);
  EXPECT_EQ(over.black, 0);
  // Only lone Dvonn pieces: nobody scores.
  Score none = state_of("d8/10/5d5/10/8d move w").position.score();
  EXPECT_EQ(none.white, 0);
  EXPECT_EQ(none.black, 0);
}

// ---------------------------------------------------------------- rule 17

TEST(Rules, Rule17_HigherCountWinsEqualIsADraw) {
  // White 5 vs nothing.
  EXPECT_EQ(result_of(state_of("d8/10/(bbwbw)d9/10/8d move w").position), Result::WhiteWins);
  // Black 5 vs nothing.
  EXPECT_EQ(result_of(state_of("d8/10/(wwbwb)d9/10/8d move w").position), Result::BlackWins);
  // 5 each: A3 (wbwbw) and K3 (bwbwb) reach only the empty F3.
  BoardState draw = state_of("d8/10/(wbwbw)d7d(bwbwb)/10/9 move w");
  ASSERT_TRUE(draw.position.is_over());
  EXPECT_EQ(draw.position.score().white, 5);
  EXPECT_EQ(draw.position.score().black, 5);
  EXPECT_EQ(result_of(draw.position), Result::Draw);
  EXPECT_EQ(Game(draw).result(), Result::Draw);
  // 6 vs 5.
  EXPECT_EQ(result_of(state_of("d8/10/(wbwbww)d7d(bwbwb)/10/9 move b").position), Result::WhiteWins);
  EXPECT_STREQ(result_name(Result::WhiteWins), "white");
  EXPECT_STREQ(result_name(Result::BlackWins), "black");
  EXPECT_STREQ(result_name(Result::Draw), "draw");
  EXPECT_STREQ(result_name(Result::Ongoing), "ongoing");
}

// ---------------------------------------------------------------- random setup

TEST(Rules, RandomSetup_FullBoardWhiteToMoveSeededDvonnApart) {
  for (std::uint64_t seed : {0ull, 1ull, 42ull, 12345ull, 0xFFFFFFFFFFFFFFFFull}) {
    BoardState st = random_setup(seed);
    const Position& p = st.position;
    EXPECT_EQ(p.occupied(), board_mask());
    EXPECT_EQ(p.placed(), 49);
    EXPECT_FALSE(p.in_placement());
    EXPECT_EQ(p.phase(), Phase::Movement);
    EXPECT_EQ(p.side_to_move(), Color::White);
    EXPECT_EQ(popcount(p.pieces(Color::White)), 23);
    EXPECT_EQ(popcount(p.pieces(Color::Black)), 23);
    EXPECT_EQ(popcount(p.dvonn_spaces()), 3);
    EXPECT_EQ(count_char(st.stacks, 'w'), 23);
    EXPECT_EQ(count_char(st.stacks, 'b'), 23);
    EXPECT_EQ(count_char(st.stacks, 'd'), 3);
    for (Bitboard b = p.dvonn_spaces(); b;) {
      Square s = pop_lsb(b);
      EXPECT_EQ(neighbours(s) & p.dvonn_spaces(), 0u) << "Dvonn pieces adjacent, seed " << seed;
    }
    EXPECT_EQ(p.key(), p.compute_key());
    EXPECT_EQ(random_setup(seed), st) << "same seed, same board";
    EXPECT_EQ(state_of(format_position(st)), st);
  }
}

TEST(Rules, RandomSetup_IsTheSameOnEveryMachine) {
  // Records store only "random SEED", so the board of a seed must never
  // change: this pins seed 42 (drawn by hand from mt19937_64, whose output
  // the standard fixes).
  EXPECT_EQ(format_position(random_setup(42)), "bwwwbbdbb/dwbdbbwwbb/bbbbwwbwwww/wbwbbbwwww/wwwbbwbbw move w");
}

TEST(Rules, RandomSetup_DifferentSeedsGiveDifferentBoards) {
  std::set<std::string> boards;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    BoardState st = random_setup(seed);
    boards.insert(format_position(st));
    for (Bitboard b = st.position.dvonn_spaces(); b;)
      EXPECT_EQ(neighbours(pop_lsb(b)) & st.position.dvonn_spaces(), 0u) << "seed " << seed;
  }
  EXPECT_GE(boards.size(), 195u);
}

}  // namespace
}  // namespace dvonn
