// What the placement explorer is asked (docs/community-api.md "Placement
// explorer") and what it answers: a placement-phase position, the source
// of the games, the rating band and the time-control family; per placement
// played there, how often and how it scored.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace dvonn::server {

// A rating band: the players' average rating in [min, max). A game with a
// guest (no rating) is in no band but "all".
struct RatingBand {
  std::string name;  // "all", "under-1400", "1400-1800", "1800-up"
  double min = 0, max = 0;
  bool all() const { return name == "all"; }
};
const std::vector<RatingBand>& rating_bands();
std::optional<RatingBand> rating_band(std::string_view name);

// A parsed request's position: legal and in the placement phase.
struct ExplorerPosition {
  BoardState state;
  std::string text;  // its canonical position string (format_position)
};
// The position of a position string; nullopt with the reason in error when
// it does not parse, is not legal, or is past the placement phase.
std::optional<ExplorerPosition> explorer_position(std::string_view text, std::string& error);

// One placement played from a position.
struct PlacementStats {
  std::string move;  // "E3"
  std::int64_t games = 0, white = 0, draws = 0, black = 0;
  double rating_sum = 0;   // of the games with a rating
  std::int64_t rated = 0;  // how many games have one
};

// {"move", "games", "white", "draws", "black", "score", "rating"}: score is
// the mover's, percent (a win 1, a draw 1/2); rating the players' average
// rating over the rated games (null: none).
nlohmann::json placement_json(const PlacementStats& s, Color mover);
// The whole answer: the position, the filters, the totals and the moves,
// most played first.
nlohmann::json explorer_json(const ExplorerPosition& at, const std::string& source, const std::string& band,
                             const std::string& family, std::vector<PlacementStats> moves);

}  // namespace dvonn::server
