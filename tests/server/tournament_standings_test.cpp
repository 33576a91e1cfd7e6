// The standings: small tables computed by hand. Swiss: points with byes,
// Buchholz and Sonneborn-Berger with draws and byes, shared ranks. Arena:
// lichess's streaks (on fire after two wins in a row), performance.
#include <gtest/gtest.h>

#include "server/tournaments/standings.hpp"

namespace dvonn::server::testing {
namespace {

constexpr auto W = GameResult::WhiteWins;
constexpr auto B = GameResult::BlackWins;
constexpr auto D = GameResult::Draw;

TournamentGame game(int round, std::int64_t white, std::int64_t black, GameResult result, std::int64_t ended = 0) {
  return {round, white, black, result, ended};
}

const StandingRow& row_of(const std::vector<StandingRow>& rows, std::int64_t id) {
  for (const auto& row : rows) {
    if (row.id == id) return row;
  }
  throw std::runtime_error("no row for " + std::to_string(id));
}

TEST(TournamentStandings, SwissTieBreaksWithDrawsAndByesByHand) {
  // Round 1: 1-2 1-0, 3-4 ½-½, 5 bye. Round 2: 5-1 ½-½, 2-3 0-1, 4 bye.
  // Round 3: 1-3 1-0, 4-5 0-1, 2 bye.
  std::vector<TournamentGame> games{
      game(1, 1, 2, W), game(1, 3, 4, D), game(1, 5, 0, GameResult::Pending),
      game(2, 5, 1, D), game(2, 2, 3, B), game(2, 4, 0, GameResult::WhiteWins),
      game(3, 1, 3, W), game(3, 4, 5, B), game(3, 2, 0, GameResult::Pending),
  };
  auto rows = standings(TournamentKind::Swiss, {{1, 1500}, {2, 1600}, {3, 1700}, {4, 1800}, {5, 1400}}, games);
  ASSERT_EQ(rows.size(), 5u);
  // Points: 1: 1+½+1; 2: 0+0+bye; 3: ½+1+0; 4: ½+bye+0; 5: bye+½+1.
  // Buchholz (a bye adds nothing): 1: 1+2.5+1.5; 2: 2.5+1.5; 3: 1.5+1+2.5;
  // 4: 1.5+2.5; 5: 2.5+1.5. Sonneborn-Berger: 1: 1 + 2.5/2 + 1.5;
  // 2: 0; 3: 1.5/2 + 1; 4: 1.5/2; 5: 2.5/2 + 1.5.
  std::vector<std::int64_t> order;
  for (const auto& row : rows) order.push_back(row.id);
  EXPECT_EQ(order, (std::vector<std::int64_t>{1, 5, 3, 4, 2}));
  struct Expected {
    std::int64_t id;
    int rank;
    double points, buchholz, sb;
    int games, wins, draws, losses;
  };
  for (auto e : {Expected{1, 1, 2.5, 5, 3.75, 3, 2, 1, 0}, Expected{5, 2, 2.5, 4, 2.75, 2, 1, 1, 0},
                 Expected{3, 3, 1.5, 5, 1.75, 3, 1, 1, 1}, Expected{4, 4, 1.5, 4, 0.75, 2, 0, 1, 1},
                 Expected{2, 5, 1, 4, 0, 2, 0, 0, 2}}) {
    SCOPED_TRACE("player " + std::to_string(e.id));
    const auto& row = row_of(rows, e.id);
    EXPECT_EQ(row.rank, e.rank);
    EXPECT_DOUBLE_EQ(row.points, e.points);
    EXPECT_DOUBLE_EQ(row.buchholz, e.buchholz);
    EXPECT_DOUBLE_EQ(row.sonneborn_berger, e.sb);
    EXPECT_EQ(row.games, e.games);
    EXPECT_EQ(row.wins, e.wins);
    EXPECT_EQ(row.draws, e.draws);
    EXPECT_EQ(row.losses, e.losses);
    EXPECT_FALSE(row.on_fire);
    EXPECT_EQ(row.sheet, "");
  }
}

TEST(TournamentStandings, SwissEqualsShareARankAndPendingGamesCountNothing) {
  // 1 and 2 won against 3 and 4 (equal Buchholz 0, SB 0, equal ratings);
  // 5 and 6 have a game going on; 7 has not played.
  std::vector<TournamentGame> games{game(1, 1, 3, W), game(1, 4, 2, B), game(1, 5, 6, GameResult::Pending)};
  auto rows = standings(TournamentKind::Swiss,
                        {{4, 1500}, {3, 1500}, {2, 1500}, {1, 1500}, {5, 1500}, {6, 1400}, {7, 1450}}, games);
  ASSERT_EQ(rows.size(), 7u);
  std::vector<std::pair<std::int64_t, int>> ranks;
  for (const auto& row : rows) ranks.emplace_back(row.id, row.rank);
  // Equal rows by id. On 0 points, 3 and 4 have Buchholz 1 (they met a
  // winner) and share rank 3; then rating decides among those with no
  // tie-break: 5 (1500), 7 (1450), 6 (1400).
  EXPECT_EQ(ranks, (std::vector<std::pair<std::int64_t, int>>{{1, 1}, {2, 1}, {3, 3}, {4, 3}, {5, 5}, {7, 6}, {6, 7}}));
  EXPECT_EQ(row_of(rows, 5).games, 0);
  EXPECT_EQ(row_of(rows, 5).points, 0);
  EXPECT_EQ(row_of(rows, 1).wins, 1);
  EXPECT_EQ(row_of(rows, 4).losses, 1);
}

TEST(TournamentStandings, RoundRobinScoresLikeSwiss) {
  std::vector<TournamentGame> games{game(1, 1, 2, D), game(2, 3, 1, B), game(3, 2, 3, W)};
  auto rows = standings(TournamentKind::RoundRobin, {{1, 1500}, {2, 1500}, {3, 1500}}, games);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].id, 1);
  EXPECT_DOUBLE_EQ(rows[0].points, 1.5);
  EXPECT_DOUBLE_EQ(rows[0].buchholz, 1.5);  // 2 has 1.5, 3 has 0
  EXPECT_DOUBLE_EQ(rows[0].sonneborn_berger, 0.75);
  EXPECT_EQ(rows[1].id, 2);
  EXPECT_DOUBLE_EQ(rows[1].points, 1.5);
  EXPECT_DOUBLE_EQ(rows[1].sonneborn_berger, 0.75);
  // 1 and 2: same points, Buchholz, SB and rating: a shared rank.
  EXPECT_EQ(rows[0].rank, 1);
  EXPECT_EQ(rows[1].rank, 1);
  EXPECT_EQ(rows[2].id, 3);
  EXPECT_EQ(rows[2].rank, 3);
  EXPECT_DOUBLE_EQ(rows[2].buchholz, 3);
}

