// The time controls "Play now" offers: the grid of the home page. A seek
// names one of them, so that seekers meet in a few full pools rather than
// scattered over every possible clock.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace dvonn::server {

// As format_time_control writes them ("10+5", "1d"), fastest first.
std::span<const std::string_view> seek_controls();
bool is_seek_control(std::string_view control);
// The control "Play now" uses before a player has chosen one.
inline constexpr std::string_view kDefaultSeekControl = "10+0";

}  // namespace dvonn::server
