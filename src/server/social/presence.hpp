// The header's "N online · M games in play": players connected to /ws/me
// (UserHub) and online games being played (started, not over, a move in
// the last hour). Pushed to everyone as {"type": "presence", "online",
// "playing"} when either changes, at most once a tick (server.cpp ticks it
// every few seconds, off the network threads).
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>

#include "server/base/now_ms.hpp"
#include "server/base/user_hub.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

class Presence {
 public:
  Presence(GameStore& store, UserHub& users, NowMs now_ms) : store_(store), users_(users), now_ms_(std::move(now_ms)) {}

  // Games in play now (reads the database).
  std::int64_t playing();
  // The id of an unfinished real-time game a user plays now ("" if none):
  // the friends list's "playing".
  std::string playing_game(std::int64_t user);
  // {"online", "playing"} as of now.
  nlohmann::json counts();
  // Broadcasts the counts when they changed since the last broadcast.
  void tick();
  // Many nodes on one database: the players connected to the other live
  // nodes (their heartbeats' counts), added to this node's. Set before
  // serving.
  void count_others(std::function<std::int64_t()> others) { others_ = std::move(others); }

 private:
  GameStore& store_;
  UserHub& users_;
  NowMs now_ms_;
  std::function<std::int64_t()> others_;
  std::mutex mutex_;
  std::int64_t last_online_ = -1, last_playing_ = -1;
};

}  // namespace dvonn::server
