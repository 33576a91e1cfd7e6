#include "engine/baseline.hpp"

namespace dvonn::engine {

Move greedy_move(const Position& p, std::mt19937_64& rng) {
  MoveList list;
  p.generate(list);
  if (list.size == 0) return Move::pass();
  const Color me = p.side_to_move();
  Position q = p;
  int best = -1000, ties = 0;
  Move chosen = list[0];
  for (const Move m : list) {
    Undo u;
    q.play(m, u);
    Score s = q.score();
    int diff = me == Color::White ? s.white - s.black : s.black - s.white;
    q.undo(u);
    if (diff > best) {
      best = diff;
      chosen = m;
      ties = 1;
    } else if (diff == best && rng() % ++ties == 0) {  // reservoir sampling among equals
      chosen = m;
    }
  }
  return chosen;
}

}  // namespace dvonn::engine
