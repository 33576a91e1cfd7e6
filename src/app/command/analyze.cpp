// `dvonn analyze`: the engine's best moves for a position, with scores and
// variations, after every completed depth (docs/engine.md).
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "engine/engine.hpp"

namespace dvonn::app {
namespace {

using engine::SearchReport;

std::string pv_text(const std::vector<Move>& pv) {
  std::string s;
  for (const Move& m : pv) s += (s.empty() ? "" : " ") + to_string(m);
  return s;
}

nlohmann::json report_json(const SearchReport& r, bool final) {
  nlohmann::json lines = nlohmann::json::array();
  for (const auto& l : r.lines) {
    nlohmann::json pv = nlohmann::json::array();
    for (const Move& m : l.pv) pv.push_back(to_string(m));
    lines.push_back({{"move", to_string(l.move)}, {"score", l.score}, {"exact", l.exact}, {"pv", pv}});
  }
  double nps = r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0.0;
  nlohmann::json j = {{"depth", r.depth}, {"nodes", r.nodes}, {"nps", nps}, {"seconds", r.seconds}, {"lines", lines}};
  if (final) j["final"] = true;
  return j;
}

void print_report(const SearchReport& r, bool final) {
  double nps = r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0.0;
  std::printf("%sdepth %d  nodes %llu  %.0f nodes/s  %.3f s\n", final ? "final: " : "", r.depth,
              static_cast<unsigned long long>(r.nodes), nps, r.seconds);
  for (std::size_t i = 0; i < r.lines.size(); ++i) {
    const auto& l = r.lines[i];
    std::printf("  %zu. %-6s %+7.2f%s  pv %s\n", i + 1, to_string(l.move).c_str(), l.score, l.exact ? " exact" : "",
                pv_text(l.pv).c_str());
  }
  std::fflush(stdout);
}

struct AnalyzeOptions {
  PositionSource source;
  double time = 0;
  int depth = 0;
  int multipv = 1;
  bool json = false;
  int level = engine::kTopLevel;
  std::size_t hash = 64;
  int threads = 1;
};

int run_analyze(const AnalyzeOptions& o) {
  Game game = o.source.load();
  const Position& p = game.position();
  if (p.is_over()) {
    Score s = p.score();
    if (o.json)
      std::cout << nlohmann::json{{"final", true}, {"over", true}, {"white", s.white}, {"black", s.black}}.dump()
                << "\n";
    else
      std::cout << "the game is over: white " << s.white << ", black " << s.black << "\n";
    return 0;
  }
  engine::Engine eng(o.level, o.hash);
  eng.set_threads(o.threads);
  engine::SearchLimits limits;
  limits.seconds = o.time;
  limits.depth = o.depth;
  limits.multipv = o.multipv;
  if (limits.seconds <= 0 && limits.depth <= 0) limits.seconds = 1.0;
  auto each = [&](const SearchReport& r) {
    if (o.json)
      std::cout << report_json(r, false).dump() << "\n" << std::flush;
    else
      print_report(r, false);
  };
  SearchReport r = eng.search(p, limits, each);
  if (o.json)
    std::cout << report_json(r, true).dump() << "\n";
  else
    print_report(r, true);
  return 0;
}

}  // namespace

void register_analyze_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<AnalyzeOptions>();
  auto* c = app.add_subcommand("analyze", "The engine's best moves for a position, with scores and variations");
  o->source.add_options(c);
  c->add_option("--time", o->time, "Seconds to think (default 1 when no --depth)")->check(CLI::Range(0.0, 1e6));
  c->add_option("--depth", o->depth, "Search this many plies (deterministic)")->check(CLI::Range(1, 60));
  c->add_option("--multipv", o->multipv, "How many best moves to report")->check(CLI::Range(1, 160));
  c->add_flag("--json", o->json, "One JSON object per completed depth; the last has \"final\":true");
  c->add_option("--level", o->level,
                "Engine level (" + std::to_string(engine::kMinLevel) + ".." + std::to_string(engine::kTopLevel) + ")")
      ->check(CLI::Range(engine::kMinLevel, engine::kTopLevel));
  c->add_option("--hash", o->hash, "Transposition table size in MB")->check(CLI::Range(1, 65536));
  c->add_option("--threads", o->threads, "Search threads (default 1; more are not deterministic)")
      ->check(CLI::Range(1, 64));
  set.add(c, [o] { return run_analyze(*o); });
}

}  // namespace dvonn::app
