// An arena's pairings of the moment: whoever is free now is paired with
// another free player. As many games as the rules allow (a maximum
// matching of the allowed pairs), the leaders (by points, then rating)
// choosing first the closest partner by points, then rating, that keeps
// that number. Never the same two players twice in a row (either one's last
// opponent) nor a forbidden(a, b) pair while anyone else is free; when only
// those two are free they do play (waiting would help nobody). Colours
// balanced per player: whoever has had white more often gets black, then
// whoever had white last, then the leader has white (so a player's colours
// alternate). Deterministic: ties broken by id.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "server/tournaments/tournament_game.hpp"
#include "server/tournaments/tournament_pairing.hpp"

namespace dvonn::server {

struct ArenaEntrant {
  std::int64_t id = 0;
  double rating = 0;
  double points = 0;
};

// The pairs to start now; whoever is left unpaired (an odd one out, or
// someone whose only free opponent they just played) stays waiting.
// forbidden may be empty.
std::vector<Pairing> arena_pairing(const std::vector<ArenaEntrant>& free, const std::vector<TournamentGame>& history,
                                   const std::function<bool(std::int64_t, std::int64_t)>& forbidden);

}  // namespace dvonn::server
