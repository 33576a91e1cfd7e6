#include "server/social/notifier.hpp"

#include <iostream>

namespace dvonn::server {

std::optional<Notification> Notifier::notify(std::int64_t user, const std::string& kind, nlohmann::json data,
                                             std::int64_t about) {
  if (user == 0 || (about != 0 && relations_.blocked_either(user, about))) return std::nullopt;
  Notification n;
  n.user = user;
  n.kind = kind;
  n.data = std::move(data);
  n.created_ms = now_ms_();
  if (std::string error = store_.add(n); !error.empty()) {
    std::cerr << "dvonn serve: a notification could not be saved: " << error << "\n";
    return std::nullopt;
  }
  users_.send(user, {{"type", "notification"}, {"notification", notification_json(n)}});
  return n;
}

void Notifier::game_changed(const RoomChange& change) {
  using community::ClockKind;
  if (change.started_now) {
    // Followers of either player hear that a friend started (once each).
    for (const User* player : {&change.white, &change.black}) {
      const User& opponent = player == &change.white ? change.black : change.white;
      for (std::int64_t follower : relations_.followers(player->id)) {
        if (follower == opponent.id) continue;
        if (relations_.blocked_either(follower, opponent.id)) continue;
        notify(follower, "friend-started",
               {{"game", change.id}, {"player", player_json(*player)}, {"opponent", player_json(opponent)}},
               player->id);
      }
    }
    return;
  }
  // Real-time games are played at the board: the turn bar says whose move.
  if (change.to_move == 0 || change.moves == 0 || change.clock.kind == ClockKind::RealTime) return;
  const User& mover = change.to_move == change.white.id ? change.black : change.white;
  // One unread "your move" per game is enough.
  if (store_.has_unread(change.to_move, "your-move", change.id)) return;
  notify(change.to_move, "your-move", {{"game", change.id}, {"opponent", player_json(mover)}}, mover.id);
}

}  // namespace dvonn::server
