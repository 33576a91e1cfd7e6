#include "server/http/idle_sockets.hpp"

#include <algorithm>
#include <chrono>

namespace dvonn::server {

std::int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void IdleSockets::add(const std::weak_ptr<Sheddable>& socket) {
  std::lock_guard lock(mutex_);
  sockets_.push_back(socket);
  if (sockets_.size() >= 2 * swept_at_) sweep_locked();
}

void IdleSockets::sweep_locked() {
  std::erase_if(sockets_, [](const auto& w) { return w.expired(); });
  swept_at_ = std::max<std::size_t>(16, sockets_.size());
}

std::size_t IdleSockets::shed(std::size_t n) {
  std::vector<std::pair<std::int64_t, std::shared_ptr<Sheddable>>> live;
  {
    std::lock_guard lock(mutex_);
    sweep_locked();
    for (const auto& w : sockets_)
      if (auto s = w.lock()) live.emplace_back(s->last_active_ms(), std::move(s));
  }
  n = std::min(n, live.size());
  std::partial_sort(live.begin(), live.begin() + static_cast<long>(n), live.end(),
                    [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < n; ++i) live[i].second->shed();
  return n;
}

std::size_t IdleSockets::size() {
  std::lock_guard lock(mutex_);
  sweep_locked();
  return sockets_.size();
}

}  // namespace dvonn::server
