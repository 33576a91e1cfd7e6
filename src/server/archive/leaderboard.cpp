#include "server/archive/leaderboard.hpp"

#include "community/time_control_family.hpp"
#include "server/base/user.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

constexpr std::int64_t kDayMs = 24 * 3600 * 1000;

// Who is on the board of family ?1 (see leaderboard.hpp), on family_ratings
// f joined with users u; ?2..?5 bound by bind_board.
constexpr const char* kOnBoard =
    "f.family = ?1 AND f.deviation < ?2 AND f.games >= ?3 AND f.updated_ms >= ?4 AND u.guest = 0 AND "
    "u.engine = 0 AND u.banned = 0 AND u.name <> ?5";

void bind_board(Statement& q, const std::string& family, std::int64_t now_ms) {
  q.bind(1, family)
      .bind(2, kBoardMaxDeviation)
      .bind(3, kBoardMinGames)
      .bind(4, now_ms - kBoardActiveDays * kDayMs)
      .bind(5, std::string(kDeletedPlayerName));
}

std::int64_t board_size(Database* db, const std::string& family, std::int64_t now_ms) {
  Statement q(
      db,
      (std::string("SELECT COUNT(*) FROM family_ratings f JOIN users u ON u.id = f.user_id WHERE ") + kOnBoard).c_str(),
      false);
  bind_board(q, family, now_ms);
  std::int64_t n = 0;
  if (q.next()) {
    n = q.integer(0);
    q.reset();
  }
  return n;
}

// Up to `limit` rows of a family's board from `offset`, plus whether more
// follow.
json board_rows(Database* db, const std::string& family, std::int64_t now_ms, int limit, std::int64_t offset,
                bool& more) {
  // The trend: the rating now minus the rating before the first game of
  // the last kTrendDays days (none: no change).
  std::string sql =
      std::string(
          "SELECT u.name AS name, f.rating AS rating, f.deviation AS deviation, f.games AS games, "
          "f.updated_ms AS updated_ms, f.rating - COALESCE((SELECT h.before FROM family_rating_history h "
          "WHERE h.user_id = f.user_id AND h.family = f.family AND h.time_ms >= ?6 ORDER BY h.time_ms, h.game_id "
          "LIMIT 1), f.rating) AS trend FROM family_ratings f JOIN users u ON u.id = f.user_id WHERE ") +
      kOnBoard + " ORDER BY f.rating DESC, f.user_id LIMIT ?7 OFFSET ?8";
  Statement q(db, sql.c_str(), false);
  bind_board(q, family, now_ms);
  q.bind(6, now_ms - kTrendDays * kDayMs).bind(7, std::int64_t{limit} + 1).bind(8, offset);
  json rows = json::array();
  more = false;
  while (q.next()) {
    if (static_cast<int>(rows.size()) == limit) {
      more = true;
      q.reset();
      break;
    }
    double deviation = q.real("deviation");
    rows.push_back({{"rank", offset + static_cast<std::int64_t>(rows.size()) + 1},
                    {"name", q.text("name")},
                    {"rating", q.real("rating")},
                    {"deviation", deviation},
                    {"provisional", deviation > kProvisionalDeviation},
                    {"games", q.integer("games")},
                    {"trend", q.real("trend")},
                    {"updated", q.integer("updated_ms")}});
  }
  return rows;
}

}  // namespace

json Leaderboard::rules() {
  return {{"max_deviation", kBoardMaxDeviation},
          {"min_games", kBoardMinGames},
          {"active_days", kBoardActiveDays},
          {"trend_days", kTrendDays}};
}

json Leaderboard::board(const std::string& family, std::int64_t now_ms, int limit, std::int64_t offset) {
  json page;
  store_.read([&](Database* db) {
    bool more = false;
    json rows = board_rows(db, family, now_ms, limit, offset, more);
    page = {{"family", family},
            {"players", rows},
            {"total", board_size(db, family, now_ms)},
            {"more", more},
            {"next", more ? json(offset + limit) : json()},
            {"rules", rules()}};
  });
  return page;
}

json Leaderboard::overview(std::int64_t now_ms, int limit) {
  json families = json::array();
  store_.read([&](Database* db) {
    for (const auto& family : community::time_control_families()) {
      bool more = false;
      json rows = board_rows(db, family, now_ms, limit, 0, more);
      families.push_back(
          {{"family", family}, {"players", rows}, {"total", board_size(db, family, now_ms)}, {"more", more}});
    }
  });
  return {{"families", families}, {"rules", rules()}};
}

json Leaderboard::ratings_of(std::int64_t user, std::int64_t now_ms) {
  json ratings = json::array();
  store_.read([&](Database* db) {
    Statement q(db, "SELECT family, rating, deviation, games, updated_ms FROM family_ratings WHERE user_id = ?1",
                false);
    q.bind(1, user);
    json by_family = json::object();
    while (q.next()) {
      double deviation = q.real("deviation");
      by_family[q.text("family")] = {{"family", q.text("family")},
                                     {"rating", q.real("rating")},
                                     {"deviation", deviation},
                                     {"provisional", deviation > kProvisionalDeviation},
                                     {"games", q.integer("games")},
                                     {"updated", q.integer("updated_ms")},
                                     {"rank", nullptr}};
    }
    // The rank: 1 + those ahead on the same board (the board's order:
    // rating, then who came first), when the user is on it.
    Statement rank(db,
                   (std::string("SELECT (SELECT COUNT(*) FROM family_ratings f JOIN users u ON u.id = f.user_id "
                                "WHERE ") +
                    kOnBoard +
                    " AND (f.rating > me.rating OR (f.rating = me.rating AND f.user_id < me.user_id))) AS ahead "
                    "FROM family_ratings me JOIN users mu ON mu.id = me.user_id WHERE me.user_id = ?6 AND "
                    "me.family = ?1 AND me.deviation < ?2 AND me.games >= ?3 AND me.updated_ms >= ?4 AND "
                    "mu.guest = 0 AND mu.engine = 0 AND mu.banned = 0 AND mu.name <> ?5")
                       .c_str(),
                   false);
    for (const auto& family : community::time_control_families()) {
      if (!by_family.contains(family)) continue;
      json row = by_family[family];
      bind_board(rank, family, now_ms);
      rank.bind(6, user);
      if (rank.next()) {
        row["rank"] = rank.integer("ahead") + 1;
        rank.reset();
      }
      ratings.push_back(row);
    }
  });
  return ratings;
}

}  // namespace dvonn::server
