// Time management: how much of the game's remaining clock one move may use,
// and the clock the search polls to stop in time.
#pragma once

#include <chrono>

#include "core/position.hpp"

namespace dvonn::engine {

using Clock = std::chrono::steady_clock;

// Two numbers, as in Stockfish's TimeManagement: the time the move should
// take (no new iteration starts after it) and the most it may take (the
// search is aborted there).
struct TimeBudget {
  double optimum = 0;
  double maximum = 0;
};

// The budget for one move with seconds_left on this side's clock for the
// rest of the game. `share` (0..1] scales it down for weaker levels.
// `proof_stacks` is the level's reach of the win proof (0: none): from
// there on moves cost almost nothing, so the clock is spread over the
// moves before it.
TimeBudget plan_move_time(const Position& p, double seconds_left, double share = 1.0, int proof_stacks = 0);
// The budget for one move given a fixed time for it (the web server's
// engine seats), scaled by the same share.
TimeBudget plan_fixed_move_time(double move_seconds, double share = 1.0);

// This side's moves still to come that need a search, estimated from the
// position (with a win proof from proof_stacks stacks, only those before it).
double expected_moves_left(const Position& p, int proof_stacks = 0);

class Deadline {
 public:
  Deadline() : start_(Clock::now()) {}
  explicit Deadline(double maximum_seconds) : start_(Clock::now()), hard_(maximum_seconds) {}
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  bool passed() const { return hard_ > 0 && elapsed() >= hard_; }
  double hard() const { return hard_; }

 private:
  Clock::time_point start_;
  double hard_ = 0;
};

}  // namespace dvonn::engine
