#include "community/time_control_family.hpp"

#include <algorithm>

namespace dvonn::community {

const char* time_control_family(const TimeControl& control) {
  if (control.kind == ClockKind::None) return "untimed";
  if (control.kind == ClockKind::Correspondence) return "correspondence";
  int expected = control.initial_seconds + 40 * control.increment_seconds;
  if (expected < 3 * 60) return "bullet";
  if (expected < 8 * 60) return "blitz";
  if (expected < 25 * 60) return "rapid";
  return "classical";
}

const char* time_control_family(const std::string& clock_text) {
  std::string error;
  return time_control_family(parse_time_control(clock_text, error));
}

const std::vector<std::string>& time_control_families() {
  static const std::vector<std::string> families = {"bullet",    "blitz",          "rapid",
                                                    "classical", "correspondence", "untimed"};
  return families;
}

bool is_time_control_family(std::string_view name) {
  const auto& all = time_control_families();
  return std::find(all.begin(), all.end(), name) != all.end();
}

}  // namespace dvonn::community
