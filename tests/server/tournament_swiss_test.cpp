// The Swiss pairing, over many simulated tournaments (seeded, so a failure
// repeats): 2..40 entrants, up to 9 rounds, random results, withdrawals and
// late joins, a few "engines" that must not meet. Every round is checked
// against the rules, and rounds of up to 11 entrants against a brute force
// over every possible pairing: no forbidden pair, repeat, colour clash or
// top-group float that some pairing of the round avoids (in that order of
// importance).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <set>

#include "server/tournaments/swiss_pairing.hpp"

namespace dvonn::server::testing {
namespace {

// What the history says of each player, computed here independently of the
// pairing's own bookkeeping.
struct Record {
  double score = 0;
  int byes = 0, whites = 0, blacks = 0;
  std::string colours;
  std::set<std::int64_t> met;
  bool may_white() const { return whites - blacks + 1 <= 2 && !colours.ends_with("WW"); }
  bool may_black() const { return blacks - whites + 1 <= 2 && !colours.ends_with("BB"); }
};

std::map<std::int64_t, Record> records_of(const std::vector<TournamentGame>& history) {
  std::map<std::int64_t, Record> records;
  for (const auto& g : history) {  // the simulation appends in round order
    if (g.black == 0) {
      ++records[g.white].byes;
      records[g.white].score += 1;
      continue;
    }
    auto& w = records[g.white];
    auto& b = records[g.black];
    w.score += g.result == GameResult::WhiteWins ? 1 : g.result == GameResult::Draw ? 0.5 : 0;
    b.score += g.result == GameResult::BlackWins ? 1 : g.result == GameResult::Draw ? 0.5 : 0;
    ++w.whites;
    ++b.blacks;
    w.colours += 'W';
    b.colours += 'B';
    w.met.insert(g.black);
    b.met.insert(g.white);
  }
  return records;
}

using Forbidden = std::function<bool(std::int64_t, std::int64_t)>;

// A round's faults, in order of importance: forbidden pairs (and, far
// worse, a second bye while someone has none), repeats, colour clashes
// (both players must avoid the same colour), top-score-group players
// paired outside their group.
using Faults = std::array<int, 4>;

struct Judge {
  std::vector<std::int64_t> ids;
  std::map<std::int64_t, Record> records;
  Forbidden forbidden;
  int fewest_byes = 0;
  double top_score = 0;

  Judge(const std::vector<SwissEntrant>& active, const std::vector<TournamentGame>& history, Forbidden f)
      : records(records_of(history)), forbidden(std::move(f)) {
    fewest_byes = 1 << 20;
    top_score = -1;
    for (const auto& e : active) {
      ids.push_back(e.id);
      fewest_byes = std::min(fewest_byes, records[e.id].byes);
      top_score = std::max(top_score, records[e.id].score);
    }
  }

  void add(Faults& faults, std::int64_t a, std::int64_t b) {
    const auto& ra = records[a];
    bool top_a = ra.score == top_score;
    if (b == 0) {
      if (ra.byes > fewest_byes) faults[0] += 1000;  // never
      if (top_a) ++faults[3];
      return;
    }
    const auto& rb = records[b];
    if (forbidden(a, b) || forbidden(b, a)) {
      ++faults[0];
    } else if (ra.met.contains(b)) {
      ++faults[1];
    } else if (!(ra.may_white() && rb.may_black()) && !(ra.may_black() && rb.may_white())) {
      ++faults[2];
    }
    bool top_b = rb.score == top_score;
    if (top_a != top_b) ++faults[3];
  }

  Faults of(const std::vector<Pairing>& pairs) {
    Faults faults{};
    for (const auto& p : pairs) add(faults, p.white, p.black);
    return faults;
  }

  // The least faults (lexicographically) of any pairing of the round.
  Faults best() {
    std::vector<std::int64_t> nodes = ids;
    if (nodes.size() % 2 == 1) nodes.push_back(0);
    Faults best;
    best.fill(1 << 20);
    std::vector<char> used(nodes.size(), 0);
    Faults current{};
    enumerate(nodes, used, current, best);
    return best;
  }

