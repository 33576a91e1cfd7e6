// A game's clock as a room keeps it: the time control, the GameClock and
// when the game started (0: an online game still waiting for its second
// player). The rules of time in a room: the clock runs only in a timed game
// that has started, stops when the game ends, and a flag falls at the
// deadline whenever it is noticed. In a real-time game from the empty board
// each side's time starts at its first move, which is due within
// kFirstMoveMs (of the start, or of White's first move): a first move that
// does not come aborts the game. (A game from an imported position has its
// clocks run from the start.)
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "community/game_clock.hpp"

namespace dvonn::server {

// How long a real-time side may take over its first move.
inline constexpr std::int64_t kFirstMoveMs = 30'000;

class RoomClock {
 public:
  RoomClock() = default;  // untimed, not started
  // A stored game's clock: a timed game that has started is replayed from
  // its move times, and stopped at stop_ms when the game is over.
  RoomClock(community::TimeControl control, std::int64_t started_ms, const std::vector<std::int64_t>& move_times,
            std::optional<std::int64_t> stop_ms, community::ClockStart start = community::ClockStart::AtStart);

  const community::TimeControl& control() const { return clock_.control(); }
  bool timed() const { return clock_.timed(); }
  std::int64_t started_ms() const { return started_ms_; }
  // Timed and started: the time runs, unless stopped.
  bool running() const { return clock_.timed() && started_ms_ > 0; }

  // The game starts at now (both seats taken): a fresh clock.
  void start(std::int64_t now);
  // The side to move moves at now (a running clock only).
  void record_move(std::int64_t now) { clock_.record_move(now); }
  // The game ended at now: a running clock stops.
  void stop(std::int64_t now);
  // Whether the side to move has run out of time (never untimed).
  bool flagged(std::int64_t now) const { return clock_.timed() && clock_.flagged(now); }
  // When the awaited first move of a real-time side is due (nullopt when
  // no first move is awaited), and whether it is overdue at now.
  std::optional<std::int64_t> first_move_deadline_ms() const;
  bool first_move_overdue(std::int64_t now) const;
  // When the flag fell, noticed at now: the deadline (at the latest now).
  std::int64_t flag_fell_ms(std::int64_t now) const;
  // The side to move's deadline (the lists show it).
  std::optional<std::int64_t> deadline_ms() const { return clock_.deadline_ms(); }
  // The deadline to watch for; nullopt when there is none (untimed, not
  // started, stopped).
  std::optional<std::int64_t> watch_deadline() const;
  // The state's clock at now (null untimed); started: both seats taken.
  nlohmann::json json(bool started, std::int64_t now) const;

 private:
  community::GameClock clock_;
  std::int64_t started_ms_ = 0;
  community::ClockStart start_ = community::ClockStart::AtStart;
};

}  // namespace dvonn::server
