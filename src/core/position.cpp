#include "core/position.hpp"

#include <array>

#include "core/connectivity.hpp"
#include "core/zobrist.hpp"

namespace dvonn {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Placement:
      return "placement";
    case Phase::Movement:
      return "movement";
    case Phase::Over:
      return "over";
  }
  return "?";
}

static int top_kind(Top t, bool dvonn) {
  if (t == Top::Dvonn) return 4;
  return (t == Top::White ? 0 : 1) + (dvonn ? 2 : 0);
}

Top Position::top(Square s) const {
  Bitboard b = bit(s);
  if (!(occupied_ & b)) return Top::None;
  if (white_ & b) return Top::White;
  if (black_ & b) return Top::Black;
  return Top::Dvonn;
}

Phase Position::phase() const {
  if (in_placement()) return Phase::Placement;
  if (can_step(Color::White) || can_step(Color::Black)) return Phase::Movement;
  return Phase::Over;
}

Bitboard Position::movable(Color c) const {
  Bitboard own = pieces(c) & ~blocked();
  Bitboard result = 0;
  for (Bitboard b = own; b;) {
    Square s = pop_lsb(b);
    if (reach(s, height_[s] < 11 ? height_[s] : 11) & occupied_) result |= bit(s);
  }
  return result;
}

Score Position::score() const {
  Score sc;
  for (Bitboard b = white_; b;) sc.white += height_[pop_lsb(b)];
  for (Bitboard b = black_; b;) sc.black += height_[pop_lsb(b)];
  return sc;
}

void Position::generate(MoveList& list) const {
  list.size = 0;
  if (in_placement()) {
    for (Bitboard b = board_mask() & ~occupied_; b;) list.push(Move::place(pop_lsb(b)));
    return;
  }
  Bitboard own = pieces(side_) & ~blocked();
  while (own) {
    Square s = pop_lsb(own);
    for (Bitboard t = reach(s, height_[s] < 11 ? height_[s] : 11) & occupied_; t;) list.push(Move::step(s, pop_lsb(t)));
  }
  if (list.size == 0 && can_step(opponent(side_))) list.push(Move::pass());
}

bool Position::is_legal(Move m) const { return explain_illegal(m).empty(); }

std::string Position::explain_illegal(Move m) const {
  const std::string text = to_string(m);
  if (in_placement()) {
    if (m.is_pass()) return "PASS: passing is not allowed in the placement phase; place a piece on an empty space";
    if (m.is_step())
      return text + ": this is the placement phase (" + std::to_string(placed_) +
             " of 49 pieces placed); place a piece on an empty space, e.g. E3";
    if (occupied_ & bit(m.to)) return text + ": " + square_name(m.to) + " is already occupied";
    return {};
  }
  if (is_over()) return text + ": the game is over; neither player can move";
  if (m.is_place()) return text + ": the board is full; move one of your stacks instead (for example A1B2)";
  if (m.is_pass()) {
    int n = count_steps(side_);
    if (n == 0) return {};
    return "PASS: passing is allowed only when you cannot move, and " + std::string(color_name(side_)) + " has " +
           std::to_string(n) + " legal move" + (n == 1 ? "" : "s");
  }
  Square from = m.from, to = m.to;
  std::string f = square_name(from), t = square_name(to);
  Top tp = top(from);
  if (tp == Top::None) return text + ": there is no piece on " + f;
  if (tp == Top::Dvonn) return text + ": the Dvonn piece on " + f + " stands alone and never moves";
  Color owner = tp == Top::White ? Color::White : Color::Black;
  if (owner != side_)
    return text + ": the stack on " + f + " is " + color_name(owner) + "'s, and it is " + color_name(side_) + "'s turn";
  if (blocked() & bit(from)) return text + ": the stack on " + f + " is surrounded and cannot move";
  auto line = line_between(from, to);
  if (!line) return text + ": " + t + " is not on a straight line from " + f;
  int h = height_[from];
  if (line->distance != h)
    return text + ": the " + (h == 1 ? std::string("piece") : "stack of height " + std::to_string(h)) + " on " + f +
           " must move exactly " + std::to_string(h) + " space" + (h == 1 ? "" : "s") + ", not " +
           std::to_string(line->distance);
  if (!(occupied_ & bit(to))) return text + ": " + t + " is empty; a move must end on an occupied space";
  return {};
}

