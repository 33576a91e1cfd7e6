// Move ordering shared by the search and the solver: the hash move first,
// then moves that can win material (landing on a tall enemy stack, or
// leaving a space whose departure can cut stacks off), then the killer
// moves of this ply, then the rest by history score.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "core/position.hpp"
#include "engine/topology.hpp"

namespace dvonn::engine {

inline constexpr int kMaxPly = 128;

class MoveOrder {
 public:
  void clear() {
    std::memset(history_.data(), 0, sizeof(history_));
    for (auto& k : killers_) k = {Move::pass(), Move::pass()};
  }
  // Halve the history between searches so old games fade.
  void age() {
    for (auto& row : history_)
      for (auto& h : row) h /= 2;
  }

  void score(const Position& p, const MoveList& list, Move hash_move, int ply, std::array<int, 160>& scores) const {
    const Bitboard occ = p.occupied(), dv = p.dvonn_spaces();
    const Bitboard enemy = p.pieces(opponent(p.side_to_move()));
    const Bitboard near1 = expand(dv), near2 = expand(near1);
    for (int i = 0; i < list.size; ++i) {
      const Move m = list[i];
      int s;
      if (m == hash_move) {
        s = 1 << 30;
      } else if (m.is_step()) {
        s = history_[m.from][m.to];
        if (enemy & bit(m.to)) s += 200000 + 1000 * p.height(m.to);
        if (departure_may_split(occ, dv, m.from)) s += 300000;
        if (ply < kMaxPly && (m == killers_[ply][0] || m == killers_[ply][1])) s += 250000;
      } else if (m.is_place()) {
        s = history_[0][m.to];
        // Placements next to the Dvonn pieces and on the edge near them are
        // the ones that matter; try them first.
        if (near1 & bit(m.to)) s += 3000;
        if (near2 & bit(m.to)) s += 1500;
        if (edge_mask() & bit(m.to)) s += 1000;
        if (ply < kMaxPly && (m == killers_[ply][0] || m == killers_[ply][1])) s += 250000;
      } else {
        s = 0;
      }
      scores[i] = s;
    }
  }

  // Selection sort step: moves the best remaining move to position i.
  static void pick(MoveList& list, std::array<int, 160>& scores, int i) {
    int best = i;
    for (int j = i + 1; j < list.size; ++j)
      if (scores[j] > scores[best]) best = j;
    if (best != i) {
      std::swap(list[i], list[best]);
      std::swap(scores[i], scores[best]);
    }
  }

  void on_cutoff(Move m, int ply, int depth) {
    if (m.is_pass()) return;
    int& h = m.is_step() ? history_[m.from][m.to] : history_[0][m.to];
    h += depth * depth;
    if (h > 100000)
      for (auto& row : history_)
        for (auto& x : row) x /= 2;
    if (ply < kMaxPly && !(killers_[ply][0] == m)) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = m;
    }
  }

 private:
  // Stack moves by [from][to]; placements by [0][to]. Steps from A1 share
  // row 0, but placements and steps never occur in the same phase.
  std::array<std::array<int, 64>, 64> history_{};
  std::array<std::array<Move, 2>, kMaxPly> killers_{};
};

}  // namespace dvonn::engine
