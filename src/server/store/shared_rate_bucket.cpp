#include "server/store/shared_rate_bucket.hpp"

#include "server/store/database.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

bool take_shared_token(Database* db, const std::string& key, double rate, double burst, std::int64_t now_ms) {
  // The refill and the take in one statement: two nodes taking at once
  // serialise on the row.
  Statement(db,
            "INSERT INTO rate_buckets(key, tokens, updated_ms) VALUES (?1, ?3 - 1, ?4) "
            "ON CONFLICT(key) DO UPDATE SET tokens = LEAST(?3, rate_buckets.tokens + "
            "GREATEST(0, ?4 - rate_buckets.updated_ms) * ?2 / 1000.0) - 1, "
            "updated_ms = GREATEST(?4, rate_buckets.updated_ms) "
            "WHERE LEAST(?3, rate_buckets.tokens + GREATEST(0, ?4 - rate_buckets.updated_ms) * ?2 / 1000.0) >= 1",
            false)
      .bind(1, key)
      .bind(2, rate)
      .bind(3, burst)
      .bind(4, now_ms)
      .run();
  return db->changes() > 0;
}

void forget_idle_rate_buckets(Database* db, std::int64_t before_ms) {
  Statement(db, "DELETE FROM rate_buckets WHERE updated_ms < ?1", false).bind(1, before_ms).run();
}

}  // namespace dvonn::server
