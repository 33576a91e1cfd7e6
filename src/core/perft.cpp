#include "core/perft.hpp"

namespace dvonn {

std::uint64_t perft(Position& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(pos.count_moves());
  // Placement children are counted without generating a move list.
  if (depth == 2 && pos.in_placement()) {
    std::uint64_t n = 0;
    Undo u;
    for (Bitboard b = board_mask() & ~pos.occupied(); b;) {
      pos.play(Move::place(pop_lsb(b)), u);
      n += static_cast<std::uint64_t>(pos.count_moves());
      pos.undo(u);
    }
    return n;
  }
  MoveList list;
  pos.generate(list);
  std::uint64_t n = 0;
  if (depth == 2 && !pos.in_placement() && list.size > 0 && list[0].is_step()) {
    for (const Move& m : list) n += static_cast<std::uint64_t>(pos.count_moves_after_step(m.from, m.to));
    return n;
  }
  Undo u;
  for (const Move& m : list) {
    pos.play(m, u);
    n += perft(pos, depth - 1);
    pos.undo(u);
  }
  return n;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth < 1) return result;
  MoveList list;
  pos.generate(list);
  Undo u;
  for (const Move& m : list) {
    pos.play(m, u);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo(u);
  }
  return result;
}

}  // namespace dvonn
