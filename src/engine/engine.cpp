#include "engine/engine.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "engine/baseline.hpp"
#include "engine/evaluation.hpp"
#include "engine/levels.hpp"
#include "engine/move_order.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "engine/split_pool.hpp"
#include "engine/time_manager.hpp"
#include "engine/transposition_table.hpp"

namespace dvonn::engine {

std::vector<ScoredLine> lines_within_margin(const std::vector<ScoredLine>& lines, double margin_centipieces) {
  std::vector<ScoredLine> near;
  if (lines.empty()) return near;
  // Scores are in pieces; a line that is not better than the first by
  // rounding is still within.
  const double floor = lines[0].score - margin_centipieces / 100.0 - 1e-9;
  for (const ScoredLine& line : lines)
    if (line.score >= floor) near.push_back(line);
  return near;
}

bool MovementVariety::applies(const Position& position) const {
  if (!on() || position.in_placement()) return false;
  const int stacks = live_stacks(position);
  return stacks <= most_stacks && stacks >= fewest_stacks;
}

struct Engine::Impl {
  int level;
  LevelSettings settings;
  TranspositionTable tt;
  MoveOrder order;
  std::mt19937_64 rng;
  Weights weights = default_weights();
  int threads = 1;
  PlacementVariety variety;
  std::mt19937_64 variety_rng{1};
  std::vector<MoveOrder> helper_orders;  // one per helper thread, kept across moves
  MovementVariety movement_variety;
  std::mt19937_64 movement_rng{2};
  // Movement variety's own table, emptied for each of its searches so that
  // they can be repeated; made when first needed.
  std::unique_ptr<TranspositionTable> movement_tt;
  MoveOrder movement_order;
  // Set by set_dvonn_rule; otherwise play() follows the level and search()
  // the fixed preference.
  std::optional<DvonnRule> dvonn_rule;
  std::mt19937_64 dvonn_rng{3};
  int aspiration = 0;  // SearchConfig::aspiration for play()'s movement searches
  int futility = 0;    // SearchConfig::futility for play()'s movement searches

  Impl(int lv, std::size_t mb)
      : level(std::clamp(lv, kMinLevel, kTopLevel)), settings(level_settings(lv)), tt(mb), rng(0x5eed0000u + lv) {
    order.clear();
  }

  // The three Dvonn placements come from a rule, not a search: with no
  // coloured piece down, search has nothing to evaluate. play() draws them
  // at the top level (LevelSettings::random_dvonn); analysis shows the fixed
  // preference (dvonn_placement_score), which repeats.
  DvonnRule play_dvonn_rule() const {
    return dvonn_rule.value_or(settings.random_dvonn ? DvonnRule::Random : DvonnRule::Table);
  }
  int dvonn_rule_score(const Position& p, Square s, DvonnRule rule) {
    switch (rule) {
      case DvonnRule::Cluster:
        return dvonn_cluster_score(p, s);
      case DvonnRule::Random:
      case DvonnRule::RandomOffMiddle: {
        // One draw a space either way, so both rules draw alike from a seed;
        // off-middle takes the middle row only when nothing else is free.
        const int draw = std::uniform_int_distribution<int>(0, 1 << 20)(dvonn_rng);
        return rule == DvonnRule::RandomOffMiddle && rank_of(s) == 2 ? draw - (1 << 21) : draw;
      }
      case DvonnRule::Table:
        break;
    }
    return dvonn_placement_score(p, s);
  }
  SearchReport dvonn_placement(const Position& p, int multipv, DvonnRule rule) {
    MoveList list;
    p.generate(list);
    std::vector<std::pair<int, Move>> ranked;
    for (Move m : list) {
      ranked.push_back({dvonn_rule_score(p, m.to, rule), m});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](auto& a, auto& b) { return a.first > b.first; });
    SearchReport r;
    r.depth = 1;
    for (int i = 0; i < std::clamp(multipv, 1, list.size); ++i)
      r.lines.push_back({ranked[i].second, 0.0, false, {ranked[i].second}});
    return r;
  }

