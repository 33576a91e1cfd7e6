#include "server/rooms/room_clock.hpp"

#include <algorithm>

#include "server/rooms/state_json.hpp"

namespace dvonn::server {

RoomClock::RoomClock(community::TimeControl control, std::int64_t started_ms,
                     const std::vector<std::int64_t>& move_times, std::optional<std::int64_t> stop_ms,
                     community::ClockStart start)
    : clock_(control, started_ms, start), started_ms_(started_ms), start_(start) {
  if (!running()) return;
  clock_ = community::GameClock::replay(control, started_ms, move_times, start);
  if (stop_ms) clock_.stop(*stop_ms);
}

void RoomClock::start(std::int64_t now) {
  started_ms_ = now;
  clock_ = community::GameClock(clock_.control(), now, start_);
}

void RoomClock::stop(std::int64_t now) {
  if (running() && !clock_.stopped()) clock_.stop(now);
}

std::int64_t RoomClock::flag_fell_ms(std::int64_t now) const {
  return std::min(clock_.deadline_ms().value_or(now), now);
}

std::optional<std::int64_t> RoomClock::first_move_deadline_ms() const {
  if (!running()) return std::nullopt;
  return clock_.first_move_deadline_ms(kFirstMoveMs);
}

bool RoomClock::first_move_overdue(std::int64_t now) const {
  auto due = first_move_deadline_ms();
  return due && now >= *due;
}

std::optional<std::int64_t> RoomClock::watch_deadline() const {
  if (!running() || clock_.stopped()) return std::nullopt;
  if (auto due = first_move_deadline_ms()) return due;
  return clock_.deadline_ms();
}

nlohmann::json RoomClock::json(bool started, std::int64_t now) const {
  return clock_json(clock_.control(), clock_, started && started_ms_ > 0, now, kFirstMoveMs);
}

}  // namespace dvonn::server
