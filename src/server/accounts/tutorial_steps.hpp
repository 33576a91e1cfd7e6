// The steps of the interactive tutorial (web/js/tutorial/tutorial_steps.js),
// by name: the only names whose progress an account keeps.
#pragma once

#include <array>
#include <string_view>

namespace dvonn::server {

inline constexpr std::array<std::string_view, 8> kTutorialSteps = {
    "placing", "moving", "surrounded", "stacking", "jumping", "disconnection", "passing", "ending",
};

inline bool is_tutorial_step(std::string_view name) {
  for (std::string_view step : kTutorialSteps)
    if (step == name) return true;
  return false;
}

}  // namespace dvonn::server
