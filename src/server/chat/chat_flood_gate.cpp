#include "server/chat/chat_flood_gate.hpp"

namespace dvonn::server {

bool ChatFloodGate::allow(std::int64_t user, std::int64_t now) {
  std::lock_guard lock(mutex_);
  // Forget the users whose window has passed, so the map stays small.
  for (auto it = sent_.begin(); it != sent_.end();) {
    while (!it->second.empty() && it->second.front() <= now - kChatWindowMs) it->second.pop_front();
    it = it->second.empty() ? sent_.erase(it) : std::next(it);
  }
  auto& times = sent_[user];
  if (times.size() >= kChatBurst) return false;
  times.push_back(now);
  return true;
}

void ChatFloodGate::refund(std::int64_t user) {
  std::lock_guard lock(mutex_);
  auto it = sent_.find(user);
  if (it == sent_.end() || it->second.empty()) return;
  it->second.pop_back();
  if (it->second.empty()) sent_.erase(it);
}

}  // namespace dvonn::server
