// What a room answers a request with, and who is asking (the seats a token
// controls).
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace dvonn::server {

// Which seats a token controls.
enum class Role { Spectator, White, Black, Both };

// The answer to a request; status is an HTTP status (200 = done).
struct RoomReply {
  int status = 200;
  std::string error;
  std::shared_ptr<const std::string> state;  // the state JSON after the change
  std::string seat;                          // join: the seat taken
  std::string token;                         // join: its token
  nlohmann::json hint;                       // hint: move, score, exact, pv
  // A 409 for a change that lost to another server's change of the game:
  // nothing of it was written and the room has taken over the stored game,
  // so the same request may be checked again against that (many servers
  // on one database: game_room_stale.cpp).
  bool stale = false;
};
using Reply = std::function<void(const RoomReply&)>;

// A request refused with an HTTP status and a message for the client.
inline RoomReply refusal(int status, std::string message) {
  RoomReply r;
  r.status = status;
  r.error = std::move(message);
  return r;
}

}  // namespace dvonn::server
