// The random player: a uniformly random legal move from a seeded generator.
// The weakest possible opponent, and a quick way to reach odd positions.
#pragma once

#include <cstdint>
#include <random>

#include "core/position.hpp"

namespace dvonn::protocol {

class RandomPlayer {
 public:
  explicit RandomPlayer(std::uint64_t seed = 1) : rng_(seed) {}
  // The position must have a legal move (a forced pass counts).
  Move choose(const Position& position);

 private:
  std::mt19937_64 rng_;
};

}  // namespace dvonn::protocol
