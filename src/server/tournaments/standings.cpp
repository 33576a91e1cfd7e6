#include "server/tournaments/standings.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace dvonn::server {

namespace {

// A Swiss or round-robin bye scores as a win.
constexpr double kByePoints = 1;
// Arena: points per game, doubled while on fire.
constexpr double kArenaWin = 2, kArenaDraw = 1;
// Wins in a row that set a player on fire.
constexpr int kFireStreak = 2;
// Lichess's rough performance: the opponents' average rating plus this
// much per point of (wins - losses) / games.
constexpr double kPerformanceSpread = 500;

struct Tally {
  double points = 0, buchholz = 0, sonneborn_berger = 0, rating = 0, performance = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;
  int streak = 0;  // arena: wins in a row so far
  std::string sheet;
};

// 1 for a win, 0.5 for a draw, 0 for a loss, from `player`'s side.
double score_of(const TournamentGame& game, std::int64_t player) {
  if (game.result == GameResult::Draw) return 0.5;
  bool white_won = game.result == GameResult::WhiteWins;
  return (game.white == player) == white_won ? 1 : 0;
}

void count(Tally& tally, double score) {
  ++tally.games;
  if (score == 1) {
    ++tally.wins;
  } else if (score == 0.5) {
    ++tally.draws;
  } else {
    ++tally.losses;
  }
}

std::string format_points(double points) {
  // Arena points are whole numbers.
  return std::to_string(static_cast<long long>(points));
}

void add_swiss(std::map<std::int64_t, Tally>& table, const std::vector<TournamentGame>& games) {
  // Everyone's points first, the tie-breaks need the opponents' final ones.
  std::map<std::int64_t, double> points;
  for (const auto& game : games) {
    if (is_bye(game)) {
      points[game.white] += kByePoints;
    } else if (game.result != GameResult::Pending) {
      points[game.white] += score_of(game, game.white);
      points[game.black] += score_of(game, game.black);
    }
  }
  for (const auto& game : games) {
    if (is_bye(game)) continue;  // counted in points only
    if (game.result == GameResult::Pending) continue;
    for (auto [player, opponent] : {std::pair{game.white, game.black}, std::pair{game.black, game.white}}) {
      auto it = table.find(player);
      if (it == table.end()) continue;
      double score = score_of(game, player);
      count(it->second, score);
      it->second.buchholz += points[opponent];
      it->second.sonneborn_berger += score * points[opponent];
    }
  }
  for (auto& [id, tally] : table) tally.points = points[id];
}

void add_arena(std::map<std::int64_t, Tally>& table, const std::vector<TournamentGame>& games) {
  std::vector<const TournamentGame*> ordered;
  for (const auto& game : games) {
    if (!is_bye(game) && game.result != GameResult::Pending) ordered.push_back(&game);
  }
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const TournamentGame* a, const TournamentGame* b) { return a->ended_ms < b->ended_ms; });
  std::map<std::int64_t, double> opponents_rating;  // sums, for the performance
  for (const auto* game : ordered) {
    for (auto [player, opponent] : {std::pair{game->white, game->black}, std::pair{game->black, game->white}}) {
      auto it = table.find(player);
      if (it == table.end()) continue;
      Tally& tally = it->second;
      double score = score_of(*game, player);
      bool on_fire = tally.streak >= kFireStreak;
      double points = score == 1 ? kArenaWin : score == 0.5 ? kArenaDraw : 0;
      if (on_fire) points *= 2;
      tally.streak = score == 1 ? tally.streak + 1 : 0;
      tally.points += points;
      if (!tally.sheet.empty()) tally.sheet += ' ';
      tally.sheet += format_points(points);
      count(tally, score);
      auto rated = table.find(opponent);
      opponents_rating[player] += rated == table.end() ? tally.rating : rated->second.rating;
    }
  }
  for (auto& [id, tally] : table) {
    if (tally.games == 0) continue;
    tally.performance = opponents_rating[id] / tally.games +
                        kPerformanceSpread * (tally.wins - tally.losses) / static_cast<double>(tally.games);
  }
}

}  // namespace

std::vector<StandingRow> standings(TournamentKind kind,
                                   const std::vector<std::pair<std::int64_t, double>>& entrants_with_rating,
                                   const std::vector<TournamentGame>& games) {
  std::map<std::int64_t, Tally> table;
  for (const auto& [id, rating] : entrants_with_rating) table[id].rating = rating;
  bool arena = kind == TournamentKind::Arena;
  if (arena) {
    add_arena(table, games);
  } else {
    add_swiss(table, games);
  }
  // What decides the order, best first; equal keys share a rank.
  auto key = [arena](const Tally& t) {
    return arena ? std::tuple{t.points, t.performance, 0.0, t.rating}
                 : std::tuple{t.points, t.buchholz, t.sonneborn_berger, t.rating};
  };
  std::vector<std::pair<std::int64_t, const Tally*>> order;
  for (const auto& [id, tally] : table) order.emplace_back(id, &tally);
  std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
    return key(*a.second) > key(*b.second);  // the map already lists equal rows by id
  });
  std::vector<StandingRow> rows;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto& [id, tally] = order[i];
    StandingRow row;
    row.id = id;
    row.rank = i > 0 && key(*order[i - 1].second) == key(*tally) ? rows.back().rank : static_cast<int>(i) + 1;
    row.points = tally->points;
    if (!arena) {
      row.buchholz = tally->buchholz;
      row.sonneborn_berger = tally->sonneborn_berger;
    }
    row.games = tally->games;
    row.wins = tally->wins;
    row.draws = tally->draws;
    row.losses = tally->losses;
    row.on_fire = arena && tally->streak >= kFireStreak;
    row.sheet = tally->sheet;
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace dvonn::server
