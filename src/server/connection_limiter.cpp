#include "server/connection_limiter.hpp"

namespace dvonn::server {

std::shared_ptr<void> ConnectionLimiter::admit(const std::string& address) {
  {
    std::lock_guard lock(mutex_);
    std::size_t& n = open_[address];
    if (max_ != 0 && n >= max_) {
      if (n == 0) open_.erase(address);
      return nullptr;
    }
    ++n;
  }
  // The deleter gives the place back; the pointer itself is never used.
  return std::shared_ptr<void>(this, [address](ConnectionLimiter* self) {
    std::lock_guard lock(self->mutex_);
    if (auto it = self->open_.find(address); it != self->open_.end() && --it->second == 0) self->open_.erase(it);
  });
}

std::size_t ConnectionLimiter::open(const std::string& address) const {
  std::lock_guard lock(mutex_);
  auto it = open_.find(address);
  return it == open_.end() ? 0 : it->second;
}

}  // namespace dvonn::server
