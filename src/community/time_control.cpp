#include "community/time_control.hpp"

#include <charconv>
#include <string_view>

namespace dvonn::community {
namespace {

// A whole number with 1 to 6 digits and nothing else.
bool read_number(std::string_view text, int& out) {
  if (text.empty() || text.size() > 6) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

std::string validate(const TimeControl& control) {
  switch (control.kind) {
    case ClockKind::None:
      return "";
    case ClockKind::RealTime:
      if (control.initial_seconds < kMinInitialSeconds || control.initial_seconds > kMaxInitialSeconds)
        return "the initial time must be between " + std::to_string(kMinInitialSeconds) + " and " +
               std::to_string(kMaxInitialSeconds) + " seconds";
      if (control.increment_seconds < 0 || control.increment_seconds > kMaxIncrementSeconds)
        return "the increment must be between 0 and " + std::to_string(kMaxIncrementSeconds) + " seconds";
      return "";
    case ClockKind::Correspondence:
      if (control.days_per_move < kMinDays || control.days_per_move > kMaxDays)
        return "the days per move must be between " + std::to_string(kMinDays) + " and " + std::to_string(kMaxDays);
      return "";
  }
  return "unknown kind of time control";
}

std::string format_time_control(const TimeControl& control) {
  switch (control.kind) {
    case ClockKind::None:
      return "untimed";
    case ClockKind::RealTime: {
      std::string initial = control.initial_seconds % 60 == 0 ? std::to_string(control.initial_seconds / 60)
                                                              : std::to_string(control.initial_seconds) + "s";
      return initial + "+" + std::to_string(control.increment_seconds);
    }
    case ClockKind::Correspondence:
      return std::to_string(control.days_per_move) + "d";
  }
  return "untimed";
}

TimeControl parse_time_control(const std::string& text, std::string& error) {
  error.clear();
  TimeControl control;
  std::string_view t = text;
  if (t == "untimed") return control;
  if (!t.empty() && t.back() == 'd') {
    control.kind = ClockKind::Correspondence;
    if (!read_number(t.substr(0, t.size() - 1), control.days_per_move)) {
      error = "a correspondence time control is days per move, like \"3d\"";
      return {};
    }
  } else {
    auto plus = t.find('+');
    std::string_view initial = t.substr(0, plus);
    bool in_seconds = !initial.empty() && initial.back() == 's';
    if (in_seconds) initial.remove_suffix(1);
    control.kind = ClockKind::RealTime;
    if (plus == std::string_view::npos || !read_number(initial, control.initial_seconds) ||
        !read_number(t.substr(plus + 1), control.increment_seconds)) {
      error =
          "a time control is \"untimed\", minutes+increment like \"10+5\", seconds like \"45s+2\", or days "
          "per move like \"3d\"";
      return {};
    }
    if (!in_seconds) {
      if (control.initial_seconds > kMaxInitialSeconds / 60) {
        error = validate(TimeControl{ClockKind::RealTime, kMaxInitialSeconds + 1, 0, 0});
        return {};
      }
      control.initial_seconds *= 60;
    }
  }
  error = validate(control);
  if (!error.empty()) return {};
  return control;
}

}  // namespace dvonn::community