  void enumerate(const std::vector<std::int64_t>& nodes, std::vector<char>& used, Faults& current, Faults& best) {
    auto first = std::find(used.begin(), used.end(), 0);
    if (first == used.end()) {
      best = std::min(best, current);
      return;
    }
    std::size_t i = first - used.begin();
    used[i] = 1;
    for (std::size_t j = i + 1; j < nodes.size(); ++j) {
      if (used[j]) continue;
      used[j] = 1;
      Faults saved = current;
      std::int64_t a = nodes[i], b = nodes[j];
      if (a == 0) std::swap(a, b);
      add(current, a, b);
      if (current[0] <= best[0]) enumerate(nodes, used, current, best);  // prune the hopeless
      current = saved;
      used[j] = 0;
    }
    used[i] = 0;
  }
};

GameResult random_result(std::mt19937& rng) {
  int r = std::uniform_int_distribution<int>(0, 19)(rng);
  return r < 9 ? GameResult::WhiteWins : r < 18 ? GameResult::BlackWins : GameResult::Draw;
}

struct Totals {
  int rounds = 0, brute_forced = 0;
  std::array<int, 4> worse{};  // rounds where the pairing had more faults than needed, per kind
};

// Plays one tournament, checking every round; returns what it saw.
void simulate(std::uint32_t seed, Totals& totals) {
  std::mt19937 rng(seed);
  int n = std::uniform_int_distribution<int>(2, 40)(rng);
  int rounds = std::uniform_int_distribution<int>(1, 9)(rng);
  std::vector<SwissEntrant> active;
  std::int64_t next_id = 100;
  for (int i = 0; i < n; ++i) active.push_back({next_id++, std::uniform_int_distribution<int>(1000, 2200)(rng) * 1.0});
  std::set<std::int64_t> engines;
  int engine_count = std::uniform_int_distribution<int>(0, 3)(rng);
  for (int i = 0; i < engine_count && i < n; ++i) engines.insert(active[i * 2 % n].id);
  Forbidden forbidden = [&](std::int64_t a, std::int64_t b) { return engines.contains(a) && engines.contains(b); };
  std::vector<TournamentGame> history;
  for (int round = 1; round <= rounds; ++round) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " round " + std::to_string(round));
    Judge judge(active, history, forbidden);
    auto records = judge.records;
    auto pairs = swiss_pairing(active, history, forbidden);
    ++totals.rounds;

    // Everyone exactly once; one bye, only for an odd count, last.
    std::set<std::int64_t> ids, seen;
    for (const auto& e : active) ids.insert(e.id);
    int byes = 0;
    for (const auto& p : pairs) {
      ASSERT_TRUE(ids.contains(p.white)) << p.white;
      ASSERT_TRUE(seen.insert(p.white).second) << "twice in a round: " << p.white;
      if (p.black == 0) {
        ++byes;
        EXPECT_EQ(&p, &pairs.back()) << "the bye comes last";
        // Nobody has a second bye while someone has none.
        EXPECT_EQ(records[p.white].byes, judge.fewest_byes);
        continue;
      }
      ASSERT_TRUE(ids.contains(p.black)) << p.black;
      ASSERT_TRUE(seen.insert(p.black).second) << "twice in a round: " << p.black;
    }
    ASSERT_EQ(seen, ids);
    EXPECT_EQ(byes, static_cast<int>(active.size() % 2));

    // Round 1: the top half of the ratings against the bottom half.
    if (round == 1) {
      auto sorted = active;
      std::sort(sorted.begin(), sorted.end(), [](auto& a, auto& b) {
        return std::pair{-a.rating, a.id} < std::pair{-b.rating, b.id};
      });
      std::size_t half = sorted.size() / 2;
      std::set<std::pair<std::int64_t, std::int64_t>> expected, got;
      for (std::size_t i = 0; i < half; ++i) expected.insert(std::minmax(sorted[i].id, sorted[i + half].id));
      for (const auto& p : pairs) {
        if (p.black != 0) got.insert(std::minmax(p.white, p.black));
      }
      if (engines.size() < 2) {
        EXPECT_EQ(got, expected);
      }
    }

    // Against the brute force on small rounds: no fault that some pairing
    // avoids (forbidden, repeats, colour clashes exactly; the top group's
    // floats counted).
    Faults ours = judge.of(pairs);
    if (active.size() <= 11) {
      ++totals.brute_forced;
      Faults best = judge.best();
      EXPECT_EQ(ours[0], best[0]) << "forbidden pairs";
      if (ours[0] == best[0]) {
        EXPECT_EQ(ours[1], best[1]) << "repeats";
      }
      if (ours[0] == best[0] && ours[1] == best[1]) {
        EXPECT_EQ(ours[2], best[2]) << "colour clashes";
      }
      if (ours[0] == best[0] && ours[1] == best[1] && ours[2] == best[2]) {
        EXPECT_EQ(ours[3], best[3]) << "top-group players paired outside their group";
      }
      for (int k = 0; k < 4; ++k) {
        if (ours[k] != best[k]) {
          totals.worse[k] += ours[k] > best[k];
          break;
        }
      }
    }

    // A big field can always avoid repeats and forbidden pairs (each player
    // has met at most 8 of 23 or more, and at most 2 are engines: Dirac's
    // theorem gives a pairing).
    if (active.size() >= 24) {
      EXPECT_EQ(ours[0], 0) << "forbidden pairs";
      EXPECT_EQ(ours[1], 0) << "repeats";
    }

