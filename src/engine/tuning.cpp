#include "engine/tuning.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

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