void Position::play(Move m, Undo& u) {
  u.occupied = occupied_;
  u.white = white_;
  u.black = black_;
  u.dvonn = dvonn_;
  u.key = key_;
  u.move = m;
  if (m.kind == Move::Kind::Step) {
    const Square from = m.from, to = m.to;
    const Bitboard fb = bit(from), tb = bit(to);
    const bool white_moves = white_ & fb;
    const bool from_dvonn = dvonn_ & fb;
    const int hf = height_[from], ht = height_[to];
    key_ ^= space_key(from, hf, (white_moves ? 0 : 1) + (from_dvonn ? 2 : 0));
    key_ ^= space_key(to, ht, top_kind(top(to), dvonn_ & tb));
    occupied_ ^= fb;
    white_ &= ~(fb | tb);
    black_ &= ~(fb | tb);
    if (white_moves)
      white_ |= tb;
    else
      black_ |= tb;
    if (from_dvonn) dvonn_ = (dvonn_ & ~fb) | tb;
    height_[to] = static_cast<std::uint8_t>(hf + ht);
    key_ ^= space_key(to, hf + ht, (white_moves ? 0 : 1) + ((dvonn_ & tb) ? 2 : 0));
    key_ ^= kZobrist.black_to_move;
    side_ = opponent(side_);
    // Emptying a space whose occupied neighbours touch each other in one arc
    // cannot cut anything off, unless a Dvonn piece left with the stack.
    if (from_dvonn || !kSingleArc[ring_pattern(occupied_, from)]) remove_disconnected();
    return;
  }
  if (m.kind == Move::Kind::Place) {
    const Square s = m.to;
    const Bitboard b = bit(s);
    occupied_ |= b;
    height_[s] = 1;
    int kind;
    if (placed_ < kDvonnPieces) {
      dvonn_ |= b;
      kind = 4;
    } else if (side_ == Color::White) {
      white_ |= b;
      kind = 0;
    } else {
      black_ |= b;
      kind = 1;
    }
    key_ ^= space_key(s, 1, kind);
    ++placed_;
    // The 49th placement is White's, and White also makes the first move.
    if (placed_ == kTotalPieces)
      key_ ^= kZobrist.movement_phase;
    else {
      side_ = opponent(side_);
      key_ ^= kZobrist.black_to_move;
    }
    return;
  }
  side_ = opponent(side_);
  key_ ^= kZobrist.black_to_move;
}

int Position::count_moves_after_step(Square from, Square to) {
  const Bitboard fb = bit(from), tb = bit(to);
  const bool white_moves = white_ & fb;
  Bitboard occ = occupied_ ^ fb;
  Bitboard w = white_ & ~(fb | tb), b = black_ & ~(fb | tb);
  (white_moves ? w : b) |= tb;
  const bool from_dvonn = dvonn_ & fb;
  if (from_dvonn || !kSingleArc[ring_pattern(occ, from)]) {
    Bitboard keep = connected_to_dvonn(from_dvonn ? (dvonn_ & ~fb) | tb : dvonn_, occ);
    occ &= keep;
    w &= keep;
    b &= keep;
  }
  const std::uint8_t saved = height_[to];
  height_[to] = static_cast<std::uint8_t>(saved + height_[from]);
  int n = count_steps_on(occ, white_moves ? b : w);
  if (n == 0) n = count_steps_on(occ, white_moves ? w : b) ? 1 : 0;  // a forced pass, or the end
  height_[to] = saved;
  return n;
}

void Position::remove_disconnected() {
  Bitboard gone = occupied_ & ~connected_to_dvonn(dvonn_, occupied_);
  if (!gone) return;
  for (Bitboard b = gone; b;) {
    Square s = pop_lsb(b);
    key_ ^= space_key(s, height_[s], (white_ & bit(s)) ? 0 : 1);  // no Dvonn piece is ever cut off
  }
  occupied_ &= ~gone;
  white_ &= ~gone;
  black_ &= ~gone;
}

void Position::undo(const Undo& u) {
  const Move m = u.move;
  if (m.kind == Move::Kind::Step) height_[m.to] = static_cast<std::uint8_t>(height_[m.to] - height_[m.from]);
  // The 49th placement kept White to move; every other move passed the turn.
  if (!(m.kind == Move::Kind::Place && placed_ == kTotalPieces)) side_ = opponent(side_);
  if (m.kind == Move::Kind::Place) --placed_;
  occupied_ = u.occupied;
  white_ = u.white;
  black_ = u.black;
  dvonn_ = u.dvonn;
  key_ = u.key;
}

Position Position::from_contents(const std::array<SpaceContents, kNumSquareSlots>& spaces, Color side, int placed) {
  Position p;
  for (Square s : all_spaces()) {
    const SpaceContents& c = spaces[s];
    if (c.height <= 0) continue;
    p.occupied_ |= bit(s);
    p.height_[s] = static_cast<std::uint8_t>(c.height);
    if (c.top == Top::White) p.white_ |= bit(s);
    if (c.top == Top::Black) p.black_ |= bit(s);
    if (c.dvonn || c.top == Top::Dvonn) p.dvonn_ |= bit(s);
  }
  p.side_ = side;
  p.placed_ = static_cast<std::uint8_t>(placed);
  p.key_ = p.compute_key();
  return p;
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (Bitboard b = occupied_; b;) {
    Square s = pop_lsb(b);
    k ^= space_key(s, height_[s], top_kind(top(s), dvonn_ & bit(s)));
  }
  if (side_ == Color::Black) k ^= kZobrist.black_to_move;
  if (placed_ == kTotalPieces) k ^= kZobrist.movement_phase;
  return k;
}

Bitboard Position::disconnected() const { return occupied_ & ~connected_to_dvonn(dvonn_ & occupied_, occupied_); }

bool operator==(const Position& a, const Position& b) {
  if (a.occupied_ != b.occupied_ || a.white_ != b.white_ || a.black_ != b.black_ || a.dvonn_ != b.dvonn_ ||
      a.side_ != b.side_ || a.placed_ != b.placed_ || a.key_ != b.key_)
    return false;
  for (Bitboard o = a.occupied_; o;) {
    Square s = pop_lsb(o);
    if (a.height_[s] != b.height_[s]) return false;
  }
  return true;
}

}  // namespace dvonn
