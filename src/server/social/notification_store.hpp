// A user's notifications: a challenge received, your move in a
// correspondence game, a rematch offered, a friend started a game. Rows in
// the game database (table notifications), newest first; writes through the
// GameStore's writer, committed before the call returns.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/store/game_store.hpp"

namespace dvonn::server {

struct Notification {
  std::int64_t id = 0;
  std::int64_t user = 0;
  std::string kind;     // challenge, your-move, rematch, friend-started
  nlohmann::json data;  // what the kind says (a challenge, a game and who)
  std::int64_t created_ms = 0;
  bool read = false;
};

// NOTIFICATION as the API shows it: id, kind, data, created_ms, read.
nlohmann::json notification_json(const Notification& n);

class NotificationStore {
 public:
  explicit NotificationStore(GameStore& store) : store_(store) {}

  // Stores a notification (n.id is set); the storage error, "" on success.
  std::string add(Notification& n);
  // A user's notifications, newest first, with ids below `before` (0: from
  // the newest).
  std::vector<Notification> page(std::int64_t user, std::int64_t before, std::size_t limit);
  std::int64_t unread(std::int64_t user);
  // Whether the user has an unread notification of `kind` about a game.
  bool has_unread(std::int64_t user, const std::string& kind, const std::string& game);
  // Marks the user's notifications with these ids (all of them: `all`) read.
  std::string mark_read(std::int64_t user, const std::vector<std::int64_t>& ids, bool all);
  // Removes a user's notifications (a deleted account), in the caller's
  // transaction.
  static void forget_user(Database* db, std::int64_t user);

 private:
  GameStore& store_;
};

}  // namespace dvonn::server
