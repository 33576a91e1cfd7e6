#include "server/explorer/explorer_index.hpp"

#include "community/time_control_family.hpp"
#include "core/position_string.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

bool ExplorerIndex::read_game(const std::string& game_id, Indexed& out) {
  std::optional<StoredGame> g = store_.load(game_id);
  if (!g || !g->over) return false;
  out.game_id = game_id;
  out.family = community::time_control_family(g->clock);
  const bool counts = g->mode == Mode::Online && g->end_reason != EndReason::Cancelled &&
                      g->end_reason != EndReason::Aborted && g->winner != Winner::None;
  if (!counts) return true;
  // The players' ratings when the game ended (null for guests and engines).
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT white_rating_then AS w, black_rating_then AS b FROM games WHERE id = ?1 AND "
                "white_rating_then IS NOT NULL AND black_rating_then IS NOT NULL",
                false);
    q.bind(1, game_id);
    if (q.next()) {
      out.has_rating = true;
      out.rating = (q.real("w") + q.real("b")) / 2;
      q.reset();
    }
  });
  const int result = g->winner == Winner::White ? 1 : g->winner == Winner::Black ? -1 : 0;
  auto start = parse_position(g->start);
  if (!start) return true;
  Game game(*start);
  int ply = 0;
  for (const std::string& text : g->moves) {
    auto m = parse_move(text);
    if (!m || !game.position().in_placement()) break;
    Row row{format_position(game.state()), to_string(*m), ply++, result};
    if (!game.play(*m).empty()) break;
    out.rows.push_back(std::move(row));
  }
  return true;
}

std::string ExplorerIndex::write(const std::vector<Indexed>& games) {
  return store_.commit([&](StoreWriter& w) {
    Statement game(w.connection(),
                   "INSERT INTO explorer_games(game_id, placements) VALUES (?1, ?2) ON CONFLICT(game_id) DO NOTHING",
                   false);
    Statement move(w.connection(),
                   "INSERT INTO explorer_moves(game_id, ply, position, move, result, rating, family) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(game_id, ply) DO NOTHING",
                   false);
    for (const Indexed& g : games) {
      game.bind(1, g.game_id).bind(2, static_cast<std::int64_t>(g.rows.size())).run();
      for (const Row& r : g.rows) {
        move.bind(1, g.game_id)
            .bind(2, static_cast<std::int64_t>(r.ply))
            .bind(3, r.position)
            .bind(4, r.move)
            .bind(5, static_cast<std::int64_t>(r.result));
        if (g.has_rating)
          move.bind(6, g.rating);
        else
          move.bind_null(6);
        move.bind(7, g.family).run();
      }
    }
  });
}

std::string ExplorerIndex::index_game(const std::string& game_id) {
  Indexed g;
  if (!read_game(game_id, g)) return "";
  return write({g});
}

std::size_t ExplorerIndex::backfill(std::size_t batch, const std::atomic<bool>* stop) {
  std::size_t done = 0;
  while (!(stop && *stop)) {
    std::vector<std::string> ids;
    store_.read([&](Database* db) {
      Statement q(db,
                  "SELECT g.id AS id FROM games g WHERE g.over = 1 AND NOT EXISTS "
                  "(SELECT 1 FROM explorer_games e WHERE e.game_id = g.id) ORDER BY g.id LIMIT ?1",
                  false);
      q.bind(1, static_cast<std::int64_t>(batch));
      while (q.next()) ids.push_back(q.text("id"));
    });
    if (ids.empty()) return done;
    std::vector<Indexed> games;
    for (const std::string& id : ids) {
      Indexed g;
      if (read_game(id, g)) games.push_back(std::move(g));
    }
    // A game read as over but gone (deleted) since: stop rather than loop.
    if (games.empty() || !write(games).empty()) return done;
    done += games.size();
  }
  return done;
}

std::vector<PlacementStats> ExplorerIndex::moves_from(const std::string& position, const RatingBand& band,
                                                      const std::string& family) {
  std::vector<PlacementStats> out;
  std::string sql =
      "SELECT move, COUNT(*) AS games, SUM(CASE WHEN result = 1 THEN 1 ELSE 0 END) AS white, "
      "SUM(CASE WHEN result = 0 THEN 1 ELSE 0 END) AS draws, SUM(CASE WHEN result = -1 THEN 1 ELSE 0 END) AS black, "
      "COALESCE(SUM(rating), 0) AS rating_sum, COUNT(rating) AS rated FROM explorer_moves WHERE position = ?1";
  // Numbered in order, whichever filters are on (PostgreSQL wants no gaps).
  const bool by_family = !family.empty() && family != "all";
  int next = 2;
  if (by_family) sql += " AND family = ?" + std::to_string(next++);
  if (!band.all()) {
    sql += " AND rating >= ?" + std::to_string(next) + " AND rating < ?" + std::to_string(next + 1);
  }
  sql += " GROUP BY move";
  store_.read([&](Database* db) {
    Statement q(db, sql.c_str(), false);
    q.bind(1, position);
    int i = 2;
    if (by_family) q.bind(i++, family);
    if (!band.all()) q.bind(i, band.min).bind(i + 1, band.max);
    while (q.next()) {
      PlacementStats s;
      s.move = q.text("move");
      s.games = q.integer("games");
      s.white = q.integer("white");
      s.draws = q.integer("draws");
      s.black = q.integer("black");
      s.rating_sum = q.real("rating_sum");
      s.rated = q.integer("rated");
      out.push_back(std::move(s));
    }
  });
  return out;
}

}  // namespace dvonn::server
