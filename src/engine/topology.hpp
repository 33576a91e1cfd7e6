// Board topology the engine needs beyond the rules core: distances and
// rings around a set of spaces.
#pragma once

#include <array>

#include "core/board.hpp"
#include "core/connectivity.hpp"

namespace dvonn::engine {

// The arc test (departure_may_split) and the flood fill come from the rules
// core: core/connectivity.hpp.
using dvonn::departure_may_split;

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
