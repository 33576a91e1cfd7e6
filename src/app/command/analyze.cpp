// `dvonn analyze`: the engine's best moves for a position, with scores and
// variations, after every completed depth (docs/engine.md).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "engine/engine.hpp"
#include "engine/review.hpp"
#include "server/review/review_json.hpp"

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
  bool review = false;
  std::uint64_t nodes = 0;
};

// --review: the engine's view of every position of the game and a class
// for every move (engine/review.hpp), as a table or as JSON.
int run_review(const AnalyzeOptions& o) {
  Game game = o.source.load();
  if (game.moves().empty()) throw InputError("--review needs a game with moves: give --record FILE or --moves");
  engine::ReviewBudget budget;
  if (o.depth > 0) budget.depth = o.depth;
  if (o.nodes > 0) budget.nodes = o.nodes;
  budget.hash_megabytes = std::min<std::size_t>(o.hash, 64);
  engine::GameReview review = engine::review_game(game, budget);
  if (o.json) {
    std::cout << server::review_json(review, game).dump() << "\n";
    return 0;
  }
  std::printf("review: depth %d, at most %llu nodes a position; scores are White's expected final piece lead\n",
              budget.depth, static_cast<unsigned long long>(budget.nodes));
  std::printf("%4s  %-5s  %-6s  %8s  %-6s  %6s  %-10s  %s\n", "ply", "side", "move", "eval", "best", "loss", "class",
              "best line");
  for (std::size_t i = 0; i < review.moves.size(); ++i) {
    const auto& m = review.moves[i];
    const auto& before = review.positions[i];
    const auto& after = review.positions[i + 1];
    char eval[32];
    std::snprintf(eval, sizeof eval, "%+.2f%s", after.white_score, after.exact ? "=" : "");
    std::printf("%4zu  %-5s  %-6s  %8s  %-6s  %6.2f  %-10s  %s\n", i + 1, m.mover == Color::White ? "white" : "black",
                to_string(m.played).c_str(), eval, to_string(before.best).c_str(), m.score_loss,
                engine::move_class_name(m.kind), pv_text(before.line).c_str());
  }
  std::printf("(= exact: proved by the solver or the game's end)\n");
  for (auto [name, s] : {std::pair{"white", &review.white}, std::pair{"black", &review.black}})
    std::printf("%s: accuracy %.1f%%  best %d  good %d  inaccuracies %d  mistakes %d  blunders %d\n", name, s->accuracy,
                s->best, s->good, s->inaccuracies, s->mistakes, s->blunders);
  return 0;
}

int run_analyze(const AnalyzeOptions& o) {
  if (o.review) return run_review(o);
  if (o.nodes > 0) throw InputError("--nodes is for --review");
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
  c->add_flag("--review", o->review,
              "Review the whole game (--record or --moves): every position's evaluation, every move's class, "
              "each player's accuracy; --depth and --nodes set the budget per position");
  c->add_option("--nodes", o->nodes, "--review: nodes per position (default 200000)")->check(CLI::Range(1, 1000000000));
  set.add(c, [o] { return run_analyze(*o); });
}

}  // namespace dvonn::app
