// `dvonn match`: runs two CodeCup-protocol programs against each other
// under the referee and reports the score, Elo and SPRT (docs/match.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "protocol/match_runner.hpp"

namespace dvonn::app {
namespace {

struct MatchOptions {
  std::vector<std::string> engines;
  std::vector<std::string> names;
  int games = 2;
  double seconds_per_game = 5;
  double tolerance = 0.1;
  bool random_setup = false;
  int random_openings = 0;
  std::string openings_path;
  std::optional<std::uint64_t> seed;
  int concurrency = 1;
  std::string out_dir;
  std::string sprt;
  double alpha = 0.05;
  double beta = 0.05;
  std::string stderr_path;
  bool json = false;
};

// An openings file: one position string a line; blank lines and lines
// starting with '#' are skipped. Throws InputError naming the bad line.
std::vector<BoardState> read_openings(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("--openings " + path + ": cannot read the file");
  std::vector<BoardState> openings;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::string error;
    auto start = parse_position(line.substr(first), &error);
    if (!start) throw InputError("--openings " + path + " line " + std::to_string(n) + ": " + error);
    if (start->position.is_over())
      throw InputError("--openings " + path + " line " + std::to_string(n) + ": the game is already over there");
    openings.push_back(*start);
  }
  if (openings.empty()) throw InputError("--openings " + path + ": no position in the file");
  return openings;
}

// "elo0,elo1" -> the two numbers; throws InputError.
std::pair<double, double> parse_sprt_bounds(const std::string& text) {
  std::istringstream in(text);
  double a = 0, b = 0;
  char comma = 0;
  if (!(in >> a >> comma >> b) || comma != ',' || !(in >> std::ws).eof())
    throw InputError("--sprt \"" + text + "\": expected two Elo values as elo0,elo1 (for example 0,5)");
  return {a, b};
}

// "+12.3", "-inf" and the like.
std::string signed_number(double x, int decimals = 1) {
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  if (x == 0) x = 0;  // no "-0.0"
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.*f", decimals, x);
  return buf;
}

// JSON has no infinity: an unbounded value is written as null.
nlohmann::json finite_or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

void print_progress(const protocol::MatchGame& g, const protocol::MatchTotals& t, const protocol::MatchSettings& s) {
  const auto& white = s.engines[g.first_is_white ? 0 : 1];
  const auto& black = s.engines[g.first_is_white ? 1 : 0];
  Score sc = g.game.game.position().score();
  std::ostringstream line;
  line << "game " << g.index + 1 << "/" << s.games << ": " << white.name << " (white) - " << black.name << " (black) "
       << result_tag(g.game.result) << " " << sc.white << "-" << sc.black;
  if (g.game.forfeited_by) line << ", " << protocol::termination_name(g.game.termination) << ": " << g.game.detail;
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, " | time %.2f s - %.2f s", g.game.seconds_used[0], g.game.seconds_used[1]);
  line << seconds << " | " << s.engines[0].name << ": +" << t.first.wins << " =" << t.first.draws << " -"
       << t.first.losses;
  if (!g.record_error.empty()) line << " | " << g.record_error;
  std::cerr << line.str() << "\n" << std::flush;
}

