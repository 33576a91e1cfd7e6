#include "server/game_queries.hpp"

#include "community/time_control.hpp"
#include "server/engine_ratings.hpp"
#include "server/sqlite_util.hpp"
#include "server/time_control_json.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

// The columns of a SUMMARY, in the order summary_of reads them.
constexpr const char* kSummarySelect =
    "SELECT g.id, g.mode, g.clock, g.rated, g.result, g.end_reason, g.score_white, g.score_black, g.move_count, "
    "g.to_move, g.deadline_ms, g.created_ms, g.updated_ms, g.level, g.engine_color, "
    "wu.id, wu.name, wu.guest, wu.rating, bu.id, bu.name, bu.guest, bu.rating, g.over, g.winner, g.white_user, "
    "g.black_user, g.started_ms, g.white_rating_then, g.black_rating_then "
    "FROM games g LEFT JOIN users wu ON wu.id = g.white_user LEFT JOIN users bu ON bu.id = g.black_user ";

// then: the column of the player's rating when the game ended (NULL while
// it goes on, and for engines, whose rating is fixed).
json seat_player(const Statement& q, int first, const std::string& color, int then) {
  if (!q.is_null(first)) {
    bool guest = q.integer(first + 2) != 0;
    double rating = q.is_null(then) ? q.real(first + 3) : q.real(then);
    return {{"name", q.text(first + 1)}, {"guest", guest}, {"rating", guest ? json() : json(rating)}};
  }
  // An engine seat of a game stored before engines were users.
  if (q.text(14) == color) {
    int level = static_cast<int>(q.integer(13));
    return {{"name", engine_user_name(level)}, {"guest", false}, {"rating", engine_rating(level)}};
  }
  return nullptr;
}

json summary_of(const Statement& q) {
  std::string error;
  auto control = community::parse_time_control(q.text(2), error);
  std::string end = q.text(5);
  json s = {{"id", q.text(0)},
            {"mode", q.text(1)},
            {"white", seat_player(q, 15, "white", 28)},
            {"black", seat_player(q, 19, "black", 29)},
            {"clock", time_control_json(control)},
            {"rated", q.integer(3) != 0},
            {"result", q.text(4)},
            {"end", end.empty() || end == "cancelled" ? json() : json(end)},
            {"score", {{"white", q.integer(6)}, {"black", q.integer(7)}}},
            {"moves", q.integer(8)},
            {"to_move", q.text(9)},
            {"deadline", q.is_null(10) ? json() : json(q.integer(10))},
            {"created", q.integer(11)},
            {"updated", q.integer(12)},
            // Empty seats of a started game are anonymous players, not free.
            {"started", q.integer(27) > 0}};
  return s;
}

// A page of up to `limit` summaries from a query that asked for one row
// more: that row only says a next page exists, starting before the last
// summary shown (column 12 is updated_ms).
json summary_page(Statement& q, int limit) {
  json games = json::array();
  json next = nullptr;
  std::int64_t last = 0;
  for (int n = 0; q.next(); ++n) {
    if (n == limit) {
      next = last;
      break;
    }
    games.push_back(summary_of(q));
    last = q.integer(12);
  }
  q.reset();
  return {{"games", games}, {"more", !next.is_null()}, {"next", next}};
}

}  // namespace

json GameQueries::my_games(const Player& user, int limit, std::int64_t offset) {
  json my_turn = json::array(), waiting = json::array(), finished = json::array();
  std::int64_t mine_count = 0, unfinished_count = 0;
  bool more = false;
  store_.read([&](sqlite3* db) {
    // One more than the page: whether there are more.
    std::string unfinished =
        std::string(kSummarySelect) +
        "WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.over = 0 "
        "ORDER BY g.deadline_ms IS NULL, g.deadline_ms, g.updated_ms DESC, g.id LIMIT ?2 OFFSET ?3";
    Statement q(db, unfinished.c_str(), false);
    q.bind(1, user.id).bind(2, std::int64_t{limit} + 1).bind(3, offset);
    int n = 0;
    while (q.next()) {
      if (n++ == limit) {
        more = true;
        break;
      }
      bool started = q.integer(27) > 0;
      std::string to_move = q.text(9);
      bool mine = started && ((to_move == "white" && q.integer(25) == user.id) ||
                              (to_move == "black" && q.integer(26) == user.id));
      (mine ? my_turn : waiting).push_back(summary_of(q));
    }
    q.reset();
    // The same test as above, over all of them.
    Statement c(db,
                "SELECT COALESCE(SUM(started_ms > 0 AND ((to_move = 'white' AND white_user = ?1) OR "
                "(to_move = 'black' AND black_user = ?1))), 0), COUNT(*) FROM games "
                "WHERE (white_user = ?1 OR black_user = ?1) AND over = 0",
                false);
    c.bind(1, user.id);
    if (c.next()) {
      mine_count = c.integer(0);
      unfinished_count = c.integer(1);
      c.reset();
    }
    std::string done = std::string(kSummarySelect) +
                       "WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.over = 1 AND g.end_reason <> 'cancelled' "
                       "ORDER BY g.updated_ms DESC LIMIT ?2";
    Statement f(db, done.c_str(), false);
    f.bind(1, user.id).bind(2, std::int64_t{kFinishedShown});
    while (f.next()) finished.push_back(summary_of(f));
  });
  return {{"my_turn", my_turn},   {"waiting", waiting},
          {"finished", finished}, {"counts", {{"my_turn", mine_count}, {"waiting", unfinished_count - mine_count}}},
          {"more", more},         {"next", more ? json(offset + limit) : json()}};
}

