// The families of time controls (bullet, blitz, rapid, classical,
// correspondence, untimed): what the profile's statistics group games by
// and what each family rating (and its leaderboard) is kept for.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "community/time_control.hpp"

namespace dvonn::community {

// By the expected length of a real-time game, initial time + 40 x
// increment (as the big chess sites do): under 3 minutes bullet, under 8
// blitz, under 25 rapid, else classical; days per move correspondence; no
// clock untimed.
const char* time_control_family(const TimeControl& control);
// The family of a stored clock text (format_time_control); untimed when
// the text is not one.
const char* time_control_family(const std::string& clock_text);
// The families, fastest first: the order of the statistics and the boards.
const std::vector<std::string>& time_control_families();
// Whether `name` is one of them.
bool is_time_control_family(std::string_view name);

}  // namespace dvonn::community
