// Time management: how much of the game's remaining clock one move may use,
// and the clock the search polls to stop in time.
#pragma once

#include <chrono>

#include "core/position.hpp"

namespace dvonn::engine {

using Clock = std::chrono::steady_clock;

struct TimeBudget {
  double soft = 0;  // do not start a new iteration after this many seconds
  double hard = 0;  // abort the search at this many seconds
};

// The budget for one move with seconds_left on this side's clock for the
// rest of the game. `share` (0..1] scales it down for weaker levels.
TimeBudget plan_move_time(const Position& p, double seconds_left, double share = 1.0);

// This side's moves still to come, estimated from the position.
double expected_moves_left(const Position& p);

class Deadline {
 public:
  Deadline() : start_(Clock::now()) {}
  explicit Deadline(double hard_seconds) : start_(Clock::now()), hard_(hard_seconds) {}
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  bool has_limit() const { return hard_ > 0; }
  bool passed() const { return hard_ > 0 && elapsed() >= hard_; }
  double hard() const { return hard_; }

 private:
  Clock::time_point start_;
  double hard_ = 0;
};

}  // namespace dvonn::engine
