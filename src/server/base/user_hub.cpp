#include "server/base/user_hub.hpp"

#include <algorithm>

namespace dvonn::server {
namespace {

std::shared_ptr<const std::string> text(const nlohmann::json& message) {
  return std::make_shared<const std::string>(message.dump());
}

}  // namespace

void UserHub::add(std::int64_t user, const std::shared_ptr<Subscriber>& connection) {
  std::lock_guard lock(mutex_);
  auto& list = connections_[user];
  std::erase_if(list, [](const auto& w) { return w.expired(); });
  list.push_back(connection);
  connection->deliver(text({{"type", "presence"},
                            {"online", static_cast<std::int64_t>(connections_.size()) + online_elsewhere_.load()},
                            {"playing", playing_.load()}}));
}

void UserHub::remove(std::int64_t user, const Subscriber* connection) {
  std::vector<Listener> to_call;
  {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(user);
    if (it == connections_.end()) return;
    std::erase_if(it->second, [connection](const auto& w) {
      auto s = w.lock();
      return !s || s.get() == connection;
    });
    if (!it->second.empty()) return;
    connections_.erase(it);
    to_call = offline_listeners_;
  }
  for (const auto& listener : to_call) listener(user);
}

bool UserHub::send(std::int64_t user, const nlohmann::json& message) {
  auto shared = text(message);
  // The person may have tabs on other nodes too.
  if (relay_) relay_(user, *shared);
  return deliver_here(user, *shared);
}

bool UserHub::deliver_here(std::int64_t user, const std::string& message) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(user);
  if (it == connections_.end()) return false;
  auto shared = std::make_shared<const std::string>(message);
  bool sent = false;
  for (const auto& w : it->second)
    if (auto s = w.lock()) {
      s->deliver(shared);
      sent = true;
    }
  return sent;
}

void UserHub::broadcast(const nlohmann::json& message) {
  std::lock_guard lock(mutex_);
  auto shared = text(message);
  for (const auto& [user, list] : connections_)
    for (const auto& w : list)
      if (auto s = w.lock()) s->deliver(shared);
}

bool UserHub::online(std::int64_t user) const {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(user);
  return it != connections_.end() &&
         std::any_of(it->second.begin(), it->second.end(), [](const auto& w) { return !w.expired(); });
}

std::size_t UserHub::online_count() const {
  std::lock_guard lock(mutex_);
  return connections_.size();
}

std::vector<std::int64_t> UserHub::online_users() const {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> ids;
  ids.reserve(connections_.size());
  for (const auto& [user, list] : connections_) ids.push_back(user);
  return ids;
}

void UserHub::on_offline(Listener listener) {
  std::lock_guard lock(mutex_);
  offline_listeners_.push_back(std::move(listener));
}

}  // namespace dvonn::server
