// Tests of the puzzle miner: in small endgames checked by exhaustive
// minimax, a position with exactly one winning move is a puzzle whose
// answer is that move, one with two winning moves is not, and mining a
// game is reproducible.
#include "engine/puzzle_miner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "engine/solver.hpp"

namespace dvonn::engine {
namespace {

// The final piece difference from the mover's view under best play.
int minimax(Position& p) {
  MoveList list;
  p.generate(list);
  if (list.size == 0) {
    Score s = p.score();
    return p.side_to_move() == Color::White ? s.white - s.black : s.black - s.white;
  }
  int best = -1000;
  for (Move m : list) {
    Undo u;
    p.play(m, u);
    best = std::max(best, -minimax(p));
    p.undo(u);
  }
  return best;
}

// The moves of p that win (exact), and how many legal moves there are.
std::vector<Move> winning_moves(const Position& p, int& legal) {
  MoveList list;
  p.generate(list);
  legal = list.size;
  std::vector<Move> wins;
  for (Move m : list) {
    Position q = p;
    q.play(m);
    if (-minimax(q) > 0) wins.push_back(m);
  }
  return wins;
}

// A movement-phase game from a random setup with random moves played until
// at most `stacks` stacks are left.
Game small_endgame(std::uint64_t seed, int stacks) {
  std::mt19937_64 rng(seed);
  Game g(random_setup(seed));
  while (!g.position().is_over() && live_stacks(g.position()) > stacks) {
    MoveList list;
    g.position().generate(list);
    g.play(list[static_cast<int>(rng() % list.size)]);
  }
  return g;
}

TEST(PuzzleMiner, FindsTheOnlyWinningMoveAndRefusesTwo) {
  PuzzleBudget budget;
  int single = 0, several = 0;
  for (std::uint64_t seed = 1; seed < 400 && (single < 3 || several < 3); ++seed) {
    Game g = small_endgame(seed, 7);
    const Position& p = g.position();
    if (p.is_over()) continue;
    int legal = 0;
    std::vector<Move> wins = winning_moves(p, legal);
    if (legal < 3) continue;
    Puzzle z;
    bool is_puzzle = mine_position(g.state(), 60, nullptr, budget, z);
    if (wins.size() == 1) {
      ++single;
      ASSERT_TRUE(is_puzzle) << format_position(g.state());
      EXPECT_EQ(z.solution.front(), wins.front());
      EXPECT_TRUE(z.proved);
      EXPECT_EQ(z.goal, "win");
      EXPECT_NE(z.wrong, wins.front());
      EXPECT_EQ(z.id, puzzle_id(z.position, wins.front()));
      EXPECT_EQ(z.position, format_position(g.state()));
      EXPECT_GT(z.score, 0);
      EXPECT_LE(z.wrong_score, 0);
    } else if (wins.size() >= 2) {
      ++several;
      EXPECT_FALSE(is_puzzle) << format_position(g.state());
    }
  }
  EXPECT_GE(single, 3);
  EXPECT_GE(several, 3);
}

TEST(PuzzleMiner, HandBuiltPositionsArePuzzlesExactlyWhenOneMoveStandsOut) {
  // Small positions written by hand: a puzzle exactly when minimax finds
  // one move whose outcome (win, draw, loss) is better than every other's,
  // and that is not a loss, among three or more.
  for (const char* text : {"w(bw)d6/1bbd6/2w8/10/7bd move w", "(wwb)bd6/w1bd6/1w9/10/6wbd move b",
                           "wbd6/1bwd6/11/10/8d move w", "wbd6/1bwd6/11/10/8d move b"}) {
    auto st = parse_position(text);
    ASSERT_TRUE(st) << text;
    MoveList list;
    st->position.generate(list);
    std::vector<std::pair<int, Move>> outcomes;
    for (Move m : list) {
      Position q = st->position;
      q.play(m);
      const int v = -minimax(q);
      outcomes.push_back({v > 0 ? 1 : v < 0 ? -1 : 0, m});
    }
    std::sort(outcomes.begin(), outcomes.end(), [](auto& a, auto& b) { return a.first > b.first; });
    const bool expected = list.size >= 3 && outcomes[0].first >= 0 && outcomes[0].first > outcomes[1].first;
    Puzzle z;
    bool is_puzzle = mine_position(*st, 60, nullptr, PuzzleBudget{}, z);
    EXPECT_EQ(is_puzzle, expected) << text;
    if (is_puzzle) {
      EXPECT_EQ(z.solution.front(), outcomes[0].second) << text;
      EXPECT_EQ(z.goal, outcomes[0].first > 0 ? "win" : "save") << text;
    }
  }
}

TEST(PuzzleMiner, MiningAGameIsReproducibleAndPrefersThePlayersMistakes) {
  Game g = small_endgame(11, 12);
  // Finish the game with random moves: mistakes to find.
  std::mt19937_64 rng(5);
  while (!g.position().is_over()) {
    MoveList list;
    g.position().generate(list);
    g.play(list[static_cast<int>(rng() % list.size)]);
  }
  PuzzleBudget budget;
  budget.nodes = 100'000;
  std::vector<Puzzle> a = mine_game(g, budget);
  std::vector<Puzzle> b = mine_game(g, budget);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].id, b[i].id);
    EXPECT_EQ(a[i].solution, b[i].solution);
    EXPECT_EQ(a[i].rating, b[i].rating);
    if (a[i].played_wrong) {
      EXPECT_EQ(a[i].wrong, g.moves()[a[i].ply]);
    }
    if (i > 0) {
      EXPECT_GE(a[i].ply - a[i - 1].ply, budget.min_gap);
    }
  }
  EXPECT_LE(static_cast<int>(a.size()), budget.max_per_game);
}

}  // namespace
}  // namespace dvonn::engine
