// A game's clock, rebuilt from when the game started and when each move was
// made, so it survives reloads and restarts: nothing but the stored move
// times is needed. Times are milliseconds since the Unix epoch.
//
// Real time: the side to move's time runs from the previous move (or the
// start); a move deducts it and then adds the increment. With
// ClockStart::AfterFirstMoves the two first moves are free. Correspondence:
// the side to move must move within the days per move of the previous move
// (or the start). Movers alternate (a forced PASS is a move), White first.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "community/time_control.hpp"

namespace dvonn::community {

enum class ClockSide { White = 0, Black = 1 };

// When a real-time side's time starts to run: from the start of the game,
// or (as on lichess) only after each side's first move, so that a player
// who is slow to begin costs nothing but the game (the server aborts a game
// whose first moves do not come: first_move_deadline_ms).
enum class ClockStart { AtStart, AfterFirstMoves };

class GameClock {
 public:
  GameClock() = default;  // untimed
  GameClock(TimeControl control, std::int64_t started_ms, ClockStart start = ClockStart::AtStart);
  // The clock after the given moves, each with the time it was made.
  static GameClock replay(TimeControl control, std::int64_t started_ms, const std::vector<std::int64_t>& move_times_ms,
                          ClockStart start = ClockStart::AtStart);

  const TimeControl& control() const { return control_; }
  bool timed() const { return control_.kind != ClockKind::None; }
  ClockSide to_move() const { return moves_ % 2 == 0 ? ClockSide::White : ClockSide::Black; }
  int moves() const { return moves_; }

  // The side to move moves at now_ms (now_ms earlier than the previous
  // event counts as no time spent). The caller checks flagged() first: a
  // move after the time ran out does not count.
  void record_move(std::int64_t now_ms);
  // Stops the clock at now_ms (game over); later readings stay frozen.
  void stop(std::int64_t now_ms);
  bool stopped() const { return stopped_; }

  // Real time: the time a side has left at now_ms (never negative).
  // Correspondence: the side to move's time until its deadline, the other
  // side's full allowance. Untimed: 0.
  std::int64_t remaining_ms(ClockSide side, std::int64_t now_ms) const;
  // When the side to move runs out of time (nullopt: untimed or stopped).
  std::optional<std::int64_t> deadline_ms() const;
  // Whether the side to move has run out of time at now_ms.
  bool flagged(std::int64_t now_ms) const;
  // Real time after first moves: while a side's first move is awaited its
  // time does not run; that move is due within limit_ms of the previous
  // event (the start, or White's first move). nullopt otherwise.
  std::optional<std::int64_t> first_move_deadline_ms(std::int64_t limit_ms) const;
  // Whether the side to move's time runs (timed, not stopped, and past the
  // first moves when they are free).
  bool running() const;

 private:
  // Real time, and the side to move has not made its first move yet.
  bool awaiting_first_move() const;

  TimeControl control_;
  ClockStart start_ = ClockStart::AtStart;
  std::int64_t last_event_ms_ = 0;    // start, or the previous move
  std::int64_t left_ms_[2] = {0, 0};  // real time: as of last_event_ms_
  int moves_ = 0;
  bool stopped_ = false;
  std::int64_t stopped_ms_ = 0;
};

}  // namespace dvonn::community
