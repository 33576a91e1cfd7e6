// Thousands of random games, from the empty board and from random setups,
// checking the core's invariants at every ply.
#include <gtest/gtest.h>

#include <bitset>
#include <random>
#include <string>

#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "test_support.hpp"

namespace dvonn {
namespace {

// About two seconds in an optimised build; less work where it runs slower.
constexpr int kGames = test::kOptimized && !test::kSanitized ? 2000 : test::kOptimized ? 600 : 200;

int pieces_on_board(const Position& p) {
  int n = 0;
  for (Square s : all_spaces()) n += p.height(s);
  return n;
}

// The Game's stacks agree with its Position on every space.
::testing::AssertionResult stacks_match(const Game& g) {
  const Position& p = g.position();
  for (Square s : all_spaces()) {
    const Stack& st = g.stacks()[s];
    Top want = st.empty() ? Top::None : st.back() == 'w' ? Top::White : st.back() == 'b' ? Top::Black : Top::Dvonn;
    if (static_cast<int>(st.size()) != p.height(s) || p.top(s) != want ||
        p.has_dvonn(s) != (st.find('d') != std::string::npos))
      return ::testing::AssertionFailure() << "space " << square_name(s) << ": stack \"" << st << "\", height "
                                           << p.height(s) << ", top " << static_cast<int>(p.top(s));
  }
  return ::testing::AssertionSuccess();
}

// A move that is probably not legal: a random placement, step or pass.
Move random_any_move(std::mt19937_64& rng) {
  const auto& spaces = all_spaces();
  switch (rng() % 3) {
    case 0:
      return Move::place(spaces[rng() % spaces.size()]);
    case 1: {
      Square a = spaces[rng() % spaces.size()], b = spaces[rng() % spaces.size()];
      return Move::step(a, b);
    }
    default:
      return Move::pass();
  }
}

// Checks everything at one ply (fatal failures stop the caller's game).
void check_ply(const Game& g, std::mt19937_64& rng) {
  const Position& p = g.position();
  ASSERT_EQ(p.key(), p.compute_key());
  ASSERT_TRUE(stacks_match(g));
  if (!p.in_placement()) {
    ASSERT_EQ(p.disconnected(), 0u);
  }

  MoveList list;
  p.generate(list);
  ASSERT_EQ(p.count_moves(), list.size);
  ASSERT_EQ(list.size == 0, p.is_over());
  ASSERT_EQ(p.phase() == Phase::Placement, p.in_placement());
  for (Color c : {Color::White, Color::Black}) ASSERT_EQ(p.can_step(c), p.count_steps(c) > 0);

  Position work = p;
  const int on_board = pieces_on_board(p);
  std::bitset<64 * 64 + 1> seen;  // each move appears once
  for (const Move& m : list) {
    ASSERT_TRUE(p.is_legal(m)) << to_string(m) << ": " << p.explain_illegal(m);
    const std::size_t id = m.is_pass() ? 64 * 64 : m.is_place() ? m.to : m.from * 64u + m.to;
    ASSERT_FALSE(seen[id]) << to_string(m) << " listed twice";
    seen[id] = true;
    // The bulk counter for perft's last two plies predicts the child's moves.
    const int predicted = m.is_step() ? work.count_moves_after_step(m.from, m.to) : -1;
    ASSERT_TRUE(work == p) << "count_moves_after_step changed the position";
    Undo u;
    work.play(m, u);
    if (m.is_step()) {
      ASSERT_EQ(predicted, work.count_moves()) << "count_moves_after_step(" << to_string(m) << ")";
    }
    ASSERT_EQ(work.key(), work.compute_key()) << "after " << to_string(m);
    if (!work.in_placement()) {
      ASSERT_EQ(work.disconnected(), 0u) << "after " << to_string(m);
    }
    int gone = 0;  // the landing stack itself may be cut off, with the pieces that moved
    if (m.is_step())
      for (Bitboard b = work.removed_by(u); b;) {
        Square s = pop_lsb(b);
        gone += p.height(s) + (s == m.to ? p.height(m.from) : 0);
      }
    ASSERT_EQ(pieces_on_board(work), on_board + (m.is_place() ? 1 : 0) - gone) << to_string(m);
    work.undo(u);
    ASSERT_TRUE(work == p) << "play+undo of " << to_string(m) << " changed the position";
    ASSERT_EQ(work.key(), p.key());
  }
  // Moves outside the list are refused with a reason.
  for (int i = 0; i < 8; ++i) {
    Move m = random_any_move(rng);
    if (list.contains(m)) continue;
    ASSERT_FALSE(p.is_legal(m)) << to_string(m);
    ASSERT_FALSE(p.explain_illegal(m).empty()) << to_string(m);
  }

  // The position string round-trips.
  std::string text = format_position(g.state());
  std::string error;
  auto back = parse_position(text, &error);
  ASSERT_TRUE(back) << text << ": " << error;
  ASSERT_EQ(*back, g.state()) << text;
}

void play_random_game(std::uint64_t seed, bool random_start, bool check_undo) {
  std::mt19937_64 rng(seed);
  Game g(random_start ? random_setup(seed) : empty_board());
  int removed_pieces = 0;
  int plies = 0;
  for (;;) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed << " ply " << plies);
    check_ply(g, rng);
    if (::testing::Test::HasFatalFailure()) return;
    // Pieces are conserved: on the board or removed, 49 in all once placed.
    const Position& p = g.position();
    ASSERT_EQ(pieces_on_board(p) + removed_pieces, p.placed());
    if (p.is_over()) break;
    ASSERT_LT(++plies, 300);

