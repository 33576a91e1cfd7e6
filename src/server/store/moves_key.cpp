#include "server/store/moves_key.hpp"

#include <cstdint>
#include <cstdio>

#include "core/position_string.hpp"

namespace dvonn::server {

std::string moves_key(const Game& game) {
  std::string text = format_position(game.start());
  for (Move m : game.moves()) text += " " + to_string(m);
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return std::to_string(game.moves().size()) + "-" + hex;
}

}  // namespace dvonn::server
