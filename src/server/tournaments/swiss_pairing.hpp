// One Swiss round's pairings, from the entrants still in and every game so
// far (any round, any entrant, withdrawn ones included: their games count
// for their opponents' colours and repeats).
//
// The rules, in order of importance:
//  1. nobody plays twice in a round; an odd count gives exactly one bye, to
//     the lowest-ranked player among those with the fewest byes (so nobody
//     has a second bye while someone has none); a bye scores 1 point;
//  2. forbidden(a, b) pairs (e.g. two engines) meet only when no pairing of
//     the round avoids them (then as few as possible);
//  3. no two players meet again, unless no pairing of the round avoids it
//     (then the fewest repeats the forbidden pairs allow);
//  4. colours: nobody gets a colour difference beyond +-2 nor the same
//     colour three times in a row while the round can avoid it; otherwise
//     whoever has had white more often (or, equal, white most recently)
//     gets black; in round 1 the higher-rated has white on odd boards;
//  5. players meet their own score group: groups are paired from the top,
//     the top half against the bottom half of each (by score then rating,
//     so round 1 is the top half of the ratings against the bottom half);
//     a player who cannot be paired in their group floats down to the next.
//     The top group has as few floats as rules 1-4 allow; further down
//     this is a preference of the greedy search.
//
// The approach: a Dutch-style greedy with backtracking. Players are ranked
// by score, rating, id. The bye is given first; then the top remaining
// player takes the best partner by a cost (same score group, the rest of
// the group left pairable among itself, colour preferences met, distance
// from the Dutch "half below" partner). Rules 2-4, and 5 for the top
// group, are kept exact by maximum-cardinality matchings (Edmonds' blossom
// algorithm) of the graphs of pairs without a forbidden pair / also without
// a repeat / also without a colour clash / also not across the top group's
// edge: a maximum matching tells the fewest bad pairs the round
// needs, and before a pair is taken, the matching of what is left (repaired
// in O(n^2)) tells whether that minimum can still be met. So the search
// rarely goes back; when these cannot all be met at their minimum at
// once, a later rule's target is raised (a few times, then dropped), and a
// search budget bounds the worst case. 200 entrants take milliseconds.
// Deterministic: ties go by id; a caller who wants chance shuffles first.
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
