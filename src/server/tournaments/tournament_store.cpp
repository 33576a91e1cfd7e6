#include "server/tournaments/tournament_store.hpp"

#include <set>
#include <utility>

#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {

namespace {

constexpr const char* kColumns =
    "t.id, t.name, t.kind, t.clock, t.rated, t.rounds, t.duration_minutes, t.starts_ms, t.ends_ms, t.status, t.round,"
    " t.password_hash, t.created_by, t.created_ms, t.round_done_ms,"
    " COALESCE((SELECT name FROM users WHERE users.id = t.created_by), '') AS creator_name,"
    " (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.withdrawn = 0) AS players";

Tournament read_tournament(const Statement& q) {
  Tournament t;
  t.id = q.text("id");
  t.name = q.text("name");
  auto kind = tournament_kind_from(q.text("kind"));
  if (!kind) throw StoreError("tournament " + t.id + ": unknown kind " + q.text("kind"));
  t.kind = *kind;
  t.clock = q.text("clock");
  t.rated = q.integer("rated") != 0;
  t.rounds = static_cast<int>(q.integer("rounds"));
  t.duration_minutes = static_cast<int>(q.integer("duration_minutes"));
  t.starts_ms = q.integer("starts_ms");
  t.ends_ms = q.integer("ends_ms");
  auto status = tournament_status_from(q.text("status"));
  if (!status) throw StoreError("tournament " + t.id + ": unknown status " + q.text("status"));
  t.status = *status;
  t.round = static_cast<int>(q.integer("round"));
  t.password_hash = q.text("password_hash");
  t.created_by = q.integer("created_by");
  t.created_by_name = q.text("creator_name");
  t.created_ms = q.integer("created_ms");
  t.round_done_ms = q.integer("round_done_ms");
  t.players = static_cast<int>(q.integer("players"));
  return t;
}

}  // namespace

std::string_view result_name(GameResult r) {
  switch (r) {
    case GameResult::Pending:
      return "pending";
    case GameResult::WhiteWins:
      return "white";
    case GameResult::BlackWins:
      return "black";
    case GameResult::Draw:
      return "draw";
  }
  return "pending";
}

std::optional<GameResult> game_result_from(std::string_view name) {
  for (auto r : {GameResult::Pending, GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw})
    if (result_name(r) == name) return r;
  return std::nullopt;
}

std::optional<TournamentRecord> TournamentStore::load(const std::string& id) {
  std::optional<TournamentRecord> record;
  store_.read([&](Database* db) {
    Statement q(db, (std::string("SELECT ") + kColumns + " FROM tournaments t WHERE t.id = ?1").c_str(), false);
    q.bind(1, id);
    if (!q.next()) return;
    record.emplace();
    record->t = read_tournament(q);
    q.reset();
    Statement e(db,
                "SELECT user_id, joined_ms, withdrawn FROM tournament_entrants WHERE tournament_id = ?1"
                " ORDER BY joined_ms, user_id",
                false);
    e.bind(1, id);
    while (e.next()) {
      Entrant entrant;
      entrant.user = read_user(db, e.integer("user_id")).value_or(User{});
      entrant.user.id = e.integer("user_id");
      entrant.joined_ms = e.integer("joined_ms");
      entrant.withdrawn = e.integer("withdrawn") != 0;
      record->entrants.push_back(std::move(entrant));
    }
    Statement g(db,
                "SELECT round, white, black, game_id, result, ended_ms FROM tournament_games WHERE tournament_id = ?1"
                " ORDER BY seq",
                false);
    g.bind(1, id);
    while (g.next()) {
      EntrantGame game;
      game.game.round = static_cast<int>(g.integer("round"));
      game.game.white = g.integer("white");
      game.game.black = g.integer("black");
      auto result = game_result_from(g.text("result"));
      if (!result) throw StoreError("tournament " + id + ": unknown result " + g.text("result"));
      game.game.result = *result;
      game.game.ended_ms = g.integer("ended_ms");
      game.game_id = g.text("game_id");
      record->games.push_back(std::move(game));
    }
  });
  return record;
}

