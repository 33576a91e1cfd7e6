// `dvonn engine`: a CodeCup 2011 player on standard input and output, at an
// engine level or as one of the baseline players (docs/protocol.md).
#include "engine/engine.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <string>

#include "app/command/support.hpp"
#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "app/weights_text.hpp"
#include "engine/evaluation.hpp"
#include "engine/player.hpp"
#include "protocol/codecup_player.hpp"

namespace dvonn::app {
namespace {

// --dvonn-placement's words, checked and looked up in this one table;
// "level" sets no rule, so play() follows the level's own.
const std::map<std::string, std::optional<engine::DvonnRule>> kDvonnPlacements = {
    {"level", std::nullopt},
    {"table", engine::DvonnRule::Table},
    {"cluster", engine::DvonnRule::Cluster},
    {"random", engine::DvonnRule::Random},
    {"off-middle", engine::DvonnRule::RandomOffMiddle}};

struct EngineOptions {
  std::string level = std::to_string(engine::kTopLevel);
  double seconds_per_game = 5;
  std::size_t hash_mb = 64;
  std::uint64_t seed = 1;
  std::string weights;
  int threads = 1;
  int aspiration = 0;
  int futility = 0;
  engine::PlacementVariety variety;
  bool log_times = false;
  double move_overhead = protocol::CodecupOptions{}.per_move_overhead;
  bool reserve_overhead = protocol::CodecupOptions{}.reserve_overhead;
  engine::MovementVariety movement_variety;
  double random_move = -1;  // < 0: the level's own chance
  std::string dvonn_placement = "level";
};

// One line on standard error per move, for scripts/time_use.py: where in
// the game the clock goes. The referee's --stderr file collects it.
void log_move_time(const Position& p, double seconds_left, double seconds, int depth, std::uint64_t nodes) {
  const int stacks = popcount(p.occupied() & ~p.dvonn_spaces());
  std::fprintf(stderr, "dvonn-time %s %d %.4f %.4f %d %llu\n", p.in_placement() ? "place" : "move",
               p.in_placement() ? p.placed() : stacks, seconds, seconds_left, depth,
               static_cast<unsigned long long>(nodes));
}

int run_engine(const EngineOptions& o) {
  engine::Player player(o.level, o.hash_mb, o.seed);
  if (o.threads > 1) {
    if (!player.engine()) throw InputError("--threads needs a numbered level, not " + o.level);
    player.engine()->set_threads(o.threads);
  }
  if (o.aspiration > 0) {
    if (!player.engine()) throw InputError("--aspiration needs a numbered level, not " + o.level);
    player.engine()->set_aspiration(o.aspiration);
  }
  if (o.futility > 0) {
    if (!player.engine()) throw InputError("--futility needs a numbered level, not " + o.level);
    player.engine()->set_futility(o.futility);
  }
  if (!o.weights.empty()) {
    if (!player.engine()) throw InputError("--weights needs a numbered level, not " + o.level);
    player.engine()->set_weights(parse_weights(o.weights));
  }
  if (o.variety.margin_centipieces > 0) {
    if (!player.engine()) throw InputError("--placement-variety needs a numbered level, not " + o.level);
    player.engine()->set_placement_variety(o.variety, o.seed);
  }
  if (o.movement_variety.margin_centipieces > 0) {
    if (!player.engine()) throw InputError("--movement-variety needs a numbered level, not " + o.level);
    player.engine()->set_movement_variety(o.movement_variety, o.seed);
  }
  if (o.random_move >= 0) {
    if (!player.engine()) throw InputError("--random-move needs a numbered level, not " + o.level);
    player.engine()->set_random_move(o.random_move, o.seed);
  }
  if (const std::optional<engine::DvonnRule> rule = kDvonnPlacements.at(o.dvonn_placement)) {
    if (!player.engine()) throw InputError("--dvonn-placement needs a numbered level, not " + o.level);
    player.engine()->set_dvonn_rule(*rule, o.seed);
  }
  protocol::CodecupOptions options;
  options.seconds_per_game = o.seconds_per_game;
  options.per_move_overhead = o.move_overhead;
  options.reserve_overhead = o.reserve_overhead;
  auto choose = [&player, &o](const Position& p, double seconds_left) {
    const auto start = std::chrono::steady_clock::now();
    Move m = player.choose(p, seconds_left);
    if (o.log_times)
      log_move_time(p, seconds_left, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                    player.last_depth(), player.last_nodes());
    return m;
  };
  return protocol::play_codecup(std::cin, std::cout, std::cerr, choose, options);
}

}  // namespace

void register_engine_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<EngineOptions>();
  auto* c = app.add_subcommand("engine", "Play one game as a CodeCup 2011 player on standard input and output");
  c->add_option("--level", o->level, "Strength: " + engine::level_choices() + "; default " + o->level)
      ->check(check_level);
  c->add_option("--time-per-game", o->seconds_per_game, "Thinking time for the whole game in seconds; default 5")
      ->check(CLI::Range(0.01, 86400.0));
  c->add_option("--hash", o->hash_mb, "Transposition table size in MB; default 64")->check(CLI::Range(1, 65536));
  c->add_option("--seed", o->seed,
                "Seed of the random choices (Dvonn pieces, baselines, random moves, placement variety); default 1");
  c->add_option("--threads", o->threads, "Search threads (default 1)")->check(CLI::Range(1, 64));
  c->add_option("--aspiration", o->aspiration,
                "Search the movement phase's best move first in a window of this many centipieces either side "
                "of the last iteration's score (an experiment); default 0, an open window")
      ->check(CLI::Range(0, 10000));
  c->add_option("--futility", o->futility,
                "Cut a node off the principal variation, in the movement phase with at most three plies left, "
                "when its static score beats beta by this many centipieces a ply (an experiment); default 0, "
                "never")
      ->check(CLI::Range(0, 10000));
  c->add_option("--weights", o->weights,
                "Evaluation weights MOVEMENT/PLACEMENT as dvonn tune prints them (tuning experiments)");
  c->add_option("--placement-variety", o->variety.margin_centipieces,
                "Play a random one of the best coloured placements within this many centipieces of the best "
                "(data for dvonn tune --placement-worth, diverse matches); default 0, off")
      ->check(CLI::Range(0.0, 10000.0));
  c->add_option("--placement-lines", o->variety.lines,
                "How many of the best placements --placement-variety draws from; default 6")
      ->check(CLI::Range(2, 64));
  c->add_option("--move-overhead", o->move_overhead,
                "Seconds charged to the own clock for every move sent, for the latency the referee counts and the "
                "engine cannot see; default 0.004 (more on a loaded machine)")
      ->check(CLI::Range(0.0, 1.0));
  c->add_flag("--reserve-overhead,!--no-reserve-overhead", o->reserve_overhead,
              "Plan each move with the overhead of the moves still to come held back (the default)");
  c->add_flag("--log-times", o->log_times,
              "Write one line per move to standard error: dvonn-time place|move PLACED|STACKS SECONDS LEFT "
              "DEPTH NODES (scripts/time_use.py)");
  c->add_option("--movement-variety", o->movement_variety.margin_centipieces,
                "In the middle game (38 to 20 stacks of colour), play a random one of the best moves within this "
                "many centipieces of the best, searched to a fixed depth (data for dvonn tune --movement-worth); "
                "default 0, off")
      ->check(CLI::Range(0.0, 10000.0));
  c->add_option("--movement-lines", o->movement_variety.lines,
                "How many of the best moves --movement-variety draws from; default 6")
      ->check(CLI::Range(2, 64));
  c->add_option("--movement-depth", o->movement_variety.depth,
                "The fixed depth of --movement-variety's search, in plies; default 4")
      ->check(CLI::Range(1, 8));
  c->add_option("--random-move", o->random_move,
                "Chance of a random legal move instead of the searched one, replacing the level's own "
                "(drawn with --seed); for measuring the ladder")
      ->check(CLI::Range(0.0, 1.0));
  c->add_option("--dvonn-placement", o->dvonn_placement,
                "Where the Dvonn pieces go: level (the default: random at level 8, the table below), table (the "
                "fixed preference), cluster (close together), random (drawn with --seed) or off-middle (drawn off the "
                "middle row; an experiment)")
      ->check(CLI::IsMember(kDvonnPlacements));
  set.add(c, [o] { return run_engine(*o); });
}

}  // namespace dvonn::app
