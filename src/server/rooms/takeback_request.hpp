// A takeback asked for in a casual online game: who asked, and how many
// each side has asked for in the game (bounded, so a player cannot pester
// the other with them). Stored with the game (live_fields.hpp), so the
// opponent may answer on another node.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "core/game.hpp"

namespace dvonn::server {

struct TakebackRequest {
  static constexpr int kMaxPerPlayer = 3;

  std::optional<Color> from;  // waiting for the other side's answer
  int asked[2] = {0, 0};      // by colour

  int& asked_by(Color c) { return asked[c == Color::White ? 0 : 1]; }

  // The state's "takeback" field: null, or {"from"}.
  nlohmann::json json() const {
    if (!from) return nullptr;
    return {{"from", *from == Color::White ? "white" : "black"}};
  }
};

}  // namespace dvonn::server
