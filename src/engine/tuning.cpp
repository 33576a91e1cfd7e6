#include "engine/tuning.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>

#include "engine/parallel_games.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "engine/transposition_table.hpp"

namespace dvonn::engine {

void add_game(const GameOutcome& game, TuningData& data) {
  add_positions(game.positions, game.white, game.black, data);
}

void add_positions(const std::vector<Position>& positions, int white, int black, TuningData& data, int clip) {
  const int diff = clip > 0 ? std::clamp(white - black, -clip, clip) : white - black;
  const double target = 100.0 * diff;
  for (const Position& p : positions) {
    if (p.in_placement() && p.placed() <= kDvonnPieces) continue;
    TuningSample s;
    s.target = target;
    if (p.in_placement()) {
      PlaceFeatures f;
      place_features(p, f);
      s.features.assign(f.begin(), f.end());
      data.placement.push_back(std::move(s));
    } else {
      MoveFeatures f;
      move_features(p, f);
      const double t = static_cast<double>(move_taper(p)) / kTaperScale;
      s.features.resize(2 * kNumMoveFeatures);
      for (int i = 0; i < kNumMoveFeatures; ++i) {
        s.features[i] = f[i] * t;
        s.features[kNumMoveFeatures + i] = f[i] * (1 - t);
      }
      data.movement.push_back(std::move(s));
    }
  }
}

void add_placement_decisions(const std::vector<Position>& positions, const std::vector<Move>& moves,
                             std::vector<PolicySample>& out) {
  for (std::size_t i = 0; i < positions.size() && i < moves.size(); ++i) {
    const Position& p = positions[i];
    if (!p.in_placement() || p.next_placement_is_dvonn() || !moves[i].is_place()) continue;
    const double sign = p.side_to_move() == Color::White ? 1.0 : -1.0;
    MoveList list;
    p.generate(list);
    if (list.size < 2) continue;
    PolicySample sample;
    sample.chosen = -1;
    for (int j = 0; j < list.size; ++j) {
      Position q = p;
      q.play(list[j]);
      PlaceFeatures f{};
      if (q.in_placement()) place_features(q, f);
      std::vector<double> x(kNumPlaceFeatures);
      for (int k = 0; k < kNumPlaceFeatures; ++k) x[k] = sign * f[k];
      sample.candidates.push_back(std::move(x));
      if (list[j] == moves[i]) sample.chosen = j;
    }
    if (sample.chosen >= 0) out.push_back(std::move(sample));
  }
}

namespace {

// Mean log-likelihood of the chosen moves, the gradient (if asked) and the
// share of decisions the weights' best move agrees with.
double policy_likelihood(const std::vector<PolicySample>& samples, const std::vector<double>& w,
                         std::vector<double>* gradient, double* agreement) {
  const std::size_t n = w.size();
  double total = 0;
  int agreed = 0;
  if (gradient) gradient->assign(n, 0.0);
  std::vector<double> z, expected(n);
  for (const auto& s : samples) {
    z.assign(s.candidates.size(), 0.0);
    double top = -1e300;
    std::size_t best = 0;
    for (std::size_t c = 0; c < s.candidates.size(); ++c) {
      for (std::size_t k = 0; k < n; ++k) z[c] += w[k] * s.candidates[c][k];
      if (z[c] > top) top = z[c], best = c;
    }
    agreed += static_cast<int>(best) == s.chosen;
    double sum = 0;
    for (double& v : z) sum += (v = std::exp(v - top));
    total += std::log(z[static_cast<std::size_t>(s.chosen)] / sum);
    if (!gradient) continue;
    std::fill(expected.begin(), expected.end(), 0.0);
    for (std::size_t c = 0; c < s.candidates.size(); ++c)
      for (std::size_t k = 0; k < n; ++k) expected[k] += z[c] / sum * s.candidates[c][k];
    for (std::size_t k = 0; k < n; ++k)
      (*gradient)[k] += s.candidates[static_cast<std::size_t>(s.chosen)][k] - expected[k];
  }
  const double m = samples.empty() ? 1.0 : static_cast<double>(samples.size());
  if (gradient)
    for (double& g : *gradient) g /= m;
  if (agreement) *agreement = agreed / m;
  return total / m;
}

}  // namespace

PolicyFit fit_placement_policy(const std::vector<PolicySample>& samples, const std::vector<double>& current,
                               int iterations) {
  PolicyFit r;
  r.samples = samples.size();
  const std::size_t n = current.size();
  if (samples.empty() || n == 0) return r;
  // Work on standardised features so one step size suits them all.
  std::vector<double> scale(n, 0.0);
  std::size_t count = 0;
  for (const auto& s : samples)
    for (const auto& c : s.candidates) {
      for (std::size_t k = 0; k < n; ++k) scale[k] += c[k] * c[k];
      ++count;
    }
  for (double& v : scale) v = v > 0 ? std::sqrt(v / static_cast<double>(count)) : 1.0;
  std::vector<PolicySample> scaled = samples;
  for (auto& s : scaled)
    for (auto& c : s.candidates)
      for (std::size_t k = 0; k < n; ++k) c[k] /= scale[k];
  std::vector<double> w(n), g, m(n, 0.0), v(n, 0.0);
  for (std::size_t k = 0; k < n; ++k) w[k] = current[k] / 100.0 * scale[k];
  r.log_likelihood_before = policy_likelihood(scaled, w, nullptr, nullptr);
  // Adam: the features differ in how often they vary.
  const double rate = 0.05, b1 = 0.9, b2 = 0.999;
  for (int it = 1; it <= iterations; ++it) {
    policy_likelihood(scaled, w, &g, nullptr);
    for (std::size_t k = 0; k < n; ++k) {
      m[k] = b1 * m[k] + (1 - b1) * g[k];
      v[k] = b2 * v[k] + (1 - b2) * g[k] * g[k];
      const double mh = m[k] / (1 - std::pow(b1, it)), vh = v[k] / (1 - std::pow(b2, it));
      w[k] += rate * mh / (std::sqrt(vh) + 1e-8);
    }
  }
  r.log_likelihood_after = policy_likelihood(scaled, w, nullptr, &r.agreement);
  r.weights.resize(n);
  for (std::size_t k = 0; k < n; ++k) r.weights[k] = 100.0 * w[k] / scale[k];
  return r;
}

namespace {

// The tables one labelling thread searches with.
struct LabelTables {
  TranspositionTable solver_tt{64}, search_tt{16};
  MoveOrder order;
};

int label_positions(const std::vector<Position>& positions, int white, int black, TuningData& data,
                    const LabelOptions& o, LabelTables& tables) {
  const std::size_t first = data.movement.size();
  add_positions(positions, white, black, data, o.clip);
  const Weights& w = default_weights();
  int replaced = 0;
  std::size_t k = first;
  for (const Position& p : positions) {
    if (p.in_placement()) continue;
    TuningSample& sample = data.movement[k++];
    const double sign = p.side_to_move() == Color::White ? 1 : -1;
    double v = 0;
    if (live_stacks(p) <= o.solve_live) {
      Solver solver(tables.solver_tt, tables.order);
      SolveResult r = solver.solve(p, 1, Deadline(), o.node_budget);
      if (r.solved && !r.lines.empty()) {
        v = 100.0 * r.lines[0].score * sign;
        sample.target = o.clip > 0 ? std::clamp(v, -100.0 * o.clip, 100.0 * o.clip) : v;
        ++replaced;
        continue;
      }
    }
    if (o.depth <= 0) continue;
    MoveList list;
    p.generate(list);
    if (list.size == 0) continue;  // over: the outcome is exact already
    tables.search_tt.clear();
    tables.order.clear();
    Search search(tables.search_tt, tables.order, w);
    SearchConfig config;
    config.max_depth = o.depth;
    SearchReport r = search.run(p, config, Deadline(), {});
    if (r.lines.empty()) continue;
    v = 100.0 * r.lines[0].score * sign;
    if (o.clip > 0) v = std::clamp(v, -100.0 * o.clip, 100.0 * o.clip);
    sample.target = o.outcome_share * sample.target + (1 - o.outcome_share) * v;
    ++replaced;
  }
  return replaced;
}

}  // namespace

int add_positions_searched(const std::vector<Position>& positions, int white, int black, TuningData& data, int clip,
                           int depth, double outcome_share, int solve_live, std::uint64_t node_budget) {
  // Solved entries are exact whatever position filled them; the search's
  // table starts empty for each position so that a label does not depend
  // on the positions labelled before it.
  static LabelTables tables;
  return label_positions(positions, white, black, data, {clip, depth, outcome_share, solve_live, node_budget}, tables);
}

int add_games_searched(const std::vector<RecordedGame>& games, TuningData& data, const LabelOptions& options,
                       int threads, const std::function<void(std::size_t games_done)>& on_game) {
  const bool search = options.depth > 0 || options.solve_live > 0;
  std::vector<TuningData> per_game(games.size());
  std::vector<int> replaced(games.size(), 0);
  for_each_game(
      games.size(), threads,
      // Without labels to search for, no tables (80 MB a thread).
      [search] { return search ? std::make_unique<LabelTables>() : std::unique_ptr<LabelTables>(); },
      [&](std::size_t i, std::unique_ptr<LabelTables>& tables) {
        const RecordedGame& g = games[i];
        if (tables) {
          // Emptied per game: which positions the solver finishes within its
          // node budget must not depend on which thread labelled what before.
          tables->solver_tt.clear();
          tables->order.clear();
          replaced[i] = label_positions(g.positions, g.white, g.black, per_game[i], options, *tables);
        } else {
          add_positions(g.positions, g.white, g.black, per_game[i], options.clip);
        }
      },
      on_game);
  int total = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    for (auto& s : per_game[i].placement) data.placement.push_back(std::move(s));
    for (auto& s : per_game[i].movement) data.movement.push_back(std::move(s));
    total += replaced[i];
  }
  return total;
}

