#include "protocol/greedy_player.hpp"

#include <stdexcept>

#include "engine/baseline.hpp"

namespace dvonn::protocol {

int GreedyPlayer::lead_after(const Position& before, Move m) {
  Color me = before.side_to_move();
  Position after = before;
  after.play(m);
  Score s = after.score();
  return me == Color::White ? s.white - s.black : s.black - s.white;
}

Move GreedyPlayer::choose(const Position& position) {
  if (position.is_over()) throw std::logic_error("GreedyPlayer::choose: the game is over");
  return engine::greedy_move(position, rng_);
}

}  // namespace dvonn::protocol
