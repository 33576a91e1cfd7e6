// Connection to the Dvonn pieces (rule 13): the flood fill that finds what
// stays on the board, and the cheap local test that tells when a stack's
// departure cannot cut anything off, so the flood fill can be skipped.
#pragma once

#include <array>
#include <cstdint>

#include "core/board.hpp"

namespace dvonn {

namespace connectivity_detail {
// The neighbour offsets in index order are -13, -12, -1, +1, +12, +13; these
// are their positions in cyclic order around a space (+1 +13 +12 -1 -13 -12).
inline constexpr std::array<int, 6> kCyclic = {3, 5, 4, 2, 0, 1};

constexpr std::array<bool, 64> make_single_arc() {
  std::array<bool, 64> t{};
  for (int p = 0; p < 64; ++p) {
    int starts = 0;  // occupied neighbours whose predecessor on the ring is empty
    for (int i = 0; i < 6; ++i) {
      bool here = p >> kCyclic[i] & 1;
      bool prev = p >> kCyclic[(i + 5) % 6] & 1;
      if (here && !prev) ++starts;
    }
    t[p] = starts <= 1;
  }
  return t;
}
}  // namespace connectivity_detail

// For each pattern of occupied neighbours (see ring_pattern), whether the
// occupied ones form at most one contiguous arc around the space. If so,
// emptying that space cannot split anything apart.
inline constexpr std::array<bool, 64> kSingleArc = connectivity_detail::make_single_arc();

// Occupancy of the six neighbours of s as a 6-bit pattern, bit i for the
// neighbour at index offset -13, -12, -1, +1, +12, +13 (in that order).
inline int ring_pattern(Bitboard occ, Square s) {
  // Shift through 128 bits so offsets below 0 or above 63 read as empty.
  unsigned __int128 wide = static_cast<unsigned __int128>(occ) << 16;
  auto w = static_cast<std::uint64_t>(wide >> (s + 3));  // bit 0 = s - 13
  return static_cast<int>((w & 3) | ((w >> 10) & 4) | ((w >> 11) & 8) | ((w >> 21) & 48));
}

// Whether moving the stack away from s can cut anything off, on a board
// where everything is connected: only when its occupied neighbours form two
// or more separate arcs (the space was a bridge) or the stack carries a
// Dvonn piece away.
inline bool departure_may_split(Bitboard occupied, Bitboard dvonn, Square s) {
  return (dvonn & bit(s)) || !kSingleArc[ring_pattern(occupied & ~bit(s), s)];
}

// The occupied spaces connected to a Dvonn piece through occupied neighbours.
inline Bitboard connected_to_dvonn(Bitboard dvonn, Bitboard occ) {
  Bitboard r = dvonn;
  for (;;) {
    Bitboard n = r | (((r << 1) | (r >> 1) | (r << 12) | (r >> 12) | (r << 13) | (r >> 13)) & occ);
    if (n == r) return r;
    r = n;
  }
}

}  // namespace dvonn