  // How play() searches a coloured placement: the level's depth while
  // placing, and the lines variety draws from.
  SearchConfig placement_config(int multipv) const {
    SearchConfig config;
    config.max_depth = settings.max_depth;
    if (settings.placement_depth > 0)
      config.max_depth =
          config.max_depth > 0 ? std::min(config.max_depth, settings.placement_depth) : settings.placement_depth;
    config.quiescence = settings.quiescence;
    config.extensions = settings.extensions;
    config.multipv = multipv;
    return config;
  }

  // The lines a varied move draws from: a fixed-depth search on one
  // thread from an empty table, so that it can be repeated exactly.
  std::vector<ScoredLine> movement_lines(const Position& position, const MovementVariety& v) {
    if (!movement_tt) movement_tt = std::make_unique<TranspositionTable>(16);
    movement_tt->clear();
    movement_order.clear();
    SearchConfig config;
    config.max_depth = v.depth;
    config.multipv = std::clamp(v.lines, 1, 64);
    config.quiescence = settings.quiescence;
    config.extensions = settings.extensions;
    Search search(*movement_tt, movement_order, weights);
    SearchReport r = search.run(position, config, Deadline(0), {});
    return lines_within_margin(r.lines, v.margin_centipieces);
  }

  // The heuristic search on `threads` threads: the main thread's search
  // splits its principal-variation nodes with the helpers (split_pool.hpp).
  SearchReport run_search(const Position& position, const SearchConfig& config, const Deadline& deadline,
                          const std::function<void(const SearchReport&)>& on_iteration) {
    tt.new_search();
    Search main(tt, order, weights);
    SearchConfig main_config = config;
    main_config.new_generation = false;  // started above, once for all threads
    if (threads <= 1) return main.run(position, main_config, deadline, on_iteration);
    // Helpers work only inside the main thread's split points, which it
    // leaves only when they are done: they stop with the clock or the
    // caller's stop, as the main thread does.
    SearchConfig helper_config = main_config;
    helper_config.multipv = 1;
    helper_config.optimum_seconds = 0;
    SplitPool pool(threads - 1, tt, helper_orders, weights, helper_config, deadline);
    main.set_pool(&pool);
    SearchReport r = main.run(position, main_config, deadline, on_iteration);
    return r;
  }
};

Engine::Engine(int level, std::size_t hash_megabytes) : impl_(std::make_unique<Impl>(level, hash_megabytes)) {}
Engine::~Engine() = default;

int Engine::level() const { return impl_->level; }

void Engine::set_weights(const Weights& weights) { impl_->weights = weights; }

void Engine::set_placement_variety(const PlacementVariety& variety, std::uint64_t seed) {
  impl_->variety = variety;
  impl_->variety.lines = std::clamp(variety.lines, 1, 64);
  impl_->variety_rng.seed(seed);
}

std::vector<ScoredLine> Engine::placement_choices(const Position& position, const PlacementVariety& variety) {
  Impl& s = *impl_;
  if (!position.in_placement() || position.next_placement_is_dvonn()) return {};
  MoveList list;
  position.generate(list);
  if (list.size == 0) return {};
  SearchConfig config = s.placement_config(std::clamp(variety.lines, 1, 64));
  SearchReport r = s.run_search(position, config, Deadline(0), {});
  return lines_within_margin(r.lines, variety.margin_centipieces);
}

void Engine::set_movement_variety(const MovementVariety& variety, std::uint64_t seed) {
  impl_->movement_variety = variety;
  impl_->movement_variety.lines = std::clamp(variety.lines, 1, 64);
  impl_->movement_rng.seed(seed ^ 0x9e3779b97f4a7c15ULL);
}

