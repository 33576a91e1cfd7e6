#include "server/puzzles/puzzle_store.hpp"

#include <functional>

#include "server/puzzles/puzzle_json.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

constexpr const char* kColumns =
    "SELECT id, position, side, goal, proved, solution, wrong, refutation, played_wrong, source, game_id, ply, rating, "
    "deviation, volatility, attempts, solved FROM puzzles ";

PuzzleRow read_row(const Statement& q) {
  PuzzleRow r;
  r.id = q.text("id");
  r.position = q.text("position");
  r.side = q.text("side");
  r.goal = q.text("goal");
  r.proved = q.integer("proved") != 0;
  r.solution = q.text("solution");
  r.wrong = q.text("wrong");
  r.refutation = q.text("refutation");
  r.played_wrong = q.integer("played_wrong") != 0;
  r.source = q.text("source");
  r.game_id = q.text("game_id");
  r.ply = static_cast<int>(q.integer("ply"));
  r.rating = {q.real("rating"), q.real("deviation"), q.real("volatility")};
  r.attempts = static_cast<int>(q.integer("attempts"));
  r.solved = static_cast<int>(q.integer("solved"));
  return r;
}

std::optional<PuzzleRow> one_row(Database* db, const std::string& sql, const std::function<void(Statement&)>& bind) {
  Statement q(db, sql.c_str(), false);
  bind(q);
  if (!q.next()) return std::nullopt;
  PuzzleRow r = read_row(q);
  q.reset();
  return r;
}

PuzzleAttemptRow read_attempt(const Statement& q) {
  PuzzleAttemptRow a;
  a.puzzle_id = q.text("puzzle_id");
  a.moves = q.text("moves");
  a.solved = q.integer("solved") != 0;
  a.rating_before = q.real("rating_before");
  a.rating_after = q.real("rating_after");
  a.puzzle_before = q.real("puzzle_before");
  a.puzzle_after = q.real("puzzle_after");
  a.time_ms = q.integer("time_ms");
  return a;
}

constexpr const char* kAttemptColumns =
    "SELECT puzzle_id, moves, solved, rating_before, rating_after, puzzle_before, puzzle_after, time_ms "
    "FROM puzzle_attempts ";

PuzzlePlayer read_player(Database* db, std::int64_t user) {
  PuzzlePlayer p;
  Statement q(db, "SELECT rating, deviation, volatility, attempts, solved FROM puzzle_ratings WHERE user_id = ?1",
              false);
  q.bind(1, user);
  if (q.next()) {
    p.rating = {q.real("rating"), q.real("deviation"), q.real("volatility")};
    p.attempts = static_cast<int>(q.integer("attempts"));
    p.solved = static_cast<int>(q.integer("solved"));
    q.reset();
  }
  return p;
}

}  // namespace

std::string PuzzleStore::add(const std::vector<engine::Puzzle>& puzzles, const std::string& source,
                             const std::string& game_id, const std::string& moves_key, std::int64_t now) {
  return store_.commit([&](StoreWriter& w) {
    for (const engine::Puzzle& p : puzzles) {
      Statement q(w.connection(),
                  "INSERT INTO puzzles(id, position, side, goal, proved, solution, wrong, refutation, played_wrong, "
                  "source, game_id, ply, rating, deviation, volatility, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
                  "?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16) ON CONFLICT(id) DO NOTHING",
                  false);
      // A puzzle's rating starts from its difficulty, with the deviation of
      // a new player: its first attempts move it most.
      q.bind(1, p.id)
          .bind(2, p.position)
          .bind(3, std::string(p.side == Color::White ? "white" : "black"))
          .bind(4, p.goal)
          .bind(5, static_cast<std::int64_t>(p.proved))
          .bind(6, moves_text(p.solution))
          .bind(7, to_string(p.wrong))
          .bind(8, moves_text(p.refutation))
          .bind(9, static_cast<std::int64_t>(p.played_wrong))
          .bind(10, source)
          .bind(11, game_id)
          .bind(12, static_cast<std::int64_t>(p.ply))
          .bind(13, static_cast<double>(p.rating))
          .bind(14, 350.0)
          .bind(15, 0.06)
          .bind(16, now)
          .run();
    }
    if (!game_id.empty()) {
      Statement m(w.connection(),
                  "INSERT INTO puzzle_mined(game_id, moves_key, puzzles, mined_ms) VALUES (?1, ?2, ?3, ?4) "
                  "ON CONFLICT(game_id) DO UPDATE SET moves_key = excluded.moves_key, puzzles = excluded.puzzles, "
                  "mined_ms = excluded.mined_ms",
                  false);
      m.bind(1, game_id).bind(2, moves_key).bind(3, static_cast<std::int64_t>(puzzles.size())).bind(4, now).run();
    }
  });
}

