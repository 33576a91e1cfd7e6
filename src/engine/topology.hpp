// Board topology the engine needs beyond the rules core: which departures
// can split the board (and so remove stacks), and rings around a set of
// spaces.
#pragma once

#include <array>

#include "core/board.hpp"

namespace dvonn::engine {

namespace detail {
// Offsets of the six neighbours, and the same in cyclic order around a space.
inline constexpr std::array<int, 6> kRingOffsets = {-13, -12, -1, 1, 12, 13};
inline constexpr std::array<int, 6> kCyclic = {3, 5, 4, 2, 0, 1};

constexpr std::array<bool, 64> make_single_arc() {
  std::array<bool, 64> t{};
  for (int p = 0; p < 64; ++p) {
    int starts = 0;
    for (int i = 0; i < 6; ++i) {
      bool here = p >> kCyclic[i] & 1;
      bool prev = p >> kCyclic[(i + 5) % 6] & 1;
      if (here && !prev) ++starts;
    }
    t[p] = starts <= 1;
  }
  return t;
}
inline constexpr std::array<bool, 64> kSingleArc = make_single_arc();
}  // namespace detail

// Occupancy of the six neighbours of s as a 6-bit pattern.
inline int ring_pattern(Bitboard occ, Square s) {
  unsigned __int128 wide = static_cast<unsigned __int128>(occ) << 16;
  auto w = static_cast<std::uint64_t>(wide >> (s + 3));
  return static_cast<int>((w & 3) | ((w >> 10) & 4) | ((w >> 11) & 8) | ((w >> 21) & 48));
}

// Whether moving the stack away from s can disconnect anything: only when
// its occupied neighbours form two or more separate arcs (the space was a
// bridge) or the stack carries a Dvonn piece away. The rules core uses the
// same test to skip its flood fill; the engine uses it to find the moves
// worth a quiescence look without playing every move.
inline bool departure_may_split(Bitboard occupied, Bitboard dvonn, Square s) {
  return (dvonn & bit(s)) || !detail::kSingleArc[ring_pattern(occupied & ~bit(s), s)];
}

// Hexagonal distance between two spaces (neighbours are (+-1,0), (0,+-1),
// (1,1), (-1,-1)).
constexpr int hex_distance(Square a, Square b) {
  int dx = file_of(b) - file_of(a), dy = rank_of(b) - rank_of(a);
  int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy, d = dx - dy < 0 ? dy - dx : dx - dy;
  return (adx + ady + d) / 2;
}

// Spaces occupied in occ and connected to seeds, layered by path length:
// layers[k] = spaces whose shortest occupied path to a seed has k steps.
// Returns the number of layers filled (at most n).
template <int n>
int connection_layers(Bitboard seeds, Bitboard occ, std::array<Bitboard, n>& layers) {
  Bitboard seen = seeds;
  layers[0] = seeds;
  int k = 1;
  for (; k < n; ++k) {
    Bitboard next = expand(layers[k - 1]) & occ & ~seen;
    if (!next) break;
    layers[k] = next;
    seen |= next;
  }
  for (int i = k; i < n; ++i) layers[i] = 0;
  return k;
}

}  // namespace dvonn::engine
