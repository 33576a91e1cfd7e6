// An arena's pairings of the moment: whoever is free now is paired with
// another free player. Closest points first (then closest ratings); never
// the same two players twice in a row (each one's last game) while either
// has anyone else free to play; forbidden(a, b) pairs avoided unless that
// leaves someone unpaired who could play; colours balanced per player
// (whoever has had white more often, or white last, gets black).
// Deterministic: ties broken by id.
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
