// The random setup: the board filled at random, play starting in phase 2.
#pragma once

#include <cstdint>

#include "core/game.hpp"

namespace dvonn {

// The same seed gives the same board on every machine; the three Dvonn
// pieces are never adjacent; White moves first.
BoardState random_setup(std::uint64_t seed);

}  // namespace dvonn
