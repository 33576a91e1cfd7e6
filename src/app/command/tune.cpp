// `dvonn tune`: fits the evaluation weights to self-play games or to game
// records (docs/engine.md, "Tuning the weights").
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "app/weights_text.hpp"
#include "core/game_record.hpp"
#include "engine/evaluation.hpp"
#include "engine/placement_worth.hpp"
#include "engine/player.hpp"
#include "engine/selfplay.hpp"
#include "engine/tuning.hpp"

namespace dvonn::app {
namespace {

struct TuneOptions {
  int games = 200;
  int level = 4;
  double time = 30;
  std::uint64_t seed = 1;
  std::vector<std::string> records;
  int clip = 0;
  int solve_live = 0;
  int label_depth = 0;
  double outcome_share = 0.5;
  int threads = 1;
  bool placement_policy = false;
  // --placement-worth: whose placements were varied, and how.
  std::string worth_name;
  engine::PlacementVariety variety{50, 6};
  double step = std::nan("");  // given or not: default 0.5
  // Move only the weights whose estimate is more than this many standard
  // errors from them; given or not: default 0 (every estimated weight).
  double min_z = std::nan("");
  std::string weights;  // what the varied player played with; default the shipped weights
  // --movement-worth: the same for movement variety.
  std::string movement_worth_name;
  engine::MovementVariety movement_variety{50, 6, 4};
  bool pooled = false;  // --pooled: each movement feature once, over the taper
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

// A finished game read from a record, with its players' names.
struct LoadedGame {
  engine::RecordedGame game;
  std::vector<Move> moves;
  std::string white_name, black_name;
};

// The finished games among the records, in file order; counts the records
// skipped. Forfeits and unfinished games say nothing about the final count.
std::vector<LoadedGame> read_finished_games(const std::vector<std::string>& names, int& skipped) {
  std::vector<LoadedGame> games;
  for (const auto& file : record_files(names)) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    std::string error;
    auto record = parse_record(text.str(), &error);
    std::optional<Game> game;
    if (record) game = replay_record(*record, &error);
    if (!game || !game->position().is_over()) {
      ++skipped;
      continue;
    }
    LoadedGame g;
    Position p = game->start().position;
    for (Move m : game->moves()) {
      g.game.positions.push_back(p);
      p.play(m);
    }
    const Score s = p.score();
    g.game.white = s.white;
    g.game.black = s.black;
    g.moves = game->moves();
    g.white_name = record->tag("White");
    g.black_name = record->tag("Black");
    games.push_back(std::move(g));
  }
  return games;
}

// Adds the finished games among the records, labelled as asked, on
// `threads` threads; says how many it skipped.
void add_records(const std::vector<std::string>& names, const engine::LabelOptions& labels, int threads,
                 engine::TuningData& data, std::vector<engine::PolicySample>* decisions = nullptr) {
  int skipped = 0;
  std::vector<engine::RecordedGame> games;
  for (LoadedGame& g : read_finished_games(names, skipped)) {
    if (decisions) engine::add_placement_decisions(g.game.positions, g.moves, *decisions);
    games.push_back(std::move(g.game));
  }
  if (games.empty()) throw InputError("no finished game in the records given");
  const bool searching = labels.depth > 0 || labels.solve_live > 0;
  if (searching)
    std::fprintf(stderr, "labelling the positions of %zu games on %d thread%s\n", games.size(), threads,
                 threads == 1 ? "" : "s");
  // With neither --label-depth nor --solve every target stays the outcome.
  const int solved = engine::add_games_searched(games, data, labels, threads, [&](std::size_t done) {
    if (searching && (done % 100 == 0 || done == games.size()))
      std::fprintf(stderr, "%zu of %zu games labelled\n", done, games.size());
  });
  std::fprintf(stderr,
               "%zu finished games read (%d records skipped), %zu + %zu samples, %d targets solved or searched\n",
               games.size(), skipped, data.placement.size(), data.movement.size(), solved);
}

// Fits the placement model to the placements the recorded players chose.
int run_tune_placement_policy(const TuneOptions& o) {
  engine::TuningData data;
  std::vector<engine::PolicySample> decisions;
  add_records(o.records, {o.clip}, 1, data, &decisions);
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

// The candidate weights of a worth measurement, as --weights text and the
// command that plays them.
void print_candidate(const engine::Weights& candidate) {
  const std::string text = format_weights_text(candidate);
  std::printf("weights: %s\n", text.c_str());
  std::printf("to test them: dvonn engine --level 8 --weights '%s'\n", text.c_str());
}

// Whether an estimate is told apart from the weight `now` at --min-z: a
// step toward one within that many standard errors would move it by noise.
bool told_apart(double estimate, double now, double se, double min_z) { return std::abs(estimate - now) > min_z * se; }

// The pooled movement worth (--pooled): a feature's estimate is its worth
// where the choices were made, on average at taper t; the weight it
// compares with is the blend the evaluation uses there, t x early + (1 - t)
// x late, and a step shifts both ends alike, so the weight's course over
// the game keeps its shape.
int print_pooled_worth(const engine::WorthFit& fit, const engine::WorthData& data, const engine::Weights& played,
                       double step, double min_z, const char* base) {
  const double t = data.with_choice ? data.taper_sum / static_cast<double>(data.with_choice) : 0.5;
  engine::Weights candidate = played;
  std::printf("  pooled over the taper: the %s weights blended at the choices' mean taper %.2f\n", base, t);
  std::printf("  %-22s %8s %9s %9s %10s\n", "feature", base, "estimate", "se", "shift");
  for (int k = 0; k < engine::kNumPooledMoveWorthFeatures; ++k) {
    const auto early = static_cast<std::size_t>(k), late = static_cast<std::size_t>(k + engine::kNumMoveFeatures);
    const double now = t * played.move[early] + (1 - t) * played.move[late];
    std::string feature = engine::feature_name_move(k);
    feature = feature.substr(0, feature.find('@'));
    const auto ks = static_cast<std::size_t>(k);
    if (!fit.estimable[ks]) {
      std::printf("  %-22s %8.0f %9s %9s %10d\n", feature.c_str(), now, "-", "-", 0);
      continue;
    }
    const bool moves = told_apart(fit.estimate[ks], now, fit.se[ks], min_z);
    const int shift = moves ? static_cast<int>(std::lround(step * (fit.estimate[ks] - now))) : 0;
    candidate.move[early] += shift;
    candidate.move[late] += shift;
    std::printf("  %-22s %8.0f %9.1f %9.1f %10d%s\n", feature.c_str(), now, fit.estimate[ks], fit.se[ks], shift,
                moves ? "" : "  (kept: within --min-z)");
  }
  std::printf("candidate = %s, both ends shifted by %g x (estimate - blended %s)", base, step, base);
  if (min_z > 0) std::printf(" where more than %g standard errors apart", min_z);
  std::printf("\n");
  print_candidate(candidate);
  return 0;
}

// The placement (or movement) features' causal worth, from the games in
// which the named player placed (or moved) with variety
// (engine/placement_worth.hpp), and the weights moved `step` of the way to
// it.
int run_tune_worth(const TuneOptions& o, bool movement) {
  const std::string& name = movement ? o.movement_worth_name : o.worth_name;
  const std::string option = movement ? "--movement-worth" : "--placement-worth";
  const std::string variety_option = movement ? "--movement-variety" : "--placement-variety";
  const char* decisions = movement ? "moves" : "placements";
  const double margin = movement ? o.movement_variety.margin_centipieces : o.variety.margin_centipieces;
  const int lines = movement ? o.movement_variety.lines : o.variety.lines;
  if (o.records.empty()) throw InputError(option + " needs --records");
  if (name.empty()) throw InputError(option + " needs the name of the varied player");
  if (!(margin > 0))
    throw InputError(variety_option + " must be more than 0 centipieces (with 0 there is no choice to measure)");
  const double step = std::isnan(o.step) ? 0.5 : o.step;
  if (!(step > 0)) throw InputError("--step must be more than 0 (the share of the way to the estimate)");
  const double min_z = std::isnan(o.min_z) ? 0.0 : o.min_z;
  // The weights the games were played with: the lines are recomputed with
  // them, and the candidate moves from them.
  const engine::Weights played = o.weights.empty() ? engine::default_weights() : parse_weights(o.weights);
  const char* base = o.weights.empty() ? "shipped" : "played";
  int skipped = 0, others = 0;
  std::vector<engine::VariedGame> games;
  std::set<std::string> players;
  for (LoadedGame& g : read_finished_games(o.records, skipped)) {
    players.insert(g.white_name);
    players.insert(g.black_name);
    const bool white = g.white_name == name, black = g.black_name == name;
    // A game of the player against itself has two varied sides: not read.
    if (white == black) {
      ++others;
      continue;
    }
    engine::VariedGame v;
    v.positions = std::move(g.game.positions);
    v.moves = std::move(g.moves);
    v.white = g.game.white;
    v.black = g.game.black;
    v.varied = white ? Color::White : Color::Black;
    games.push_back(std::move(v));
  }
  if (games.empty()) {
    if (players.empty()) throw InputError("no finished game in the records given");
    if (players.count(name))
      throw InputError("\"" + name +
                       "\" plays both sides of every finished game it is in: give the two "
                       "players different --name in dvonn match");
    std::string found;
    for (const auto& p : players) found += (found.empty() ? "" : ", ") + ("\"" + p + "\"");
    throw InputError("\"" + name + "\" is not a player in any finished game of the records (the players: " + found +
                     "); give the varied player's --name from dvonn match");
  }
  std::fprintf(stderr,
               "%zu finished games of %s read (%d records skipped, %d games without it); recomputing its "
               "%s on %d thread%s\n",
               games.size(), name.c_str(), skipped, others, decisions, o.threads, o.threads == 1 ? "" : "s");
  auto progress = [&](std::size_t done) {
    if (done % 100 == 0 || done == games.size())
      std::fprintf(stderr, "%zu of %zu games recomputed\n", done, games.size());
  };
  const engine::WorthData data =
      movement ? engine::movement_residuals(games, o.movement_variety, played, o.threads, engine::kTopLevel, progress,
                                            o.pooled)
               : engine::placement_residuals(games, o.variety, played, o.threads, engine::kTopLevel, 64, progress);
  if (data.with_choice == 0)
    throw InputError("none of " + name + "'s " + decisions +
                     " had a choice among its recomputed lines: were the games played with dvonn engine --level 8 " +
                     variety_option + "?");
  if (data.mismatches * 10 > data.decisions)
    std::fprintf(stderr,
                 "warning: %zu of %zu %s are not among the recomputed lines; were they played by this build's "
                 "level 8 with %s %g, %d lines and %s?\n",
                 data.mismatches, data.decisions, decisions, variety_option.c_str(), margin, lines,
                 o.weights.empty() ? "the shipped weights" : "the weights given");
  const engine::WorthFit fit = engine::fit_worth(data.games, !movement  ? engine::kNumWorthFeatures
                                                             : o.pooled ? engine::kNumPooledMoveWorthFeatures
                                                                        : engine::kNumMoveWorthFeatures);

  engine::Weights candidate = played;
  const std::string depth = movement ? ", depth " + std::to_string(o.movement_variety.depth) : "";
  std::printf(
      "%s worth of %s (variety %g centipieces, %d lines%s): %zu games, %zu %s, %zu with a choice, %zu "
      "mismatches\n",
      movement ? "movement" : "placement", name.c_str(), margin, lines, depth.c_str(), games.size(), data.decisions,
      decisions, data.with_choice, data.mismatches);
  if (movement && o.pooled) return print_pooled_worth(fit, data, played, step, min_z, base);
  std::printf("  %-22s %8s %9s %9s %10s\n", "feature", base, "estimate", "se", "candidate");
  // One row per weight of the model: k, the worth feature that measures
  // it, or -1 (tempo, the same for every choice).
  auto row = [&](const std::string& feature, int now, int& out, int k) {
    const auto ks = static_cast<std::size_t>(k);
    if (k >= 0 && fit.estimable[ks]) {
      const bool moves = told_apart(fit.estimate[ks], now, fit.se[ks], min_z);
      if (moves) out = static_cast<int>(std::lround(now + step * (fit.estimate[ks] - now)));
      std::printf("  %-22s %8d %9.1f %9.1f %10d%s\n", feature.c_str(), now, fit.estimate[ks], fit.se[ks], out,
                  moves ? "" : "  (kept: within --min-z)");
    } else {
      // A feature no choice varied cannot be measured.
      std::printf("  %-22s %8d %9s %9s %10d\n", feature.c_str(), now, "-", "-", out);
    }
  };
  if (movement) {
    for (int k = 0, i = 0; i < 2 * engine::kNumMoveFeatures; ++i) {
      const bool tempo = i % engine::kNumMoveFeatures == engine::kTempo;
      const auto w = static_cast<std::size_t>(i);
      row(engine::feature_name_move(i), played.move[w], candidate.move[w], tempo ? -1 : k++);
    }
  } else {
    for (int i = 0; i < engine::kNumPlaceFeatures; ++i) {
      const auto w = static_cast<std::size_t>(i);
      row(engine::feature_name_place(i), played.place[w], candidate.place[w], i < engine::kNumWorthFeatures ? i : -1);
    }
  }
  std::printf("candidate = %s + %g x (estimate - %s), where estimated (standard errors clustered by game)", base, step,
              base);
  if (min_z > 0) std::printf(" and more than %g standard errors from %s", min_z, base);
  std::printf("\n");
  print_candidate(candidate);
  return 0;
}

int run_tune(const TuneOptions& o) {
  if (!o.worth_name.empty()) return run_tune_worth(o, false);
  if (!o.movement_worth_name.empty()) return run_tune_worth(o, true);
  if (!std::isnan(o.step) || !o.weights.empty() || !std::isnan(o.min_z))
    throw InputError(std::string(!o.weights.empty()    ? "--weights"
                                 : !std::isnan(o.step) ? "--step"
                                                       : "--min-z") +
                     " needs --placement-worth or --movement-worth");
  if (o.placement_policy) {
    if (o.records.empty()) throw InputError("--placement-policy needs --records");
    return run_tune_placement_policy(o);
  }
  engine::TuningData data;
  if (!o.records.empty()) {
    engine::LabelOptions labels;
    labels.clip = o.clip;
    labels.depth = o.label_depth;
    labels.outcome_share = o.outcome_share;
    labels.solve_live = o.solve_live;
    add_records(o.records, labels, o.threads, data);
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
  engine::Weights fitted;
  auto round_into = [](const std::vector<double>& fit, auto& out) {
    for (std::size_t i = 0; i < out.size() && i < fit.size(); ++i) out[i] = static_cast<int>(std::lround(fit[i]));
  };
  round_into(fm.weights, fitted.move);
  round_into(fp.weights, fitted.place);
  std::printf("to test them: dvonn selfplay -a 6 -b 6 --weights-a '%s'\n", format_weights_text(fitted).c_str());
  return 0;
}

}  // namespace

void register_tune_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<TuneOptions>();
  auto* c = app.add_subcommand("tune", "Fit the evaluation weights to self-play games (see docs/engine.md)");
  c->add_option("--games", o->games, "Self-play games to generate")->check(CLI::Range(1, 1000000));
  c->add_option("--level", o->level, "Level that plays them")->check(CLI::Range(engine::kMinLevel, engine::kTopLevel));
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
  c->add_option("--label-depth", o->label_depth,
                "With --records: label each movement position by a search this many plies deep, blended with the "
                "game's outcome (--outcome-share); default 0 (the outcome alone)")
      ->check(CLI::Range(0, 12));
  c->add_option("--outcome-share", o->outcome_share,
                "With --label-depth: the outcome's share of each label, 0..1; default 0.5")
      ->check(CLI::Range(0.0, 1.0));
  c->add_option("--threads", o->threads,
                "With --records: label the games' positions on this many threads (--label-depth, --solve), or "
                "recompute the placements (--placement-worth); the result is the same for any number; default 1")
      ->check(CLI::Range(1, 64));
  auto* policy = c->add_flag("--placement-policy", o->placement_policy,
                             "Fit the placement weights to the placements the recorded players chose (needs "
                             "--records)");
  auto* worth = c->add_option("--placement-worth", o->worth_name,
                              "Measure what each placement feature is worth from the records' games in which the "
                              "player of this name placed with dvonn engine --placement-variety (needs --records)");
  worth->excludes(policy);
  for (const char* other : {"--label-depth", "--solve", "--clip", "--outcome-share"})
    worth->excludes(c->get_option(other));
  c->add_option("--placement-variety", o->variety.margin_centipieces,
                "With --placement-worth: the margin the games were played with, in centipieces; default 50")
      ->check(CLI::Range(0.0, 10000.0))
      ->needs(worth);
  c->add_option("--placement-lines", o->variety.lines,
                "With --placement-worth: the lines the games were played with; default 6")
      ->check(CLI::Range(2, 64))
      ->needs(worth);
  c->add_option("--step", o->step,
                "With --placement-worth or --movement-worth: how far to move the weights (shipped, or --weights) "
                "towards the estimate, 0..1; default 0.5")
      ->check(CLI::Range(0.0, 1.0));
  c->add_option("--min-z", o->min_z,
                "With --placement-worth or --movement-worth: move only the weights whose estimate is more than this "
                "many standard errors from them; default 0 (every estimated weight)")
      ->check(CLI::Range(0.0, 100.0));
  auto* movement_worth =
      c->add_option("--movement-worth", o->movement_worth_name,
                    "Measure what each movement feature is worth from the records' games in which the player of this "
                    "name moved with dvonn engine --movement-variety (needs --records)");
  movement_worth->excludes(policy)->excludes(worth);
  for (const char* other : {"--label-depth", "--solve", "--clip", "--outcome-share"})
    movement_worth->excludes(c->get_option(other));
  c->add_option("--movement-variety", o->movement_variety.margin_centipieces,
                "With --movement-worth: the margin the games were played with, in centipieces; default 50")
      ->check(CLI::Range(0.0, 10000.0))
      ->needs(movement_worth);
  c->add_option("--movement-lines", o->movement_variety.lines,
                "With --movement-worth: the lines the games were played with; default 6")
      ->check(CLI::Range(2, 64))
      ->needs(movement_worth);
  c->add_flag("--pooled", o->pooled,
              "With --movement-worth: measure each feature once over the taper (its worth where the choices were "
              "made) and shift its early and late weights alike")
      ->needs(movement_worth);
  c->add_option("--movement-depth", o->movement_variety.depth,
                "With --movement-worth: the depth the games' varied moves were searched to; default 4")
      ->check(CLI::Range(1, 8))
      ->needs(movement_worth);
  c->add_option("--weights", o->weights,
                "With --placement-worth or --movement-worth: the weights MOVEMENT/PLACEMENT the varied player played "
                "with (dvonn engine --weights); default the shipped ones");
  set.add(c, [o] { return run_tune(*o); });
}

}  // namespace dvonn::app
