#include "server/chat/chat_hub.hpp"

namespace dvonn::server {

void ChatHub::add(const std::string& game_id, const std::shared_ptr<Subscriber>& connection, std::int64_t user) {
  std::lock_guard lock(mutex_);
  // Drop the closed connections of every game now and then (here), so the
  // map does not grow with games nobody watches any more.
  for (auto it = games_.begin(); it != games_.end();) {
    std::erase_if(it->second, [](const Entry& e) { return e.connection.expired(); });
    it = it->second.empty() ? games_.erase(it) : std::next(it);
  }
  games_[game_id].push_back({connection, user});
}

std::vector<ChatListener> ChatHub::listeners(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  std::vector<ChatListener> out;
  auto it = games_.find(game_id);
  if (it == games_.end()) return out;
  for (const Entry& e : it->second)
    if (auto c = e.connection.lock()) out.push_back({std::move(c), e.user});
  return out;
}

}  // namespace dvonn::server
