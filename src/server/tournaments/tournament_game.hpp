// One played (or playing) tournament game or bye, as the pairing and
// standings algorithms see it: who had which colour, in which round, and how
// it ended. The director turns its stored games into these.
#pragma once

#include <cstdint>

namespace dvonn::server {

enum class GameResult { Pending, WhiteWins, BlackWins, Draw };

struct TournamentGame {
  int round = 0;                            // Swiss/round-robin round (1-based); arena: 0
  std::int64_t white = 0;                   // entrant ids (the users' ids)
  std::int64_t black = 0;                   // 0 for a bye (white got the bye)
  GameResult result = GameResult::Pending;  // a bye's result is ignored: it always scores 1
  std::int64_t ended_ms = 0;                // arena: order of results (streaks); else 0 is fine
};

// Whether the game is a bye (no opponent).
inline bool is_bye(const TournamentGame& game) { return game.black == 0; }

}  // namespace dvonn::server
