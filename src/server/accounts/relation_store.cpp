#include "server/accounts/relation_store.hpp"

#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {
namespace {

const char* table(Relation relation) { return relation == Relation::Follow ? "follows" : "blocks"; }

}  // namespace

std::string RelationStore::set(std::int64_t from, std::int64_t to, Relation relation, bool on) {
  std::int64_t now = now_ms_();
  return store_.commit([&](StoreWriter& w) {
    std::string sql = on ? std::string("INSERT INTO ") + table(relation) +
                               "(from_user, to_user, created_ms) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING"
                         : std::string("DELETE FROM ") + table(relation) + " WHERE from_user = ?1 AND to_user = ?2";
    Statement q(w.connection(), sql.c_str(), false);
    q.bind(1, from).bind(2, to);
    if (on) q.bind(3, now);
    q.run();
  });
}

bool RelationStore::has(std::int64_t from, std::int64_t to, Relation relation) {
  bool found = false;
  store_.read([&](Database* db) {
    std::string sql = std::string("SELECT 1 FROM ") + table(relation) + " WHERE from_user = ?1 AND to_user = ?2";
    Statement q(db, sql.c_str(), false);
    q.bind(1, from).bind(2, to);
    found = q.next();
    if (found) q.reset();
  });
  return found;
}

bool RelationStore::blocked_either(std::int64_t a, std::int64_t b) {
  bool found = false;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT 1 FROM blocks WHERE (from_user = ?1 AND to_user = ?2) OR (from_user = ?2 AND to_user = ?1)",
                false);
    q.bind(1, a).bind(2, b);
    found = q.next();
    if (found) q.reset();
  });
  return found;
}

std::vector<User> RelationStore::list(std::int64_t from, Relation relation, const std::string& after,
                                      std::size_t limit) {
  std::vector<User> users;
  store_.read([&](Database* db) {
    std::string sql = std::string("SELECT ") + kUserColumns + " FROM " + table(relation) +
                      " r JOIN users u ON u.id = r.to_user WHERE r.from_user = ?1 AND u.name_key > ?2"
                      " ORDER BY u.name_key LIMIT ?3";
    Statement q(db, sql.c_str(), false);
    q.bind(1, from).bind(2, after).bind(3, static_cast<std::int64_t>(limit));
    while (q.next()) users.push_back(read_user_row(q));
  });
  return users;
}

std::int64_t RelationStore::count(std::int64_t from, Relation relation) {
  std::int64_t n = 0;
  store_.read([&](Database* db) {
    std::string sql = std::string("SELECT COUNT(*) FROM ") + table(relation) + " WHERE from_user = ?1";
    Statement q(db, sql.c_str(), false);
    q.bind(1, from);
    if (q.next()) {
      n = q.integer(0);
      q.reset();
    }
  });
  return n;
}

std::vector<std::int64_t> RelationStore::followers(std::int64_t user) {
  std::vector<std::int64_t> ids;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT from_user FROM follows WHERE to_user = ?1", false);
    q.bind(1, user);
    while (q.next()) ids.push_back(q.integer(0));
  });
  return ids;
}

void RelationStore::forget_user(Database* db, std::int64_t user) {
  for (const char* t : {"follows", "blocks"}) {
    std::string sql = std::string("DELETE FROM ") + t + " WHERE from_user = ?1 OR to_user = ?1";
    Statement q(db, sql.c_str(), false);
    q.bind(1, user).run();
  }
}

}  // namespace dvonn::server
