// The online game two paired seekers play: both seats taken at once, the
// clock started, colours drawn at random.
#pragma once

#include <cstdint>
#include <string>

#include "server/pairing/seek_pool.hpp"
#include "server/rooms/game_setup.hpp"

namespace dvonn::server {

struct PairedGame {
  NewGame game;  // game.token is white's
  Seek white, black;
  std::string white_token, black_token;
};

// a_white: whether the first seek's player takes white.
PairedGame paired_game(const Seek& a, const Seek& b, bool a_white, std::int64_t now_ms);

}  // namespace dvonn::server
