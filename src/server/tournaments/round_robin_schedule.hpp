// A round-robin's whole schedule, by the circle method: the first entrant
// stays put and the others turn around it. n entrants play n-1 rounds (n
// rounds when odd: a bye slot joins, and whoever meets it sits out). Every
// pair meets exactly once, and colours alternate so that each entrant's
// whites and blacks differ by at most one.
#pragma once

#include <cstdint>
#include <vector>

#include "server/tournaments/tournament_pairing.hpp"

namespace dvonn::server {

// Round r (0-based) is element r; a bye is {id, 0}, last in its round.
// Fewer than two entrants: no rounds. Ids must not be 0 (the bye).
std::vector<std::vector<Pairing>> round_robin_schedule(const std::vector<std::int64_t>& entrants);

}  // namespace dvonn::server
