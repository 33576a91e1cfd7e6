#include "server/pairing/seek_table.hpp"

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

namespace {

constexpr const char* kColumns =
    "user_id, name, guest, user_rating, deviation, control, rated, rating, since_ms, engine_offered";

Seek seek_row(const Statement& q) {
  Seek s;
  s.user.id = q.integer("user_id");
  s.user.name = q.text("name");
  s.user.guest = q.integer("guest") != 0;
  s.user.rating = q.real("user_rating");
  s.user.deviation = q.real("deviation");
  s.control = q.text("control");
  s.rated = q.integer("rated") != 0;
  s.rating = q.real("rating");
  s.since_ms = q.integer("since_ms");
  s.engine_offered = q.integer("engine_offered") != 0;
  return s;
}

}  // namespace

std::string SeekTable::place(const Seek& s) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(),
                "INSERT INTO seeks(user_id, name, guest, user_rating, deviation, control, rated, rating, since_ms,"
                " engine_offered, node) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, ?10)"
                " ON CONFLICT(user_id) DO UPDATE SET name = excluded.name, guest = excluded.guest,"
                " user_rating = excluded.user_rating, deviation = excluded.deviation, control = excluded.control,"
                " rated = excluded.rated, rating = excluded.rating, since_ms = excluded.since_ms,"
                " engine_offered = 0, node = excluded.node",
                false);
    q.bind(1, s.user.id)
        .bind(2, s.user.name)
        .bind(3, std::int64_t{s.user.guest})
        .bind(4, s.user.rating)
        .bind(5, s.user.deviation)
        .bind(6, s.control)
        .bind(7, std::int64_t{s.rated})
        .bind(8, s.rating)
        .bind(9, s.since_ms)
        .bind(10, nodes_.id())
        .run();
  });
}

bool SeekTable::withdraw(std::int64_t user) {
  bool had = false;
  store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "DELETE FROM seeks WHERE user_id = ?1", false);
    q.bind(1, user).run();
    had = w.connection()->changes() > 0;
  });
  return had;
}

std::optional<Seek> SeekTable::seek_of(std::int64_t user) {
  std::optional<Seek> found;
  store_.read([&](Database* db) {
    Statement q(db,
                std::string("SELECT ") + kColumns +
                    " FROM seeks WHERE user_id = ?1 AND node IN (SELECT id FROM nodes WHERE seen_ms > ?2)",
                false);
    q.bind(1, user).bind(2, NodeRegistry::live_after());
    if (q.next()) {
      found = seek_row(q);
      q.reset();
    }
  });
  return found;
}

bool SeekTable::online_elsewhere(std::int64_t user) { return nodes_.others_online_users().contains(user); }

std::set<std::int64_t> SeekTable::online_elsewhere() { return nodes_.others_online_users(); }

bool SeekTable::drop(const Seek& seek) {
  bool dropped = false;
  std::string error = store_.commit([&](StoreWriter& w) { dropped = take(w.connection(), seek); });
  return error.empty() && dropped;
}

std::vector<Seek> SeekTable::live() {
  std::vector<Seek> all;
  store_.read([&](Database* db) {
    Statement q(db,
                std::string("SELECT ") + kColumns +
                    " FROM seeks WHERE node IN (SELECT id FROM nodes WHERE seen_ms > ?1) ORDER BY since_ms, user_id",
                false);
    q.bind(1, NodeRegistry::live_after());
    while (q.next()) all.push_back(seek_row(q));
  });
  return all;
}

std::map<std::string, int> SeekTable::waiting() {
  std::map<std::string, int> counts;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT control, COUNT(*) AS n FROM seeks WHERE node IN (SELECT id FROM nodes WHERE seen_ms > ?1)"
                " GROUP BY control",
                false);
    q.bind(1, NodeRegistry::live_after());
    while (q.next()) counts[q.text("control")] = static_cast<int>(q.integer("n"));
  });
  return counts;
}

int SeekTable::drop_gone() {
  int dropped = 0;
  store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "DELETE FROM seeks WHERE node NOT IN (SELECT id FROM nodes WHERE seen_ms > ?1)", false);
    q.bind(1, NodeRegistry::live_after()).run();
    dropped = static_cast<int>(w.connection()->changes());
  });
  return dropped;
}

std::vector<Seek> SeekTable::take_engine_offers(std::int64_t now, std::int64_t after_ms) {
  std::vector<Seek> due;
  for (Seek& s : live())
    if (!s.engine_offered && now - s.since_ms >= after_ms) due.push_back(std::move(s));
  if (due.empty()) return due;
  std::vector<Seek> marked;
  std::string error = store_.commit([&](StoreWriter& w) {
    marked.clear();
    for (const Seek& s : due) {
      Statement q(w.connection(),
                  "UPDATE seeks SET engine_offered = 1 WHERE user_id = ?1 AND since_ms = ?2 AND engine_offered = 0",
                  false);
      q.bind(1, s.user.id).bind(2, s.since_ms).run();
      if (w.connection()->changes() > 0) marked.push_back(s);
    }
  });
  if (!error.empty()) marked.clear();
  return marked;
}

bool SeekTable::take(Database* db, const Seek& s) {
  Statement q(db, "DELETE FROM seeks WHERE user_id = ?1 AND since_ms = ?2 AND control = ?3 AND rated = ?4", false);
  q.bind(1, s.user.id).bind(2, s.since_ms).bind(3, s.control).bind(4, std::int64_t{s.rated}).run();
  return db->changes() > 0;
}

}  // namespace dvonn::server