    // Colours: nobody beyond ±2 or three in a row unless the pair clashed.
    int clashes = ours[2];
    int violations = 0;
    for (const auto& p : pairs) {
      if (p.black == 0) continue;
      const auto& w = records[p.white];
      const auto& b = records[p.black];
      violations += !w.may_white();
      violations += !b.may_black();
    }
    EXPECT_LE(violations, clashes + ours[0] + ours[1]) << "a colour rule broken without need";

    // Play the round.
    for (const auto& p : pairs) {
      history.push_back({round, p.white, p.black, p.black == 0 ? GameResult::Pending : random_result(rng), 0});
    }
    // Someone withdraws now and then; someone joins late now and then.
    if (active.size() > 2 && std::uniform_int_distribution<int>(0, 3)(rng) == 0) {
      active.erase(active.begin() + std::uniform_int_distribution<std::size_t>(0, active.size() - 1)(rng));
    }
    if (round <= rounds / 2 && std::uniform_int_distribution<int>(0, 5)(rng) == 0) {
      active.push_back({next_id++, std::uniform_int_distribution<int>(1000, 2200)(rng) * 1.0});
    }
  }
}

TEST(TournamentSwiss, ManyRandomTournamentsKeepTheRules) {
  Totals totals;
  for (std::uint32_t seed = 1; seed <= 400; ++seed) {
    simulate(seed, totals);
    if (::testing::Test::HasFatalFailure()) return;
  }
  std::printf("rounds %d, brute-forced %d, worse than needed: forbidden %d repeats %d colours %d top-group %d\n",
              totals.rounds, totals.brute_forced, totals.worse[0], totals.worse[1], totals.worse[2], totals.worse[3]);
  EXPECT_GT(totals.brute_forced, 300);
}

TEST(TournamentSwiss, TwoHundredEntrantsArePairedQuicklyAndDeterministically) {
  std::mt19937 rng(2026);
  std::vector<SwissEntrant> active;
  for (int i = 0; i < 200; ++i) active.push_back({i + 1, std::uniform_int_distribution<int>(800, 2400)(rng) * 1.0});
  Forbidden forbidden = [](std::int64_t a, std::int64_t b) { return a <= 5 && b <= 5; };  // five engines
  std::vector<TournamentGame> history;
  double slowest = 0;
  for (int round = 1; round <= 9; ++round) {
    auto start = std::chrono::steady_clock::now();
    auto pairs = swiss_pairing(active, history, forbidden);
    slowest = std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    EXPECT_EQ(pairs, swiss_pairing(active, history, forbidden)) << "the same input gives the same pairing";
    ASSERT_EQ(pairs.size(), 100u);
    Judge judge(active, history, forbidden);
    Faults faults = judge.of(pairs);
    EXPECT_EQ(faults[0], 0);
    EXPECT_EQ(faults[1], 0);
    EXPECT_EQ(faults[2], 0);
    for (const auto& p : pairs) history.push_back({round, p.white, p.black, random_result(rng), 0});
  }
  std::printf("200 entrants: slowest round paired in %.3f s\n", slowest);
  // Generous: the machine is shared; the point is no exponential blow-up.
  EXPECT_LT(slowest, 5.0);
}

TEST(TournamentSwiss, FirstRoundTopHalfAgainstBottomHalfWithAlternatingColours) {
  std::vector<SwissEntrant> active{{1, 1200}, {2, 1800}, {3, 1500}, {4, 2000}, {5, 1000}, {6, 1600}, {7, 1300}};
  auto pairs = swiss_pairing(active, {}, nullptr);
  // By rating: 4 2 6 3 7 1 5; top half 4 2 6 against 3 7 1; 5 has the bye.
  std::vector<Pairing> expected{{4, 3}, {7, 2}, {6, 1}, {5, 0}};
  EXPECT_EQ(pairs, expected);
}

TEST(TournamentSwiss, ScoreGroupsColoursAndByesInASmallSecondRound) {
  // Round 1: 4-3 1-0, 7-2 0-1, 6-1 ½-½, 5 bye.
  std::vector<SwissEntrant> active{{1, 1200}, {2, 1800}, {3, 1500}, {4, 2000}, {5, 1000}, {6, 1600}, {7, 1300}};
  std::vector<TournamentGame> history{{1, 4, 3, GameResult::WhiteWins, 0},
                                      {1, 7, 2, GameResult::BlackWins, 0},
                                      {1, 6, 1, GameResult::Draw, 0},
                                      {1, 5, 0, GameResult::Pending, 0}};
  auto pairs = swiss_pairing(active, history, nullptr);
  // On 1 point: 4 (2000, white), 2 (1800, black), 5 (1000, bye): 4 and 2
  // meet (4 had white: black now); 5 floats down to the ½ group (6 and 1)
  // and meets its top, 6, who had white; 1 and the 0 group: 3 (had black)
  // and 7 (had white); the bye goes to the lowest without one: 7.
  ASSERT_EQ(pairs.size(), 4u);
  EXPECT_EQ(pairs[0], (Pairing{2, 4}));
  EXPECT_EQ(pairs[1], (Pairing{5, 6}));
  EXPECT_EQ(pairs[2], (Pairing{1, 3}));
  EXPECT_EQ(pairs[3], (Pairing{7, 0}));
}

