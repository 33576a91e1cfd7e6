// A short key of a game's start and moves, stored beside what was computed
// from them (a review, a game's mined puzzles): when the stored game's key
// differs, its moves changed and the result is refused.
#pragma once

#include <string>

#include "core/game.hpp"

namespace dvonn::server {

// "<moves>-<16 hex digits>": the number of moves and a 64-bit FNV-1a hash of
// the start position and the moves (tells move lists apart; not a secret).
std::string moves_key(const Game& game);

}  // namespace dvonn::server
