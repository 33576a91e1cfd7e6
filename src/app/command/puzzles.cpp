// `dvonn puzzles`: mines puzzles (engine/puzzle_miner.hpp) from the game
// records of a folder, or from engine games it plays itself, and writes
// them as one JSON file (docs/engine.md "Puzzles").
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "core/game_record.hpp"
#include "engine/player.hpp"
#include "engine/puzzle_miner.hpp"
#include "engine/selfplay.hpp"
#include "server/puzzles/puzzle_json.hpp"

namespace dvonn::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct PuzzlesOptions {
  std::string from;
  std::string out = "-";
  int selfplay = 0;
  int level = 4;
  int level_b = 4;
  double time = 1.0;
  std::uint64_t seed = 1;
  std::uint64_t nodes = 0;
  int depth = 0;
  bool quiet = false;
};

struct Mined {
  json puzzles = json::array();
  std::vector<std::string> ids;
  void add(const std::vector<engine::Puzzle>& found, const std::string& source) {
    for (const auto& p : found) {
      if (std::find(ids.begin(), ids.end(), p.id) != ids.end()) continue;
      ids.push_back(p.id);
      puzzles.push_back(server::puzzle_file_json(p, source));
    }
  }
};

int run_puzzles(const PuzzlesOptions& o) {
  if (o.from.empty() && o.selfplay == 0) throw InputError("give --from DIR (game records) or --selfplay N");
  engine::PuzzleBudget budget;
  if (o.nodes) budget.nodes = o.nodes;
  if (o.depth) budget.depth = o.depth;
  Mined mined;
  int read = 0, failed = 0;
  if (!o.from.empty()) {
    if (!fs::is_directory(o.from)) throw InputError("--from: " + o.from + " is not a folder");
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(o.from))
      if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      std::ifstream in(file, std::ios::binary);
      std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::string error;
      auto record = parse_record(text, &error);
      std::optional<Game> game = record ? replay_record(*record, &error) : std::nullopt;
      if (!record || !game) {
        std::cerr << "dvonn puzzles: " << file.string()
                  << ": skipped: " << (record ? "the moves are not legal: " : "the record does not parse: ") << error
                  << "\n";
        ++failed;
        continue;
      }
      ++read;
      auto found = engine::mine_game(*game, budget);
      if (!o.quiet)
        std::cerr << file.filename().string() << ": " << game->moves().size() << " moves, " << found.size()
                  << " puzzles\n";
      mined.add(found, file.filename().string());
    }
  }
  for (int g = 0; g < o.selfplay; ++g) {
    // Levels close in strength (the same by default): close games have the
    // positions where one move decides. Colours alternate; each game's
    // opening comes from its seed.
    engine::GameSetup setup;
    setup.seconds_per_game = o.time;
    setup.seed = o.seed + static_cast<std::uint64_t>(g);
    engine::Player white(std::to_string(g % 2 ? o.level_b : o.level), 16, setup.seed);
    engine::Player black(std::to_string(g % 2 ? o.level : o.level_b), 16, setup.seed);
    engine::GameOutcome out = engine::play_game(white, black, setup);
    Game game;
    for (Move m : out.moves)
      if (!game.play(m).empty()) break;
    ++read;
    auto found = engine::mine_game(game, budget);
    if (!o.quiet)
      std::cerr << "selfplay game " << g + 1 << " (seed " << setup.seed << "): " << found.size() << " puzzles\n";
    mined.add(found, "selfplay seed " + std::to_string(setup.seed));
  }
  if (read == 0) {
    std::cerr << "dvonn puzzles: no game could be read\n";
    return 1;
  }
  json file = {{"format", "dvonn-puzzles-1"}, {"puzzles", mined.puzzles}};
  if (o.out == "-") {
    std::cout << file.dump(1) << "\n";
  } else {
    std::ofstream f(o.out);
    f << file.dump(1) << "\n";
    if (!f) throw InputError("cannot write " + o.out);
  }
  std::cerr << "dvonn puzzles: " << mined.puzzles.size() << " puzzles from " << read << " games"
            << (failed ? ", " + std::to_string(failed) + " files skipped" : std::string()) << "\n";
  return 0;
}

}  // namespace

void register_puzzles_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<PuzzlesOptions>();
  auto* c = app.add_subcommand("puzzles", "Mine puzzles (one winning move) from game records or engine games");
  c->add_option("--from", o->from, "A folder of game records (as dvonn replay reads them)");
  c->add_option("--out", o->out, "Where to write the puzzles' JSON (default: standard output)");
  c->add_option("--selfplay", o->selfplay, "Mine N engine games played here")->check(CLI::Range(0, 10000));
  c->add_option("--level", o->level, "--selfplay: the level of one side (default 4)")
      ->check(CLI::Range(engine::kMinLevel, engine::kTopLevel));
  c->add_option("--level-b", o->level_b, "--selfplay: the level of the other side (default 4)")
      ->check(CLI::Range(engine::kMinLevel, engine::kTopLevel));
  c->add_option("--time", o->time, "--selfplay: each side's clock per game in seconds (default 1)")
      ->check(CLI::Range(0.05, 600.0));
  c->add_option("--seed", o->seed, "--selfplay: the first game's seed (default 1)");
  c->add_option("--nodes", o->nodes, "Nodes per search (default 300000)")->check(CLI::Range(1000, 1000000000));
  c->add_option("--depth", o->depth, "Depth per search (default 8)")->check(CLI::Range(1, 60));
  c->add_flag("--quiet", o->quiet, "No progress lines");
  set.add(c, [o] { return run_puzzles(*o); });
}

}  // namespace dvonn::app