int run_match_command(const MatchOptions& o) {
  protocol::MatchSettings s;
  if (o.engines.size() != 2) throw InputError("give exactly two --engine commands");
  if (o.names.size() > 2) throw InputError("give at most two --name values, one per --engine");
  for (int i = 0; i < 2; ++i) {
    s.engines[i].command = o.engines[i];
    s.engines[i].name = i < static_cast<int>(o.names.size()) ? o.names[i] : o.engines[i];
  }
  if (s.engines[0].name == s.engines[1].name) {
    s.engines[0].name += " #1";
    s.engines[1].name += " #2";
  }
  s.games = o.games;
  s.referee.seconds_per_game = o.seconds_per_game;
  s.referee.tolerance = o.tolerance;
  s.referee.stderr_path = o.stderr_path;
  s.random_setup = o.random_setup;
  s.random_openings = o.random_openings;
  if (!o.openings_path.empty()) s.openings = read_openings(o.openings_path);
  s.seed = o.seed ? *o.seed : std::random_device{}();
  s.concurrency = o.concurrency;
  s.out_dir = o.out_dir;
  if (!o.sprt.empty()) {
    auto [elo0, elo1] = parse_sprt_bounds(o.sprt);
    s.sprt = protocol::SprtSettings{elo0, elo1, o.alpha, o.beta};
  }
  std::string why = protocol::check_match_settings(s);
  if (!why.empty()) throw InputError(why);
  if (!s.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(s.out_dir, ec);
    if (ec || !std::filesystem::is_directory(s.out_dir))
      throw InputError("--out " + s.out_dir + ": cannot create the folder" + (ec ? ": " + ec.message() : ""));
  }

  std::cerr << "match: " << s.engines[0].name << " vs " << s.engines[1].name << ", " << s.games << " games, "
            << s.referee.seconds_per_game << " s per game each, seed " << s.seed
            << (s.random_setup ? ", random setups" : "")
            << (s.random_openings > 0 ? ", random openings of " + std::to_string(s.random_openings) + " placements"
                                      : std::string())
            << (s.openings.empty() ? std::string()
                                   : ", " + std::to_string(s.openings.size()) + " openings from " + o.openings_path)
            << "\n";
  protocol::MatchReport report = protocol::run_match(
      s, [&s](const protocol::MatchGame& g, const protocol::MatchTotals& t) { print_progress(g, t, s); });
  const protocol::MatchTotals& t = report.totals;
  protocol::EloEstimate elo = protocol::estimate_elo(t.first);
  std::optional<protocol::SprtState> sprt;
  if (s.sprt) sprt = protocol::sprt(t.first, *s.sprt);

  if (o.json) {
    nlohmann::json games = nlohmann::json::array();
    for (const auto& g : report.games) {
      nlohmann::json j = {{"game", g.index + 1},
                          {"white", s.engines[g.first_is_white ? 0 : 1].name},
                          {"black", s.engines[g.first_is_white ? 1 : 0].name},
                          {"result", result_tag(g.game.result)},
                          {"termination", protocol::termination_name(g.game.termination)},
                          {"moves", g.game.game.moves().size()},
                          {"seconds", {g.game.seconds_used[0], g.game.seconds_used[1]}}};
      if (g.game.forfeited_by) j["detail"] = g.game.detail;
      if (!g.record_path.empty()) j["record"] = g.record_path;
      games.push_back(j);
    }
    nlohmann::json j = {{"engines", {s.engines[0].name, s.engines[1].name}},
                        {"seed", s.seed},
                        {"games", t.first.games()},
                        {"wins", t.first.wins},
                        {"draws", t.first.draws},
                        {"losses", t.first.losses},
                        {"score", t.first.score()},
                        {"elo", finite_or_null(elo.elo)},
                        {"elo_low", finite_or_null(elo.low)},
                        {"elo_high", finite_or_null(elo.high)},
                        {"games_by_rules", t.games_by_rules},
                        {"mean_piece_difference", t.mean_piece_difference()},
                        {"forfeits", {t.forfeits[0], t.forfeits[1]}},
                        {"stopped_by_sprt", t.stopped_by_sprt},
                        {"results", games}};
    if (sprt)
      j["sprt"] = {{"elo0", s.sprt->elo0},   {"elo1", s.sprt->elo1},
                   {"alpha", s.sprt->alpha}, {"beta", s.sprt->beta},
                   {"llr", sprt->llr},       {"lower", sprt->lower},
                   {"upper", sprt->upper},   {"verdict", protocol::verdict_name(sprt->verdict)}};
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::printf("%s vs %s: %d games, +%d =%d -%d, score %.3f\n", s.engines[0].name.c_str(), s.engines[1].name.c_str(),
              t.first.games(), t.first.wins, t.first.draws, t.first.losses, t.first.score());
  std::printf("Elo difference: %s (95%% interval %s .. %s)\n", signed_number(elo.elo).c_str(),
              signed_number(elo.low).c_str(), signed_number(elo.high).c_str());
  std::printf("Mean piece difference: %s over the %d games that ended by the rules\n",
              signed_number(t.mean_piece_difference(), 2).c_str(), t.games_by_rules);
  std::printf("Forfeits: %d by %s, %d by %s\n", t.forfeits[0], s.engines[0].name.c_str(), t.forfeits[1],
              s.engines[1].name.c_str());
  // The thinking time each program used per game, as the referee measured it.
  for (int e = 0; e < 2 && !report.games.empty(); ++e) {
    double sum = 0, most = 0;
    for (const auto& g : report.games) {
      double used = g.game.seconds_used[(g.first_is_white ? 0 : 1) ^ e];
      sum += used;
      most = std::max(most, used);
    }
    std::printf("Time per game of %s: mean %.2f s, longest %.2f s\n", s.engines[e].name.c_str(),
                sum / static_cast<double>(report.games.size()), most);
  }
  if (sprt) {
    const char* verdict = sprt->verdict == protocol::SprtVerdict::AcceptH1   ? "H1 accepted (the first is stronger)"
                          : sprt->verdict == protocol::SprtVerdict::AcceptH0 ? "H0 accepted (not stronger by elo1)"
                                                                             : "no verdict yet, play more games";
    std::printf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f, bounds [%.3f, %.3f]: %s%s\n", s.sprt->elo0,
                s.sprt->elo1, s.sprt->alpha, s.sprt->beta, sprt->llr, sprt->lower, sprt->upper, verdict,
                t.stopped_by_sprt ? "; the match stopped early" : "");
  }
  return 0;
}

}  // namespace