static double rmse(const std::vector<TuningSample>& samples, const std::vector<double>& w) {
  double sum = 0;
  for (const auto& s : samples) {
    double v = 0;
    for (std::size_t i = 0; i < w.size(); ++i) v += w[i] * s.features[i];
    sum += (v - s.target) * (v - s.target);
  }
  return samples.empty() ? 0 : std::sqrt(sum / static_cast<double>(samples.size()));
}

FitResult fit_weights(const std::vector<TuningSample>& samples, const std::vector<double>& current, double ridge) {
  FitResult r;
  const std::size_t n = current.size();
  r.samples = samples.size();
  r.rmse_before = rmse(samples, current);
  // Bounding n also tells GCC 12 the sizes below are sane (it otherwise
  // warns about a huge allocation it imagines for n = SIZE_MAX).
  if (n == 0 || n > 64) return r;
  // Normal equations (X'X + ridge * N * I) w = X'y, solved by Gaussian
  // elimination with partial pivoting; n is a few dozen at most.
  std::vector<std::vector<double>> a(n, std::vector<double>(n + 1, 0.0));
  for (const auto& s : samples)
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) a[i][j] += s.features[i] * s.features[j];
      a[i][n] += s.features[i] * s.target;
    }
  for (std::size_t i = 0; i < n; ++i) a[i][i] += ridge * static_cast<double>(samples.size()) + 1e-9;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t piv = c;
    for (std::size_t i = c + 1; i < n; ++i)
      if (std::fabs(a[i][c]) > std::fabs(a[piv][c])) piv = i;
    std::swap(a[c], a[piv]);
    for (std::size_t i = 0; i < n; ++i) {
      if (i == c || a[c][c] == 0) continue;
      double f = a[i][c] / a[c][c];
      for (std::size_t j = c; j <= n; ++j) a[i][j] -= f * a[c][j];
    }
  }
  r.weights.resize(n);
  for (std::size_t i = 0; i < n; ++i) r.weights[i] = a[i][i] != 0 ? a[i][n] / a[i][i] : current[i];
  r.rmse_after = rmse(samples, r.weights);
  return r;
}

std::string format_weights(const std::vector<double>& move, const std::vector<double>& place) {
  std::ostringstream out;
  auto list = [&out](const std::vector<double>& w) {
    out << "{";
    for (std::size_t i = 0; i < w.size(); ++i) out << (i ? ", " : "") << std::lround(w[i]);
    out << "}";
  };
  out << "      ";
  list(move);
  out << ",\n      ";
  list(place);
  out << ",\n";
  return out.str();
}

}  // namespace dvonn::engine
