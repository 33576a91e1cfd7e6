// A player's statistics on the profile (docs/community-api.md, "Profiles"):
// finished games by time-control family, results as White and as Black, the
// average final difference, winning streaks and the opponents met most
// often. Only games that ended (by the count, a resignation or the time)
// count: cancelled and aborted games do not. Counted by the database; the
// streaks read one small row per game, oldest first, never all at once.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/store/database.hpp"

namespace dvonn::server {

// The winning streaks of a sequence of results, oldest first (+1 a win,
// 0 a draw, -1 a loss): the longest run of wins, and the run of wins at the
// end. A draw or a loss ends a run.
struct WinningStreaks {
  int longest = 0;
  int current = 0;
  void add(int outcome) {
    current = outcome > 0 ? current + 1 : 0;
    if (current > longest) longest = current;
  }
};

// How many opponents the statistics list.
inline constexpr int kTopOpponents = 5;

// {"by_clock": [{"family", "games", "wins", "losses", "draws"}...],
//  "as_white": {"games", "wins", "losses", "draws"}, "as_black": {...},
//  "difference": {"average", "games"}, "streaks": {"longest", "current"},
//  "opponents": [{"player": PLAYER, "games", "wins", "losses", "draws"}...]}
// of a user, read in the caller's read of the database.
nlohmann::json profile_stats(Database* db, std::int64_t user);

}  // namespace dvonn::server
