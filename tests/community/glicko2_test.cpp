#include "community/glicko2.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dvonn::community {
namespace {

// The worked example of Glickman's "Example of the Glicko-2 system": a
// 1500/200/0.06 player beats a 1400/30, loses to a 1550/100 and to a
// 1700/300, with tau 0.5.
TEST(Glicko2, MatchesGlickmansWorkedExample) {
  Glicko2Rating player{1500, 200, 0.06};
  auto after =
      glicko2_update(player, {{{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}}, 0.5);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, TwoNewPlayersMoveSymmetrically) {
  auto [white, black] = glicko2_rate_game({}, {}, 1.0);
  EXPECT_GT(white.rating, 1600);
  EXPECT_NEAR(white.rating - 1500, 1500 - black.rating, 1e-9);
  EXPECT_LT(white.deviation, 350);
  EXPECT_NEAR(white.deviation, black.deviation, 1e-9);
  // The figure the browser test computes independently.
  EXPECT_NEAR(white.rating, 1662.31, 0.01);
}

TEST(Glicko2, DrawBetweenEqualsChangesNoRating) {
  auto [white, black] = glicko2_rate_game({1720, 80, 0.06}, {1720, 80, 0.06}, 0.5);
  EXPECT_NEAR(white.rating, 1720, 1e-9);
  EXPECT_NEAR(black.rating, 1720, 1e-9);
  EXPECT_LT(white.deviation, 80);
}

TEST(Glicko2, BeatingAStrongerPlayerGainsMore) {
  Glicko2Rating me{1500, 100, 0.06};
  double weak = glicko2_update(me, {{{1300, 100, 0.06}, 1.0}}).rating;
  double strong = glicko2_update(me, {{{1800, 100, 0.06}, 1.0}}).rating;
  EXPECT_GT(weak, 1500);
  EXPECT_GT(strong, weak);
  // Losing to the weak player costs more than losing to the strong one.
  EXPECT_LT(glicko2_update(me, {{{1300, 100, 0.06}, 0.0}}).rating,
            glicko2_update(me, {{{1800, 100, 0.06}, 0.0}}).rating);
}

TEST(Glicko2, UncertainOpponentsCountLess) {
  Glicko2Rating me{1500, 100, 0.06};
  double sure = glicko2_update(me, {{{1500, 30, 0.06}, 1.0}}).rating;
  double unsure = glicko2_update(me, {{{1500, 350, 0.06}, 1.0}}).rating;
  EXPECT_GT(sure, unsure);
}

TEST(Glicko2, NoGamesOnlyGrowsTheDeviationUpTo350) {
  auto idle = glicko2_update({1650, 100, 0.06}, {});
  EXPECT_EQ(idle.rating, 1650);
  EXPECT_NEAR(idle.deviation, std::sqrt(100.0 * 100.0 + (0.06 * 173.7178) * (0.06 * 173.7178)), 1e-6);
  EXPECT_EQ(glicko2_update({1650, 349.99, 0.06}, {}).deviation, 350);
}

TEST(Glicko2, ManyWinsConvergeAndStayFinite) {
  Glicko2Rating me;
  for (int i = 0; i < 200; ++i) me = glicko2_update(me, {{{1500, 50, 0.06}, 1.0}});
  EXPECT_TRUE(std::isfinite(me.rating));
  EXPECT_GT(me.rating, 2000);
  EXPECT_GT(me.deviation, 0);
  EXPECT_TRUE(std::isfinite(me.volatility));
}

}  // namespace
}  // namespace dvonn::community
