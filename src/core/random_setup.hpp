// The random setup: the board filled at random, play starting in phase 2.
#pragma once

#include <cstdint>

#include "core/game.hpp"

namespace dvonn {

// The same seed gives the same board on every machine; the three Dvonn
// pieces are never adjacent; White moves first.
BoardState random_setup(std::uint64_t seed);

// The board after `placements` random placements from the empty board (the
// three Dvonn pieces first, then Black and White alternately): a varied
// opening for matches that still play the placement phase. The same seed
// gives the same board on every machine.
BoardState random_opening(std::uint64_t seed, int placements);

}  // namespace dvonn
