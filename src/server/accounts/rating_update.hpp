// The rating update when a rated game ends, run inside the transaction that
// records the end: both players' current ratings are read, rated with
// Glicko-2 (an engine counts with its fixed rating and a small fixed
// deviation, and its rating never changes), written back, and a
// rating-history row is stored per person; the rating of the game's
// time-control family changes the same way (family_ratings.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "server/base/user.hpp"
#include "server/store/database.hpp"

namespace dvonn::server {

struct RatingChanges {
  bool valid = false;
  double white_before = 0, white_after = 0;
  double black_before = 0, black_after = 0;
  User white_after_player;  // the new rows (engines unchanged)
  User black_after_player;
};

// white_score: 1, 0.5 or 0. Throws StoreError.
RatingChanges rate_finished_game(Database* db, const std::string& game_id, const User& white, const User& black,
                                 double white_score, std::int64_t now_ms);

}  // namespace dvonn::server
