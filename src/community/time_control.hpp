// How long players may think: untimed, real time (minutes per game plus an
// increment per move, Fischer style) or correspondence (days per move).
#pragma once

#include <string>

namespace dvonn::community {

enum class ClockKind { None, RealTime, Correspondence };

struct TimeControl {
  ClockKind kind = ClockKind::None;
  int initial_seconds = 0;    // real time: each player's time for the game
  int increment_seconds = 0;  // real time: added after each of the player's moves
  int days_per_move = 0;      // correspondence

  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// Limits: real time 15 s to 3 h plus 0 to 60 s a move; correspondence 1 to
// 14 days a move.
inline constexpr int kMinInitialSeconds = 15;
inline constexpr int kMaxInitialSeconds = 3 * 3600;
inline constexpr int kMaxIncrementSeconds = 60;
inline constexpr int kMinDays = 1;
inline constexpr int kMaxDays = 14;

// "" when the control is within the limits, else what is wrong.
std::string validate(const TimeControl& control);

// Short text for people and for storage: "untimed", "10+5" (minutes +
// increment seconds), "45s+2" (initial time not a whole number of
// minutes, in seconds), "3d" (days per move). parse_time_control
// reads what format_time_control writes; it returns an error message in
// `error` (and an untimed control) for anything else or out of limits.
std::string format_time_control(const TimeControl& control);
TimeControl parse_time_control(const std::string& text, std::string& error);

}  // namespace dvonn::community
