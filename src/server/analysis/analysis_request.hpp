// An analysis board's request (docs/community-api.md "Analysis board"):
// {"type": "analyse", "position": "<position string>", "lines": 1..3},
// checked before anything starts.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/game.hpp"

namespace dvonn::server {

inline constexpr int kMaxAnalysisLines = 3;
// Longer than any position string (49 spaces, stacks of up to 49 pieces).
inline constexpr std::size_t kMaxPositionChars = 400;

struct AnalysisRequest {
  std::string position;  // as sent, trimmed
  BoardState board;
  int lines = 1;
};

// The request of an "analyse" message; nullopt, with what is wrong in
// error, when it is malformed, its position is not legal or the game is
// over there (nothing to analyse).
std::optional<AnalysisRequest> parse_analysis_request(const nlohmann::json& message, std::string& error);

}  // namespace dvonn::server
