#include "core/random_setup.hpp"

#include <random>
#include <vector>

namespace dvonn {

BoardState random_setup(std::uint64_t seed) {
  // mt19937_64's output is fixed by the standard; the distributions of
  // <random> are not, so indices are drawn by hand.
  std::mt19937_64 rng(seed);
  auto below = [&rng](std::uint64_t n) { return rng() % n; };

  std::vector<Square> free(all_spaces().begin(), all_spaces().end());
  BoardState st;
  std::array<Position::SpaceContents, kNumSquareSlots> contents{};
  Bitboard dvonn = 0;
  while (popcount(dvonn) < kDvonnPieces) {
    std::size_t i = below(free.size());
    Square s = free[i];
    if (expand(dvonn) & bit(s)) continue;  // next to another Dvonn piece
    dvonn |= bit(s);
    free.erase(free.begin() + static_cast<std::ptrdiff_t>(i));
    contents[s] = {1, Top::Dvonn, true};
    st.stacks[s] = "d";
  }
  for (std::size_t i = free.size(); i > 1; --i) std::swap(free[i - 1], free[below(i)]);
  for (std::size_t i = 0; i < free.size(); ++i) {
    bool white = i < static_cast<std::size_t>(kPiecesPerColor);
    contents[free[i]] = {1, white ? Top::White : Top::Black, false};
    st.stacks[free[i]] = white ? "w" : "b";
  }
  st.position = Position::from_contents(contents, Color::White, kTotalPieces);
  return st;
}

BoardState random_opening(std::uint64_t seed, int placements) {
  std::mt19937_64 rng(seed);
  Game game;
  for (int i = 0; i < placements && game.position().in_placement(); ++i) {
    MoveList list;
    game.position().generate(list);
    game.play(list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size))]);
  }
  return game.state();
}

}  // namespace dvonn
