// The arena pairing: only free players, as many games as the allowed pairs
// give, never the last opponent again (nor a forbidden pair) while someone
// else is free, close scores together, colours alternating.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "server/tournaments/arena_pairing.hpp"

namespace dvonn::server::testing {
namespace {

using Forbidden = std::function<bool(std::int64_t, std::int64_t)>;

// Each player's last opponent, by the order games ended.
std::map<std::int64_t, std::int64_t> last_opponents(const std::vector<TournamentGame>& history) {
  std::vector<TournamentGame> games = history;
  std::stable_sort(games.begin(), games.end(), [](auto& a, auto& b) { return a.ended_ms < b.ended_ms; });
  std::map<std::int64_t, std::int64_t> last;
  for (const auto& g : games) {
    last[g.white] = g.black;
    last[g.black] = g.white;
  }
  return last;
}

// The most games any pairing of the allowed pairs gives (brute force).
int most_games(const std::vector<std::int64_t>& ids, const std::function<bool(std::int64_t, std::int64_t)>& allowed,
               std::vector<char>& used, std::size_t from = 0) {
  while (from < ids.size() && used[from]) ++from;
  if (from >= ids.size()) return 0;
  used[from] = 1;
  int best = most_games(ids, allowed, used, from + 1);  // from waits
  for (std::size_t j = from + 1; j < ids.size(); ++j) {
    if (used[j] || !allowed(ids[from], ids[j])) continue;
    used[j] = 1;
    best = std::max(best, 1 + most_games(ids, allowed, used, from + 1));
    used[j] = 0;
  }
  used[from] = 0;
  return best;
}

TEST(TournamentArena, RandomMomentsPairOnlyFreePlayersAndAsManyAsAllowed) {
  std::mt19937 rng(7);
  int brute_forced = 0;
  for (int trial = 0; trial < 600; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    int population = std::uniform_int_distribution<int>(2, 30)(rng);
    std::vector<TournamentGame> history;
    int games = std::uniform_int_distribution<int>(0, 3 * population)(rng);
    for (int g = 0; g < games; ++g) {
      std::int64_t a = std::uniform_int_distribution<int>(1, population)(rng);
      std::int64_t b = std::uniform_int_distribution<int>(1, population)(rng);
      if (a == b) continue;
      history.push_back({0, a, b, GameResult::WhiteWins, 1000 + g});
    }
    std::vector<ArenaEntrant> free;
    for (int id = 1; id <= population; ++id) {
      if (std::uniform_int_distribution<int>(0, 2)(rng) > 0) {
        free.push_back({id, std::uniform_int_distribution<int>(1000, 2000)(rng) * 1.0,
                        std::uniform_int_distribution<int>(0, 20)(rng) * 1.0});
      }
    }
    std::set<std::int64_t> engines{1, 2, 3};
    Forbidden forbidden = [&](std::int64_t a, std::int64_t b) { return engines.contains(a) && engines.contains(b); };
    auto last = last_opponents(history);
    auto pairs = arena_pairing(free, history, forbidden);
    EXPECT_EQ(pairs, arena_pairing(free, history, forbidden)) << "deterministic";

    std::set<std::int64_t> free_ids, seen;
    for (const auto& e : free) free_ids.insert(e.id);
    for (const auto& p : pairs) {
      ASSERT_TRUE(free_ids.contains(p.white) && free_ids.contains(p.black)) << "only free players";
      ASSERT_TRUE(seen.insert(p.white).second && seen.insert(p.black).second) << "twice at once";
      if (free.size() > 2) {
        EXPECT_NE(last[p.white], p.black) << "the same two again while others are free";
        EXPECT_NE(last[p.black], p.white) << "the same two again while others are free";
        EXPECT_FALSE(forbidden(p.white, p.black)) << "a forbidden pair while others are free";
      }
    }
    auto allowed = [&](std::int64_t a, std::int64_t b) {
      return free.size() == 2 || (last[a] != b && last[b] != a && !forbidden(a, b));
    };
    if (free.size() <= 12) {
      ++brute_forced;
      std::vector<std::int64_t> ids(free_ids.begin(), free_ids.end());
      std::vector<char> used(ids.size(), 0);
      EXPECT_EQ(static_cast<int>(pairs.size()), most_games(ids, allowed, used)) << "someone waits without need";
    }
  }
  EXPECT_GT(brute_forced, 200);
}

TEST(TournamentArena, TwoFreePlayersPlayEvenIfTheyJustMet) {
  std::vector<TournamentGame> history{{0, 1, 2, GameResult::Draw, 10}};
  auto pairs = arena_pairing({{1, 1500, 1}, {2, 1500, 1}}, history, nullptr);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], (Pairing{2, 1}));  // 1 had white: now black
  // A third free player: 1 and 2 do not meet again; one of them waits.
  pairs = arena_pairing({{1, 1500, 1}, {2, 1500, 1}, {3, 1500, 0}}, history, nullptr);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_TRUE(pairs[0].white == 3 || pairs[0].black == 3);
  // Nobody or one free: nothing.
  EXPECT_TRUE(arena_pairing({}, history, nullptr).empty());
  EXPECT_TRUE(arena_pairing({{1, 1500, 1}}, history, nullptr).empty());
}

