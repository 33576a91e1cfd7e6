// The one-ply greedy baseline: the move that maximizes the mover's
// immediate piece-count difference (ties broken at random; placements are
// random since they do not change the count). The top level must beat it
// at least 95% of the time; tests and the self-play harness use it.
#pragma once

#include <cstdint>
#include <random>

#include "core/position.hpp"

namespace dvonn::engine {

Move greedy_move(const Position& p, std::mt19937_64& rng);

}  // namespace dvonn::engine
