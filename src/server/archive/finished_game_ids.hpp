// The finished games of a user (not the cancelled or aborted ones), oldest
// first, for downloading them all (GET /api/me/games/export).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/store/database.hpp"

namespace dvonn::server {

struct FinishedGameId {
  std::string id;
  std::int64_t ended_ms = 0;  // when it ended (its last change)
};

// The latest `limit` of them (all when there are fewer), oldest first, and
// in `total` how many there are.
std::vector<FinishedGameId> finished_game_ids(Database* db, std::int64_t user, int limit, std::int64_t& total);

}  // namespace dvonn::server
