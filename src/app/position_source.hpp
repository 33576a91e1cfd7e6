// The options every position-taking command shares: --moves, --position,
// --record and --random-setup, and turning them into a Game.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/game.hpp"

namespace dvonn::app {

// An input the user gave that cannot be used; main prints it and exits 1.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PositionSource {
  std::string moves;
  std::string position;
  std::string record;
  std::optional<std::uint64_t> random_seed;

  void add_options(CLI::App* command);
  // The game these options describe (the empty board when none is given);
  // throws InputError saying what was wrong.
  Game load() const;
};

// Reads a whole file, or standard input for "-"; throws InputError.
std::string read_text(const std::string& path);

// Plays a list of moves ("E3 F4 A1-B2 ...") on a game; throws InputError
// naming the move number, the move and why it is illegal.
void play_moves(Game& game, const std::string& moves);

}  // namespace dvonn::app
