// Zobrist keys: random 64-bit numbers whose XOR identifies a position.
#pragma once

#include <array>
#include <cstdint>

#include "core/board.hpp"

namespace dvonn {

struct ZobristKeys {
  // Height part of a space's key, for heights 0..49 (0 unused).
  std::array<std::array<std::uint64_t, 50>, kNumSquareSlots> height{};
  // Top part: 0 white, 1 black, 2 white over a Dvonn piece, 3 black over a
  // Dvonn piece, 4 lone Dvonn piece.
  std::array<std::array<std::uint64_t, 5>, kNumSquareSlots> top{};
  std::uint64_t black_to_move = 0;
  std::uint64_t movement_phase = 0;
};

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys z;
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state]() {  // splitmix64: fixed, so keys are the same everywhere
    std::uint64_t r = (state += 0x9E3779B97F4A7C15ull);
    r = (r ^ (r >> 30)) * 0xBF58476D1CE4E5B9ull;
    r = (r ^ (r >> 27)) * 0x94D049BB133111EBull;
    return r ^ (r >> 31);
  };
  for (auto& row : z.height)
    for (auto& k : row) k = next();
  for (auto& row : z.top)
    for (auto& k : row) k = next();
  z.black_to_move = next();
  z.movement_phase = next();
  return z;
}

inline constexpr ZobristKeys kZobrist = make_zobrist_keys();

// The key of one space's stack.
constexpr std::uint64_t space_key(Square s, int height, int top_kind) {
  return kZobrist.height[s][height] ^ kZobrist.top[s][top_kind];
}

}  // namespace dvonn
