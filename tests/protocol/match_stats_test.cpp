#include "protocol/match_stats.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dvonn::protocol {
namespace {

TEST(EloTest, KnownScoresGiveKnownDifferences) {
  EXPECT_NEAR(elo_from_score(0.75), 190.848, 0.001);  // 400 log10(3)
  EXPECT_NEAR(elo_from_score(0.25), -190.848, 0.001);
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  EXPECT_NEAR(elo_from_score(10.0 / 11.0), 400.0, 1e-9);  // odds 10:1
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
}

TEST(EloTest, ScoreFromEloInvertsEloFromScore) {
  for (double elo : {-500.0, -35.5, 0.0, 5.0, 190.848, 700.0})
    EXPECT_NEAR(elo_from_score(score_from_elo(elo)), elo, 1e-9) << elo;
  EXPECT_DOUBLE_EQ(score_from_elo(0), 0.5);
}

TEST(EloTest, ScoreCountsDrawsAsHalf) {
  WinDrawLoss r{3, 2, 5};
  EXPECT_EQ(r.games(), 10);
  EXPECT_DOUBLE_EQ(r.score(), 0.4);
  EXPECT_DOUBLE_EQ(WinDrawLoss{}.score(), 0.5);
}

TEST(EloTest, IntervalFromTheTrinomialVariance) {
  // 50 wins, 50 losses: score 0.5, per-game variance 0.25, so the 95%
  // interval is 0.5 +- 1.96 * 0.05 = [0.402, 0.598], i.e. about +-69 Elo.
  EloEstimate e = estimate_elo({50, 0, 50});
  EXPECT_DOUBLE_EQ(e.elo, 0.0);
  EXPECT_NEAR(e.high, 68.99, 0.05);
  EXPECT_NEAR(e.low, -68.99, 0.05);
  // Draws lower the variance, so the same score is known more precisely.
  EloEstimate with_draws = estimate_elo({25, 50, 25});
  EXPECT_LT(with_draws.high, e.high);
  EXPECT_GT(with_draws.low, e.low);
}

TEST(EloTest, WinsOnlyGiveAFiniteLowerBound) {
  // Variance from {8.5, 0.5, 0.5}: 0.0596; 1 - 1.96 sqrt(0.0596 / 8) = 0.8308.
  EloEstimate e = estimate_elo({8, 0, 0});
  EXPECT_TRUE(std::isinf(e.elo) && e.elo > 0);
  EXPECT_TRUE(std::isinf(e.high));
  EXPECT_NEAR(e.low, elo_from_score(0.8308), 1.0);
  EloEstimate losses = estimate_elo({0, 0, 8});
  EXPECT_NEAR(losses.high, -e.low, 1e-9);
}

TEST(SprtTest, BoundsComeFromAlphaAndBeta) {
  SprtState s = sprt({1, 1, 1}, SprtSettings{0, 10, 0.05, 0.05});
  EXPECT_NEAR(s.lower, -2.944439, 1e-6);
  EXPECT_NEAR(s.upper, 2.944439, 1e-6);
  SprtState skewed = sprt({1, 1, 1}, SprtSettings{0, 10, 0.01, 0.2});
  EXPECT_NEAR(skewed.lower, std::log(0.2 / 0.99), 1e-12);
  EXPECT_NEAR(skewed.upper, std::log(0.8 / 0.01), 1e-12);
}

TEST(SprtTest, LogLikelihoodRatioMatchesAHandComputation) {
  // W 60, D 20, L 20: score 0.7, variance 0.16, s0 0.5, s1 = score of +10.
  SprtState s = sprt({60, 20, 20}, SprtSettings{0, 10, 0.05, 0.05});
  EXPECT_NEAR(s.llr, 1.7337133, 1e-6);
  EXPECT_EQ(s.verdict, SprtVerdict::Continue);
}

TEST(SprtTest, SignFollowsWhichHypothesisTheScoreFavours) {
  SprtSettings st{0, 20, 0.05, 0.05};
  // The midpoint of s0 and s1 separates the two signs.
  EXPECT_GT(sprt({55, 10, 35}, st).llr, 0);
  EXPECT_LT(sprt({35, 10, 55}, st).llr, 0);
  // With the same proportions, the LLR grows in proportion to the games.
  double one = sprt({6, 2, 4}, st).llr, ten = sprt({60, 20, 40}, st).llr;
  EXPECT_NEAR(ten, 10 * one, 1e-9);
}

TEST(SprtTest, DecidesOnceTheBoundsAreCrossed) {
  SprtSettings st{0, 50, 0.05, 0.05};
  EXPECT_EQ(sprt({300, 0, 100}, st).verdict, SprtVerdict::AcceptH1);
  EXPECT_EQ(sprt({100, 0, 300}, st).verdict, SprtVerdict::AcceptH0);
  EXPECT_EQ(sprt({3, 0, 2}, st).verdict, SprtVerdict::Continue);
  EXPECT_STREQ(verdict_name(SprtVerdict::AcceptH1), "H1");
}

TEST(SprtTest, AllEqualOutcomesStillMoveTheTest) {
  SprtSettings st{0, 50, 0.05, 0.05};
  // 8 wins: the variance is estimated from {8.5, 0.5, 0.5} games, about
  // 0.0596, so LLR = 8 (s1 - 0.5) (2 - 0.5 - s1) / (2 * 0.0596) = 4.46.
  SprtState wins = sprt({8, 0, 0}, st);
  EXPECT_NEAR(wins.llr, 4.46, 0.01);
  EXPECT_EQ(wins.verdict, SprtVerdict::AcceptH1);
  EXPECT_LT(sprt({0, 0, 8}, st).llr, 0);
  EXPECT_EQ(sprt({0, 0, 8}, st).verdict, SprtVerdict::AcceptH0);
  // Draws only: the score sits below the midpoint of s0 and s1.
  EXPECT_LT(sprt({0, 6, 0}, st).llr, 0);
  EXPECT_EQ(sprt({}, st).llr, 0);  // no game, no evidence
  EXPECT_EQ(sprt({1, 0, 0}, st).verdict, SprtVerdict::Continue);
}

TEST(SprtTest, RejectsUnusableSettings) {
  EXPECT_EQ(check_sprt_settings(SprtSettings{0, 5, 0.05, 0.05}), "");
  EXPECT_NE(check_sprt_settings(SprtSettings{5, 5, 0.05, 0.05}), "");
  EXPECT_NE(check_sprt_settings(SprtSettings{5, 0, 0.05, 0.05}), "");
  EXPECT_NE(check_sprt_settings(SprtSettings{0, 5, 0.0, 0.05}), "");
  EXPECT_NE(check_sprt_settings(SprtSettings{0, 5, 0.05, 0.7}), "");
}

}  // namespace
}  // namespace dvonn::protocol
