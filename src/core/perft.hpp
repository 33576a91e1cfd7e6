// Perft: the number of leaf positions at a fixed depth, for checking and
// timing the move generator. The last ply is counted in bulk (its moves are
// counted, not played).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.hpp"

namespace dvonn {

std::uint64_t perft(Position& pos, int depth);

// Perft of each legal move's child at depth - 1, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace dvonn
