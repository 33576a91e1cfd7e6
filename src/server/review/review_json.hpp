// A game review as JSON: what GET /api/games/{id}/review serves and `dvonn
// analyze --review --json` prints (docs/community-api.md "Game review"),
// and one position's evaluation as a review job stores it while it runs.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

#include "core/game.hpp"
#include "engine/review.hpp"

namespace dvonn::server {

nlohmann::json position_eval_json(const engine::PositionEval& e);
// Back from position_eval_json; nullopt when it is not one.
std::optional<engine::PositionEval> position_eval_from_json(const nlohmann::json& j);

// The whole review of a game: the budget, the scale and thresholds, every
// position (score, exact, best move and line), every move (class, loss,
// accuracy) and each player's summary.
nlohmann::json review_json(const engine::GameReview& review, const Game& game);

}  // namespace dvonn::server
