#include "server/pairing/seek_controls.hpp"

#include <algorithm>

namespace dvonn::server {

std::span<const std::string_view> seek_controls() {
  static constexpr std::string_view controls[] = {"3+2", "5+3", "10+0", "10+5", "20+10", "1d"};
  return controls;
}

bool is_seek_control(std::string_view control) {
  auto all = seek_controls();
  return std::find(all.begin(), all.end(), control) != all.end();
}

}  // namespace dvonn::server
