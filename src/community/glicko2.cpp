#include "community/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace dvonn::community {
namespace {

// Glicko-2 works on its own scale: mu = (r - 1500) / 173.7178.
constexpr double kScale = 173.7178;
constexpr double kMaxDeviation = 350.0;
constexpr double kConvergence = 1e-6;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5 of Glickman's paper: the new volatility, by the Illinois
// algorithm on f(x) = 0.
double new_volatility(double phi, double sigma, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    double ex = std::exp(x);
    double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > kConvergence) {
    double C = A + (A - B) * fA / (fB - fA);
    double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2.0);
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games, double tau) {
  const double mu = (player.rating - 1500.0) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (games.empty()) {
    double grown = std::min(std::sqrt(phi * phi + sigma * sigma) * kScale, kMaxDeviation);
    return {player.rating, grown, sigma};
  }
  double v_inverse = 0.0, improvement = 0.0;
  for (const Glicko2Game& game : games) {
    double mu_j = (game.opponent.rating - 1500.0) / kScale;
    double phi_j = game.opponent.deviation / kScale;
    double e = expected(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1.0 - e);
    improvement += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * improvement;
  const double sigma_new = new_volatility(phi, sigma, v, delta, tau);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * improvement;
  return {mu_new * kScale + 1500.0, std::min(phi_new * kScale, kMaxDeviation), sigma_new};
}

std::pair<Glicko2Rating, Glicko2Rating> glicko2_rate_game(const Glicko2Rating& white, const Glicko2Rating& black,
                                                          double white_score, double tau) {
  return {glicko2_update(white, {{black, white_score}}, tau), glicko2_update(black, {{white, 1.0 - white_score}}, tau)};
}

}  // namespace dvonn::community