std::string PuzzleStore::mark_mined(const std::string& game_id, const std::string& moves_key, std::int64_t now) {
  return add({}, "", game_id, moves_key, now);
}

std::optional<PuzzleRow> PuzzleStore::find(const std::string& id) {
  std::optional<PuzzleRow> found;
  store_.read([&](Database* db) {
    found = one_row(db, std::string(kColumns) + "WHERE id = ?1", [&](Statement& q) { q.bind(1, id); });
  });
  return found;
}

std::int64_t PuzzleStore::count() {
  std::int64_t n = 0;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT COUNT(*) FROM puzzles", false);
    if (q.next()) {
      n = q.integer(0);
      q.reset();
    }
  });
  return n;
}

std::optional<PuzzleRow> PuzzleStore::nearest(double rating, std::int64_t user, const std::string& skip) {
  std::optional<PuzzleRow> found;
  store_.read([&](Database* db) {
    found = one_row(db,
                    std::string(kColumns) +
                        "WHERE id != ?3 AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = ?2 "
                        "AND a.puzzle_id = puzzles.id) ORDER BY ABS(rating - ?1), id LIMIT 1",
                    [&](Statement& q) { q.bind(1, rating).bind(2, user).bind(3, skip); });
  });
  return found;
}

std::optional<PuzzleRow> PuzzleStore::daily(std::int64_t day) {
  auto chosen = [&]() {
    std::optional<PuzzleRow> found;
    store_.read([&](Database* db) {
      found = one_row(db, std::string(kColumns) + "WHERE id = (SELECT puzzle_id FROM puzzle_daily WHERE day = ?1)",
                      [&](Statement& q) { q.bind(1, day); });
    });
    return found;
  };
  if (auto found = chosen()) return found;
  // The first asker of the day fixes it: the puzzles of the set then, in
  // id order, one picked by a hash of the day (the same for every server
  // with the same puzzles); the conflict keeps the first choice.
  std::int64_t n = count();
  if (n == 0) return std::nullopt;
  std::uint64_t h = static_cast<std::uint64_t>(day) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 31;
  const auto index = static_cast<std::int64_t>(h % static_cast<std::uint64_t>(n));
  std::string error = store_.commit([&](StoreWriter& w) {
    Statement q(
        w.connection(),
        "INSERT INTO puzzle_daily(day, puzzle_id) SELECT CAST(?1 AS BIGINT), id FROM puzzles ORDER BY id LIMIT 1 "
        "OFFSET ?2 "
        "ON CONFLICT(day) DO NOTHING",
        false);
    q.bind(1, day).bind(2, index).run();
  });
  if (!error.empty()) throw StoreError(error);
  return chosen();
}

PuzzlePlayer PuzzleStore::player(std::int64_t user) {
  PuzzlePlayer p;
  store_.read([&](Database* db) { p = read_player(db, user); });
  return p;
}

std::optional<PuzzleAttemptRow> PuzzleStore::attempt_of(std::int64_t user, const std::string& puzzle_id) {
  std::optional<PuzzleAttemptRow> found;
  store_.read([&](Database* db) {
    Statement q(db, (std::string(kAttemptColumns) + "WHERE user_id = ?1 AND puzzle_id = ?2").c_str(), false);
    q.bind(1, user).bind(2, puzzle_id);
    if (q.next()) {
      found = read_attempt(q);
      q.reset();
    }
  });
  return found;
}

