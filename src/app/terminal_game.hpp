// `dvonn play`: a game at the terminal. Reads moves and commands line by
// line; a wrong entry gets a message and never ends the game.
#pragma once

#include <array>
#include <functional>
#include <iosfwd>
#include <string>

#include "core/game.hpp"

namespace dvonn::app {

// Chooses a move for the side to move (an engine); empty means a person.
using MoveChooser = std::function<Move(const Game&)>;
// Suggests a move for the side to move, in words (the `hint` command); the
// game has a legal move when it is called.
using HintProvider = std::function<std::string(const Game&)>;

class TerminalGame {
 public:
  TerminalGame(Game game, std::istream& in, std::ostream& out, bool color);
  void set_player(Color side, MoveChooser chooser) { players_[static_cast<int>(side)] = std::move(chooser); }
  void set_hint(HintProvider hint) { hint_ = std::move(hint); }
  // Runs until "quit" or the end of input; returns the exit code.
  int run();
  const Game& game() const { return game_; }

 private:
  void show();
  void handle(const std::string& line);
  void try_move(const std::string& text);
  void announce_move(Move m);
  void save(const std::string& path);
  void load(const std::string& path);
  void list_moves();
  void help();

  Game game_;
  std::istream& in_;
  std::ostream& out_;
  bool color_;
  bool quit_ = false;
  std::array<MoveChooser, 2> players_;
  HintProvider hint_;
};

}  // namespace dvonn::app
