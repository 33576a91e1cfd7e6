// The round-robin schedule (circle method): every pair meets exactly once,
// n-1 rounds for an even count and n for an odd one, each round a perfect
// matching plus one bye when odd, colours balanced within one.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "server/tournaments/round_robin_schedule.hpp"

namespace dvonn::server::testing {
namespace {

std::vector<std::int64_t> entrants_of(int n) {
  std::vector<std::int64_t> ids;
  // Ids far from 1..n, so that a position mixed up with an id shows.
  for (int i = 0; i < n; ++i) ids.push_back(1000 + 7 * i);
  return ids;
}

TEST(TournamentRoundRobin, EveryPairMeetsOnceInPerfectRoundsWithBalancedColours) {
  for (int n = 2; n <= 40; ++n) {
    SCOPED_TRACE("entrants " + std::to_string(n));
    auto ids = entrants_of(n);
    auto rounds = round_robin_schedule(ids);
    ASSERT_EQ(rounds.size(), static_cast<std::size_t>(n % 2 == 0 ? n - 1 : n));
    std::map<std::pair<std::int64_t, std::int64_t>, int> met;
    std::map<std::int64_t, int> whites, blacks, byes;
    std::map<std::int64_t, std::string> colours;  // in order, 'W'/'B', byes skipped
    for (const auto& round : rounds) {
      std::set<std::int64_t> seen;
      int round_byes = 0;
      for (const auto& p : round) {
        ASSERT_TRUE(seen.insert(p.white).second) << "twice in a round: " << p.white;
        ASSERT_NE(p.white, 0);
        if (p.black == 0) {
          ++round_byes;
          ++byes[p.white];
          continue;
        }
        ASSERT_TRUE(seen.insert(p.black).second) << "twice in a round: " << p.black;
        ASSERT_NE(p.white, p.black);
        ++met[std::minmax(p.white, p.black)];
        ++whites[p.white];
        ++blacks[p.black];
        colours[p.white] += 'W';
        colours[p.black] += 'B';
      }
      // Everyone is in every round: a perfect matching, plus a bye when odd.
      EXPECT_EQ(seen.size(), ids.size());
      EXPECT_EQ(round_byes, n % 2);
      if (n % 2 == 1) {
        EXPECT_EQ(round.back().black, 0) << "the bye comes last";
      }
    }
    EXPECT_EQ(met.size(), static_cast<std::size_t>(n * (n - 1) / 2));
    for (const auto& [pair, times] : met) EXPECT_EQ(times, 1);
    for (auto id : ids) {
      EXPECT_LE(std::abs(whites[id] - blacks[id]), 1) << id;
      EXPECT_EQ(byes[id], n % 2) << id;
      EXPECT_EQ(colours[id].find("WWW"), std::string::npos) << id << " " << colours[id];
      EXPECT_EQ(colours[id].find("BBB"), std::string::npos) << id << " " << colours[id];
    }
  }
}

TEST(TournamentRoundRobin, TooFewEntrantsHaveNoRounds) {
  EXPECT_TRUE(round_robin_schedule({}).empty());
  EXPECT_TRUE(round_robin_schedule({5}).empty());
  auto two = round_robin_schedule({5, 9});
  ASSERT_EQ(two.size(), 1u);
  ASSERT_EQ(two[0].size(), 1u);
  using Ids = std::pair<std::int64_t, std::int64_t>;
  EXPECT_EQ(Ids(std::minmax(two[0][0].white, two[0][0].black)), Ids(5, 9));
  auto three = round_robin_schedule({5, 9, 11});
  ASSERT_EQ(three.size(), 3u);
  for (const auto& round : three) {
    ASSERT_EQ(round.size(), 2u);
    EXPECT_EQ(round[1].black, 0);
  }
}

}  // namespace
}  // namespace dvonn::server::testing
