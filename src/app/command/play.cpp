// `dvonn play`: a game at the terminal, a person or an engine level on each
// side, with hints from the engine (docs/protocol.md, "dvonn play").
#include <algorithm>
#include <array>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "app/command/support.hpp"
#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "app/terminal_game.hpp"
#include "engine/engine.hpp"
#include "engine/player.hpp"

namespace dvonn::app {
namespace {

struct PlayOptions {
  PositionSource source;
  std::string color = "auto";
  std::array<std::string, 2> players = {"human", "human"};  // White, Black
};

// At the terminal there is no game clock; an engine side thinks as if it had
// this much for the whole game, which keeps its moves to a few seconds.
constexpr double kTerminalEngineSecondsPerGame = 60;
// The hint searches at full strength for about this long.
constexpr double kHintSeconds = 1;

// "human" or "engine:L" with L a level; "" when valid, else what is wrong.
std::string check_player(const std::string& spec) {
  if (spec == "human") return "";
  if (spec.rfind("engine:", 0) == 0 && engine::is_level(spec.substr(7))) return "";
  return "expected human or engine:L with L one of " + engine::level_choices();
}

MoveChooser engine_side(const std::string& level) {
  auto player = std::make_shared<engine::Player>(level);
  auto used = std::make_shared<double>(0);
  return [player, used](const Game& game) {
    auto t0 = Clock::now();
    Move m = player->choose(game.position(), std::max(0.0, kTerminalEngineSecondsPerGame - *used));
    *used += seconds_since(t0);
    return m;
  };
}

HintProvider engine_hint() {
  // Made on the first hint only: most games never ask for one.
  auto engine = std::make_shared<std::unique_ptr<engine::Engine>>();
  return [engine](const Game& game) {
    if (!*engine) *engine = std::make_unique<engine::Engine>(engine::kTopLevel, 64);
    engine::SearchLimits limits;
    limits.seconds = kHintSeconds;
    engine::SearchReport r = (*engine)->search(game.position(), limits);
    if (r.lines.empty()) return std::string("The engine has no suggestion.");
    const engine::ScoredLine& best = r.lines.front();
    std::ostringstream text;
    text << "Hint: " << to_string(best.move) << " (expected final piece difference " << (best.score >= 0 ? "+" : "")
         << best.score << (best.exact ? ", exact" : "") << ", depth " << r.depth << ")";
    return text.str();
  };
}

int run_play(const PlayOptions& o) {
  Game game = o.source.load();
  bool color = use_color(o.color);
  TerminalGame tg(std::move(game), std::cin, std::cout, color);
  for (Color side : {Color::White, Color::Black}) {
    const std::string& spec = o.players[static_cast<int>(side)];
    if (spec != "human") tg.set_player(side, engine_side(spec.substr(7)));
  }
  tg.set_hint(engine_hint());
  return tg.run();
}

}  // namespace

void register_play_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<PlayOptions>();
  auto* c = app.add_subcommand("play", "Play a game at the terminal, people or engines on either side");
  add_color_option(c, o->color);
  c->add_option("--white", o->players[0], "human (default) or engine:L, L = " + engine::level_choices())
      ->check(check_player);
  c->add_option("--black", o->players[1], "human (default) or engine:L, L = " + engine::level_choices())
      ->check(check_player);
  o->source.add_options(c);
  set.add(c, [o] { return run_play(*o); });
}

}  // namespace dvonn::app
