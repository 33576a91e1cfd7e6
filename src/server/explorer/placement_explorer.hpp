// The placement explorer (docs/community-api.md "Placement explorer"): for
// a placement-phase position, the placements played from it in the
// archive's games ("players": ExplorerIndex) or in the bundled engine games
// ("engine": EngineGameBook), and the engine's view of each
// (ExplorerEngine). What the API's explorer routes call.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "server/explorer/engine_game_book.hpp"
#include "server/explorer/explorer_engine.hpp"
#include "server/explorer/explorer_index.hpp"

namespace dvonn::server {

class PlacementExplorer {
 public:
  // engine_games: the text of the engine games (the bundled set unless a
  // test or `dvonn serve --explorer-games` gives another); throws
  // std::invalid_argument when it does not parse.
  PlacementExplorer(GameStore& store, EngineWorkers& engines, ExplorerEngineLimits limits,
                    std::string_view engine_games = bundled_engine_games_text());

  // Starts the background thread: the backfill of the index, then the
  // engine views.
  void start();
  void stop();
  // A game changed and may have ended: indexed if it is over (reads and
  // writes the database; idempotent).
  void game_ended(const std::string& game_id);

  // GET /api/explorer's answer (400 for a bad position, source or band;
  // family is "" / "all" or a family the API checked). Reads the database
  // for the players' source.
  ExplorerAnswer explore(const std::string& position, const std::string& source, const std::string& band,
                         const std::string& family);
  // GET /api/explorer/engine's answer.
  ExplorerAnswer engine_view(const std::string& position, const std::string& address, std::int64_t user);

  ExplorerIndex& index() { return index_; }
  const EngineGameBook& book() const { return book_; }
  ExplorerEngine& engine() { return engine_; }

 private:
  ExplorerIndex index_;
  EngineGameBook book_;
  ExplorerEngine engine_;
  bool backfill_;                      // index the stored games at start
  std::atomic<bool> stopping_{false};  // ends the backfill at stop
};

}  // namespace dvonn::server
