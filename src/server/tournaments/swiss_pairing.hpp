// One Swiss round's pairings, from the entrants still in and every game so
// far (any round, any entrant, withdrawn ones included: their games count
// for their opponents' colours and repeats).
//
// The rules, in order of importance:
//  1. nobody plays twice in a round; an odd count gives exactly one bye, to
//     the lowest-scored player who has not had one yet (whoever has had the
//     fewest byes when everyone has had one); a bye scores 1 point;
//  2. no two players meet again, unless no pairing of the round avoids it
//     (then the fewest repeats); forbidden(a, b) pairs (e.g. two engines)
//     are avoided the same way, before repeats are;
//  3. players meet their own score group: groups are paired from the top,
//     the top half against the bottom half of each (by score then rating,
//     so round 1 is the top half of the ratings against the bottom half);
//     a player who cannot be paired in their group floats down to the next;
//  4. colours: whoever has had white more often gets black; nobody gets the
//     same colour three times in a row nor a colour difference beyond ±2
//     while the round can avoid it (a swap inside the group is preferred).
//
// The approach: a Dutch-style pairing. Players are sorted by score, then
// rating, then id. From the top group down, each player is matched with the
// best opponent of the remaining pool by a cost (score difference, distance
// from the Dutch "half" partner, colour trouble), with depth-first
// backtracking when the rest of the pool could no longer be paired without
// a repeat or a forbidden pair. Whether the rest can be paired at all is
// answered by a maximum-cardinality matching (Edmonds' blossom algorithm,
// O(n^3)), so backtracking never explores a dead end, and when no
// repeat-free pairing exists the matcher's minimum number of repeats is
// accepted instead. Fast for hundreds of entrants; deterministic (ties broken
// by id: a caller who wants chance shuffles the ratings it passes, not us).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "server/tournaments/tournament_game.hpp"
#include "server/tournaments/tournament_pairing.hpp"

namespace dvonn::server {

struct SwissEntrant {
  std::int64_t id = 0;
  double rating = 0;
};

// The pairings of the next round, byes last. forbidden may be empty (no
// forbidden pairs).
std::vector<Pairing> swiss_pairing(const std::vector<SwissEntrant>& active, const std::vector<TournamentGame>& history,
                                   const std::function<bool(std::int64_t, std::int64_t)>& forbidden);

}  // namespace dvonn::server
