#include "server/accounts/engine_ratings.hpp"

namespace dvonn::server {
namespace {

// Levels 1..8: "Fixed ratings of the engine levels" in docs/strength.md:
// the maximum-likelihood Elo ratings of all the ladder's matches together
// (each level against the one below, PrimaDvonna against every level;
// docs/ladder-matches.txt, scripts/ladder_ratings.py), PrimaDvonna fixed
// at 2335. Update both when the ladder is measured again.
constexpr double kRatings[kEngineLevels] = {390, 1120, 1670, 2100, 2260, 2380, 2460, 2600};

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
