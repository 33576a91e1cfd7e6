// Flood protection: a token bucket per WebSocket connection and one per
// client address for HTTP requests.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace dvonn::server {

using Clock = std::chrono::steady_clock;

// Allows `rate` events a second on average and bursts of up to `burst`.
// Not thread-safe: one owner (a connection) uses it.
class TokenBucket {
 public:
  TokenBucket(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst), last_(Clock::now()) {}
  // Takes one token; false when the bucket is empty (the event is refused).
  bool take(Clock::time_point now = Clock::now());

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

// One bucket per client address, shared by all that address's connections.
// A rate of 0 disables the limit.
class AddressRateLimiter {
 public:
  AddressRateLimiter(double rate, double burst) : rate_(rate), burst_(burst) {}
  bool allow(const std::string& address, Clock::time_point now = Clock::now());
  std::size_t tracked() const;

  // Many nodes: takes a token from a bucket all nodes share instead
  // (shared_rate_bucket.hpp); nullopt when it cannot (the database is
  // unreachable), and then this node's bucket decides.
  using SharedTake = std::function<std::optional<bool>(const std::string& key, double rate, double burst)>;
  // name: the limit's, to tell its keys from other limits'. Set before use.
  void share(std::string name, SharedTake take) {
    name_ = std::move(name);
    shared_ = std::move(take);
  }

 private:
  std::string name_;
  SharedTake shared_;
  double rate_;
  double burst_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> buckets_;
  Clock::time_point last_sweep_ = Clock::now();
};

}  // namespace dvonn::server
