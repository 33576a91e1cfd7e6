// The search position: the compact state the rules core plays on.
//
// Per space it keeps what the rules need (height, top colour, whether a
// Dvonn piece is inside), as bitboards plus a height array. The colours
// inside a stack do not affect play; Game keeps them for display.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/board.hpp"
#include "core/move.hpp"

namespace dvonn {

inline constexpr int kTotalPieces = 49;
inline constexpr int kDvonnPieces = 3;
inline constexpr int kPiecesPerColor = 23;

enum class Phase : std::uint8_t { Placement, Movement, Over };
const char* phase_name(Phase p);

// What lies on top of a space (or None when it is empty).
enum class Top : std::uint8_t { None, White, Black, Dvonn };

struct Score {
  int white = 0;
  int black = 0;
};

// Everything needed to take back one move exactly.
struct Undo {
  Bitboard occupied, white, black, dvonn;
  std::uint64_t key;
  Move move;
};

class Position {
 public:
  // The empty board, White to place the first Dvonn piece.
  Position() { key_ = compute_key(); }

  // ---- queries ----
  Color side_to_move() const { return side_; }
  int placed() const { return placed_; }
  bool in_placement() const { return placed_ < kTotalPieces; }
  Phase phase() const;  // Over when neither side can move
  bool is_over() const { return phase() == Phase::Over; }
  std::uint64_t key() const { return key_; }

  Bitboard occupied() const { return occupied_; }
  Bitboard pieces(Color c) const { return c == Color::White ? white_ : black_; }
  Bitboard dvonn_spaces() const { return dvonn_; }
  int height(Square s) const { return (occupied_ & bit(s)) ? height_[s] : 0; }
  // The height of an occupied space, unchecked (the evaluation's loops
  // over stacks).
  int stack_height(Square s) const { return height_[s]; }
  Top top(Square s) const;
  bool has_dvonn(Square s) const { return dvonn_ & bit(s); }

  // What the next placement puts down: a Dvonn piece for the first three.
  bool next_placement_is_dvonn() const { return placed_ < kDvonnPieces; }

  // Stacks of the given colour with all six neighbours occupied.
  Bitboard blocked() const {
    Bitboard o = occupied_;
    return o & interior_mask() & (o >> 1) & (o << 1) & (o >> 12) & (o << 12) & (o >> 13) & (o << 13);
  }
  // Stacks of colour c that can move somewhere.
  Bitboard movable(Color c) const;

  Score score() const;

  // ---- move generation ----
  // All legal moves; a forced pass is the single move PASS; none when over.
  void generate(MoveList& list) const;
  // The number of legal moves, as generate() would list them, without
  // building the list (for bulk-counted perft).
  int count_moves() const {
    if (in_placement()) return kTotalPieces - placed_;
    int n = count_steps(side_);
    if (n) return n;
    return can_step(opponent(side_)) ? 1 : 0;
  }
  int count_steps(Color c) const { return count_steps_on(occupied_, c == Color::White ? white_ : black_); }
  // Whether colour c has a stack move, stopping at the first stack that can
  // move (the search asks at every quiescence node whether the game is over).
  bool can_step(Color c) const {
    const Bitboard occ = occupied_;
    Bitboard own = (c == Color::White ? white_ : black_) & ~blocked();
    while (own) {
      const Square s = pop_lsb(own);
      if (reach(s, height_[s] < 11 ? height_[s] : 11) & occ) return true;
    }
    return false;
  }
  // The number of legal moves after the stack move from -> to, which must be
  // legal, without making it: the last two plies of a bulk-counted perft.
  int count_moves_after_step(Square from, Square to);
  bool is_legal(Move m) const;
  // Why m is illegal here, in words; empty when it is legal.
  std::string explain_illegal(Move m) const;

  // ---- making moves ----
  // m must be legal. Applies it, including removal of disconnected stacks.
  void play(Move m, Undo& undo);
  void undo(const Undo& undo);
  void play(Move m) {
    Undo u;
    play(m, u);
  }

  // Bitboard of spaces removed by the last stack move, given its Undo.
  Bitboard removed_by(const Undo& u) const { return u.occupied & ~occupied_ & ~bit(u.move.from); }

  // ---- construction from explicit contents (position strings, tests) ----
  struct SpaceContents {
    int height = 0;  // 0 = empty
    Top top = Top::None;
    bool dvonn = false;
  };
  // Builds a position; does not validate (see position_string for that).
  static Position from_contents(const std::array<SpaceContents, kNumSquareSlots>& spaces, Color side, int placed);

  std::uint64_t compute_key() const;  // from scratch, for checking
  // Spaces occupied but not connected to any Dvonn piece.
  Bitboard disconnected() const;

  friend bool operator==(const Position& a, const Position& b);

 private:
  void remove_disconnected();
  // Stack moves of the stacks in own on a board occupied as occ, with the
  // heights of height_.
  int count_steps_on(Bitboard occ, Bitboard own) const {
    Bitboard blocked =
        occ & interior_mask() & (occ >> 1) & (occ << 1) & (occ >> 12) & (occ << 12) & (occ >> 13) & (occ << 13);
    own &= ~blocked;
    int n = 0;
    while (own) {
      Square s = pop_lsb(own);
      n += popcount(kBoard.reach[s][height_[s] < 11 ? height_[s] : 11] & occ);
    }
    return n;
  }

  Bitboard occupied_ = 0;
  Bitboard white_ = 0;  // stacks with a white piece on top
  Bitboard black_ = 0;  // stacks with a black piece on top
  Bitboard dvonn_ = 0;  // spaces whose stack holds a Dvonn piece
  // Height of each occupied space; stale (and ignored) on empty spaces.
  std::array<std::uint8_t, kNumSquareSlots> height_{};
  Color side_ = Color::White;
  std::uint8_t placed_ = 0;
  std::uint64_t key_ = 0;
};

}  // namespace dvonn
