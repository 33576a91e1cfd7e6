#include "server/http/connection_limiter.hpp"

namespace dvonn::server {

std::shared_ptr<void> ConnectionLimiter::admit(const std::string& address) {
  {
    std::lock_guard lock(counts_->mutex);
    std::size_t& n = counts_->open[address];
    if (max_ != 0 && n >= max_) return nullptr;
    ++n;
  }
  // The deleter gives the place back; the pointer itself is never used.
  return std::shared_ptr<void>(counts_.get(), [counts = counts_, address](Counts*) {
    std::lock_guard lock(counts->mutex);
    if (auto it = counts->open.find(address); it != counts->open.end() && --it->second == 0) counts->open.erase(it);
  });
}

std::size_t ConnectionLimiter::open(const std::string& address) const {
  std::lock_guard lock(counts_->mutex);
  auto it = counts_->open.find(address);
  return it == counts_->open.end() ? 0 : it->second;
}

}  // namespace dvonn::server
