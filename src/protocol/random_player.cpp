#include "protocol/random_player.hpp"

#include <stdexcept>

namespace dvonn::protocol {

Move RandomPlayer::choose(const Position& position) {
  MoveList list;
  position.generate(list);
  if (list.size == 0) throw std::logic_error("RandomPlayer::choose: the game is over");
  // Raw modulo rather than a std distribution: the same seed gives the same
  // game with every standard library.
  return list[static_cast<int>(rng_() % static_cast<std::uint64_t>(list.size))];
}

}  // namespace dvonn::protocol
