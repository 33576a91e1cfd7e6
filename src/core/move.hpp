// A move: a placement (phase 1), a stack move (phase 2) or a forced pass.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/board.hpp"

namespace dvonn {

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }
inline const char* color_name(Color c) { return c == Color::White ? "white" : "black"; }

struct Move {
  enum class Kind : std::uint8_t { Place, Step, Pass };
  Kind kind = Kind::Pass;
  std::uint8_t from = 0;  // Step only
  std::uint8_t to = 0;    // Place and Step

  static constexpr Move place(Square s) { return {Kind::Place, 0, static_cast<std::uint8_t>(s)}; }
  static constexpr Move step(Square a, Square b) {
    return {Kind::Step, static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
  }
  static constexpr Move pass() { return {}; }

  constexpr bool is_place() const { return kind == Kind::Place; }
  constexpr bool is_step() const { return kind == Kind::Step; }
  constexpr bool is_pass() const { return kind == Kind::Pass; }
  friend constexpr bool operator==(const Move& a, const Move& b) {
    return a.kind == b.kind && (a.kind == Kind::Pass || (a.to == b.to && (a.kind == Kind::Place || a.from == b.from)));
  }
};

// Canonical notation: "E3", "A1B2", "PASS".
std::string to_string(Move m);

// Reads a move's notation (no legality check): canonical form, lower case,
// and a dash between the squares ("a1-b2"). On failure returns nullopt and,
// if error is given, says what was wrong.
std::optional<Move> parse_move(std::string_view text, std::string* error = nullptr);

// A fixed-capacity list: no position has more than 49 placements or
// 23 stacks x 6 directions of moves.
struct MoveList {
  std::array<Move, 160> moves;
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  Move& operator[](int i) { return moves[i]; }
  const Move& operator[](int i) const { return moves[i]; }
  bool contains(Move m) const {
    for (const Move& x : *this)
      if (x == m) return true;
    return false;
  }
};

}  // namespace dvonn
