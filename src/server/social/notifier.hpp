// What reaches a person about others: a notification stored (their list in
// the header's bell) and pushed live over /ws/me as {"type":
// "notification", "notification": NOTIFICATION}. Nobody hears about a user
// they block or who blocks them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/accounts/relation_store.hpp"
#include "server/base/now_ms.hpp"
#include "server/base/user_hub.hpp"
#include "server/rooms/game_room.hpp"
#include "server/social/notification_store.hpp"

namespace dvonn::server {

class Notifier {
 public:
  Notifier(NotificationStore& store, RelationStore& relations, UserHub& users, NowMs now_ms)
      : store_(store), relations_(relations), users_(users), now_ms_(std::move(now_ms)) {}

  // Stores a notification of `kind` for `user` and pushes it; `about`: the
  // user it is about (0: none). nullopt when not sent (blocked, or a
  // storage error, logged). Waits for a commit: never on the store's
  // writer thread. (The rematch offers call this with kind "rematch".)
  std::optional<Notification> notify(std::int64_t user, const std::string& kind, nlohmann::json data,
                                     std::int64_t about = 0);
  // After a committed change of an online game (RoomContext::game_changed,
  // posted off the writer thread): "your-move" to the player to move in a
  // correspondence or untimed game, "friend-started" to the players'
  // followers when it started.
  void game_changed(const RoomChange& change);

 private:
  NotificationStore& store_;
  RelationStore& relations_;
  UserHub& users_;
  NowMs now_ms_;
};

}  // namespace dvonn::server
