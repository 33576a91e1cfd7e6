#include "server/explorer/explorer_query.hpp"

#include <algorithm>
#include <cmath>

#include "core/position_string.hpp"

namespace dvonn::server {

using nlohmann::json;

const std::vector<RatingBand>& rating_bands() {
  static const std::vector<RatingBand> bands = {
      {"all", 0, 0}, {"under-1400", 0, 1400}, {"1400-1800", 1400, 1800}, {"1800-up", 1800, 100000}};
  return bands;
}

std::optional<RatingBand> rating_band(std::string_view name) {
  for (const RatingBand& b : rating_bands())
    if (b.name == name) return b;
  return std::nullopt;
}

std::optional<ExplorerPosition> explorer_position(std::string_view text, std::string& error) {
  if (text.empty()) {
    error = "position must be a position string (docs/position-string.md)";
    return std::nullopt;
  }
  if (text.size() > 400) {
    error = "the position string is too long";
    return std::nullopt;
  }
  std::string why;
  auto state = parse_position(text, &why);
  if (!state) {
    error = "the position string does not parse: " + why;
    return std::nullopt;
  }
  if (!state->position.in_placement()) {
    error = "the position is past the placement phase: the explorer is for placements";
    return std::nullopt;
  }
  return ExplorerPosition{*state, format_position(*state)};
}

json placement_json(const PlacementStats& s, Color mover) {
  double won = static_cast<double>(mover == Color::White ? s.white : s.black);
  double score = s.games ? 100.0 * (won + 0.5 * static_cast<double>(s.draws)) / static_cast<double>(s.games) : 0;
  json rating = s.rated ? json(std::lround(s.rating_sum / static_cast<double>(s.rated))) : json(nullptr);
  return {{"move", s.move},   {"games", s.games}, {"white", s.white},
          {"draws", s.draws}, {"black", s.black}, {"score", std::round(score * 10) / 10},
          {"rating", rating}};
}

json explorer_json(const ExplorerPosition& at, const std::string& source, const std::string& band,
                   const std::string& family, std::vector<PlacementStats> moves) {
  std::sort(moves.begin(), moves.end(), [](const PlacementStats& a, const PlacementStats& b) {
    return a.games != b.games ? a.games > b.games : a.move < b.move;
  });
  const Color mover = at.state.position.side_to_move();
  PlacementStats total;
  json rows = json::array();
  for (const PlacementStats& s : moves) {
    total.games += s.games;
    total.white += s.white;
    total.draws += s.draws;
    total.black += s.black;
    total.rating_sum += s.rating_sum;
    total.rated += s.rated;
    rows.push_back(placement_json(s, mover));
  }
  json t = placement_json(total, mover);
  t.erase("move");
  return {{"position", at.text},
          {"to_move", color_name(mover)},
          {"placed", at.state.position.placed()},
          {"source", source},
          {"band", band},
          {"family", family},
          {"total", t},
          {"moves", rows}};
}

}  // namespace dvonn::server