TEST(TournamentStandings, ArenaStreaksDoubleWinsAndDrawsOnFire) {
  // Player 1: W W W L W D (listed out of order: ended_ms decides).
  std::vector<TournamentGame> games{
      game(0, 1, 12, W, 300), game(0, 10, 1, B, 100), game(0, 1, 11, W, 200),
      game(0, 13, 1, W, 400), game(0, 14, 1, B, 500), game(0, 1, 15, D, 600),
  };
  std::vector<std::pair<std::int64_t, double>> entrants{{1, 1500},  {10, 1500}, {11, 1500}, {12, 1500},
                                                        {13, 1500}, {14, 1500}, {15, 1500}};
  auto rows = standings(TournamentKind::Arena, entrants, games);
  const auto& one = row_of(rows, 1);
  EXPECT_EQ(one.sheet, "2 2 4 0 2 1");
  EXPECT_DOUBLE_EQ(one.points, 11);
  EXPECT_EQ(one.games, 6);
  EXPECT_EQ(one.wins, 4);
  EXPECT_EQ(one.draws, 1);
  EXPECT_EQ(one.losses, 1);
  EXPECT_FALSE(one.on_fire);
  EXPECT_EQ(one.rank, 1);
  EXPECT_DOUBLE_EQ(one.buchholz, 0);
  EXPECT_EQ(row_of(rows, 13).sheet, "2");
  EXPECT_EQ(row_of(rows, 15).sheet, "1");
  EXPECT_EQ(row_of(rows, 10).sheet, "0");

  // On fire after two wins: the next counts double, a draw on fire scores 2
  // and ends the streak.
  std::vector<TournamentGame> fire{game(0, 1, 10, W, 1), game(0, 1, 11, W, 2)};
  EXPECT_TRUE(row_of(standings(TournamentKind::Arena, entrants, fire), 1).on_fire);
  fire.push_back(game(0, 12, 1, B, 3));
  fire.push_back(game(0, 1, 13, W, 4));
  auto hot = standings(TournamentKind::Arena, entrants, fire);
  EXPECT_EQ(row_of(hot, 1).sheet, "2 2 4 4");
  EXPECT_TRUE(row_of(hot, 1).on_fire);
  fire.push_back(game(0, 1, 14, D, 5));
  fire.push_back(game(0, 15, 1, B, 6));
  auto cooled = standings(TournamentKind::Arena, entrants, fire);
  EXPECT_EQ(row_of(cooled, 1).sheet, "2 2 4 4 2 2");
  EXPECT_DOUBLE_EQ(row_of(cooled, 1).points, 16);
  EXPECT_FALSE(row_of(cooled, 1).on_fire);
  // A pending game counts nothing.
  fire.push_back(game(0, 1, 10, GameResult::Pending, 0));
  EXPECT_EQ(row_of(standings(TournamentKind::Arena, entrants, fire), 1).games, 6);
}

TEST(TournamentStandings, ArenaTieBreakIsPerformanceThenRating) {
  // 20 and 21 both won once (2 points); 20 beat a 2000, 21 a 1000, so 20
  // is ahead though 21 is rated higher.
  std::vector<std::pair<std::int64_t, double>> entrants{{20, 1500}, {21, 1600}, {30, 2000},
                                                        {31, 1000}, {22, 1700}, {23, 1800}};
  std::vector<TournamentGame> games{game(0, 31, 21, B, 1), game(0, 20, 30, W, 2)};
  auto rows = standings(TournamentKind::Arena, entrants, games);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[0].id, 20);
  EXPECT_EQ(rows[1].id, 21);
  EXPECT_EQ(rows[1].rank, 2);
  // The losers, on 0 points: performances 1500 - 500 (30 lost to 20) and
  // 1600 - 500 (31 lost to 21), so 31 is ahead though rated lower. Who has
  // not played has no performance (0): below them, by rating.
  EXPECT_EQ(rows[2].id, 31);
  EXPECT_EQ(rows[3].id, 30);
  EXPECT_EQ(rows[4].id, 23);
  EXPECT_EQ(rows[5].id, 22);
  EXPECT_EQ(rows[5].rank, 6);
}

}  // namespace
}  // namespace dvonn::server::testing
