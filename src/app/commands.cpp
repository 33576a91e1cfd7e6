#include "app/commands.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "app/analyze_command.hpp"
#include "app/bench_positions.hpp"
#include "app/board_view.hpp"
#include "app/engine_command.hpp"
#include "app/match_command.hpp"
#include "app/position_source.hpp"
#include "app/serve_command.hpp"
#include "app/terminal_game.hpp"
#include "app/version.hpp"
#include "core/game_record.hpp"
#include "core/perft.hpp"
#include "core/position_string.hpp"
#include "engine/engine.hpp"
#include "engine/player.hpp"

namespace dvonn::app {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

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

struct ReplayOptions {
  std::string file;
  bool json = false;
};

int run_replay(const ReplayOptions& o) {
  std::string error;
  std::string name = o.file == "-" ? "standard input" : o.file;
  auto rec = parse_record(read_text(o.file), &error);
  if (!rec) throw InputError(name + ": " + error);
  auto game = replay_record(*rec, &error);
  if (!game) throw InputError(name + ": " + error);
  const Position& p = game->position();
  Result r = game->result();
  if (r != Result::Ongoing && rec->has_tag("Result") && rec->tag("Result") != "*" &&
      rec->tag("Result") != result_tag(r))
    throw InputError(name + ": the Result tag says " + rec->tag("Result") + " but the final position gives " +
                     result_tag(r));
  Score s = p.score();
  if (o.json) {
    std::string to_move = p.is_over() ? "none" : color_name(p.side_to_move());
    nlohmann::json j = {{"moves", game->moves().size()},
                        {"phase", phase_name(p.phase())},
                        {"to_move", to_move},
                        {"score", {{"white", s.white}, {"black", s.black}}},
                        {"result", result_name(r)}};
    std::cout << j.dump() << "\n";
    return 0;
  }
  BoardViewOptions opt;
  opt.color = stdout_is_color_terminal();
  std::cout << render_board(game->state(), opt);
  std::cout << game->moves().size() << " moves, all legal. Result: " << result_name(r) << " (" << result_tag(r)
            << ")\n";
  return 0;
}

struct LegalOptions {
  PositionSource source;
  bool json = false;
};

int run_legal(const LegalOptions& o) {
  Game game = o.source.load();
  MoveList list;
  game.position().generate(list);
  std::vector<std::string> names;
  for (Move m : list) names.push_back(to_string(m));
  std::sort(names.begin(), names.end());
  if (o.json) {
    std::cout << nlohmann::json(names).dump() << "\n";
    return 0;
  }
  for (auto& n : names) std::cout << n << "\n";
  return 0;
}

struct ShowOptions {
  PositionSource source;
  bool stacks = false;
  std::string color = "auto";
  bool position_string = false;
};

int run_show(const ShowOptions& o) {
  Game game = o.source.load();
  BoardViewOptions opt;
  opt.color = o.color == "always" || (o.color == "auto" && stdout_is_color_terminal());
  opt.list_stacks = o.stacks;
  if (!game.moves().empty()) {
    Move last = game.moves().back();
    if (!last.is_pass()) opt.highlight = bit(last.to) | (last.is_step() ? bit(last.from) : 0);
  }
  std::cout << render_board(game.state(), opt);
  if (o.position_string) std::cout << "position: " << format_position(game.state()) << "\n";
  return 0;
}

struct PlayOptions {
  PositionSource source;
  std::string color = "auto";
  std::array<std::string, 2> players = {"human", "human"};  // White, Black
};

// At the terminal there is no game clock; an engine side thinks as if it had
// this much for the whole game, which keeps its moves to a few seconds.
constexpr double kTerminalEngineSecondsPerGame = 60;
// The hint searches at full strength for about this long.
constexpr double kHintSeconds = 1;

// "human" or "engine:L" with L a level; "" when valid, else what is wrong.
std::string check_player(const std::string& spec) {
  if (spec == "human") return "";
  if (spec.rfind("engine:", 0) == 0 && engine::is_level(spec.substr(7))) return "";
  return "expected human or engine:L with L one of " + engine::level_choices();
}

MoveChooser engine_side(const std::string& level) {
  auto player = std::make_shared<engine::Player>(level);
  auto used = std::make_shared<double>(0);
  return [player, used](const Game& game) {
    auto t0 = Clock::now();
    Move m = player->choose(game.position(), std::max(0.0, kTerminalEngineSecondsPerGame - *used));
    *used += seconds_since(t0);
    return m;
  };
}

HintProvider engine_hint() {
  // Made on the first hint only: most games never ask for one.
  auto engine = std::make_shared<std::unique_ptr<engine::Engine>>();
  return [engine](const Game& game) {
    if (!*engine) *engine = std::make_unique<engine::Engine>(engine::kTopLevel, 64);
    engine::SearchLimits limits;
    limits.seconds = kHintSeconds;
    engine::SearchReport r = (*engine)->search(game.position(), limits);
    if (r.lines.empty()) return std::string("The engine has no suggestion.");
    const engine::ScoredLine& best = r.lines.front();
    std::ostringstream text;
    text << "Hint: " << to_string(best.move) << " (expected final piece difference " << (best.score >= 0 ? "+" : "")
         << best.score << (best.exact ? ", exact" : "") << ", depth " << r.depth << ")";
    return text.str();
  };
}

int run_play(const PlayOptions& o) {
  Game game = o.source.load();
  bool color = o.color == "always" || (o.color == "auto" && stdout_is_color_terminal());
  TerminalGame tg(std::move(game), std::cin, std::cout, color);
  for (Color side : {Color::White, Color::Black}) {
    const std::string& spec = o.players[static_cast<int>(side)];
    if (spec != "human") tg.set_player(side, engine_side(spec.substr(7)));
  }
  tg.set_hint(engine_hint());
  return tg.run();
}

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

void add_color_option(CLI::App* c, std::string& color) {
  c->add_option("--color", color, "ANSI colours: auto (on a terminal), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

}  // namespace

CommandSet register_commands(CLI::App& app) {
  CommandSet set;
  {
    auto o = set.keep<PerftOptions>();
    auto* c =
        app.add_subcommand("perft", "Count the leaf positions DEPTH plies ahead (move generator check and speed)");
    c->add_option("DEPTH", o->depth, "Depth in plies")->required()->check(CLI::Range(0, 64));
    c->add_flag("--divide", o->divide, "Also print the count below each legal move");
    c->add_flag("--json", o->json, "Print {\"nodes\": N, \"seconds\": S, \"nps\": R}");
    c->add_option("--threads", o->threads, "Threads (split at the root); default 1")->check(CLI::Range(1, 256));
    o->source.add_options(c);
    set.add(c, [o] { return run_perft(*o); });
  }
  {
    auto o = set.keep<ReplayOptions>();
    auto* c = app.add_subcommand("replay", "Check a game record move by move; print the final board and result");
    c->add_option("FILE", o->file, "The record file, or - for standard input")->required();
    c->add_flag("--json", o->json, "Print the outcome as one JSON object");
    set.add(c, [o] { return run_replay(*o); });
  }
  {
    auto o = set.keep<LegalOptions>();
    auto* c = app.add_subcommand("legal", "List the legal moves of a position, one per line");
    c->add_flag("--json", o->json, "Print a JSON array");
    o->source.add_options(c);
    set.add(c, [o] { return run_legal(*o); });
  }
  {
    auto o = set.keep<ShowOptions>();
    auto* c = app.add_subcommand("show", "Draw the board in the terminal");
    c->add_flag("--stacks", o->stacks, "Also list the colours inside every stack");
    c->add_flag("--position-string", o->position_string, "Also print the position string");
    add_color_option(c, o->color);
    o->source.add_options(c);
    set.add(c, [o] { return run_show(*o); });
  }
  {
    auto o = set.keep<PlayOptions>();
    auto* c = app.add_subcommand("play", "Play a game at the terminal, people or engines on either side");
    add_color_option(c, o->color);
    c->add_option("--white", o->players[0], "human (default) or engine:L, L = " + engine::level_choices())
        ->check(check_player);
    c->add_option("--black", o->players[1], "human (default) or engine:L, L = " + engine::level_choices())
        ->check(check_player);
    o->source.add_options(c);
    set.add(c, [o] { return run_play(*o); });
  }
  {
    auto o = set.keep<BenchOptions>();
    auto* c = app.add_subcommand("bench", "Benchmark: bulk-counted perft on the phase-2 reference positions");
    c->add_option("--max-nodes", o->max_nodes, "Search each position to the deepest reference value up to this")
        ->check(CLI::Range(1.0, 1e12));
    c->add_flag("--json", o->json, "Print the figures as JSON");
    set.add(c, [o] { return run_bench(*o); });
  }
  // Commands of the engine and protocol layers register here.
  register_serve_command(app, set);
  register_analyze_command(app, set);
  register_engine_command(app, set);
  register_match_command(app, set);

  {
    auto* c = app.add_subcommand("help", "List the subcommands");
    CLI::App* root = &app;
    set.add(c, [root] {
      std::cout << root->get_formatter()->make_help(root, "dvonn", CLI::AppFormatMode::Normal);
      return 0;
    });
  }
  return set;
}

int CommandSet::run_chosen() const {
  for (const auto& [cmd, action] : commands)
    if (cmd->parsed()) return action();
  return 0;
}

int run_dvonn(int argc, char** argv) {
  CLI::App app{"dvonn: play, study and compute the board game DVONN"};
  app.set_version_flag("--version", version_string(), "Print the version and the git commit it was built from");
  app.require_subcommand(1);
  CommandSet set = register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "dvonn: " << e.what() << "\nRun 'dvonn help' for the commands, 'dvonn COMMAND --help' for options.\n";
    return 2;
  }
  try {
    return set.run_chosen();
  } catch (const InputError& e) {
    std::cerr << "dvonn: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dvonn::app
