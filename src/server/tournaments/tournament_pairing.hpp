// One board of a round (or of an arena's moment): who plays white, who
// black. black == 0 is a bye for white.
#pragma once

#include <cstdint>

namespace dvonn::server {

struct Pairing {
  std::int64_t white = 0, black = 0;  // black == 0: bye
  bool operator==(const Pairing&) const = default;
};

}  // namespace dvonn::server