std::vector<ScoredLine> Engine::movement_choices(const Position& position, const MovementVariety& variety) {
  if (!variety.applies(position)) return {};
  MoveList list;
  position.generate(list);
  if (list.size == 0) return {};
  return impl_->movement_lines(position, variety);
}

void Engine::set_threads(int threads) { impl_->threads = std::clamp(threads, 1, 64); }

int Engine::threads() const { return impl_->threads; }

void Engine::set_aspiration(int centipieces) { impl_->aspiration = std::max(0, centipieces); }

void Engine::set_futility(int centipieces) { impl_->futility = std::max(0, centipieces); }

void Engine::set_random_move(double chance, std::uint64_t seed) {
  impl_->settings.random_move = std::clamp(chance, 0.0, 1.0);
  impl_->rng.seed(seed);
}

void Engine::set_dvonn_rule(DvonnRule rule, std::uint64_t seed) {
  impl_->dvonn_rule = rule;
  impl_->dvonn_rng.seed(seed);
}

void Engine::seed_dvonn_draws(std::uint64_t seed) { impl_->dvonn_rng.seed(seed); }

DvonnRule Engine::dvonn_rule() const { return impl_->play_dvonn_rule(); }

void Engine::new_game() {
  impl_->tt.clear();
  impl_->order.clear();
}

SearchReport Engine::search(const Position& position, const SearchLimits& limits,
                            const std::function<void(const SearchReport&)>& on_iteration) {
  Impl& s = *impl_;
  MoveList list;
  position.generate(list);
  if (list.size == 0) return {};
  if (position.in_placement() && position.next_placement_is_dvonn()) {
    SearchReport r = s.dvonn_placement(position, limits.multipv, s.dvonn_rule.value_or(DvonnRule::Table));
    if (on_iteration) on_iteration(r);
    return r;
  }
  Deadline deadline(limits.seconds);
  // Late in the movement phase, try to solve the position outright: a
  // solved score is exact and its moves play the game out perfectly. With
  // a time limit the solver gets half of it; a search limited only by
  // depth or nodes gives it a fixed node budget so the result stays
  // deterministic.
  if (!position.in_placement() && live_stacks(position) <= 22) {
    Solver solver(s.tt, s.order);
    Deadline solver_deadline(limits.seconds > 0 ? limits.seconds * 0.5 : 0);
    std::uint64_t budget = limits.seconds > 0 ? limits.nodes : (limits.nodes ? limits.nodes : 4'000'000);
    SolveResult solved = solver.solve(position, limits.multipv, solver_deadline, budget, limits.stop);
    if (solved.solved) {
      SearchReport r;
      r.lines = solved.lines;
      r.depth = static_cast<int>(r.lines[0].pv.size());
      r.nodes = solved.nodes;
      r.seconds = deadline.elapsed();
      if (on_iteration) on_iteration(r);
      return r;
    }
  }
  SearchConfig config;
  config.max_depth = limits.depth;
  config.max_nodes = limits.nodes;
  config.multipv = limits.multipv;
  config.stop = limits.stop;
  // A timed analysis uses all of its time: the optimum is the limit.
  const double rest_seconds = limits.seconds > 0 ? std::max(0.0005, limits.seconds - deadline.elapsed()) : 0;
  config.optimum_seconds = rest_seconds;
  Deadline rest(rest_seconds);
  SearchReport r = s.run_search(position, config, rest, on_iteration);
  r.seconds = deadline.elapsed();
  return r;
}

