#include "server/explorer/placement_explorer.hpp"

#include <stdexcept>

namespace dvonn::server {
namespace {

using nlohmann::json;

std::vector<EngineGame> parsed_games(std::string_view text) {
  std::string error;
  auto games = parse_engine_games(text, &error);
  if (!games) throw std::invalid_argument("the explorer's engine games do not parse: " + error);
  return *games;
}

ExplorerAnswer bad_request(const std::string& message) { return {400, json{{"error", message}}}; }

}  // namespace

PlacementExplorer::PlacementExplorer(GameStore& store, EngineWorkers& engines, ExplorerEngineLimits limits,
                                     std::string_view engine_games)
    : index_(store), book_(parsed_games(engine_games)), engine_(engines, limits), backfill_(limits.backfill) {}

void PlacementExplorer::start() {
  if (backfill_)
    engine_.start([this] { index_.backfill(200, &stopping_); });
  else
    engine_.start();
}

void PlacementExplorer::stop() {
  stopping_ = true;
  engine_.stop();
}

void PlacementExplorer::game_ended(const std::string& game_id) { index_.index_game(game_id); }

ExplorerAnswer PlacementExplorer::explore(const std::string& position, const std::string& source,
                                          const std::string& band_name, const std::string& family) {
  std::string error;
  auto at = explorer_position(position, error);
  if (!at) return bad_request(error);
  const std::string from = source.empty() ? "players" : source;
  if (from != "players" && from != "engine") return bad_request("source must be players or engine");
  auto band = rating_band(band_name.empty() ? "all" : band_name);
  if (!band) {
    std::string names;
    for (const RatingBand& b : rating_bands()) names += (names.empty() ? "" : ", ") + b.name;
    return bad_request("band must be one of " + names);
  }
  const std::string fam = family.empty() ? "all" : family;
  // The engine games have no ratings and no clocks: the filters are for
  // the players' games only.
  if (from == "engine") return {200, explorer_json(*at, from, "all", "all", book_.moves_from(at->text))};
  return {200, explorer_json(*at, from, band->name, fam, index_.moves_from(at->text, *band, fam))};
}

ExplorerAnswer PlacementExplorer::engine_view(const std::string& position, const std::string& address,
                                              std::int64_t user) {
  std::string error;
  auto at = explorer_position(position, error);
  if (!at) return bad_request(error);
  return engine_.view(*at, address, user);
}

}  // namespace dvonn::server
