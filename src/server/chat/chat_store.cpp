#include "server/chat/chat_store.hpp"

#include "server/accounts/account_rules.hpp"
#include "server/base/store_error.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

constexpr const char* kMessageColumns = "m.id, m.game_id, m.channel, m.user_id, m.name, m.text, m.time_ms";

ChatMessage read_message(const Statement& q) {
  ChatMessage m;
  m.id = q.integer("id");
  m.game_id = q.text("game_id");
  m.channel = q.text("channel") == "spectators" ? ChatChannel::Spectators : ChatChannel::Players;
  m.user_id = q.integer("user_id");
  m.name = q.text("name");
  m.text = q.text("text");
  m.time_ms = q.integer("time_ms");
  return m;
}

}  // namespace

std::string ChatStore::add(ChatMessage& message) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(),
                "INSERT INTO chat_messages(game_id, channel, user_id, name, text, time_ms) VALUES (?1, ?2, ?3, ?4, ?5, "
                "?6) RETURNING id",
                false);
    q.bind(1, message.game_id)
        .bind(2, std::string(channel_name(message.channel)))
        .bind(3, message.user_id)
        .bind(4, message.name)
        .bind(5, message.text)
        .bind(6, message.time_ms);
    if (!q.next()) throw StoreError("no message id");
    message.id = q.integer(0);
    q.reset();
  });
}

std::vector<ChatMessage> ChatStore::list(const std::string& game_id, std::int64_t after, std::size_t limit,
                                         bool spectators, std::int64_t viewer) {
  std::vector<ChatMessage> messages;
  store_.read([&](Database* db) {
    std::string sql = std::string("SELECT ") + kMessageColumns +
                      " FROM chat_messages m WHERE m.game_id = ?1 AND m.id > ?2 AND m.deleted = 0" +
                      (spectators ? "" : " AND m.channel = 'players'") +
                      " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.from_user = ?4 AND b.to_user = m.user_id)"
                      " OR (b.from_user = m.user_id AND b.to_user = ?4)) ORDER BY m.id LIMIT ?3";
    Statement q(db, sql.c_str(), false);
    q.bind(1, game_id).bind(2, after).bind(3, static_cast<std::int64_t>(limit)).bind(4, viewer);
    while (q.next()) messages.push_back(read_message(q));
  });
  return messages;
}

std::optional<ChatMessage> ChatStore::find(std::int64_t id) {
  std::optional<ChatMessage> found;
  store_.read([&](Database* db) {
    Statement q(
        db,
        (std::string("SELECT ") + kMessageColumns + " FROM chat_messages m WHERE m.id = ?1 AND m.deleted = 0").c_str(),
        false);
    q.bind(1, id);
    if (q.next()) {
      found = read_message(q);
      q.reset();
    }
  });
  return found;
}

bool ChatStore::report(std::int64_t message, std::int64_t reporter, const std::string& reason, std::int64_t now) {
  bool added = false;
  std::string error = store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(),
                "INSERT INTO chat_reports(message_id, reporter, reason, time_ms) VALUES (?1, ?2, ?3, ?4)"
                " ON CONFLICT DO NOTHING",
                false);
    q.bind(1, message).bind(2, reporter).bind(3, reason).bind(4, now).run();
    added = w.connection()->changes() > 0;
  });
  if (!error.empty()) throw StoreError(error);
  return added;
}

bool ChatStore::chat_enabled(std::int64_t user) {
  bool on = true;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT chat_enabled FROM users WHERE id = ?1", false);
    q.bind(1, user);
    if (q.next()) {
      on = q.integer(0) != 0;
      q.reset();
    }
  });
  return on;
}

bool ChatStore::banned(std::int64_t user) {
  bool found = false;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT 1 FROM users WHERE id = ?1 AND banned = 1", false);
    q.bind(1, user);
    found = q.next();
    if (found) q.reset();
  });
  return found;
}

std::string ChatStore::set_chat_enabled(std::int64_t user, bool on) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "UPDATE users SET chat_enabled = ?2 WHERE id = ?1", false);
    q.bind(1, user).bind(2, static_cast<std::int64_t>(on)).run();
  });
}

std::vector<std::int64_t> ChatStore::silenced(std::int64_t author, const std::vector<std::int64_t>& viewers) {
  std::vector<std::int64_t> out;
  if (viewers.empty()) return out;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT 1 FROM users u WHERE u.id = ?2 AND (u.chat_enabled = 0 OR EXISTS (SELECT 1 FROM blocks b WHERE"
                " (b.from_user = ?1 AND b.to_user = ?2) OR (b.from_user = ?2 AND b.to_user = ?1)))",
                false);
    for (std::int64_t v : viewers) {
      q.bind(1, author).bind(2, v);
      if (q.next()) {
        out.push_back(v);
        q.reset();
      }
    }
  });
  return out;
}

std::vector<ChatReport> ChatStore::open_reports(std::size_t limit) {
  std::vector<ChatReport> reports;
  store_.read([&](Database* db) {
    Statement q(db,
                (std::string("SELECT ") + kMessageColumns +
                 ", r.reason AS reason, r.time_ms AS report_ms, u.name AS reporter FROM chat_reports r"
                 " JOIN chat_messages m ON m.id = r.message_id JOIN users u ON u.id = r.reporter"
                 " WHERE r.resolved = 0 AND m.deleted = 0 ORDER BY r.time_ms, m.id LIMIT ?1")
                    .c_str(),
                false);
    q.bind(1, static_cast<std::int64_t>(limit));
    while (q.next()) reports.push_back({read_message(q), q.text("reporter"), q.text("reason"), q.integer("report_ms")});
  });
  return reports;
}

bool ChatStore::delete_message(std::int64_t id) {
  bool found = false;
  std::string error = store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "UPDATE chat_messages SET deleted = 1 WHERE id = ?1", false);
    q.bind(1, id).run();
    found = w.connection()->changes() > 0;
    Statement r(w.connection(), "UPDATE chat_reports SET resolved = 1 WHERE message_id = ?1", false);
    r.bind(1, id).run();
  });
  if (!error.empty()) throw StoreError(error);
  return found;
}

bool ChatStore::set_banned(const std::string& name, bool banned) {
  bool found = false;
  std::string key = name_key(name);
  std::string error = store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "UPDATE users SET banned = ?2 WHERE name_key = ?1 AND engine = 0", false);
    q.bind(1, key).bind(2, static_cast<std::int64_t>(banned)).run();
    found = w.connection()->changes() > 0;
    if (found && banned) {
      Statement s(w.connection(), "DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE name_key = ?1)",
                  false);
      s.bind(1, key).run();
    }
  });
  if (!error.empty()) throw StoreError(error);
  return found;
}

void ChatStore::forget_user(Database* db, std::int64_t user) {
  for (const char* sql : {"DELETE FROM chat_reports WHERE reporter = ?1 OR message_id IN (SELECT id FROM chat_messages "
                          "WHERE user_id = ?1)",
                          "DELETE FROM chat_messages WHERE user_id = ?1"}) {
    Statement q(db, sql, false);
    q.bind(1, user).run();
  }
}

}  // namespace dvonn::server
