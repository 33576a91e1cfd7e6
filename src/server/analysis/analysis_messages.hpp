// The messages an analysis pushes over /ws/analysis (docs/community-api.md
// "Analysis board"). Scores are White's view whoever is to move: the
// expected final piece difference, White's count minus Black's; exact when
// the solver proved it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/move.hpp"
#include "engine/engine.hpp"

namespace dvonn::server {

// {"type": "analysing", ...}: the request was accepted.
nlohmann::json analysing_message(std::uint64_t id, const std::string& position, int lines);
// {"type": "lines", ...}: a completed depth of the search of a position
// where `mover` is to move.
nlohmann::json lines_message(std::uint64_t id, const std::string& position, Color mover,
                             const engine::SearchReport& report);
// {"type": "analysis-done", ...}: reason "finished" (a cap reached or the
// position solved), "stopped" or "replaced".
nlohmann::json analysis_done_message(std::uint64_t id, const std::string& position, const std::string& reason);

}  // namespace dvonn::server
