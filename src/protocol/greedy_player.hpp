// The one-ply greedy baseline: plays the move that leaves it the largest
// lead in controlled pieces right after the move (its count minus the
// opponent's, rule 16), breaking ties with a seeded random choice. It looks
// no further, so any real engine should beat it; that makes it a yardstick
// and a cheap, reproducible opponent for tests. The choice itself is the
// engine's engine::greedy_move, so there is one greedy baseline.
#pragma once

#include <cstdint>
#include <random>

#include "core/position.hpp"

namespace dvonn::protocol {

class GreedyPlayer {
 public:
  explicit GreedyPlayer(std::uint64_t seed = 1) : rng_(seed) {}
  // The position must have a legal move (a forced pass counts).
  Move choose(const Position& position);

  // The lead in controlled pieces the side to move of `before` has after
  // playing m there (m must be legal).
  static int lead_after(const Position& before, Move m);

 private:
  std::mt19937_64 rng_;
};

}  // namespace dvonn::protocol
