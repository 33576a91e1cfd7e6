#include "engine/baseline.hpp"

namespace dvonn::engine {
namespace {

int lead_of(const Position& p, Color me) {
  Score s = p.score();
  return me == Color::White ? s.white - s.black : s.black - s.white;
}

}  // namespace

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
    int diff = lead_of(q, me);
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

Move random_move(const Position& p, std::mt19937_64& rng) {
  MoveList list;
  p.generate(list);
  if (list.size == 0) return Move::pass();
  // Raw modulo rather than a std distribution: the same seed gives the same
  // game with every standard library.
  return list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size))];
}

int lead_after(const Position& before, Move m) {
  Position after = before;
  after.play(m);
  return lead_of(after, before.side_to_move());
}

}  // namespace dvonn::engine