std::vector<std::string> TournamentStore::unfinished_ids() {
  std::vector<std::string> ids;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT id FROM tournaments WHERE status IN ('upcoming', 'running')", false);
    while (q.next()) ids.push_back(q.text("id"));
  });
  return ids;
}

TournamentStore::Page TournamentStore::page(TournamentStatus status, const std::optional<PageCursor>& after,
                                            int limit) {
  Page page;
  const bool finished = status == TournamentStatus::Finished || status == TournamentStatus::Cancelled;
  std::string sql = std::string("SELECT ") + kColumns + " FROM tournaments t WHERE ";
  if (finished) {
    sql += "t.status IN ('finished', 'cancelled')";
    if (after) sql += " AND (t.ends_ms < ?1 OR (t.ends_ms = ?1 AND t.id < ?2))";
    sql += " ORDER BY t.ends_ms DESC, t.id DESC";
  } else {
    sql += "t.status = ?3";
    if (after) sql += " AND (t.starts_ms > ?1 OR (t.starts_ms = ?1 AND t.id > ?2))";
    sql += " ORDER BY t.starts_ms, t.id";
  }
  sql += " LIMIT ?4";
  store_.read([&](Database* db) {
    Statement q(db, sql.c_str(), false);
    if (after) q.bind(1, after->time).bind(2, after->id);
    if (!finished) q.bind(3, std::string(to_string(status)));
    q.bind(4, std::int64_t{limit} + 1);
    while (q.next()) page.rows.push_back(read_tournament(q));
  });
  if (static_cast<int>(page.rows.size()) > limit) {
    page.rows.resize(limit);
    page.more = true;
  }
  return page;
}

int TournamentStore::upcoming_created_by(std::int64_t user) {
  int n = 0;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT COUNT(*) FROM tournaments WHERE created_by = ?1 AND status = 'upcoming'", false);
    q.bind(1, user);
    if (q.next()) n = static_cast<int>(q.integer(0));
    q.reset();
  });
  return n;
}

std::optional<TournamentStore::GameTag> TournamentStore::tag_of(const std::string& game_id) {
  std::optional<GameTag> tag;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT t.id AS id, t.name AS name, g.tournament_round AS round FROM games g"
                " JOIN tournaments t ON t.id = g.tournament_id WHERE g.id = ?1",
                false);
    q.bind(1, game_id);
    if (q.next()) {
      tag = GameTag{q.text("id"), q.text("name"), static_cast<int>(q.integer("round"))};
      q.reset();
    }
  });
  return tag;
}

void TournamentStore::insert(Database* db, const Tournament& t) {
  Statement q(db,
              "INSERT INTO tournaments(id, name, kind, clock, rated, rounds, duration_minutes, starts_ms, ends_ms,"
              " status, round, password_hash, created_by, created_ms, round_done_ms)"
              " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
              false);
  q.bind(1, t.id)
      .bind(2, t.name)
      .bind(3, std::string(to_string(t.kind)))
      .bind(4, t.clock)
      .bind(5, std::int64_t{t.rated})
      .bind(6, std::int64_t{t.rounds})
      .bind(7, std::int64_t{t.duration_minutes})
      .bind(8, t.starts_ms)
      .bind(9, t.ends_ms)
      .bind(10, std::string(to_string(t.status)))
      .bind(11, std::int64_t{t.round})
      .bind(12, t.password_hash)
      .bind(13, t.created_by)
      .bind(14, t.created_ms)
      .bind(15, t.round_done_ms)
      .run();
}

