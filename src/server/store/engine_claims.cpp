#include "server/store/engine_claims.hpp"

#include "server/store/database.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

bool claim_engine_move(Database* db, const std::string& game, std::int64_t version, const std::string& node,
                       std::int64_t now_ms) {
  // One statement, so two nodes claiming at once cannot both get it: the
  // second waits for the first's row and then finds it live.
  Statement(db,
            "INSERT INTO engine_claims(game_id, version, node, until_ms) VALUES (?1, ?2, ?3, ?4) "
            "ON CONFLICT(game_id) DO UPDATE SET version = excluded.version, node = excluded.node, "
            "until_ms = excluded.until_ms WHERE engine_claims.version < excluded.version "
            "OR engine_claims.until_ms < ?5 OR engine_claims.node = excluded.node",
            false)
      .bind(1, game)
      .bind(2, version)
      .bind(3, node)
      .bind(4, now_ms + kEngineClaimLeaseMs)
      .bind(5, now_ms)
      .run();
  return db->changes() > 0;
}

void renew_engine_claims(Database* db, const std::string& node, std::int64_t now_ms) {
  Statement(db, "UPDATE engine_claims SET until_ms = ?2 WHERE node = ?1", false)
      .bind(1, node)
      .bind(2, now_ms + kEngineClaimLeaseMs)
      .run();
}

void drop_spent_engine_claims(Database* db) {
  sql_exec(db,
           "DELETE FROM engine_claims WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = engine_claims.game_id "
           "AND g.over = 0 AND g.version <= engine_claims.version)");
}

std::vector<std::string> unclaimed_engine_moves(Database* db, std::int64_t now_ms) {
  Statement q(db,
              "SELECT g.id FROM games g LEFT JOIN engine_claims c ON c.game_id = g.id "
              "WHERE g.mode = 'engine' AND g.over = 0 AND g.to_move = g.engine_color "
              "AND (c.game_id IS NULL OR c.version < g.version OR c.until_ms < ?1) ORDER BY g.id",
              false);
  q.bind(1, now_ms);
  std::vector<std::string> ids;
  while (q.next()) ids.push_back(q.text(0));
  return ids;
}

}  // namespace dvonn::server