RatedAttempt PuzzleStore::rate_attempt(std::int64_t user, const std::string& puzzle_id, const std::string& moves,
                                       bool solved, std::int64_t now) {
  RatedAttempt out;
  std::string error = store_.commit([&](StoreWriter& w) {
    Database* db = w.connection();
    out = {};
    {
      Statement seen(db, "SELECT 1 FROM puzzle_attempts WHERE user_id = ?1 AND puzzle_id = ?2", false);
      seen.bind(1, user).bind(2, puzzle_id);
      if (seen.next()) {
        seen.reset();
        return;
      }
    }
    auto puzzle = one_row(db, std::string(kColumns) + "WHERE id = ?1", [&](Statement& q) { q.bind(1, puzzle_id); });
    if (!puzzle) return;
    PuzzlePlayer player = read_player(db, user);
    auto [p_after, z_after] = community::glicko2_rate_game(player.rating, puzzle->rating, solved ? 1.0 : 0.0);
    out.counted = true;
    out.row = {puzzle_id,      moves, solved, player.rating.rating, p_after.rating, puzzle->rating.rating,
               z_after.rating, now};
    out.deviation_after = p_after.deviation;
    Statement a(db,
                "INSERT INTO puzzle_attempts(user_id, puzzle_id, moves, solved, rating_before, rating_after, "
                "puzzle_before, puzzle_after, time_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                false);
    a.bind(1, user)
        .bind(2, puzzle_id)
        .bind(3, moves)
        .bind(4, static_cast<std::int64_t>(solved))
        .bind(5, out.row.rating_before)
        .bind(6, out.row.rating_after)
        .bind(7, out.row.puzzle_before)
        .bind(8, out.row.puzzle_after)
        .bind(9, now)
        .run();
    Statement r(db,
                "INSERT INTO puzzle_ratings(user_id, rating, deviation, volatility, attempts, solved, updated_ms) "
                "VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6) ON CONFLICT(user_id) DO UPDATE SET rating = excluded.rating, "
                "deviation = excluded.deviation, volatility = excluded.volatility, "
                "attempts = puzzle_ratings.attempts + 1, solved = puzzle_ratings.solved + excluded.solved, "
                "updated_ms = excluded.updated_ms",
                false);
    r.bind(1, user)
        .bind(2, p_after.rating)
        .bind(3, p_after.deviation)
        .bind(4, p_after.volatility)
        .bind(5, static_cast<std::int64_t>(solved))
        .bind(6, now)
        .run();
    Statement z(db,
                "UPDATE puzzles SET rating = ?2, deviation = ?3, volatility = ?4, attempts = attempts + 1, "
                "solved = solved + ?5 WHERE id = ?1",
                false);
    z.bind(1, puzzle_id)
        .bind(2, z_after.rating)
        .bind(3, z_after.deviation)
        .bind(4, z_after.volatility)
        .bind(5, static_cast<std::int64_t>(solved))
        .run();
  });
  if (!error.empty()) throw StoreError(error);
  return out;
}

std::vector<PuzzleAttemptRow> PuzzleStore::history(std::int64_t user, const PageCursor& before, int limit) {
  std::vector<PuzzleAttemptRow> rows;
  store_.read([&](Database* db) {
    Statement q(
        db,
        (std::string(kAttemptColumns) + "WHERE user_id = ?1 AND " +
         PageCursor::before_sql("time_ms", "puzzle_id", 2, 3) + " ORDER BY time_ms DESC, puzzle_id DESC LIMIT ?4")
            .c_str(),
        false);
    q.bind(1, user).bind(2, before.time).bind(3, before.id).bind(4, static_cast<std::int64_t>(limit));
    while (q.next()) rows.push_back(read_attempt(q));
  });
  return rows;
}

std::vector<std::string> PuzzleStore::unmined_games(int limit) {
  std::vector<std::string> ids;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT g.id FROM games g WHERE g.over = 1 AND NOT EXISTS (SELECT 1 FROM puzzle_mined m WHERE "
                "m.game_id = g.id) ORDER BY g.ended_ms, g.id LIMIT ?1",
                false);
    q.bind(1, static_cast<std::int64_t>(limit));
    while (q.next()) ids.push_back(q.text(0));
  });
  return ids;
}

void PuzzleStore::forget_user(Database* db, std::int64_t user) {
  Statement a(db, "DELETE FROM puzzle_attempts WHERE user_id = ?1", false);
  a.bind(1, user).run();
  Statement r(db, "DELETE FROM puzzle_ratings WHERE user_id = ?1", false);
  r.bind(1, user).run();
}

}  // namespace dvonn::server
