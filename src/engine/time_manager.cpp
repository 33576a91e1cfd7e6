#include "engine/time_manager.hpp"

#include <algorithm>

namespace dvonn::engine {

double expected_moves_left(const Position& p, int proof_stacks) {
  const Color me = p.side_to_move();
  if (p.in_placement()) {
    // My placements still to come (White places the odd ones), plus a
    // typical movement phase of about 20 moves each. The first three
    // placements are Dvonn pieces, placed by a rule at no cost.
    int left = kTotalPieces - p.placed();
    double mine = me == Color::White ? (left + 1) / 2 : left / 2;
    if (p.placed() < kDvonnPieces) mine -= 1;
    return mine + 20;
  }
  int stacks = popcount(p.occupied() & ~p.dvonn_spaces());
  if (proof_stacks > 0) {
    // From about proof_stacks stacks on, the win proof and the solver play
    // most moves almost at once: count only my moves until then (a stack
    // fewer each ply, and some cut off), plus a reserve of three for the
    // proofs that fail. Counting them all left a quarter of the clock unused.
    return std::clamp((stacks - (proof_stacks - 4)) / 2.4 + 3.0, 3.0, 25.0);
  }
  // Each move merges two stacks, so the game cannot last longer than the
  // number of stacks; games usually end with about a third still standing.
  int mine = popcount(p.movable(me));
  return std::clamp(0.35 * stacks + 0.3 * mine, 2.0, 25.0);
}

TimeBudget plan_move_time(const Position& p, double seconds_left, double share, int proof_stacks) {
  TimeBudget b;
  // Keep 10% of the clock (and 30 ms) in reserve for process and I/O
  // overheads the search cannot see.
  double usable = std::max(0.0, seconds_left * 0.95 - 0.03);
  if (usable <= 0) return {0.0005, 0.001};
  double per_move = usable / expected_moves_left(p, proof_stacks);
  // Placement decides much of the game and its branching factor is large;
  // give the middle of the placement phase a little extra.
  if (p.in_placement() && p.placed() >= 10 && p.placed() < 45) per_move *= 1.3;
  per_move *= share;
  b.optimum = per_move * 0.9;
  b.maximum = std::min(per_move * 2.5, usable * 0.25);
  b.maximum = std::max(b.maximum, 0.0005);
  b.optimum = std::min(b.optimum, b.maximum);
  return b;
}

TimeBudget plan_fixed_move_time(double move_seconds, double share) {
  const double maximum = std::max(0.0005, move_seconds * share);
  return {maximum * 0.5, maximum};
}

}  // namespace dvonn::engine
