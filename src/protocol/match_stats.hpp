// Match statistics: the Elo difference a score implies, its 95% interval,
// and the sequential probability ratio test (SPRT) that decides whether one
// program is stronger than the other by a given margin.
//
// All Elo figures are logistic Elo: a score s (wins + draws/2 per game)
// corresponds to -400 log10(1/s - 1). The SPRT uses the trinomial
// (win/draw/loss) normal approximation of the log-likelihood ratio, with no
// draw model (no BayesElo, no GSPRT pentanomial pairs).
#pragma once

#include <optional>
#include <string>

namespace dvonn::protocol {

struct WinDrawLoss {
  int wins = 0;
  int draws = 0;
  int losses = 0;
  int games() const { return wins + draws + losses; }
  // Wins plus half the draws, per game; 0.5 when no game was played.
  double score() const;
};

// The Elo difference of a score in (0, 1); +inf / -inf at 1 and 0.
double elo_from_score(double score);
// The expected score of a player rated `elo` above its opponent.
double score_from_elo(double elo);

struct EloEstimate {
  double elo = 0;
  // The 95% confidence interval; a bound is infinite when the score
  // interval reaches 0 or 1 (the upper bound after wins only, say).
  double low = 0;
  double high = 0;
};
// The Elo estimate of a result, with the interval from the per-game score
// variance (normal approximation; see sprt() for the all-equal case).
EloEstimate estimate_elo(const WinDrawLoss& result);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
const char* verdict_name(SprtVerdict v);  // "continue", "H0", "H1"

struct SprtSettings {
  double elo0 = 0;      // H0: the Elo difference is elo0
  double elo1 = 5;      // H1: the Elo difference is elo1 (elo1 > elo0)
  double alpha = 0.05;  // false positive rate (accepting H1 when H0 holds)
  double beta = 0.05;   // false negative rate (accepting H0 when H1 holds)
};

struct SprtState {
  double llr = 0;
  double lower = 0;  // log(beta / (1 - alpha)): accept H0 at or below
  double upper = 0;  // log((1 - beta) / alpha): accept H1 at or above
  SprtVerdict verdict = SprtVerdict::Continue;
};

// Checks the settings; returns what is wrong, or "" when they are usable.
std::string check_sprt_settings(const SprtSettings& settings);

// LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var), with s the mean score, var
// the per-game score variance and s0, s1 the scores of elo0, elo1. While
// every game has had the same outcome (var = 0), var is estimated as if half
// a game of each outcome had been added; the mean s is left as observed.
SprtState sprt(const WinDrawLoss& result, const SprtSettings& settings);

}  // namespace dvonn::protocol
