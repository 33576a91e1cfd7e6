#include "app/engine_command.hpp"

#include <iostream>
#include <string>

#include "engine/engine.hpp"
#include "protocol/codecup_player.hpp"
#include "protocol/level_player.hpp"

namespace dvonn::app {
namespace {

struct EngineOptions {
  std::string level = std::to_string(engine::kTopLevel);
  double seconds_per_game = 5;
  std::size_t hash_mb = 64;
  std::uint64_t seed = 1;
};

int run_engine(const EngineOptions& o) {
  protocol::LevelPlayer player(o.level, o.hash_mb, o.seed);
  protocol::CodecupOptions options;
  options.seconds_per_game = o.seconds_per_game;
  auto choose = [&player](const Position& p, double seconds_left) { return player.choose(p, seconds_left); };
  return protocol::play_codecup(std::cin, std::cout, std::cerr, choose, options);
}

}  // namespace

void register_engine_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<EngineOptions>();
  auto* c = app.add_subcommand("engine", "Play one game as a CodeCup 2011 player on standard input and output");
  c->add_option("--level", o->level, "Strength: " + protocol::level_choices() + "; default " + o->level)
      ->check([](const std::string& v) {
        return protocol::is_level(v) ? std::string() : "the levels are " + protocol::level_choices();
      });
  c->add_option("--time-per-game", o->seconds_per_game, "Thinking time for the whole game in seconds; default 5")
      ->check(CLI::Range(0.01, 86400.0));
  c->add_option("--hash", o->hash_mb, "Transposition table size in MB; default 64")->check(CLI::Range(1, 65536));
  c->add_option("--seed", o->seed, "Seed of the greedy and random players' choices; default 1");
  set.add(c, [o] { return run_engine(*o); });
}

}  // namespace dvonn::app
