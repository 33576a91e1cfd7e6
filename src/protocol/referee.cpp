#include "protocol/referee.hpp"

#include <chrono>
#include <memory>
#include <stdexcept>

#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "protocol/child_process.hpp"

namespace dvonn::protocol {
namespace {

using Clock = std::chrono::steady_clock;

int index_of(Color c) { return static_cast<int>(c); }

// A short wait for a program's exit status, to say why its output ended.
constexpr double kExitStatusWait = 0.5;

void forfeit(RefereedGame& g, Color loser, Termination t, std::string detail) {
  g.forfeited_by = loser;
  g.termination = t;
  g.result = loser == Color::White ? Result::BlackWins : Result::WhiteWins;
  g.detail = std::string(color_name(loser)) + " " + detail;
}

}  // namespace

const char* termination_name(Termination t) {
  switch (t) {
    case Termination::Rules:
      return "rules";
    case Termination::IllegalMove:
      return "illegal move";
    case Termination::Unparsable:
      return "unparsable line";
    case Termination::Crash:
      return "crash";
    case Termination::TimeForfeit:
      return "time forfeit";
  }
  return "rules";
}

RefereedGame referee_game(const PlayerSpec& white, const PlayerSpec& black, const RefereeSettings& settings) {
  RefereedGame g;
  if (settings.start)
    g.game = Game(*settings.start);
  else if (settings.random_setup_seed)
    g.game = Game(random_setup(*settings.random_setup_seed));
  std::array<std::unique_ptr<ChildProcess>, 2> programs;
  const PlayerSpec* specs[2] = {&white, &black};
  for (Color c : {Color::White, Color::Black}) {
    try {
      programs[index_of(c)] = std::make_unique<ChildProcess>(specs[index_of(c)]->command, settings.stderr_path);
    } catch (const std::runtime_error& e) {
      forfeit(g, c, Termination::Crash, "could not be started: " + std::string(e.what()));
      return g;  // the destructors stop whichever program did start
    }
  }
  if (settings.start || settings.random_setup_seed) {
    std::string setup = "Setup " + format_position(g.game.start());
    for (auto& p : programs) p->write_line(setup);
  }

  // A failed write shows up as the end of that program's output when we
  // next read from it, so write results are not checked here.
  programs[index_of(g.game.position().side_to_move())]->write_line("Start");
  Clock::time_point turn_start = Clock::now();
  while (!g.game.position().is_over()) {
    Color side = g.game.position().side_to_move();
    ChildProcess& program = *programs[index_of(side)];
    double& used = g.seconds_used[index_of(side)];
    double allowed = settings.seconds_per_game + settings.tolerance;
    std::string line;
    ChildProcess::Read status = program.read_line(line, allowed - used);
    Clock::time_point now = Clock::now();
    used += std::chrono::duration<double>(now - turn_start).count();
    if (status == ChildProcess::Read::Timeout || used > allowed) {
      forfeit(g, side, Termination::TimeForfeit,
              "ran out of time: " + std::to_string(used) + " s used of " + std::to_string(settings.seconds_per_game) +
                  " s" + (status == ChildProcess::Read::Timeout ? " with no move" : ""));
      break;
    }
    if (status == ChildProcess::Read::EndOfFile) {
      forfeit(g, side, Termination::Crash,
              "stopped answering (end of its output, " + program.finish(kExitStatusWait) + ")");
      break;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string error;
    auto move = parse_move(line, &error);
    if (!move) {
      forfeit(g, side, Termination::Unparsable, "sent \"" + line + "\", which is not a move: " + error);
      break;
    }
    std::string why = g.game.play(*move);
    if (!why.empty()) {
      forfeit(g, side, Termination::IllegalMove, "played the illegal move " + line + ": " + why);
      break;
    }
    programs[index_of(opponent(side))]->write_line(to_string(*move));
    // The next side's clock starts now: the opponent has just been sent the
    // move, or the same side moves again at once (after the last placement).
    turn_start = Clock::now();
  }
  if (!g.forfeited_by) g.result = g.game.result();
  // A program that overran is still thinking: stop it now rather than wait.
  if (g.termination == Termination::TimeForfeit) programs[index_of(*g.forfeited_by)]->finish(0);
  for (auto& p : programs) p->write_line("Quit");
  for (auto& p : programs) p->finish(settings.quit_grace_seconds);
  return g;
}

}  // namespace dvonn::protocol
