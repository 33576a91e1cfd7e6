// `dvonn bench`: bulk-counted perft on the phase-2 reference positions
// (tests/data/perft/positions.txt), with the speed and a check of each count.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/bench_positions.hpp"
#include "app/command/support.hpp"
#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "core/perft.hpp"

namespace dvonn::app {
namespace {

struct BenchOptions {
  std::uint64_t max_nodes = 1'000'000'000;
  bool json = false;
};

int run_bench(const BenchOptions& o) {
  std::uint64_t total = 0;
  double total_s = 0;
  bool all_ok = true;
  nlohmann::json rows = nlohmann::json::array();
  if (!o.json) std::cout << "bulk-counted perft on the phase-2 positions of tests/data/perft/positions.txt, 1 thread\n";
  int index = 0;
  for (const BenchPosition& bp : bench_positions()) {
    ++index;
    int depth = 0;
    for (size_t d = 0; d < bp.perft.size(); ++d)
      if (bp.perft[d] <= o.max_nodes) depth = static_cast<int>(d) + 1;
    if (depth == 0) continue;
    Game game;
    play_moves(game, bp.moves);
    Position p = game.position();
    auto t0 = Clock::now();
    std::uint64_t n = perft(p, depth);
    double s = seconds_since(t0);
    bool ok = n == bp.perft[depth - 1];
    all_ok = all_ok && ok;
    total += n;
    total_s += s;
    if (o.json) {
      rows.push_back({{"position", index}, {"depth", depth}, {"nodes", n}, {"seconds", s}, {"ok", ok}});
    } else {
      std::printf("position %d  depth %d  %12llu leaves  %7.3f s  %8.1f M/s  %s\n", index, depth,
                  static_cast<unsigned long long>(n), s, s > 0 ? n / s / 1e6 : 0.0,
                  ok ? "ok" : "MISMATCH with the reference value");
    }
  }
  double nps = total_s > 0 ? total / total_s : 0;
  if (o.json)
    std::cout << nlohmann::json{{"positions", rows}, {"nodes", total}, {"seconds", total_s}, {"nps", nps}}.dump()
              << "\n";
  else
    std::printf("total %llu leaves in %.3f s: %.1f million leaf positions per second\n",
                static_cast<unsigned long long>(total), total_s, nps / 1e6);
  return all_ok ? 0 : 1;
}

}  // namespace

void register_bench_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<BenchOptions>();
  auto* c = app.add_subcommand("bench", "Benchmark: bulk-counted perft on the phase-2 reference positions");
  c->add_option("--max-nodes", o->max_nodes, "Search each position to the deepest reference value up to this")
      ->check(CLI::Range(1.0, 1e12));
  c->add_flag("--json", o->json, "Print the figures as JSON");
  set.add(c, [o] { return run_bench(*o); });
}

}  // namespace dvonn::app
