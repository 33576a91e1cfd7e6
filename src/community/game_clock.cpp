#include "community/game_clock.hpp"

#include <algorithm>

namespace dvonn::community {
namespace {
constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;
}

GameClock::GameClock(TimeControl control, std::int64_t started_ms, ClockStart start)
    : control_(control), start_(start), last_event_ms_(started_ms) {
  if (control_.kind == ClockKind::RealTime) left_ms_[0] = left_ms_[1] = std::int64_t{control_.initial_seconds} * 1000;
}

GameClock GameClock::replay(TimeControl control, std::int64_t started_ms,
                            const std::vector<std::int64_t>& move_times_ms, ClockStart start) {
  GameClock clock(control, started_ms, start);
  for (std::int64_t t : move_times_ms) clock.record_move(t);
  return clock;
}

void GameClock::record_move(std::int64_t now_ms) {
  if (stopped_) return;
  // A first move takes no time and earns no increment.
  if (control_.kind == ClockKind::RealTime && !awaiting_first_move()) {
    std::int64_t& left = left_ms_[static_cast<int>(to_move())];
    left = std::max<std::int64_t>(0, left - std::max<std::int64_t>(0, now_ms - last_event_ms_));
    left += std::int64_t{control_.increment_seconds} * 1000;
  }
  // A clock that went backwards (a stored time earlier than the previous
  // one) charges nothing and does not move the reference back.
  last_event_ms_ = std::max(last_event_ms_, now_ms);
  ++moves_;
}

void GameClock::stop(std::int64_t now_ms) {
  if (stopped_) return;
  stopped_ = true;
  stopped_ms_ = std::max(now_ms, last_event_ms_);
}

std::int64_t GameClock::remaining_ms(ClockSide side, std::int64_t now_ms) const {
  if (stopped_) now_ms = stopped_ms_;
  bool running = side == to_move();
  switch (control_.kind) {
    case ClockKind::None:
      return 0;
    case ClockKind::RealTime: {
      std::int64_t left = left_ms_[static_cast<int>(side)];
      if (running && !awaiting_first_move()) left -= std::max<std::int64_t>(0, now_ms - last_event_ms_);
      return std::max<std::int64_t>(0, left);
    }
    case ClockKind::Correspondence: {
      std::int64_t allowance = control_.days_per_move * kDayMs;
      if (!running) return allowance;
      return std::clamp<std::int64_t>(last_event_ms_ + allowance - now_ms, 0, allowance);
    }
  }
  return 0;
}

std::optional<std::int64_t> GameClock::deadline_ms() const {
  if (stopped_) return std::nullopt;
  switch (control_.kind) {
    case ClockKind::None:
      return std::nullopt;
    case ClockKind::RealTime:
      if (awaiting_first_move()) return std::nullopt;
      return last_event_ms_ + left_ms_[static_cast<int>(to_move())];
    case ClockKind::Correspondence:
      return last_event_ms_ + control_.days_per_move * kDayMs;
  }
  return std::nullopt;
}

bool GameClock::awaiting_first_move() const {
  return control_.kind == ClockKind::RealTime && start_ == ClockStart::AfterFirstMoves && moves_ < 2;
}

std::optional<std::int64_t> GameClock::first_move_deadline_ms(std::int64_t limit_ms) const {
  if (stopped_ || !awaiting_first_move()) return std::nullopt;
  return last_event_ms_ + limit_ms;
}

bool GameClock::running() const { return timed() && !stopped_ && !awaiting_first_move(); }

bool GameClock::flagged(std::int64_t now_ms) const {
  auto deadline = deadline_ms();
  return deadline && now_ms >= *deadline;
}

}  // namespace dvonn::community
