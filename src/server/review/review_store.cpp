#include "server/review/review_store.hpp"

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

constexpr const char* kColumns =
    "SELECT id, game_id, moves_key, record, status, done, total, positions, COALESCE(review, '') AS review, error, "
    "address, user_id, created_ms FROM reviews ";

ReviewRow read_row(const Statement& q) {
  ReviewRow r;
  r.id = q.text("id");
  r.game_id = q.text("game_id");
  r.moves_key = q.text("moves_key");
  r.record = q.text("record");
  r.status = q.text("status");
  r.done = static_cast<int>(q.integer("done"));
  r.total = static_cast<int>(q.integer("total"));
  r.positions = q.text("positions");
  r.review = q.text("review");
  r.error = q.text("error");
  r.address = q.text("address");
  r.user_id = q.integer("user_id");
  r.created_ms = q.integer("created_ms");
  return r;
}

}  // namespace

std::optional<ReviewRow> ReviewStore::find(const std::string& id) {
  std::optional<ReviewRow> found;
  store_.read([&](Database* db) {
    Statement q(db, (std::string(kColumns) + "WHERE id = ?1").c_str(), false);
    q.bind(1, id);
    if (q.next()) {
      found = read_row(q);
      q.reset();
    }
  });
  return found;
}

std::optional<ReviewRow> ReviewStore::find_for(const std::string& game_id, const std::string& moves_key) {
  std::optional<ReviewRow> found;
  store_.read([&](Database* db) {
    Statement q(db,
                (std::string(kColumns) +
                 "WHERE game_id = ?1 AND moves_key = ?2 AND status != 'failed' ORDER BY created_ms DESC LIMIT 1")
                    .c_str(),
                false);
    q.bind(1, game_id).bind(2, moves_key);
    if (q.next()) {
      found = read_row(q);
      q.reset();
    }
  });
  return found;
}

std::vector<ReviewRow> ReviewStore::unfinished() {
  std::vector<ReviewRow> rows;
  store_.read([&](Database* db) {
    Statement q(db, (std::string(kColumns) + "WHERE status IN ('queued', 'running') ORDER BY created_ms, id").c_str(),
                false);
    while (q.next()) rows.push_back(read_row(q));
  });
  return rows;
}

std::string ReviewStore::insert(const ReviewRow& r) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(),
                "INSERT INTO reviews(id, game_id, moves_key, record, status, done, total, positions, error, address, "
                "user_id, created_ms, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, '', ?9, ?10, ?11, ?11)",
                false);
    q.bind(1, r.id)
        .bind(2, r.game_id)
        .bind(3, r.moves_key)
        .bind(4, r.record)
        .bind(5, r.status)
        .bind(6, static_cast<std::int64_t>(r.done))
        .bind(7, static_cast<std::int64_t>(r.total))
        .bind(8, r.positions)
        .bind(9, r.address)
        .bind(10, r.user_id)
        .bind(11, r.created_ms)
        .run();
  });
}

std::string ReviewStore::save_progress(const std::string& id, int done, const std::string& positions,
                                       std::int64_t now) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(),
                "UPDATE reviews SET status = 'running', done = ?2, positions = ?3, updated_ms = ?4 WHERE id = ?1",
                false);
    q.bind(1, id).bind(2, static_cast<std::int64_t>(done)).bind(3, positions).bind(4, now).run();
  });
}

std::string ReviewStore::finish(const std::string& id, const std::string& review, std::int64_t now) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "UPDATE reviews SET status = 'done', review = ?2, updated_ms = ?3 WHERE id = ?1",
                false);
    q.bind(1, id).bind(2, review).bind(3, now).run();
  });
}

std::string ReviewStore::fail(const std::string& id, const std::string& error, std::int64_t now) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "UPDATE reviews SET status = 'failed', error = ?2, updated_ms = ?3 WHERE id = ?1",
                false);
    q.bind(1, id).bind(2, error).bind(3, now).run();
  });
}

}  // namespace dvonn::server
