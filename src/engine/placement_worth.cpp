#include "engine/placement_worth.hpp"

#include <algorithm>
#include <cmath>

#include "engine/parallel_games.hpp"

namespace dvonn::engine {

WorthFit fit_worth(const std::vector<WorthGame>& games, std::size_t features) {
  const std::size_t k = features;
  WorthFit fit;
  fit.games = games.size();
  fit.estimate.assign(k, 0.0);
  fit.se.assign(k, 0.0);
  fit.estimable.assign(k, false);
  if (games.empty() || k == 0) return fit;
  double mean = 0;
  for (const WorthGame& g : games) mean += g.outcome;
  mean /= static_cast<double>(games.size());

  // R'R and R'y over every sample, y the game's demeaned outcome.
  std::vector<std::vector<double>> a(k, std::vector<double>(k, 0.0));
  std::vector<double> b(k, 0.0);
  std::size_t clusters = 0;
  for (const WorthGame& g : games) {
    const double y = g.outcome - mean;
    clusters += !g.residuals.empty();
    for (const auto& r : g.residuals) {
      ++fit.samples;
      for (std::size_t i = 0; i < k; ++i) {
        b[i] += r[i] * y;
        for (std::size_t j = 0; j < k; ++j) a[i][j] += r[i] * r[j];
      }
    }
  }

  // Sweep the features in, one at a time, skipping any whose residual
  // adds nothing to those already in (what is left of its sum of squares
  // is a rounding error): afterwards the swept block holds the inverse of
  // the included features' R'R.
  std::vector<std::vector<double>> m = a;
  for (std::size_t p = 0; p < k; ++p) {
    const double d = m[p][p];
    if (!(a[p][p] > 0) || d <= 1e-9 * a[p][p]) continue;
    fit.estimable[p] = true;
    for (std::size_t j = 0; j < k; ++j) m[p][j] /= d;
    for (std::size_t i = 0; i < k; ++i) {
      if (i == p) continue;
      const double f = m[i][p];
      for (std::size_t j = 0; j < k; ++j) m[i][j] -= f * m[p][j];
      m[i][p] = -f / d;
    }
    m[p][p] = 1 / d;
  }
  std::vector<std::size_t> in;
  for (std::size_t i = 0; i < k; ++i)
    if (fit.estimable[i]) in.push_back(i);
  if (in.empty()) return fit;
  for (std::size_t i : in)
    for (std::size_t j : in) fit.estimate[i] += m[i][j] * b[j];

  // The sandwich: inv(R'R) (sum over games of u u') inv(R'R), u the sum of
  // a game's residual vectors times their regression errors. The samples
  // of a game share its outcome, so their errors are not independent.
  std::vector<std::vector<double>> meat(k, std::vector<double>(k, 0.0));
  std::vector<double> u(k);
  for (const WorthGame& g : games) {
    std::fill(u.begin(), u.end(), 0.0);
    for (const auto& r : g.residuals) {
      double e = g.outcome - mean;
      for (std::size_t i : in) e -= r[i] * fit.estimate[i];
      for (std::size_t i : in) u[i] += r[i] * e;
    }
    for (std::size_t i : in)
      for (std::size_t j : in) meat[i][j] += u[i] * u[j];
  }
  const double scale = clusters > 1 ? static_cast<double>(clusters) / static_cast<double>(clusters - 1) : 1.0;
  for (std::size_t i : in) {
    double v = 0;
    for (std::size_t x : in)
      for (std::size_t y : in) v += m[i][x] * meat[x][y] * m[y][i];
    fit.se[i] = std::sqrt(std::max(0.0, scale * v));
  }
  return fit;
}

namespace {

// The placement features of the position after a placement, from the
// placer's side (`sign` +1 for White): a positive weight is good for the
// placer. After the last placement the model has nothing to say (zero),
// but that placement is forced anyway.
std::vector<double> child_features(const Position& p, Move m, double sign) {
  Position q = p;
  q.play(m);
  PlaceFeatures f{};
  if (q.in_placement()) place_features(q, f);
  std::vector<double> x(kNumWorthFeatures);
  for (int i = 0; i < kNumWorthFeatures; ++i) x[static_cast<std::size_t>(i)] = sign * f[i];
  return x;
}

}  // namespace

std::vector<double> placement_residual(const Position& position, Move chosen, const std::vector<ScoredLine>& choices) {
  const double sign = position.side_to_move() == Color::White ? 1.0 : -1.0;
  std::vector<double> r = child_features(position, chosen, sign);
  const double share = choices.empty() ? 0.0 : 1.0 / static_cast<double>(choices.size());
  for (const ScoredLine& l : choices) {
    const std::vector<double> x = child_features(position, l.move, sign);
    for (std::size_t k = 0; k < r.size(); ++k) r[k] -= share * x[k];
  }
  return r;
}

namespace {

struct GameCounts {
  std::size_t decisions = 0, with_choice = 0, mismatches = 0;
  double taper_sum = 0;
};

// One game's varied decisions: `applies` picks the positions, `choices`
// recomputes the lines drawn from, `residual` makes the sample.
template <class Applies, class Choices, class Residual>
GameCounts residuals_of_game(const VariedGame& game, Applies applies, Choices choices_of, Residual residual,
                             WorthGame& out) {
  GameCounts c;
  const double sign = game.varied == Color::White ? 1.0 : -1.0;
  out.outcome = 100.0 * sign * (game.white - game.black);
  for (std::size_t i = 0; i < game.positions.size() && i < game.moves.size(); ++i) {
    const Position& p = game.positions[i];
    if (p.side_to_move() != game.varied || !applies(p)) continue;
    ++c.decisions;
    const std::vector<ScoredLine> choices = choices_of(p);
    const bool found =
        std::any_of(choices.begin(), choices.end(), [&](const ScoredLine& l) { return l.move == game.moves[i]; });
    if (!found) {
      ++c.mismatches;
      continue;
    }
    if (choices.size() < 2) continue;
    ++c.with_choice;
    // The taper of the position after the move, where the features are
    // read (child_move_features) and the pooled report blends the weights.
    Position after = p;
    after.play(game.moves[i]);
    c.taper_sum += static_cast<double>(move_taper(after)) / kTaperScale;
    out.residuals.push_back(residual(p, game.moves[i], choices));
  }
  return c;
}

// Runs `per_game(game, engine, out)` for every game on `threads` threads,
// each game with a fresh engine, and sums the counts.
template <class PerGame>
WorthData read_each_game(const std::vector<VariedGame>& games, const Weights& weights, int threads, int level,
                         std::size_t hash_megabytes, const std::function<void(std::size_t games_done)>& on_game,
                         PerGame per_game) {
  WorthData data;
  data.games.resize(games.size());
  std::vector<GameCounts> counts(games.size());
  for_each_game(
      games.size(), threads, [] { return 0; },
      [&](std::size_t i, int&) {
        // A fresh engine for each game, as the program that played it
        // started fresh: its table fills along the game as it did in play.
        Engine engine(level, hash_megabytes);
        engine.set_weights(weights);
        engine.new_game();
        counts[i] = per_game(games[i], engine, data.games[i]);
      },
      on_game);
  for (const GameCounts& c : counts) {
    data.decisions += c.decisions;
    data.with_choice += c.with_choice;
    data.mismatches += c.mismatches;
    data.taper_sum += c.taper_sum;
  }
  return data;
}

// The movement features of the position after a move, from the mover's
// side, once per end of the taper as the evaluation blends them.
std::vector<double> child_move_features(const Position& p, Move m, double sign, bool pooled = false) {
  Position q = p;
  q.play(m);
  MoveFeatures f;
  move_features(q, f);
  constexpr int n = kNumMoveFeatures - 1;
  if (pooled) {
    std::vector<double> x(n);
    for (int i = 0; i < n; ++i) x[static_cast<std::size_t>(i)] = sign * f[i];
    return x;
  }
  const double t = static_cast<double>(move_taper(q)) / kTaperScale;
  std::vector<double> x(2 * n);
  for (int i = 0; i < n; ++i) {
    x[static_cast<std::size_t>(i)] = sign * f[i] * t;
    x[static_cast<std::size_t>(n + i)] = sign * f[i] * (1 - t);
  }
  return x;
}

}  // namespace

WorthData placement_residuals(const std::vector<VariedGame>& games, const PlacementVariety& variety,
                              const Weights& weights, int threads, int level, std::size_t hash_megabytes,
                              const std::function<void(std::size_t games_done)>& on_game) {
  return read_each_game(games, weights, threads, level, hash_megabytes, on_game,
                        [&](const VariedGame& game, Engine& engine, WorthGame& out) {
                          return residuals_of_game(
                              game, [](const Position& p) { return p.in_placement() && !p.next_placement_is_dvonn(); },
                              [&](const Position& p) { return engine.placement_choices(p, variety); },
                              placement_residual, out);
                        });
}

namespace {

std::vector<double> move_residual(const Position& position, Move chosen, const std::vector<ScoredLine>& choices,
                                  bool pooled) {
  const double sign = position.side_to_move() == Color::White ? 1.0 : -1.0;
  std::vector<double> r = child_move_features(position, chosen, sign, pooled);
  const double share = choices.empty() ? 0.0 : 1.0 / static_cast<double>(choices.size());
  for (const ScoredLine& l : choices) {
    const std::vector<double> x = child_move_features(position, l.move, sign, pooled);
    for (std::size_t k = 0; k < r.size(); ++k) r[k] -= share * x[k];
  }
  return r;
}

}  // namespace

std::vector<double> movement_residual(const Position& position, Move chosen, const std::vector<ScoredLine>& choices) {
  return move_residual(position, chosen, choices, false);
}

std::vector<double> pooled_movement_residual(const Position& position, Move chosen,
                                             const std::vector<ScoredLine>& choices) {
  return move_residual(position, chosen, choices, true);
}

WorthData movement_residuals(const std::vector<VariedGame>& games, const MovementVariety& variety,
                             const Weights& weights, int threads, int level,
                             const std::function<void(std::size_t games_done)>& on_game, bool pooled) {
  // Movement variety searches with a table of its own: the engine's main
  // one can be small.
  return read_each_game(games, weights, threads, level, 1, on_game,
                        [&](const VariedGame& game, Engine& engine, WorthGame& out) {
                          return residuals_of_game(
                              game, [&](const Position& p) { return variety.applies(p); },
                              [&](const Position& p) { return engine.movement_choices(p, variety); },
                              pooled ? pooled_movement_residual : movement_residual, out);
                        });
}

}  // namespace dvonn::engine