TEST(TournamentArena, CloseScoresMeetAndForbiddenPairsAreAvoided) {
  std::vector<ArenaEntrant> free{{1, 1500, 10}, {2, 1400, 2}, {3, 1600, 9}, {4, 1500, 1}};
  auto pairs = arena_pairing(free, {}, nullptr);
  ASSERT_EQ(pairs.size(), 2u);
  using Ids = std::pair<std::int64_t, std::int64_t>;
  EXPECT_EQ(Ids(std::minmax(pairs[0].white, pairs[0].black)), Ids(1, 3));
  EXPECT_EQ(Ids(std::minmax(pairs[1].white, pairs[1].black)), Ids(2, 4));
  // 1 and 3 are engines: they meet the others instead.
  auto engines = [](std::int64_t a, std::int64_t b) { return (a == 1 || a == 3) && (b == 1 || b == 3); };
  pairs = arena_pairing(free, {}, engines);
  ASSERT_EQ(pairs.size(), 2u);
  for (const auto& p : pairs) EXPECT_FALSE(engines(p.white, p.black));
}

TEST(TournamentArena, ColoursAlternate) {
  // Player 1 meets a new opponent each time: white, black, white, black.
  std::vector<TournamentGame> history;
  std::string colours;
  for (int game = 0; game < 6; ++game) {
    std::int64_t opponent = 100 + game;
    auto pairs = arena_pairing({{1, 1500, 0}, {opponent, 1500, 0}}, history, nullptr);
    ASSERT_EQ(pairs.size(), 1u);
    colours += pairs[0].white == 1 ? 'W' : 'B';
    history.push_back({0, pairs[0].white, pairs[0].black, GameResult::Draw, game + 1});
  }
  EXPECT_EQ(colours, "WBWBWB");
  // Whoever has had white more often has black, whatever the ranking and
  // the last colours: 5 has had W W B (+1), 6 has had B (-1).
  std::vector<TournamentGame> past{{0, 5, 7, GameResult::Draw, 1},
                                   {0, 5, 8, GameResult::Draw, 2},
                                   {0, 9, 5, GameResult::Draw, 3},
                                   {0, 10, 6, GameResult::Draw, 4}};
  auto pairs = arena_pairing({{5, 2000, 5}, {6, 1000, 0}}, past, nullptr);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], (Pairing{6, 5}));
  // Equal: whoever had white last has black (11 has had B W, 12 W B).
  past = {{0, 20, 11, GameResult::Draw, 1},
          {0, 11, 21, GameResult::Draw, 2},
          {0, 12, 22, GameResult::Draw, 3},
          {0, 23, 12, GameResult::Draw, 4}};
  pairs = arena_pairing({{11, 2000, 5}, {12, 1000, 0}}, past, nullptr);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], (Pairing{12, 11}));
}

}  // namespace
}  // namespace dvonn::server::testing