TEST(TournamentSwiss, NobodyOrOneEntrant) {
  EXPECT_TRUE(swiss_pairing({}, {}, nullptr).empty());
  EXPECT_EQ(swiss_pairing({{7, 1500}}, {}, nullptr), (std::vector<Pairing>{{7, 0}}));
}

TEST(TournamentSwiss, WithdrawnPlayersGamesStillCountForColoursAndRepeats) {
  // Round 1: 1-2, 3-4, 5-6, white won each; then 4 withdraws. Round 2
  // without 4: 1-2 and 5-6 do not meet again.
  std::vector<TournamentGame> history{
      {1, 1, 2, GameResult::WhiteWins, 0}, {1, 3, 4, GameResult::WhiteWins, 0}, {1, 5, 6, GameResult::WhiteWins, 0}};
  std::vector<SwissEntrant> active{{1, 2000}, {2, 1900}, {3, 1800}, {5, 1600}, {6, 1500}};
  auto pairs = swiss_pairing(active, history, nullptr);
  ASSERT_EQ(pairs.size(), 3u);
  for (const auto& p : pairs) {
    EXPECT_NE(std::minmax(p.white, p.black), std::minmax<std::int64_t>(1, 2));
    EXPECT_NE(std::minmax(p.white, p.black), std::minmax<std::int64_t>(5, 6));
  }
  // The winners 1, 3, 5 are one group of three: 1 meets 3 (the Dutch half
  // below), 5 floats down to meet 2, who had black: 2 has white; 6, the
  // lowest ranked, has the bye.
  EXPECT_EQ(pairs.back(), (Pairing{6, 0}));
  auto has = [&](std::int64_t a, std::int64_t b) {
    return std::any_of(pairs.begin(), pairs.end(),
                       [&](const Pairing& p) { return std::minmax(p.white, p.black) == std::minmax(a, b); });
  };
  EXPECT_TRUE(has(1, 3));
  EXPECT_TRUE(has(2, 5));
  EXPECT_TRUE(std::find(pairs.begin(), pairs.end(), Pairing{2, 5}) != pairs.end());
}

TEST(TournamentSwiss, ForbiddenPairsMeetOnlyWhenNothingElseWorks) {
  std::vector<SwissEntrant> active{{1, 2000}, {2, 1000}, {3, 1500}, {4, 1400}};
  auto engines = [](std::int64_t a, std::int64_t b) { return a <= 2 && b <= 2; };
  // 1 and 2 would meet (top half against bottom half) were they not engines.
  for (const auto& p : swiss_pairing(active, {}, engines)) EXPECT_FALSE(engines(p.white, p.black));
  // Two entrants, both engines: they meet all the same.
  auto two = swiss_pairing({{1, 2000}, {2, 1000}}, {}, engines);
  ASSERT_EQ(two.size(), 1u);
  using Ids = std::pair<std::int64_t, std::int64_t>;
  EXPECT_EQ(Ids(std::minmax(two[0].white, two[0].black)), Ids(1, 2));
}

TEST(TournamentSwiss, RepeatsOnlyWhenUnavoidable) {
  // Three rounds of four players: everyone has met everyone; a fourth round
  // must repeat, but only as little as possible (two boards, two repeats).
  std::vector<SwissEntrant> active{{1, 2000}, {2, 1900}, {3, 1800}, {4, 1700}};
  std::vector<TournamentGame> history;
  auto play = [&](int round) {
    for (const auto& p : swiss_pairing(active, history, nullptr)) {
      history.push_back({round, p.white, p.black, GameResult::Draw, 0});
    }
  };
  for (int round = 1; round <= 3; ++round) play(round);
  std::set<std::pair<std::int64_t, std::int64_t>> met;
  for (const auto& g : history) EXPECT_TRUE(met.insert(std::minmax(g.white, g.black)).second) << "a repeat too soon";
  EXPECT_EQ(met.size(), 6u);
  auto fourth = swiss_pairing(active, history, nullptr);
  EXPECT_EQ(fourth.size(), 2u);
}

}  // namespace
}  // namespace dvonn::server::testing
