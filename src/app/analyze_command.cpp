#include "app/analyze_command.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "app/bench_positions.hpp"
#include "app/position_source.hpp"
#include "app/weights_text.hpp"
#include "core/game_record.hpp"
#include "core/random_setup.hpp"
#include "engine/engine.hpp"
#include "engine/selfplay.hpp"
#include "engine/time_manager.hpp"
#include "engine/tuning.hpp"

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

struct TuneOptions {
  int games = 200;
  int level = 4;
  double time = 30;
  std::uint64_t seed = 1;
  std::vector<std::string> records;
  int clip = 0;
  int solve_live = 0;
  bool placement_policy = false;
};

// Every record file named, or found (*.dvonn) in a folder named; sorted so
// a fit is repeatable.
std::vector<std::filesystem::path> record_files(const std::vector<std::string>& names) {
  std::vector<std::filesystem::path> files;
  for (const auto& name : names) {
    std::error_code ec;
    if (std::filesystem::is_directory(name, ec)) {
      for (const auto& e : std::filesystem::directory_iterator(name))
        if (e.is_regular_file() && e.path().extension() == ".dvonn") files.push_back(e.path());
    } else if (std::filesystem::is_regular_file(name, ec)) {
      files.emplace_back(name);
    } else {
      throw InputError("no such record file or folder: " + name);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Adds the finished games among the records; says how many it skipped.
void add_records(const std::vector<std::string>& names, int clip, int solve_live, engine::TuningData& data,
                 std::vector<engine::PolicySample>* decisions = nullptr) {
  int used = 0, skipped = 0, solved = 0;
  for (const auto& file : record_files(names)) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    std::string error;
    auto record = parse_record(text.str(), &error);
    std::optional<Game> game;
    if (record) game = replay_record(*record, &error);
    // Forfeits and unfinished games say nothing about the final count.
    if (!game || !game->position().is_over()) {
      ++skipped;
      continue;
    }
    std::vector<Position> positions;
    Position p = game->start().position;
    for (Move m : game->moves()) {
      positions.push_back(p);
      p.play(m);
    }
    const Score s = p.score();
    if (solve_live > 0)
      solved += engine::add_positions_solved(positions, s.white, s.black, data, clip, solve_live, 2'000'000);
    else
      engine::add_positions(positions, s.white, s.black, data, clip);
    if (decisions) engine::add_placement_decisions(positions, game->moves(), *decisions);
    ++used;
  }
  std::fprintf(stderr, "%d finished games read (%d records skipped), %zu + %zu samples, %d targets solved exactly\n",
               used, skipped, data.placement.size(), data.movement.size(), solved);
  if (used == 0) throw InputError("no finished game in the records given");
}

// Fits the placement model to the placements the recorded players chose.
int run_tune_placement_policy(const TuneOptions& o) {
  engine::TuningData data;
  std::vector<engine::PolicySample> decisions;
  add_records(o.records, o.clip, 0, data, &decisions);
  const auto& w = engine::default_weights();
  std::vector<double> now(w.place.begin(), w.place.end());
  engine::PolicyFit fit = engine::fit_placement_policy(decisions, now);
  std::printf("placement policy: %zu decisions, mean log-likelihood %.3f -> %.3f, best move agrees %.1f%%\n",
              fit.samples, fit.log_likelihood_before, fit.log_likelihood_after, 100 * fit.agreement);
  std::string flat;
  for (std::size_t i = 0; i < fit.weights.size(); ++i) {
    std::printf("  %-22s %6d -> %8.1f\n", engine::feature_name_place(static_cast<int>(i)).c_str(), w.place[i],
                fit.weights[i]);
    flat += (i ? "," : "") + std::to_string(std::lround(fit.weights[i]));
  }
  std::printf("placement weights: %s\n", flat.c_str());
  return 0;
}

int run_tune(const TuneOptions& o) {
  if (o.placement_policy) {
    if (o.records.empty()) throw InputError("--placement-policy needs --records");
    return run_tune_placement_policy(o);
  }
  engine::TuningData data;
  if (!o.records.empty()) {
    add_records(o.records, o.clip, o.solve_live, data);
  } else {
    engine::GameSetup setup;
    setup.seconds_per_game = o.time;
    engine::Player a(engine::level_name(o.level), 16, o.seed), b(engine::level_name(o.level), 16, o.seed + 1);
    for (int g = 0; g < o.games; ++g) {
      setup.seed = o.seed * 7919 + static_cast<std::uint64_t>(g);
      engine::add_game(engine::play_game(a, b, setup), data);
      if ((g + 1) % 50 == 0)
        std::fprintf(stderr, "%d games, %zu + %zu samples\n", g + 1, data.placement.size(), data.movement.size());
    }
  }
  const auto& w = engine::default_weights();
  std::vector<double> move_now(w.move.begin(), w.move.end()), place_now(w.place.begin(), w.place.end());
  auto fm = engine::fit_weights(data.movement, move_now);
  auto fp = engine::fit_weights(data.placement, place_now);
  std::printf("movement: %zu samples, rms error %.1f -> %.1f centipieces\n", fm.samples, fm.rmse_before, fm.rmse_after);
  for (std::size_t i = 0; i < fm.weights.size(); ++i)
    std::printf("  %-22s %6d -> %8.1f\n", engine::feature_name_move(static_cast<int>(i)).c_str(), w.move[i],
                fm.weights[i]);
  std::printf("placement: %zu samples, rms error %.1f -> %.1f centipieces\n", fp.samples, fp.rmse_before,
              fp.rmse_after);
  for (std::size_t i = 0; i < fp.weights.size(); ++i)
    std::printf("  %-22s %6d -> %8.1f\n", engine::feature_name_place(static_cast<int>(i)).c_str(), w.place[i],
                fp.weights[i]);
  std::printf("for default_weights() in src/engine/evaluation.cpp:\n%s",
              engine::format_weights(fm.weights, fp.weights).c_str());
  std::string flat;
  for (std::size_t i = 0; i < fm.weights.size(); ++i)
    flat += (i ? "," : "") + std::to_string(std::lround(fm.weights[i]));
  flat += "/";
  for (std::size_t i = 0; i < fp.weights.size(); ++i)
    flat += (i ? "," : "") + std::to_string(std::lround(fp.weights[i]));
  std::printf("to test them: dvonn selfplay -a 6 -b 6 --weights-a '%s'\n", flat.c_str());
  return 0;
}

}  // namespace

void register_analyze_command(CLI::App& app, CommandSet& set) {
  {
    auto o = set.keep<AnalyzeOptions>();
    auto* c = app.add_subcommand("analyze", "The engine's best moves for a position, with scores and variations");
    o->source.add_options(c);
    c->add_option("--time", o->time, "Seconds to think (default 1 when no --depth)")->check(CLI::Range(0.0, 1e6));
    c->add_option("--depth", o->depth, "Search this many plies (deterministic)")->check(CLI::Range(1, 60));
    c->add_option("--multipv", o->multipv, "How many best moves to report")->check(CLI::Range(1, 160));
    c->add_flag("--json", o->json, "One JSON object per completed depth; the last has \"final\":true");
    c->add_option("--level", o->level, "Engine level (1..8)")->check(CLI::Range(engine::kMinLevel, engine::kTopLevel));
    c->add_option("--hash", o->hash, "Transposition table size in MB")->check(CLI::Range(1, 65536));
    c->add_option("--threads", o->threads, "Search threads (default 1; more are not deterministic)")
        ->check(CLI::Range(1, 64));
    set.add(c, [o] { return run_analyze(*o); });
  }
  {
    auto o = set.keep<BenchSearchOptions>();
    auto* c = app.add_subcommand("bench-search", "Search benchmark: fixed positions to fixed depths; nodes and speed");
    c->add_flag("--json", o->json, "Print the figures as JSON");
    c->add_option("--hash", o->hash, "Transposition table size in MB (default 16)")->check(CLI::Range(1, 65536));
    set.add(c, [o] { return run_bench_search(*o); });
  }
  {
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
  {
    auto o = set.keep<TuneOptions>();
    auto* c = app.add_subcommand("tune", "Fit the evaluation weights to self-play games (see docs/engine.md)");
    c->add_option("--games", o->games, "Self-play games to generate")->check(CLI::Range(1, 1000000));
    c->add_option("--level", o->level, "Level that plays them")
        ->check(CLI::Range(engine::kMinLevel, engine::kTopLevel));
    c->add_option("--time", o->time, "Seconds per side per game")->check(CLI::Range(0.0, 1e6));
    c->add_option("--seed", o->seed, "Seed of the random openings");
    c->add_option("--records", o->records,
                  "Fit to these game records (files, or folders of *.dvonn, e.g. from dvonn match --out) "
                  "instead of self-play");
    c->add_option("--clip", o->clip, "Bound the fitted final piece difference to +-this many pieces; default 0 (none)")
        ->check(CLI::Range(0, 49));
    c->add_option("--solve", o->solve_live,
                  "With --records: positions with at most this many movable stacks get the endgame solver's exact "
                  "value as target; default 0 (none)")
        ->check(CLI::Range(0, 22));
    c->add_flag("--placement-policy", o->placement_policy,
                "Fit the placement weights to the placements the recorded players chose (needs --records)");
    set.add(c, [o] { return run_tune(*o); });
  }
}

}  // namespace dvonn::app
