// `dvonn explorer generate`: plays the placement explorer's engine games
// (server/explorer/engine_game_set.hpp) and writes them, by default to
// standard output. The same options give the same file. The bundled set,
// data/explorer/engine-games.txt, is made with the defaults (docs/engine.md
// "The explorer's engine games").
#include <fstream>
#include <iostream>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "server/explorer/engine_game_set.hpp"

namespace dvonn::app {
namespace {

struct ExplorerOptions {
  server::EngineGameSettings settings;
  std::string out = "-";
  bool quiet = false;
};

int run_generate(const ExplorerOptions& o) {
  auto games = server::generate_engine_games(o.settings, [&](int done, int total) {
    if (!o.quiet && (done % 10 == 0 || done == total))
      std::cerr << "\r" << done << "/" << total << " games" << std::flush;
  });
  if (!o.quiet) std::cerr << "\n";
  std::string text = server::format_engine_games(games, o.settings);
  if (o.out == "-") {
    std::cout << text;
    return 0;
  }
  std::ofstream file(o.out, std::ios::binary | std::ios::trunc);
  if (!(file << text) || !file.flush()) throw InputError("cannot write " + o.out);
  return 0;
}

}  // namespace

void register_explorer_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<ExplorerOptions>();
  auto* c = app.add_subcommand("explorer", "The placement explorer's data");
  c->require_subcommand(1);
  auto* g = c->add_subcommand("generate",
                              "Play the explorer's engine games (the engine against itself from the empty board, "
                              "some placements at random) and write them");
  g->add_option("--games", o->settings.games, "How many games")->capture_default_str()->check(CLI::Range(1, 100000));
  g->add_option("--seed", o->settings.seed, "The seed of the random placements")->capture_default_str();
  g->add_option("--random", o->settings.random_share, "The chance that a placement is random")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  g->add_option("--depth", o->settings.depth, "Each engine move's search depth")
      ->capture_default_str()
      ->check(CLI::Range(1, 40));
  g->add_option("--nodes", o->settings.nodes, "Each engine move's search nodes")
      ->capture_default_str()
      ->check(CLI::Range(100, 100000000));
  g->add_option("--out", o->out, "The file to write; - for standard output")->capture_default_str();
  g->add_flag("--quiet", o->quiet, "No progress on standard error");
  set.add(g, [o] { return run_generate(*o); });
}

}  // namespace dvonn::app
