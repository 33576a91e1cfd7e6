// Board geometry: the 49 spaces, their coordinates, neighbours and the
// precomputed tables the move generator needs.
//
// A space with column x (A=0) and row y (row 1 = 0) has index y * 12 + x. The
// stride of 12 leaves a guard column (x = 11) that is never a space, so the
// six neighbour directions are plain shifts of a 64-bit bitboard by 1, 12 and
// 13 that can never wrap onto another space.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dvonn {

using Bitboard = std::uint64_t;
using Square = int;

inline constexpr int kStride = 12;
inline constexpr int kNumSpaces = 49;
inline constexpr int kNumSquareSlots = 64;
inline constexpr Square kNoSquare = -1;

// Longest straight line is 11 spaces (row 3), so no stack taller than 10 moves.
inline constexpr int kMaxMoveDistance = 10;

constexpr int file_of(Square s) { return s % kStride; }
constexpr int rank_of(Square s) { return s / kStride; }
constexpr Square make_square(int x, int y) { return y * kStride + x; }

constexpr bool on_board(int x, int y) {
  if (y < 0 || y > 4) return false;
  int lo = y > 2 ? y - 2 : 0;
  int hi = 8 + y < 10 ? 8 + y : 10;
  return x >= lo && x <= hi;
}

constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }

// The six directions, in cyclic order around a space (each is adjacent to
// the next), as (dx, dy).
inline constexpr std::array<std::array<int, 2>, 6> kDirections = {{{1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1}}};

// Geometry tables, computed at compile time so the move generator reads
// them without any initialisation check.
struct BoardTables {
  Bitboard board = 0;
  Bitboard edge = 0;
  Bitboard interior = 0;
  std::array<Bitboard, kNumSquareSlots> neighbours{};
  // reach[s][h]: targets a stack of height h on s could reach (exactly h
  // spaces away in one of the six directions); empty for h > 10.
  std::array<std::array<Bitboard, 16>, kNumSquareSlots> reach{};
  // The 49 spaces in index order (row 1 A..I, then row 2, ...).
  std::array<Square, kNumSpaces> spaces{};
};

constexpr BoardTables make_board_tables() {
  BoardTables t;
  int n = 0;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 11; ++x)
      if (on_board(x, y)) {
        t.board |= bit(make_square(x, y));
        t.spaces[n++] = make_square(x, y);
      }
  for (Square s : t.spaces) {
    int x = file_of(s), y = rank_of(s), count = 0;
    for (auto [dx, dy] : kDirections)
      if (on_board(x + dx, y + dy)) {
        t.neighbours[s] |= bit(make_square(x + dx, y + dy));
        ++count;
      }
    (count < 6 ? t.edge : t.interior) |= bit(s);
    for (int h = 1; h <= kMaxMoveDistance; ++h)
      for (auto [dx, dy] : kDirections)
        if (on_board(x + h * dx, y + h * dy)) t.reach[s][h] |= bit(make_square(x + h * dx, y + h * dy));
  }
  return t;
}

inline constexpr BoardTables kBoard = make_board_tables();

constexpr Bitboard board_mask() { return kBoard.board; }
// Spaces with fewer than six neighbours: never blocked.
constexpr Bitboard edge_mask() { return kBoard.edge; }
constexpr Bitboard interior_mask() { return kBoard.interior; }
constexpr Bitboard neighbours(Square s) { return kBoard.neighbours[s]; }
constexpr Bitboard reach(Square s, int height) { return height < 16 ? kBoard.reach[s][height] : 0; }
constexpr const std::array<Square, kNumSpaces>& all_spaces() { return kBoard.spaces; }

// All spaces in b or adjacent to one, on the board.
constexpr Bitboard expand(Bitboard b) {
  return (b | (b << 1) | (b >> 1) | (b << 12) | (b >> 12) | (b << 13) | (b >> 13)) & kBoard.board;
}

// "A1".."K5"; accepts lower case. Returns nullopt for anything else.
std::optional<Square> parse_square(std::string_view text);
std::string square_name(Square s);

// The direction index (into kDirections) and distance from a to b when b is
// on a straight line from a; nullopt otherwise.
struct LineStep {
  int direction;
  int distance;
};
std::optional<LineStep> line_between(Square a, Square b);

inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
inline Square lsb(Bitboard b) { return __builtin_ctzll(b); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

}  // namespace dvonn
