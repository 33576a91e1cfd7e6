#include "server/http/rate_limiter.hpp"

#include <algorithm>

namespace dvonn::server {

bool TokenBucket::take(Clock::time_point now) {
  double elapsed = std::chrono::duration<double>(now - last_).count();
  if (elapsed > 0) {
    tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
    last_ = now;
  }
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

bool AddressRateLimiter::allow(const std::string& address, Clock::time_point now) {
  if (rate_ <= 0) return true;
  if (shared_)
    if (auto allowed = shared_(name_ + "\n" + address, rate_, burst_)) return *allowed;
  std::lock_guard lock(mutex_);
  // Forget addresses quiet long enough for their bucket to be full again, so
  // the table cannot grow without bound.
  double refill_seconds = burst_ / rate_;
  if (now - last_sweep_ > std::chrono::duration<double>(std::max(refill_seconds, 60.0))) {
    last_sweep_ = now;
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      TokenBucket probe = it->second;
      // A bucket that could take `burst` events right now is as good as new.
      bool full = true;
      for (int i = 0; i < static_cast<int>(burst_) && full; ++i) full = probe.take(now);
      it = full ? buckets_.erase(it) : std::next(it);
    }
  }
  auto it = buckets_.try_emplace(address, rate_, burst_).first;
  return it->second.take(now);
}

std::size_t AddressRateLimiter::tracked() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

}  // namespace dvonn::server