PlayReport Engine::play(const Position& position, const PlayLimits& limits) {
  Impl& s = *impl_;
  PlayReport report;
  MoveList list;
  position.generate(list);
  if (list.size == 0) return report;
  report.move = list[0];
  if (list.size == 1) return report;
  const bool clock = limits.game_seconds_left > 0 || limits.move_seconds <= 0;
  // Almost out of time: the greedy move costs microseconds.
  if (clock && limits.game_seconds_left < 0.02) {
    report.move = greedy_move(position, s.rng);
    return report;
  }
  if (s.settings.random_move > 0 && std::uniform_real_distribution<double>(0, 1)(s.rng) < s.settings.random_move) {
    report.move = random_move(position, s.rng);
    return report;
  }
  if (position.in_placement() && position.next_placement_is_dvonn()) {
    report.move = s.dvonn_placement(position, 1, s.play_dvonn_rule()).lines[0].move;
    return report;
  }

  if (s.movement_variety.applies(position)) {
    const std::vector<ScoredLine> near = s.movement_lines(position, s.movement_variety);
    if (!near.empty()) {
      report.move = near[std::uniform_int_distribution<std::size_t>(0, near.size() - 1)(s.movement_rng)].move;
      report.depth = s.movement_variety.depth;
      return report;
    }
  }

  const TimeBudget budget =
      clock ? plan_move_time(position, limits.game_seconds_left, s.settings.time_share, s.settings.proof_live_stacks)
            : plan_fixed_move_time(limits.move_seconds, s.settings.time_share);
  Deadline deadline(budget.maximum);
  if (s.settings.solver_live_stacks > 0 && !position.in_placement() &&
      live_stacks(position) <= s.settings.solver_live_stacks) {
    // Half the maximum: if the endgame is still too big to solve, the
    // heuristic search keeps the other half.
    Solver solver(s.tt, s.order);
    Deadline solver_deadline(budget.maximum * 0.5);
    SolveResult solved = solver.solve(position, 1, solver_deadline, 0, limits.stop);
    report.nodes = solved.nodes;
    if (solved.solved) {
      report.move = solved.lines[0].move;
      report.solved = true;
      report.depth = static_cast<int>(solved.lines[0].pv.size());
      return report;
    }
  }
  bool proof_failed = false;
  if (s.settings.proof_live_stacks > 0 && !position.in_placement() &&
      live_stacks(position) <= s.settings.proof_live_stacks) {
    // Too big to solve exactly, but maybe not too big to prove a win: a
    // proven winning move needs no heuristic search at all.
    Solver solver(s.tt, s.order);
    Deadline proof_deadline(std::max(0.0005, budget.optimum * s.settings.proof_share - deadline.elapsed()));
    ProofResult proof = solver.prove_win(position, proof_deadline, 0, limits.stop);
    report.nodes += proof.nodes;
    if (proof.outcome == ProofResult::Win) {
      report.move = proof.move;
      report.solved = true;
      return report;
    }
    proof_failed = true;
  }
  const bool varied = position.in_placement() && s.variety.on();
  SearchConfig config;
  if (position.in_placement()) {
    config = s.placement_config(varied ? s.variety.lines : 1);
  } else {
    config.max_depth = s.settings.max_depth;
    config.quiescence = s.settings.quiescence;
    config.extensions = s.settings.extensions;
    config.aspiration = s.aspiration;
    config.futility = s.futility;
  }
  config.stop = limits.stop;
  config.optimum_seconds = std::max(0.0, budget.optimum - deadline.elapsed());
  // A failed proof leaves its bounds in the table but must not starve the
  // search: it keeps at least half of its optimum.
  if (proof_failed) config.optimum_seconds = std::max(config.optimum_seconds, budget.optimum * 0.5);
  Deadline rest(std::max(0.0005, budget.maximum - deadline.elapsed()));
  SearchReport r = s.run_search(position, config, rest, {});
  if (!r.lines.empty()) report.move = r.lines[0].move;
  if (varied && r.depth > 0) {
    const std::vector<ScoredLine> near = lines_within_margin(r.lines, s.variety.margin_centipieces);
    report.move = near[std::uniform_int_distribution<std::size_t>(0, near.size() - 1)(s.variety_rng)].move;
  }
  report.depth = r.depth;
  report.nodes += r.nodes;
  return report;
}

}  // namespace dvonn::engine
