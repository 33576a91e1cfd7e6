// Small text helpers for the layers that read lines typed or sent to them
// (the terminal game, the CodeCup player), so each trims the same way.
#pragma once

#include <string_view>

namespace dvonn {

// s without the spaces, tabs, carriage returns and newlines at either end.
constexpr std::string_view trim_whitespace(std::string_view s) {
  constexpr std::string_view kWhitespace = " \t\r\n";
  const auto first = s.find_first_not_of(kWhitespace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kWhitespace) - first + 1);
}

}  // namespace dvonn