void TournamentStore::update(Database* db, const Tournament& t) {
  Statement q(db,
              "UPDATE tournaments SET status = ?2, round = ?3, rounds = ?4, ends_ms = ?5, round_done_ms = ?6,"
              " starts_ms = ?7 WHERE id = ?1",
              false);
  q.bind(1, t.id)
      .bind(2, std::string(to_string(t.status)))
      .bind(3, std::int64_t{t.round})
      .bind(4, std::int64_t{t.rounds})
      .bind(5, t.ends_ms)
      .bind(6, t.round_done_ms)
      .bind(7, t.starts_ms)
      .run();
}

bool TournamentStore::unchanged(Database* db, const TournamentRecord& before, bool entrants) {
  const Tournament& t = before.t;
  Statement lock(db, "UPDATE tournaments SET status = status WHERE id = ?1 AND status = ?2 AND round = ?3", false);
  lock.bind(1, t.id).bind(2, std::string(to_string(t.status))).bind(3, std::int64_t{t.round}).run();
  if (db->changes() != 1) return false;
  Statement count(db, "SELECT COUNT(*) FROM tournament_games WHERE tournament_id = ?1", false);
  count.bind(1, t.id);
  std::int64_t n = -1;
  if (count.next()) {
    n = count.integer(0);
    count.reset();
  }
  if (n != static_cast<std::int64_t>(before.games.size())) return false;
  if (!entrants) return true;
  std::set<std::pair<std::int64_t, bool>> read, stored;
  for (const Entrant& e : before.entrants) read.insert({e.user.id, e.withdrawn});
  Statement rows(db, "SELECT user_id, withdrawn FROM tournament_entrants WHERE tournament_id = ?1", false);
  rows.bind(1, t.id);
  while (rows.next()) stored.insert({rows.integer(0), rows.integer(1) != 0});
  return read == stored;
}

void TournamentStore::put_entrant(Database* db, const std::string& tournament, const Entrant& e) {
  Statement q(db,
              "INSERT INTO tournament_entrants(tournament_id, user_id, joined_ms, withdrawn) VALUES (?1, ?2, ?3, ?4)"
              " ON CONFLICT(tournament_id, user_id) DO UPDATE SET withdrawn = excluded.withdrawn",
              false);
  q.bind(1, tournament).bind(2, e.user.id).bind(3, e.joined_ms).bind(4, std::int64_t{e.withdrawn}).run();
}

void TournamentStore::add_game(Database* db, const std::string& tournament, int seq, const EntrantGame& g) {
  Statement q(db,
              "INSERT INTO tournament_games(tournament_id, seq, round, white, black, game_id, result, ended_ms)"
              " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(tournament_id, seq)"
              " DO UPDATE SET result = excluded.result, ended_ms = excluded.ended_ms",
              false);
  q.bind(1, tournament)
      .bind(2, std::int64_t{seq})
      .bind(3, std::int64_t{g.game.round})
      .bind(4, g.game.white)
      .bind(5, g.game.black)
      .bind(6, g.game_id)
      .bind(7, std::string(result_name(g.game.result)))
      .bind(8, g.game.ended_ms)
      .run();
}

void TournamentStore::remove_entrant(Database* db, const std::string& tournament, std::int64_t user) {
  Statement q(db, "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND user_id = ?2", false);
  q.bind(1, tournament).bind(2, user).run();
}

void TournamentStore::set_result(Database* db, const std::string& tournament, int seq, GameResult result,
                                 std::int64_t ended_ms) {
  Statement q(db, "UPDATE tournament_games SET result = ?3, ended_ms = ?4 WHERE tournament_id = ?1 AND seq = ?2",
              false);
  q.bind(1, tournament).bind(2, std::int64_t{seq}).bind(3, std::string(result_name(result))).bind(4, ended_ms).run();
}

void TournamentStore::tag_game(Database* db, const std::string& game_id, const std::string& tournament, int round) {
  Statement q(db, "UPDATE games SET tournament_id = ?2, tournament_round = ?3 WHERE id = ?1", false);
  q.bind(1, game_id).bind(2, tournament).bind(3, std::int64_t{round}).run();
}

}  // namespace dvonn::server
