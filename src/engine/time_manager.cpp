#include "engine/time_manager.hpp"

#include <algorithm>

namespace dvonn::engine {
namespace {

// Weight of the placement with `placed` pieces already on the board. The
// Dvonn pieces come from a table and the last placement is forced; the
// middle of the phase, where the search sees far enough to matter and the
// shape of the board is decided, gets the most.
double placement_weight(int placed) {
  if (placed < kDvonnPieces || placed >= kTotalPieces - 1) return 0.0;
  if (placed < 9) return 0.8;
  if (placed < 41) return 1.5;
  return 1.0;
}

constexpr double kMovementWeight = 1.2;  // a movement-phase move before the solver
// What the moves the solver plays are worth together: usually the first
// one solves the rest, but it may fail once or twice on a large endgame.
constexpr double kSolvedEndgameWeight = 1.2;
// Stacks of either colour when the movement phase starts: the board is full,
// so every coloured piece is a stack of its own.
constexpr int kLiveStacksAtStart = kTotalPieces - kDvonnPieces;
// Each pair of moves merges two stacks and cuts some off: about 2.6 live
// stacks fewer per move of this side.
constexpr double kStacksPerOwnMove = 2.6;

// This side's movement-phase moves from a position with `live` stacks.
double movement_moves(int live, int solver_live_stacks) {
  if (solver_live_stacks <= 0) return std::clamp(live / kStacksPerOwnMove, 2.0, 25.0);
  return std::max(0.0, (live - solver_live_stacks) / kStacksPerOwnMove);
}

}  // namespace

MoveWeights remaining_move_weights(const Position& p, int solver_live_stacks) {
  const Color me = p.side_to_move();
  MoveWeights w{0, 0};
  const double endgame = solver_live_stacks > 0 ? kSolvedEndgameWeight : 0.0;
  if (p.in_placement()) {
    // Placements alternate; placed pieces 0, 2, 4, ... are White's.
    w.now = placement_weight(p.placed());
    for (int k = p.placed(); k < kTotalPieces; ++k)
      if ((k % 2 == 0) == (me == Color::White)) w.total += placement_weight(k);
    w.total += kMovementWeight * movement_moves(kLiveStacksAtStart, solver_live_stacks) + endgame;
  } else {
    const int live = popcount(p.occupied() & (p.pieces(Color::White) | p.pieces(Color::Black)));
    const double before_solver = movement_moves(live, solver_live_stacks);
    if (solver_live_stacks > 0 && live <= solver_live_stacks) {
      // In the solver's range: its first try gets a share of what is left
      // for the endgame; later moves are usually instant.
      w.now = endgame * 0.5;
      w.total = endgame;
    } else {
      w.now = kMovementWeight;
      w.total = kMovementWeight * std::max(1.0, before_solver) + endgame;
    }
  }
  // Never zero: every move the search is asked to make gets some time.
  w.now = std::max(w.now, 0.1);
  w.total = std::max(w.total, w.now);
  return w;
}

double expected_moves_left(const Position& p, int solver_live_stacks) {
  MoveWeights w = remaining_move_weights(p, solver_live_stacks);
  return w.total / w.now;
}

TimeBudget plan_move_time(const Position& p, double seconds_left, double share, int solver_live_stacks) {
  TimeBudget b;
  // Keep 5% of the clock (and 30 ms) in reserve for process and I/O
  // overheads the search cannot see (the CodeCup player keeps its own
  // safety margin on top of this).
  double usable = std::max(0.0, seconds_left * 0.95 - 0.03);
  if (usable <= 0) return {0.0005, 0.001};
  const MoveWeights w = remaining_move_weights(p, solver_live_stacks);
  const double target = usable * w.now / w.total * share;
  // An iteration that starts after `soft` seldom finishes before the next
  // one would be needed; `hard` lets one that has started finish, within a
  // bound no single move may pass.
  b.soft = target * 0.7;
  b.hard = std::min(target * 2.5, usable * 0.25);
  b.hard = std::max(b.hard, 0.0005);
  b.soft = std::min(b.soft, b.hard);
  return b;
}

}  // namespace dvonn::engine
