// A game: its starting board, every move played, and the colours inside
// every stack (which the search position does not keep).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/position.hpp"

namespace dvonn {

// The colours of one stack, bottom to top: 'w' white, 'b' black, 'd' Dvonn.
using Stack = std::string;
using Stacks = std::array<Stack, kNumSquareSlots>;

// A position together with the colours of every stack.
struct BoardState {
  Position position;
  Stacks stacks;
  friend bool operator==(const BoardState&, const BoardState&) = default;
};

// The empty board, as at the start of a standard game.
BoardState empty_board();

enum class Result { Ongoing, WhiteWins, BlackWins, Draw };
const char* result_name(Result r);    // "ongoing", "white", "black", "draw"
Result result_of(const Position& p);  // Ongoing unless the game is over

class Game {
 public:
  Game() : Game(empty_board()) {}
  explicit Game(BoardState start);

  const BoardState& start() const { return start_; }
  const Position& position() const { return current_.position; }
  const Stacks& stacks() const { return current_.stacks; }
  const BoardState& state() const { return current_; }
  const std::vector<Move>& moves() const { return moves_; }

  // Plays m if it is legal and returns ""; otherwise returns why it is not
  // and changes nothing.
  std::string play(Move m);
  // Takes back the last move; false when there is none.
  bool undo();
  // Spaces whose stacks the last move removed (disconnected).
  Bitboard last_removed() const { return last_removed_; }
  Result result() const { return result_of(position()); }

 private:
  void apply(Move m);

  BoardState start_;
  BoardState current_;
  std::vector<Move> moves_;
  Bitboard last_removed_ = 0;
};

}  // namespace dvonn
