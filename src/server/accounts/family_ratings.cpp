#include "server/accounts/family_ratings.hpp"

#include "community/time_control_family.hpp"
#include "server/accounts/engine_ratings.hpp"
#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {
namespace {

// A player's family rating as it is now (inside the transaction): an
// engine's fixed one, a person's row, or a new player's.
community::Glicko2Rating family_rating(Database* db, const User& p, const std::string& family) {
  if (p.engine) {
    auto level = engine_level_of(p.name);
    return {level ? engine_rating(*level) : p.rating, kEngineDeviation, 0.06};
  }
  community::Glicko2Rating r;
  Statement q(db, "SELECT rating, deviation, volatility FROM family_ratings WHERE user_id = ?1 AND family = ?2", false);
  q.bind(1, p.id).bind(2, family);
  if (q.next()) {
    r = {q.real("rating"), q.real("deviation"), q.real("volatility")};
    q.reset();
  }
  return r;
}

// The clock text of a stored game; throws StoreError for an unknown game.
std::string game_clock(Database* db, const std::string& game_id) {
  Statement q(db, "SELECT clock FROM games WHERE id = ?1", false);
  q.bind(1, game_id);
  if (!q.next()) throw StoreError("rated game " + game_id + " is not stored");
  std::string clock = q.text("clock");
  q.reset();
  return clock;
}

}  // namespace

void rate_family_game(Database* db, const std::string& game_id, const User& white, const User& black,
                      double white_score, std::int64_t now_ms) {
  const std::string family = community::time_control_family(game_clock(db, game_id));
  auto wr = family_rating(db, white, family);
  auto br = family_rating(db, black, family);
  auto [wn, bn] = community::glicko2_rate_game(wr, br, white_score);
  Statement update(db,
                   "INSERT INTO family_ratings(user_id, family, rating, deviation, volatility, games, updated_ms) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) ON CONFLICT(user_id, family) DO UPDATE SET "
                   "rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, "
                   "games = family_ratings.games + 1, updated_ms = excluded.updated_ms",
                   false);
  Statement history(db,
                    "INSERT INTO family_rating_history(user_id, game_id, family, time_ms, before, after, "
                    "deviation) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(user_id, game_id) DO UPDATE SET"
                    " family = excluded.family, time_ms = excluded.time_ms, before = excluded.before,"
                    " after = excluded.after, deviation = excluded.deviation",
                    false);
  auto apply = [&](const User& p, const community::Glicko2Rating& before, const community::Glicko2Rating& after) {
    if (p.engine || !p.id) return;
    update.bind(1, p.id)
        .bind(2, family)
        .bind(3, after.rating)
        .bind(4, after.deviation)
        .bind(5, after.volatility)
        .bind(6, now_ms)
        .run();
    history.bind(1, p.id)
        .bind(2, game_id)
        .bind(3, family)
        .bind(4, now_ms)
        .bind(5, before.rating)
        .bind(6, after.rating)
        .bind(7, after.deviation)
        .run();
  };
  apply(white, wr, wn);
  apply(black, br, bn);
}

bool family_ratings_need_replay(Database* db) {
  Statement q(db,
              // Only what the replay would fill (a stored game): else a
              // stray history row would replay at every start.
              "SELECT 1 FROM rating_history h JOIN games g ON g.id = h.game_id WHERE NOT EXISTS (SELECT 1 FROM "
              "family_rating_history f WHERE f.user_id = h.user_id AND f.game_id = h.game_id) LIMIT 1",
              false);
  bool missing = q.next();
  if (missing) q.reset();
  return missing;
}

std::int64_t replay_family_ratings(Database* db) {
  sql_exec(db, "DELETE FROM family_ratings; DELETE FROM family_rating_history;");
  struct Rated {
    std::string id;
    std::int64_t white = 0, black = 0, time_ms = 0;
    std::string winner;
  };
  std::vector<Rated> games;
  {
    // One small row a rated game (ids and a time): read first, as the
    // updates write to the tables this reads.
    Statement q(db,
                "SELECT g.id AS id, g.white_user AS white, g.black_user AS black, g.winner AS winner, "
                "MIN(h.time_ms) AS time_ms FROM games g JOIN rating_history h ON h.game_id = g.id "
                "GROUP BY g.id ORDER BY time_ms, g.id",
                false);
    while (q.next())
      games.push_back({q.text("id"), q.integer("white"), q.integer("black"), q.integer("time_ms"), q.text("winner")});
  }
  std::int64_t replayed = 0;
  for (const Rated& g : games) {
    auto white = read_user(db, g.white);
    auto black = read_user(db, g.black);
    if (!white || !black) continue;
    double white_score = g.winner == "white" ? 1.0 : g.winner == "black" ? 0.0 : 0.5;
    rate_family_game(db, g.id, *white, *black, white_score, g.time_ms);
    ++replayed;
  }
  return replayed;
}

}  // namespace dvonn::server
