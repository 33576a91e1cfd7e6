// `dvonn perft DEPTH`: counts the leaf positions DEPTH plies ahead (the move
// generator's check and speed), split over threads at the root on request.
#include "core/perft.hpp"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "app/command/support.hpp"
#include "app/commands.hpp"
#include "app/position_source.hpp"

namespace dvonn::app {
namespace {

// Perft split over threads at the root; each thread works on its own copy.
std::vector<std::pair<Move, std::uint64_t>> divide_parallel(const Position& root, int depth, int threads) {
  MoveList list;
  root.generate(list);
  std::vector<std::pair<Move, std::uint64_t>> result(list.size);
  std::atomic<int> next{0};
  auto worker = [&]() {
    for (int i; (i = next++) < list.size;) {
      Position p = root;
      p.play(list[i]);
      result[i] = {list[i], perft(p, depth - 1)};
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, threads); ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  return result;
}

struct PerftOptions {
  PositionSource source;
  int depth = 1;
  bool divide = false;
  bool json = false;
  int threads = 1;
};

int run_perft(const PerftOptions& o) {
  Game game = o.source.load();
  Position p = game.position();
  auto t0 = Clock::now();
  std::uint64_t nodes = 0;
  std::vector<std::pair<Move, std::uint64_t>> parts;
  if (o.depth == 0) {
    nodes = 1;
  } else if (o.divide || o.threads > 1) {
    parts = o.threads > 1 ? divide_parallel(p, o.depth, o.threads) : perft_divide(p, o.depth);
    for (auto& [m, n] : parts) nodes += n;
  } else {
    nodes = perft(p, o.depth);
  }
  double s = seconds_since(t0);
  double nps = s > 0 ? static_cast<double>(nodes) / s : 0.0;
  if (o.json) {
    nlohmann::json j = {{"nodes", nodes}, {"seconds", s}, {"nps", nps}};
    if (o.divide) {
      nlohmann::json d = nlohmann::json::object();
      for (auto& [m, n] : parts) d[to_string(m)] = n;
      j["divide"] = d;
    }
    std::cout << j.dump() << "\n";
    return 0;
  }
  if (o.divide)
    for (auto& [m, n] : parts) std::cout << to_string(m) << ": " << n << "\n";
  std::cout << "perft " << o.depth << ": " << nodes << " leaf positions in " << s << " s ("
            << static_cast<std::uint64_t>(nps) << " per second)\n";
  return 0;
}

}  // namespace

void register_perft_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<PerftOptions>();
  auto* c = app.add_subcommand("perft", "Count the leaf positions DEPTH plies ahead (move generator check and speed)");
  c->add_option("DEPTH", o->depth, "Depth in plies")->required()->check(CLI::Range(0, 64));
  c->add_flag("--divide", o->divide, "Also print the count below each legal move");
  c->add_flag("--json", o->json, "Print {\"nodes\": N, \"seconds\": S, \"nps\": R}");
  c->add_option("--threads", o->threads, "Threads (split at the root); default 1")->check(CLI::Range(1, 256));
  o->source.add_options(c);
  set.add(c, [o] { return run_perft(*o); });
}

}  // namespace dvonn::app