    const BoardState before = g.state();
    const std::size_t moves_before = g.moves().size();
    Move m = test::random_move(p, rng);
    Position shadow = p;
    Undo u;
    shadow.play(m, u);
    ASSERT_EQ(g.play(m), "") << to_string(m);
    ASSERT_EQ(g.position(), shadow);
    ASSERT_EQ(g.last_removed(), m.is_step() ? shadow.removed_by(u) : 0u);
    for (Bitboard b = g.last_removed(); b;) {
      Square s = pop_lsb(b);
      // The landing space can be cut off too, with the stack that moved there.
      const Stack gone = before.stacks[s] + (s == m.to ? before.stacks[m.from] : "");
      ASSERT_FALSE(before.stacks[s].empty());
      ASSERT_EQ(gone.find('d'), std::string::npos) << "a Dvonn piece was removed";
      ASSERT_TRUE(g.stacks()[s].empty());
      removed_pieces += static_cast<int>(gone.size());
    }
    ASSERT_EQ(g.moves().size(), moves_before + 1);
    ASSERT_EQ(g.moves().back(), m);

    if (check_undo) {
      const BoardState after = g.state();
      ASSERT_TRUE(g.undo());
      ASSERT_EQ(g.state(), before) << "Game::undo after " << to_string(m);
      ASSERT_EQ(g.moves().size(), moves_before);
      ASSERT_EQ(g.play(m), "");
      ASSERT_EQ(g.state(), after);
    }
  }
  ASSERT_EQ(removed_pieces + pieces_on_board(g.position()), 49);
  ASSERT_EQ(g.result(), result_of(g.position()));
  ASSERT_NE(g.result(), Result::Ongoing);

  // The game's record reads back to the same game.
  std::string text = format_record(record_of(g));
  std::string error;
  auto rec = parse_record(text, &error);
  ASSERT_TRUE(rec) << error << "\n" << text;
  auto replayed = replay_record(*rec, &error);
  ASSERT_TRUE(replayed) << error << "\n" << text;
  ASSERT_EQ(replayed->state(), g.state());
  ASSERT_EQ(replayed->moves(), g.moves());
}

TEST(RandomGames, FromTheEmptyBoard) {
  for (int i = 0; i < kGames / 2; ++i) {
    play_random_game(1000 + i, false, i % 16 == 0);
    if (HasFatalFailure()) return;
  }
}

TEST(RandomGames, FromRandomSetups) {
  for (int i = 0; i < kGames / 2; ++i) {
    play_random_game(5000 + i, true, i % 16 == 0);
    if (HasFatalFailure()) return;
  }
}

TEST(RandomGames, UndoWalksBackToTheStart) {
  std::mt19937_64 rng(99);
  for (int game = 0; game < 20; ++game) {
    Game g(game % 2 ? random_setup(rng()) : empty_board());
    std::vector<BoardState> states{g.state()};
    while (!g.position().is_over()) {
      ASSERT_EQ(g.play(test::random_move(g.position(), rng)), "");
      states.push_back(g.state());
    }
    for (std::size_t i = states.size() - 1; i > 0; --i) {
      ASSERT_TRUE(g.undo());
      ASSERT_EQ(g.state(), states[i - 1]);
      ASSERT_EQ(g.moves().size(), i - 1);
    }
    EXPECT_FALSE(g.undo());
    EXPECT_EQ(g.state(), g.start());
    EXPECT_TRUE(g.moves().empty());
  }
}

TEST(RandomGames, PositionUndoUnwindsAWholeGame) {
  std::mt19937_64 rng(123);
  for (int game = 0; game < 50; ++game) {
    Position p = game % 2 ? random_setup(rng()).position : Position{};
    std::vector<Position> history{p};
    std::vector<Undo> undos;
    while (!p.is_over()) {
      Undo u;
      p.play(test::random_move(p, rng), u);
      undos.push_back(u);
      history.push_back(p);
    }
    while (!undos.empty()) {
      p.undo(undos.back());
      undos.pop_back();
      history.pop_back();
      ASSERT_TRUE(p == history.back());
      ASSERT_EQ(p.key(), p.compute_key());
    }
  }
}

TEST(RandomGames, LastRemovedFollowsUndo) {
  // I3 onto H3 cuts G3-H3 off from the Dvonn piece on K3; J3 onto K3 removes nothing.
  Game g(test::state_of("9/10/1d1d(bww)1wbwbd/10/9 move w"));
  ASSERT_EQ(g.play(test::mv("I3H3")), "");
  ASSERT_EQ(g.last_removed(), test::squares({"G3", "H3"}));
  ASSERT_EQ(g.play(test::mv("J3K3")), "");
  ASSERT_EQ(g.last_removed(), 0u);
  // Taking back J3K3 makes I3H3 the last move again.
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.last_removed(), test::squares({"G3", "H3"}));
  // Taking back I3H3 too leaves no last move, so nothing was removed by it.
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.state(), g.start());
  EXPECT_EQ(g.last_removed(), 0u) << "last_removed() still reports the removals of a move that was taken back";
}

}  // namespace
}  // namespace dvonn
