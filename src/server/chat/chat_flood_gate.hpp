// How often one user may speak in chat: at most kChatBurst messages in any
// kChatWindowMs, over all games (a flood would reach the other player and
// every spectator). In memory: a restart forgets it, which is harmless.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>

namespace dvonn::server {

inline constexpr std::size_t kChatBurst = 5;
inline constexpr std::int64_t kChatWindowMs = 10'000;

class ChatFloodGate {
 public:
  // Counts a message of `user` at `now` and says whether it may go out
  // (false: over the limit, nothing counted). Thread-safe.
  bool allow(std::int64_t user, std::int64_t now);
  // Takes back a counted message that was refused later (stored nowhere).
  void refund(std::int64_t user);

 private:
  std::mutex mutex_;
  std::map<std::int64_t, std::deque<std::int64_t>> sent_;  // times in the window
};

}  // namespace dvonn::server
