// Tournaments as the API and /ws/tournament show them
// (docs/community-api.md, "Tournaments"): the summary T, and the whole
// view (entrants, standings, rounds, arena games).
#pragma once

#include <nlohmann/json.hpp>

#include "server/tournaments/tournament_record.hpp"

namespace dvonn::server {

// T: {"id", "name", "kind", "clock", "rated", "rounds", "duration_minutes",
// "starts_ms", "ends_ms", "status", "round", "players", "private",
// "created_by"}.
nlohmann::json tournament_summary_json(const Tournament& t);
// {"tournament": T, "entrants": [E], "standings": [S], "rounds": [R],
// "games": [G]}.
nlohmann::json tournament_view_json(const TournamentRecord& record);

}  // namespace dvonn::server
