#include "server/archive/game_queries.hpp"

#include "community/time_control.hpp"
#include "server/accounts/engine_ratings.hpp"
#include "server/base/time_control_json.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

// The columns of a SUMMARY, read by name by summary_of; each seat's user
// as COLOR_id, COLOR_name, COLOR_guest, COLOR_rating.
constexpr const char* kSummarySelect =
    "SELECT g.id AS id, g.mode AS mode, g.clock AS clock, g.rated AS rated, g.result AS result, "
    "g.end_reason AS end_reason, g.score_white AS score_white, g.score_black AS score_black, "
    "g.move_count AS move_count, g.to_move AS to_move, g.deadline_ms AS deadline_ms, g.created_ms AS created_ms, "
    "g.updated_ms AS updated_ms, g.level AS level, g.engine_color AS engine_color, g.over AS over, "
    "g.winner AS winner, g.white_user AS white_user, g.black_user AS black_user, g.started_ms AS started_ms, "
    "g.white_rating_then AS white_rating_then, g.black_rating_then AS black_rating_then, "
    "wu.id AS white_id, wu.name AS white_name, wu.guest AS white_guest, wu.rating AS white_rating, "
    "bu.id AS black_id, bu.name AS black_name, bu.guest AS black_guest, bu.rating AS black_rating "
    "FROM games g LEFT JOIN users wu ON wu.id = g.white_user LEFT JOIN users bu ON bu.id = g.black_user ";

// A seat's PLAYER (user_json's shape); its rating is the one when the game
// ended (COLOR_rating_then: NULL while it goes on, and for engines, whose
// rating is fixed), else the current one.
json seat_player(const Statement& q, const std::string& color) {
  if (!q.is_null(color + "_id")) {
    User user;
    user.name = q.text(color + "_name");
    user.guest = q.integer(color + "_guest") != 0;
    const std::string then = color + "_rating_then";
    user.rating = q.is_null(then) ? q.real(color + "_rating") : q.real(then);
    return player_json(user);
  }
  // An engine seat of a game stored before engines were users.
  if (q.text("engine_color") == color) {
    int level = static_cast<int>(q.integer("level"));
    User engine;
    engine.name = engine_user_name(level);
    engine.engine = true;
    engine.rating = engine_rating(level);
    return player_json(engine);
  }
  return nullptr;
}

json summary_of(const Statement& q) {
  std::string error;
  auto control = community::parse_time_control(q.text("clock"), error);
  std::string end = q.text("end_reason");
  json s = {{"id", q.text("id")},
            {"mode", q.text("mode")},
            {"white", seat_player(q, "white")},
            {"black", seat_player(q, "black")},
            {"clock", time_control_json(control)},
            {"rated", q.integer("rated") != 0},
            {"result", q.text("result")},
            {"end", end.empty() || end == "cancelled" || end == "aborted" ? json() : json(end)},
            {"score", {{"white", q.integer("score_white")}, {"black", q.integer("score_black")}}},
            {"moves", q.integer("move_count")},
            {"to_move", q.text("to_move")},
            {"deadline", q.is_null("deadline_ms") ? json() : json(q.integer("deadline_ms"))},
            {"created", q.integer("created_ms")},
            {"updated", q.integer("updated_ms")},
            // Empty seats of a started game are anonymous players, not free.
            {"started", q.integer("started_ms") > 0}};
  return s;
}

// A page of up to `limit` summaries from a query ordered by (updated_ms,
// id) newest first that asked for one row more: that row only says a next
// page exists, starting just before the last summary shown.
json summary_page(Statement& q, int limit) {
  json games = json::array();
  json next = nullptr;
  PageCursor last;
  for (int n = 0; q.next(); ++n) {
    if (n == limit) {
      next = last.text();
      break;
    }
    games.push_back(summary_of(q));
    last = {q.integer("updated_ms"), q.text("id")};
  }
  q.reset();
  return {{"games", games}, {"more", !next.is_null()}, {"next", next}};
}

}  // namespace

json GameQueries::my_games(const User& user, int limit, std::int64_t offset) {
  json my_turn = json::array(), waiting = json::array(), finished = json::array();
  std::int64_t mine_count = 0, unfinished_count = 0;
  bool more = false;
  store_.read([&](Database* db) {
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
      bool started = q.integer("started_ms") > 0;
      std::string to_move = q.text("to_move");
      bool mine = started && ((to_move == "white" && q.integer("white_user") == user.id) ||
                              (to_move == "black" && q.integer("black_user") == user.id));
      (mine ? my_turn : waiting).push_back(summary_of(q));
    }
    q.reset();
    // The same test as above, over all of them.
    Statement c(
        db,
        "SELECT COALESCE(SUM(CASE WHEN started_ms > 0 AND ((to_move = 'white' AND white_user = ?1) OR "
        "(to_move = 'black' AND black_user = ?1)) THEN 1 ELSE 0 END), 0) AS my_turn, COUNT(*) AS unfinished FROM games "
        "WHERE (white_user = ?1 OR black_user = ?1) AND over = 0",
        false);
    c.bind(1, user.id);
    if (c.next()) {
      mine_count = c.integer("my_turn");
      unfinished_count = c.integer("unfinished");
      c.reset();
    }
    std::string done = std::string(kSummarySelect) +
                       "WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.over = 1 AND g.end_reason NOT IN "
                       "('cancelled', 'aborted') "
                       "ORDER BY g.updated_ms DESC LIMIT ?2";
    Statement f(db, done.c_str(), false);
    f.bind(1, user.id).bind(2, std::int64_t{kFinishedShown});
    while (f.next()) finished.push_back(summary_of(f));
  });
  return {{"my_turn", my_turn},   {"waiting", waiting},
          {"finished", finished}, {"counts", {{"my_turn", mine_count}, {"waiting", unfinished_count - mine_count}}},
          {"more", more},         {"next", more ? json(offset + limit) : json()}};
}

