#include "server/social/notification_store.hpp"

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

nlohmann::json notification_json(const Notification& n) {
  return {{"id", n.id}, {"kind", n.kind}, {"data", n.data}, {"created_ms", n.created_ms}, {"read", n.read}};
}

std::string NotificationStore::add(Notification& n) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(
        w.connection(),
        "INSERT INTO notifications(user_id, kind, data, created_ms, read) VALUES (?1, ?2, ?3, ?4, 0) RETURNING id",
        false);
    q.bind(1, n.user).bind(2, n.kind).bind(3, n.data.dump()).bind(4, n.created_ms);
    if (!q.next()) throw StoreError("no notification id");
    n.id = q.integer(0);
    q.reset();
  });
}

std::vector<Notification> NotificationStore::page(std::int64_t user, std::int64_t before, std::size_t limit) {
  std::vector<Notification> out;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT id, kind, data, created_ms, read FROM notifications WHERE user_id = ?1 AND id < ?2"
                " ORDER BY id DESC LIMIT ?3",
                false);
    q.bind(1, user).bind(2, before > 0 ? before : INT64_MAX).bind(3, static_cast<std::int64_t>(limit));
    while (q.next()) {
      Notification n;
      n.id = q.integer(0);
      n.user = user;
      n.kind = q.text(1);
      n.data = nlohmann::json::parse(q.text(2), nullptr, false);
      if (n.data.is_discarded()) n.data = nlohmann::json::object();
      n.created_ms = q.integer(3);
      n.read = q.integer(4) != 0;
      out.push_back(std::move(n));
    }
  });
  return out;
}

std::int64_t NotificationStore::unread(std::int64_t user) {
  std::int64_t n = 0;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT COUNT(*) FROM notifications WHERE user_id = ?1 AND read = 0", false);
    q.bind(1, user);
    if (q.next()) {
      n = q.integer(0);
      q.reset();
    }
  });
  return n;
}

bool NotificationStore::has_unread(std::int64_t user, const std::string& kind, const std::string& game) {
  bool found = false;
  store_.read([&](Database* db) {
    // The JSON's field: each back end has its own function for it.
    Statement q(db,
                std::string("SELECT 1 FROM notifications WHERE user_id = ?1 AND read = 0 AND kind = ?2 AND ") +
                    (db->postgres() ? "CAST(data AS JSON) ->> 'game' = ?3" : "json_extract(data, '$.game') = ?3"),
                false);
    q.bind(1, user).bind(2, kind).bind(3, game);
    found = q.next();
    if (found) q.reset();
  });
  return found;
}

std::string NotificationStore::mark_read(std::int64_t user, const std::vector<std::int64_t>& ids, bool all) {
  return store_.commit([&](StoreWriter& w) {
    if (all) {
      Statement q(w.connection(), "UPDATE notifications SET read = 1 WHERE user_id = ?1 AND read = 0", false);
      q.bind(1, user).run();
      return;
    }
    Statement q(w.connection(), "UPDATE notifications SET read = 1 WHERE user_id = ?1 AND id = ?2", false);
    for (std::int64_t id : ids) {
      q.bind(1, user).bind(2, id).run();
    }
  });
}

void NotificationStore::forget_user(Database* db, std::int64_t user) {
  Statement q(db, "DELETE FROM notifications WHERE user_id = ?1", false);
  q.bind(1, user).run();
}

}  // namespace dvonn::server
