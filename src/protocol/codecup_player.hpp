// The CodeCup 2011 player loop: how `dvonn engine` plays a whole game over
// standard input and output (see docs/protocol.md).
//
// The player that moves first reads "Start"; then each side writes its own
// moves ("E3", "A1B2", "PASS"), one per line, and reads the opponent's;
// "Quit" ends. dvonn also understands one extension: a first line
// "Setup <position string>" starts the game from that position instead of
// the empty board (the match referee sends it for random setups).
#pragma once

#include <functional>
#include <iosfwd>

#include "core/position.hpp"

namespace dvonn::protocol {

// Chooses the move to play in `position` (which has a legal move), given the
// thinking time this side has left for the rest of the game.
using TimedChooser = std::function<Move(const Position& position, double seconds_left)>;

struct CodecupOptions {
  // The wall time this player may think for the whole game.
  double seconds_per_game = 5;
  // Held back from that budget. The player's clock only sees the time
  // between reading a line and writing its reply; pipes, scheduling and
  // the referee's own work add to what the referee measures.
  double safety_margin() const { return 0.05 * seconds_per_game + 0.05; }
  // Charged to the player's clock for every move it sends, on top of the
  // time it measured: the wake-up and pipe latency the referee counts and
  // the player cannot see. On a quiet core the referee measured about what
  // the player did; at load 7 on 2 cores about 5 ms a move more. The 15 ms
  // charged before cost 0.66 s of every game's clock (44 moves), half the
  // clock at 1.25 s a game (docs/lab/2026-12-06-s16-every-start.md).
  double per_move_overhead = 0.004;
  // Hold back, from the time the chooser is told it has, the overhead of
  // the moves still to come (own_moves_to_come): otherwise a short game
  // clock plans its moves as if they were free and runs dry in the middle
  // game.
  bool reserve_overhead = true;
};

// About how many moves this side still sends after the one it is about to
// choose, the passes and the endgame's quick moves included: the rest of
// its placements and some 20 moves, or about 0.45 a live stack in the
// movement phase (a game from the empty board lasts about 20 moves a side).
double own_moves_to_come(const Position& position);

// Exit codes of play_codecup.
inline constexpr int kCodecupOk = 0;
inline constexpr int kCodecupBadInput = 1;       // unparsable or illegal line, input ended mid-game
inline constexpr int kCodecupInternalError = 3;  // the chooser returned an illegal move

// Plays one game. Reads the referee's lines from `in`, writes (and flushes)
// its own moves to `out` and explains any error on `log`. Returns at "Quit",
// at the end of input after the game is over, or at the first bad line
// (naming it on `log`), with one of the exit codes above.
int play_codecup(std::istream& in, std::ostream& out, std::ostream& log, const TimedChooser& choose,
                 const CodecupOptions& options = {});

}  // namespace dvonn::protocol
