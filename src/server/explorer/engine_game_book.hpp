// The explorer's "Engine" source: the bundled engine games
// (engine_game_set.hpp) counted by position, in memory, built once at start.
// Read-only after construction, so any thread may query it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "server/explorer/engine_game_set.hpp"
#include "server/explorer/explorer_query.hpp"

namespace dvonn::server {

class EngineGameBook {
 public:
  explicit EngineGameBook(const std::vector<EngineGame>& games);

  // The placements played from a position (its canonical string).
  std::vector<PlacementStats> moves_from(const std::string& position) const;
  std::size_t games() const { return games_; }

 private:
  std::map<std::string, std::map<std::string, PlacementStats>> by_position_;
  std::size_t games_ = 0;
};

}  // namespace dvonn::server
