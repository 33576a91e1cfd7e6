#include "server/engine_ratings.hpp"

namespace dvonn::server {
namespace {

// Levels 1..8: "Fixed ratings of the engine levels" in docs/strength.md
// (level 1 = 1000, each next level + the Elo of its neighbour match measured
// with the referee at 5 s per game; level 8 = PrimaDvonna's place on that
// scale + level 8's measured Elo against it). Update both when the ladder
// is measured again.
constexpr double kRatings[kEngineLevels] = {1000, 1240, 1680, 2020, 2200, 2390, 2520, 2620};

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
