#include "protocol/match_stats.hpp"

#include <cmath>
#include <limits>

namespace dvonn::protocol {
namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% normal quantile
constexpr double kInf = std::numeric_limits<double>::infinity();

// Mean score and per-game variance of the score (each game scores 1, 1/2 or 0).
struct Moments {
  double mean = 0.5;
  double variance = 0;
};

Moments moments(const WinDrawLoss& r) {
  Moments m;
  int n = r.games();
  if (n == 0) return m;
  m.mean = r.score();
  double w = static_cast<double>(r.wins) / n, d = static_cast<double>(r.draws) / n,
         l = static_cast<double>(r.losses) / n;
  m.variance = w * (1 - m.mean) * (1 - m.mean) + d * (0.5 - m.mean) * (0.5 - m.mean) + l * m.mean * m.mean;
  return m;
}

// The per-game variance used for the interval and the SPRT. While every
// game has had the same outcome the sample variance is 0, which would make
// the interval a point and the LLR a division by zero; it is then estimated
// as if half a game of each outcome had been added (a Jeffreys-like prior),
// so that a run of wins (or losses) still bounds the Elo and moves the test.
double usable_variance(const WinDrawLoss& r, const Moments& m) {
  if (m.variance > 0 || r.games() == 0) return m.variance;
  return moments(WinDrawLoss{r.wins * 2 + 1, r.draws * 2 + 1, r.losses * 2 + 1}).variance;
}

}  // namespace

double WinDrawLoss::score() const {
  int n = games();
  return n == 0 ? 0.5 : (wins + 0.5 * draws) / n;
}

double elo_from_score(double score) {
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimate_elo(const WinDrawLoss& result) {
  Moments m = moments(result);
  EloEstimate e;
  e.elo = elo_from_score(m.mean);
  int n = result.games();
  if (n == 0) {
    e.low = -kInf;
    e.high = kInf;
    return e;
  }
  double margin = kZ95 * std::sqrt(usable_variance(result, m) / n);
  e.low = elo_from_score(m.mean - margin);
  e.high = elo_from_score(m.mean + margin);
  return e;
}

const char* verdict_name(SprtVerdict v) {
  switch (v) {
    case SprtVerdict::AcceptH0:
      return "H0";
    case SprtVerdict::AcceptH1:
      return "H1";
    case SprtVerdict::Continue:
      return "continue";
  }
  return "continue";
}

std::string check_sprt_settings(const SprtSettings& s) {
  if (!(s.elo1 > s.elo0)) return "elo1 must be greater than elo0";
  if (!(s.alpha > 0 && s.alpha < 0.5)) return "alpha must lie strictly between 0 and 0.5";
  if (!(s.beta > 0 && s.beta < 0.5)) return "beta must lie strictly between 0 and 0.5";
  if (std::abs(s.elo0) > 1000 || std::abs(s.elo1) > 1000) return "elo0 and elo1 must lie within -1000..1000";
  return "";
}

SprtState sprt(const WinDrawLoss& result, const SprtSettings& s) {
  SprtState st;
  st.lower = std::log(s.beta / (1 - s.alpha));
  st.upper = std::log((1 - s.beta) / s.alpha);
  Moments m = moments(result);
  int n = result.games();
  double variance = usable_variance(result, m);
  if (n > 0) {
    double s0 = score_from_elo(s.elo0), s1 = score_from_elo(s.elo1);
    st.llr = n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * variance);
  }
  if (st.llr >= st.upper)
    st.verdict = SprtVerdict::AcceptH1;
  else if (st.llr <= st.lower)
    st.verdict = SprtVerdict::AcceptH0;
  return st;
}

}  // namespace dvonn::protocol
