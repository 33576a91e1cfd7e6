#include "server/accounts/rating_update.hpp"

#include "community/glicko2.hpp"
#include "server/accounts/engine_ratings.hpp"
#include "server/accounts/family_ratings.hpp"
#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {
namespace {

// The player's row as it is now (inside the transaction).
User current(Database* db, const User& p) {
  auto row = read_user(db, p.id);
  if (!row) throw StoreError("rated game with an unknown user " + std::to_string(p.id));
  User r = *row;
  if (r.engine) {
    if (auto level = engine_level_of(r.name)) r.rating = engine_rating(*level);
    r.deviation = kEngineDeviation;
  }
  return r;
}

}  // namespace

RatingChanges rate_finished_game(Database* db, const std::string& game_id, const User& white, const User& black,
                                 double white_score, std::int64_t now_ms) {
  User w = current(db, white);
  User b = current(db, black);
  // The family rating of the game's time control moves with the overall one.
  rate_family_game(db, game_id, w, b, white_score, now_ms);
  community::Glicko2Rating wr{w.rating, w.deviation, w.volatility};
  community::Glicko2Rating br{b.rating, b.deviation, b.volatility};
  auto [wn, bn] = community::glicko2_rate_game(wr, br, white_score);
  RatingChanges c;
  c.valid = true;
  c.white_before = w.rating;
  c.black_before = b.rating;
  Statement update(db, "UPDATE users SET rating = ?2, deviation = ?3, volatility = ?4, games = games + 1 WHERE id = ?1",
                   false);
  Statement history(
      db,
      "INSERT INTO rating_history(user_id, game_id, color, time_ms, before, after, deviation) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(user_id, game_id) DO UPDATE SET color = excluded.color,"
      " time_ms = excluded.time_ms, before = excluded.before, after = excluded.after,"
      " deviation = excluded.deviation",
      false);
  auto apply = [&](User& p, const community::Glicko2Rating& next, const char* color, double& after) {
    if (p.engine) {
      after = p.rating;
      return;
    }
    after = next.rating;
    update.bind(1, p.id).bind(2, next.rating).bind(3, next.deviation).bind(4, next.volatility).run();
    history.bind(1, p.id)
        .bind(2, game_id)
        .bind(3, std::string(color))
        .bind(4, now_ms)
        .bind(5, p.rating)
        .bind(6, next.rating)
        .bind(7, next.deviation)
        .run();
    p.rating = next.rating;
    p.deviation = next.deviation;
    p.volatility = next.volatility;
    p.games += 1;
  };
  apply(w, wn, "white", c.white_after);
  apply(b, bn, "black", c.black_after);
  c.white_after_player = w;
  c.black_after_player = b;
  return c;
}

}  // namespace dvonn::server
