// The engine levels as rated players: users engine-1 .. engine-8 with fixed
// ratings that rated games never change.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/engine.hpp"

namespace dvonn::server {

// One engine user a level: engine-1 .. engine-8.
inline constexpr int kEngineLevels = engine::kTopLevel;
// The fixed deviation a person is rated against (the engine's strength is
// measured, not guessed).
inline constexpr double kEngineDeviation = 60.0;

// The rating of an engine level 1..kEngineLevels.
double engine_rating(int level);
// "engine-4" for level 4.
std::string engine_user_name(int level);
// The level of an engine user's name; nullopt for other names.
std::optional<int> engine_level_of(std::string_view name);

}  // namespace dvonn::server
