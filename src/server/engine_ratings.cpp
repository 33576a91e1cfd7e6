#include "server/engine_ratings.hpp"

namespace dvonn::server {
namespace {

// Levels 1..8, from the strength ladder in docs/strength.md (to be updated
// when the ladder is measured again).
constexpr double kRatings[kEngineLevels] = {1000, 1180, 1340, 1580, 1770, 2020, 2100, 2180};

}  // namespace

double engine_rating(int level) {
  if (level < 1) level = 1;
  if (level > kEngineLevels) level = kEngineLevels;
  return kRatings[level - 1];
}

std::string engine_user_name(int level) { return "engine-" + std::to_string(level); }

std::optional<int> engine_level_of(std::string_view name) {
  for (int level = 1; level <= kEngineLevels; ++level)
    if (name == engine_user_name(level)) return level;
  return std::nullopt;
}

}  // namespace dvonn::server
