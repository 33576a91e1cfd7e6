// `dvonn selfplay`: an in-process match between two engine levels (or the
// greedy baseline), games in pairs with colours swapped.
#include "engine/selfplay.hpp"

#include <cstdio>
#include <optional>
#include <string>

#include "app/commands.hpp"
#include "app/weights_text.hpp"
#include "engine/evaluation.hpp"

namespace dvonn::app {
namespace {

struct SelfplayOptions {
  int a = engine::kTopLevel, b = 0;
  int games = 20;
  double time = 5.0;
  std::uint64_t seed = 1;
  bool random_setup = false;
  bool quiet = false;
  std::string weights_a, weights_b;
};

int run_selfplay(const SelfplayOptions& o) {
  engine::GameSetup setup;
  setup.seconds_per_game = o.time;
  setup.seed = o.seed;
  setup.random_setup = o.random_setup;
  auto name = [](int level) { return level == 0 ? std::string("greedy") : "level " + std::to_string(level); };
  std::optional<engine::Weights> wa, wb;
  if (!o.weights_a.empty()) wa = parse_weights(o.weights_a);
  if (!o.weights_b.empty()) wb = parse_weights(o.weights_b);
  auto on_game = [&](int g, const engine::GameOutcome& out, bool a_white) {
    if (o.quiet) return;
    std::printf("game %3d  %s white  %2d-%2d  %s  (time used: white %.2f s, black %.2f s)\n", g + 1,
                a_white ? "A" : "B", out.white, out.black,
                out.white_points() == 0.5                ? "draw"
                : (out.white_points() == 1.0) == a_white ? "A wins"
                                                         : "B wins",
                out.white_seconds, out.black_seconds);
    std::fflush(stdout);
  };
  auto r = engine::play_match(o.a, o.b, o.games, setup, on_game, wa ? &*wa : nullptr, wb ? &*wb : nullptr);
  std::printf(
      "A = %s, B = %s: A scores %.1f / %d = %.1f%% (+%d =%d -%d); clock overruns A %d, B %d; longest move A %.3f s, B "
      "%.3f s\n",
      name(o.a).c_str(), name(o.b).c_str(), r.points_a, r.games, 100 * r.score(), r.wins_a, r.draws, r.losses_a,
      r.flags_a, r.flags_b, r.max_move_a, r.max_move_b);
  return 0;
}

}  // namespace

void register_selfplay_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<SelfplayOptions>();
  auto* c = app.add_subcommand("selfplay", "In-process match between two engine levels (0 = greedy baseline)");
  c->add_option("-a,--a", o->a, "Level of player A (0 = greedy)")->check(CLI::Range(0, engine::kTopLevel));
  c->add_option("-b,--b", o->b, "Level of player B (0 = greedy)")->check(CLI::Range(0, engine::kTopLevel));
  c->add_option("--games", o->games, "Games (pairs with colours swapped)")->check(CLI::Range(1, 100000));
  c->add_option("--time", o->time, "Seconds per side per game")->check(CLI::Range(0.0, 1e6));
  c->add_option("--seed", o->seed, "Seed of the random openings");
  c->add_flag("--random-setup", o->random_setup, "Start every game from a random setup (phase 2)");
  c->add_flag("--quiet", o->quiet, "Print only the summary");
  c->add_option("--weights-a", o->weights_a, "Evaluation weights of A: m1,...,m11/p1,...,p7 (default: built in)");
  c->add_option("--weights-b", o->weights_b, "Evaluation weights of B, likewise");
  set.add(c, [o] { return run_selfplay(*o); });
}

}  // namespace dvonn::app