std::optional<json> GameQueries::profile(const std::string& name, int limit, const PageCursor& before,
                                         const std::string& family) {
  auto user = accounts_.find_user(name);
  if (!user) return std::nullopt;
  std::int64_t wins = 0, draws = 0, losses = 0;
  json history = json::array(), recent = json::array();
  bool more = false;
  store_.read([&](Database* db) {
    // Counted by the database: a player's games are never all read.
    Statement r(
        db,
        "SELECT COALESCE(SUM(CASE WHEN winner = 'draw' THEN 1 ELSE 0 END), 0) AS draws, COALESCE(SUM(CASE WHEN "
        "winner <> 'draw' AND winner = CASE WHEN white_user = ?1 THEN 'white' ELSE 'black' END THEN 1 ELSE 0 END), 0)"
        " AS wins, COUNT(*) AS decided FROM games "
        "WHERE (white_user = ?1 OR black_user = ?1) AND over = 1 AND end_reason NOT IN ('cancelled', 'aborted') AND "
        "winner <> ''",
        false);
    r.bind(1, user->id);
    if (r.next()) {
      draws = r.integer("draws");
      wins = r.integer("wins");
      losses = r.integer("decided") - wins - draws;
      r.reset();
    }
    // The latest points (one more: whether there are earlier ones), then
    // oldest first.
    // A family's history (server/accounts/family_ratings.hpp) has the same
    // columns, and the family.
    std::string history_sql = std::string("SELECT time_ms, after, deviation, game_id FROM ") +
                              (family.empty() ? "rating_history" : "family_rating_history") +
                              " WHERE user_id = ?1 AND " + (family.empty() ? "" : "family = ?5 AND ") +
                              PageCursor::before_sql("time_ms", "game_id", 2, 4) +
                              " ORDER BY time_ms DESC, game_id DESC LIMIT ?3";
    Statement h(db, history_sql.c_str(), false);
    h.bind(1, user->id).bind(2, before.time).bind(3, std::int64_t{limit} + 1).bind(4, before.id);
    if (!family.empty()) h.bind(5, family);
    std::vector<json> points;
    while (h.next()) {
      if (static_cast<int>(points.size()) == limit) {
        more = true;
        break;
      }
      points.push_back({{"time", h.integer("time_ms")},
                        {"rating", h.real("after")},
                        {"deviation", h.real("deviation")},
                        {"game", h.text("game_id")}});
    }
    h.reset();
    for (auto it = points.rbegin(); it != points.rend(); ++it) history.push_back(std::move(*it));
    std::string recent_sql =
        std::string(kSummarySelect) +
        "WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.end_reason NOT IN ('cancelled', 'aborted') "
        "ORDER BY g.updated_ms DESC LIMIT ?2";
    Statement g(db, recent_sql.c_str(), false);
    g.bind(1, user->id).bind(2, std::int64_t{kRecentShown});
    while (g.next()) recent.push_back(summary_of(g));
  });
  return json{{"user", user_json(*user)},
              {"record", {{"wins", wins}, {"draws", draws}, {"losses", losses}}},
              {"rating_history", history},
              {"history_family", family.empty() ? json() : json(family)},
              {"more", more},
              {"next", more && !history.empty() ? json(PageCursor{history.front()["time"].get<std::int64_t>(),
                                                                  history.front()["game"].get<std::string>()}
                                                           .text())
                                                : json()},
              {"recent_games", recent}};
}

json GameQueries::archive(const std::string& player, const PageCursor& before, int limit) {
  json page;
  std::int64_t user = 0;
  if (!player.empty()) {
    auto p = accounts_.find_user(player);
    if (!p) return {{"games", json::array()}, {"more", false}, {"next", nullptr}};
    user = p->id;
  }
  store_.read([&](Database* db) {
    std::string sql = std::string(kSummarySelect) +
                      "WHERE g.over = 1 AND g.end_reason NOT IN ('cancelled', 'aborted') AND " +
                      PageCursor::before_sql("g.updated_ms", "g.id", 1, 4) + " " +
                      (user ? "AND (g.white_user = ?3 OR g.black_user = ?3) " : "") +
                      "ORDER BY g.updated_ms DESC, g.id DESC LIMIT ?2";
    Statement q(db, sql.c_str(), false);
    q.bind(1, before.time).bind(2, std::int64_t{limit} + 1).bind(4, before.id);
    if (user) q.bind(3, user);
    page = summary_page(q, limit);
  });
  return page;
}

json GameQueries::live(std::int64_t now, const PageCursor& before, int limit) {
  json page;
  store_.read([&](Database* db) {
    std::string sql = std::string(kSummarySelect) +
                      "WHERE g.over = 0 AND g.mode IN ('online', 'engine') AND g.updated_ms > ?1 AND "
                      // Being played: a person has moved (an engine playing
                      // White moves first by itself).
                      "g.move_count >= CASE WHEN g.engine_color = 'white' THEN 2 ELSE 1 END AND " +
                      PageCursor::before_sql("g.updated_ms", "g.id", 3, 4) +
                      " AND (g.engine_color = 'white' OR g.white_token <> '') AND "
                      "(g.engine_color = 'black' OR g.black_token <> '') "
                      "ORDER BY g.updated_ms DESC, g.id DESC LIMIT ?2";
    Statement q(db, sql.c_str(), false);
    q.bind(1, now - 3600 * 1000).bind(2, std::int64_t{limit} + 1).bind(3, before.time).bind(4, before.id);
    page = summary_page(q, limit);
  });
  return page;
}

}  // namespace dvonn::server
