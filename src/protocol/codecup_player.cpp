#include "protocol/codecup_player.hpp"

#include <algorithm>
#include <chrono>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include "core/game.hpp"
#include "core/position_string.hpp"
#include "core/text.hpp"

namespace dvonn::protocol {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

double own_moves_to_come(const Position& p) {
  if (p.in_placement()) {
    const int left = kTotalPieces - p.placed() - 1;  // after this one
    return left / 2 + 20.0;
  }
  return 0.45 * popcount(p.occupied() & ~p.dvonn_spaces());
}

int play_codecup(std::istream& in, std::ostream& out, std::ostream& log, const TimedChooser& choose,
                 const CodecupOptions& options) {
  Game game;
  std::optional<Color> me;  // known at "Start" or at the opponent's first move
  double used = 0;          // own thinking time so far
  Clock::time_point turn_start = Clock::now();
  int line_number = 0;
  auto bad_line = [&](const std::string& line, const std::string& why) {
    log << "dvonn engine: input line " << line_number << " \"" << line << "\": " << why << "\n" << std::flush;
    return kCodecupBadInput;
  };

  std::string raw;
  while (true) {
    const Position& position = game.position();
    if (me && !position.is_over() && position.side_to_move() == *me) {
      double left = options.seconds_per_game - options.safety_margin() - used;
      if (options.reserve_overhead) left -= options.per_move_overhead * own_moves_to_come(position);
      Move m = choose(position, std::max(0.0, left));
      std::string why = game.play(m);
      if (!why.empty()) {
        log << "dvonn engine: internal error: the player chose " << to_string(m) << ", which is illegal: " << why
            << "\n";
        return kCodecupInternalError;
      }
      out << to_string(m) << "\n" << std::flush;
      // The clock keeps running from here: after the last placement White
      // moves again without reading anything.
      Clock::time_point now = Clock::now();
      used += std::chrono::duration<double>(now - turn_start).count() + options.per_move_overhead;
      turn_start = now;
      continue;
    }

    if (!std::getline(in, raw)) {
      if (me && position.is_over()) return kCodecupOk;
      log << "dvonn engine: the input ended before " << (me ? "the game was over" : "\"Start\" or a first move")
          << " (expected \"Quit\" to stop)\n";
      return kCodecupBadInput;
    }
    ++line_number;
    turn_start = Clock::now();
    const std::string line(trim_whitespace(raw));
    if (line.empty()) continue;  // tolerated: blank lines carry no move
    if (line == "Quit") return kCodecupOk;
    if (line == "Start") {
      if (me || !game.moves().empty()) return bad_line(line, "\"Start\" after the game has begun");
      me = position.side_to_move();
      continue;
    }
    if (line.rfind("Setup ", 0) == 0) {
      if (me || !game.moves().empty()) return bad_line(line, "\"Setup\" is only allowed before the first move");
      std::string error;
      auto start = parse_position(line.substr(6), &error);
      if (!start) return bad_line(line, "not a usable position string: " + error);
      game = Game(*start);
      continue;
    }
    std::string error;
    auto m = parse_move(line, &error);
    if (!m) return bad_line(line, "not a move or command: " + error);
    if (position.is_over()) return bad_line(line, "the game is over; only \"Quit\" may follow");
    if (!me) me = opponent(position.side_to_move());
    std::string why = game.play(*m);
    if (!why.empty()) return bad_line(line, "illegal move: " + why);
  }
}

}  // namespace dvonn::protocol
