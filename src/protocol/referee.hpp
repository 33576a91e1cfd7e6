// The referee of one game between two CodeCup-protocol programs: starts
// both, relays the moves, checks each with the rules core, keeps each
// side's clock, and decides the result, by the rules or by forfeit.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/game.hpp"

namespace dvonn::protocol {

struct PlayerSpec {
  std::string name;     // for records and reports
  std::string command;  // run with /bin/sh -c
};

struct RefereeSettings {
  // Each program's thinking budget for the whole game (wall time from
  // sending it "Start" or the opponent's move to receiving its reply,
  // summed over the game) ...
  double seconds_per_game = 5;
  // ... plus this much slack for the pipes and the operating system.
  double tolerance = 0.1;
  // Start from random_setup(seed) instead of the empty board; both
  // programs then first receive "Setup <position string>".
  std::optional<std::uint64_t> random_setup_seed;
  // Or start from this board (for example a random opening); both programs
  // then first receive "Setup <position string>". Wins over the above.
  std::optional<BoardState> start;
  // Where the programs' standard error goes (appended); "" discards it.
  std::string stderr_path;
  // How long a program may take to exit after "Quit" before it is killed.
  double quit_grace_seconds = 1;
};

// Why a game ended.
enum class Termination { Rules, IllegalMove, Unparsable, Crash, TimeForfeit };
// "rules", "illegal move", "unparsable line", "crash", "time forfeit".
const char* termination_name(Termination t);

struct RefereedGame {
  Game game;  // every legal move played, from the starting position
  Result result = Result::Ongoing;
  Termination termination = Termination::Rules;
  // For a forfeit, the side that lost it and what happened, in words.
  std::optional<Color> forfeited_by;
  std::string detail;
  std::array<double, 2> seconds_used{};  // White, Black, as the referee measured
};

// Plays one game: `white` moves first. Never throws for anything the
// programs do; a program that cannot even be started loses by Crash.
RefereedGame referee_game(const PlayerSpec& white, const PlayerSpec& black, const RefereeSettings& settings);

}  // namespace dvonn::protocol
