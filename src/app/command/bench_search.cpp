// `dvonn bench-search`: the search benchmark, fixed positions searched to
// fixed depths by a fresh engine; its node total is a signature of the
// search's behaviour.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "app/bench_positions.hpp"
#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "core/random_setup.hpp"
#include "engine/engine.hpp"
#include "engine/time_manager.hpp"

namespace dvonn::app {
namespace {

using engine::SearchReport;

struct BenchSearchOptions {
  bool json = false;
  std::size_t hash = 16;
};

// The fixed benchmark: phase-2 positions of the perft table, random setups
// and middle-of-placement positions, each searched to a fixed depth by a
// fresh engine. The node total is a signature of the search's behaviour.
int run_bench_search(const BenchSearchOptions& o) {
  struct Case {
    std::string name;
    Position position;
    int depth;
  };
  std::vector<Case> cases;
  int i = 0;
  for (const BenchPosition& bp : bench_positions()) {
    Game g;
    play_moves(g, bp.moves);
    cases.push_back({"perft " + std::to_string(++i), g.position(), 6});
  }
  for (std::uint64_t seed : {1, 2, 3, 4})
    cases.push_back({"random " + std::to_string(seed), random_setup(seed).position, 6});
  {
    // Placement positions: the first 20 and 36 placements of perft game 1.
    std::istringstream in(bench_positions()[0].moves);
    std::string word;
    Game g;
    for (int n = 0; n < 36 && in >> word; ++n) {
      play_moves(g, word);
      if (n + 1 == 20 || n + 1 == 36) cases.push_back({"placement " + std::to_string(n + 1), g.position(), 4});
    }
  }
  std::uint64_t total = 0;
  double seconds = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (const Case& c : cases) {
    engine::Engine eng(engine::kTopLevel, o.hash);
    engine::SearchLimits limits;
    limits.depth = c.depth;
    engine::Deadline timer;
    SearchReport r = eng.search(c.position, limits);
    double s = timer.elapsed();
    total += r.nodes;
    seconds += s;
    std::string best = r.lines.empty() ? "-" : to_string(r.lines[0].move);
    double score = r.lines.empty() ? 0 : r.lines[0].score;
    if (o.json)
      rows.push_back({{"position", c.name},
                      {"depth", c.depth},
                      {"nodes", r.nodes},
                      {"seconds", s},
                      {"best", best},
                      {"score", score}});
    else
      std::printf("%-13s depth %d  %10llu nodes  %7.3f s  %8.0f nodes/s  best %-6s %+6.2f\n", c.name.c_str(), c.depth,
                  static_cast<unsigned long long>(r.nodes), s, s > 0 ? r.nodes / s : 0.0, best.c_str(), score);
  }
  double nps = seconds > 0 ? total / seconds : 0;
  if (o.json)
    std::cout << nlohmann::json{{"positions", rows}, {"nodes", total}, {"seconds", seconds}, {"nps", nps}}.dump()
              << "\n";
  else
    std::printf("total %llu nodes in %.3f s: %.0f nodes per second\n", static_cast<unsigned long long>(total), seconds,
                nps);
  return 0;
}

}  // namespace

void register_bench_search_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<BenchSearchOptions>();
  auto* c = app.add_subcommand("bench-search", "Search benchmark: fixed positions to fixed depths; nodes and speed");
  c->add_flag("--json", o->json, "Print the figures as JSON");
  c->add_option("--hash", o->hash, "Transposition table size in MB (default 16)")->check(CLI::Range(1, 65536));
  set.add(c, [o] { return run_bench_search(*o); });
}

}  // namespace dvonn::app