std::optional<json> GameQueries::profile(const std::string& name, int limit, std::int64_t before) {
  auto user = accounts_.find_user(name);
  if (!user) return std::nullopt;
  std::int64_t wins = 0, draws = 0, losses = 0;
  json history = json::array(), recent = json::array();
  bool more = false;
  store_.read([&](sqlite3* db) {
    // Counted by the database: a player's games are never all read.
    Statement r(
        db,
        "SELECT COALESCE(SUM(winner = 'draw'), 0), COALESCE(SUM(winner <> 'draw' AND winner = CASE WHEN "
        "white_user = ?1 THEN 'white' ELSE 'black' END), 0), COUNT(*) FROM games "
        "WHERE (white_user = ?1 OR black_user = ?1) AND over = 1 AND end_reason <> 'cancelled' AND winner <> ''",
        false);
    r.bind(1, user->id);
    if (r.next()) {
      draws = r.integer(0);
      wins = r.integer(1);
      losses = r.integer(2) - wins - draws;
      r.reset();
    }
    // The latest points (one more: whether there are earlier ones), then
    // oldest first.
    Statement h(db,
                "SELECT time_ms, after, deviation, game_id FROM rating_history WHERE user_id = ?1 AND time_ms < ?2 "
                "ORDER BY time_ms DESC, game_id DESC LIMIT ?3",
                false);
    h.bind(1, user->id).bind(2, before).bind(3, std::int64_t{limit} + 1);
    std::vector<json> points;
    while (h.next()) {
      if (static_cast<int>(points.size()) == limit) {
        more = true;
        break;
      }
      points.push_back({{"time", h.integer(0)}, {"rating", h.real(1)}, {"deviation", h.real(2)}, {"game", h.text(3)}});
    }
    h.reset();
    for (auto it = points.rbegin(); it != points.rend(); ++it) history.push_back(std::move(*it));
    std::string recent_sql = std::string(kSummarySelect) +
                             "WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.end_reason <> 'cancelled' "
                             "ORDER BY g.updated_ms DESC LIMIT ?2";
    Statement g(db, recent_sql.c_str(), false);
    g.bind(1, user->id).bind(2, std::int64_t{kRecentShown});
    while (g.next()) recent.push_back(summary_of(g));
  });
  return json{{"user", user_json(*user)},
              {"record", {{"wins", wins}, {"draws", draws}, {"losses", losses}}},
              {"rating_history", history},
              {"more", more},
              {"next", more && !history.empty() ? history.front()["time"] : json()},
              {"recent_games", recent}};
}

json GameQueries::archive(const std::string& player, std::int64_t before, int limit) {
  json page;
  std::int64_t user = 0;
  if (!player.empty()) {
    auto p = accounts_.find_user(player);
    if (!p) return {{"games", json::array()}, {"more", false}, {"next", nullptr}};
    user = p->id;
  }
  store_.read([&](sqlite3* db) {
    std::string sql =
        std::string(kSummarySelect) + "WHERE g.over = 1 AND g.end_reason <> 'cancelled' AND g.updated_ms < ?1 " +
        (user ? "AND (g.white_user = ?3 OR g.black_user = ?3) " : "") + "ORDER BY g.updated_ms DESC LIMIT ?2";
    Statement q(db, sql.c_str(), false);
    q.bind(1, before).bind(2, std::int64_t{limit} + 1);
    if (user) q.bind(3, user);
    page = summary_page(q, limit);
  });
  return page;
}

json GameQueries::live(std::int64_t now, std::int64_t before, int limit) {
  json page;
  store_.read([&](sqlite3* db) {
    std::string sql = std::string(kSummarySelect) +
                      "WHERE g.over = 0 AND g.mode IN ('online', 'engine') AND g.updated_ms > ?1 AND "
                      "g.updated_ms < ?3 AND (g.engine_color = 'white' OR g.white_token <> '') AND "
                      "(g.engine_color = 'black' OR g.black_token <> '') "
                      "ORDER BY g.updated_ms DESC LIMIT ?2";
    Statement q(db, sql.c_str(), false);
    q.bind(1, now - 3600 * 1000).bind(2, std::int64_t{limit} + 1).bind(3, before);
    page = summary_page(q, limit);
  });
  return page;
}

}  // namespace dvonn::server
