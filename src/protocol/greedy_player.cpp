#include "protocol/greedy_player.hpp"

#include <stdexcept>
#include <vector>

namespace dvonn::protocol {

int GreedyPlayer::lead_after(const Position& before, Move m) {
  Color me = before.side_to_move();
  Position after = before;
  after.play(m);
  Score s = after.score();
  return me == Color::White ? s.white - s.black : s.black - s.white;
}

Move GreedyPlayer::choose(const Position& position) {
  MoveList list;
  position.generate(list);
  if (list.size == 0) throw std::logic_error("GreedyPlayer::choose: the game is over");
  std::vector<Move> best;
  int best_lead = 0;
  for (Move m : list) {
    int lead = lead_after(position, m);
    if (best.empty() || lead > best_lead) {
      best.assign(1, m);
      best_lead = lead;
    } else if (lead == best_lead) {
      best.push_back(m);
    }
  }
  // The modulo of the raw 64-bit output (not a std distribution) keeps the
  // choice the same with every standard library for a given seed.
  return best[rng_() % best.size()];
}

}  // namespace dvonn::protocol
