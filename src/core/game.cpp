#include "core/game.hpp"

namespace dvonn {

BoardState empty_board() { return BoardState{Position{}, Stacks{}}; }

const char* result_name(Result r) {
  switch (r) {
    case Result::Ongoing:
      return "ongoing";
    case Result::WhiteWins:
      return "white";
    case Result::BlackWins:
      return "black";
    case Result::Draw:
      return "draw";
  }
  return "?";
}

Result result_of(const Position& p) {
  if (!p.is_over()) return Result::Ongoing;
  Score s = p.score();
  if (s.white > s.black) return Result::WhiteWins;
  if (s.black > s.white) return Result::BlackWins;
  return Result::Draw;
}

Game::Game(BoardState start) : start_(std::move(start)), current_(start_) {}

std::string Game::play(Move m) {
  std::string why = current_.position.explain_illegal(m);
  if (!why.empty()) return why;
  apply(m);
  return {};
}

void Game::apply(Move m) {
  Position& p = current_.position;
  Stacks& st = current_.stacks;
  last_removed_ = 0;
  if (m.is_place()) {
    st[m.to] = p.next_placement_is_dvonn() ? "d" : (p.side_to_move() == Color::White ? "w" : "b");
  } else if (m.is_step()) {
    st[m.to] += st[m.from];
    st[m.from].clear();
  }
  Undo u;
  p.play(m, u);
  if (m.is_step()) {
    last_removed_ = p.removed_by(u);
    for (Bitboard b = last_removed_; b;) st[pop_lsb(b)].clear();
  }
  moves_.push_back(m);
}

bool Game::undo() {
  if (moves_.empty()) return false;
  std::vector<Move> keep(moves_.begin(), moves_.end() - 1);
  current_ = start_;
  moves_.clear();
  last_removed_ = 0;
  for (Move m : keep) apply(m);
  return true;
}

}  // namespace dvonn