void register_match_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<MatchOptions>();
  auto* c = app.add_subcommand("match", "Play two CodeCup-protocol programs against each other under a referee");
  c->add_option("--engine", o->engines, "A program's command line (run with /bin/sh -c); give exactly two")
      ->required()
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  c->add_option("--name", o->names, "A name for the corresponding --engine in reports and records")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  c->add_option("--games", o->games, "Number of games, colours swapped in pairs; default 2")
      ->check(CLI::Range(1, 1000000));
  c->add_option("--time-per-game", o->seconds_per_game, "Each program's thinking time per game in seconds; default 5")
      ->check(CLI::Range(0.01, 86400.0));
  c->add_option("--tolerance", o->tolerance, "Extra seconds allowed over --time-per-game; default 0.1")
      ->check(CLI::Range(0.0, 3600.0));
  c->add_flag("--random-setup", o->random_setup, "Start each pair from a random setup (sent as a Setup line)");
  c->add_option("--random-openings", o->random_openings,
                "Start each pair after N random placements (3 Dvonn pieces first; sent as a Setup line); default 0")
      ->check(CLI::Range(0, 48));
  c->add_option("--openings", o->openings_path,
                "Start pair k from the k-th position string of this file (one a line, # comments; sent as a Setup "
                "line), cycling when the file is shorter");
  c->add_option("--seed", o->seed, "Seed of the random setups; default: a random one, printed at the start");
  c->add_option("--concurrency", o->concurrency, "Games played at once; default 1")->check(CLI::Range(1, 256));
  c->add_option("--out", o->out_dir, "Folder for the game records (game-0001.dvonn, ...)");
  auto* sprt = c->add_option("--sprt", o->sprt, "Run an SPRT of elo0 against elo1, e.g. 0,5; stops once it decides");
  c->add_option("--alpha", o->alpha, "SPRT false positive rate; default 0.05")
      ->check(CLI::Range(1e-6, 0.5))
      ->needs(sprt);
  c->add_option("--beta", o->beta, "SPRT false negative rate; default 0.05")->check(CLI::Range(1e-6, 0.5))->needs(sprt);
  c->add_option("--stderr", o->stderr_path, "Append the programs' standard error to this file (default: discard)");
  c->add_flag("--json", o->json, "Print the summary as one JSON object");
  set.add(c, [o] { return run_match_command(*o); });
}

}  // namespace dvonn::app
