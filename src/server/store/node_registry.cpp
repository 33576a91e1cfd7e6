#include "server/store/node_registry.hpp"

#include <iostream>
#include <sstream>

#include "server/base/now_ms.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

NodeRegistry::NodeRegistry(GameStore& store) : store_(store), started_ms_(system_now_ms()) {}

void NodeRegistry::upsert(Database* db, const std::string& id, std::int64_t now,
                          const std::vector<std::int64_t>& online) {
  std::string users;
  for (std::int64_t user : online) users += (users.empty() ? "" : " ") + std::to_string(user);
  Statement q(db,
              "INSERT INTO nodes(id, seen_ms, started_ms, online, users) VALUES (?1, ?2, ?2, ?3, ?4)"
              " ON CONFLICT(id) DO UPDATE SET seen_ms = excluded.seen_ms, online = excluded.online,"
              " users = excluded.users");
  q.bind(1, id).bind(2, now).bind(3, static_cast<std::int64_t>(online.size())).bind(4, users).run();
}

void NodeRegistry::beat_now() {
  std::string error = store_.commit([&](StoreWriter& w) { upsert(w.connection(), id(), system_now_ms(), {}); });
  if (!error.empty()) std::cerr << "dvonn serve: the node's heartbeat: " << error << "\n";
}

void NodeRegistry::beat(const std::vector<std::int64_t>& online) {
  store_.submit([id = id(), online](StoreWriter& w) { upsert(w.connection(), id, system_now_ms(), online); },
                [](const std::string& error) {
                  if (!error.empty()) std::cerr << "dvonn serve: the node's heartbeat: " << error << "\n";
                });
}

void NodeRegistry::leave() {
  store_.commit([id = id()](StoreWriter& w) {
    Statement q(w.connection(), "DELETE FROM nodes WHERE id = ?1", false);
    q.bind(1, id).run();
  });
}

std::int64_t NodeRegistry::live_after() { return system_now_ms() - kGoneAfterMs; }

std::int64_t NodeRegistry::others_online() {
  std::int64_t n = 0;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT COALESCE(SUM(online), 0) FROM nodes WHERE seen_ms > ?1 AND id <> ?2", false);
    q.bind(1, live_after()).bind(2, id());
    if (q.next()) {
      n = q.integer(0);
      q.reset();
    }
  });
  return n;
}

std::set<std::int64_t> NodeRegistry::others_online_users() {
  std::set<std::int64_t> users;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT users FROM nodes WHERE seen_ms > ?1 AND id <> ?2", false);
    q.bind(1, live_after()).bind(2, id());
    while (q.next()) {
      std::istringstream in(q.text(0));
      for (std::int64_t user; in >> user;) users.insert(user);
    }
  });
  return users;
}

std::vector<std::string> NodeRegistry::live() {
  std::vector<std::string> ids;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT id FROM nodes WHERE seen_ms > ?1 ORDER BY id", false);
    q.bind(1, live_after());
    while (q.next()) ids.push_back(q.text(0));
  });
  return ids;
}

void NodeRegistry::forget_old() {
  store_.submit(
      [](StoreWriter& w) {
        Statement q(w.connection(), "DELETE FROM nodes WHERE seen_ms < ?1", false);
        q.bind(1, system_now_ms() - std::int64_t{86'400'000}).run();
      },
      [](const std::string&) {});
}

}  // namespace dvonn::server
