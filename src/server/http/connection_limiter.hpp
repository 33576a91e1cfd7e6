// Open connections per client address: one address may hold at most a set
// number of sockets (HTTP and WebSocket alike), so a single client cannot
// use up the server's file descriptors.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace dvonn::server {

class ConnectionLimiter {
 public:
  // max_per_address 0: no bound.
  explicit ConnectionLimiter(std::size_t max_per_address) : max_(max_per_address) {}

  // A ticket for a new connection from address, held as long as the
  // connection lives (its last copy gives the place back); null when the
  // address has its share open already. Tickets may outlive the limiter
  // (connections still queued when the server is destroyed).
  std::shared_ptr<void> admit(const std::string& address);
  std::size_t open(const std::string& address) const;

 private:
  struct Counts {
    std::mutex mutex;
    std::unordered_map<std::string, std::size_t> open;
  };
  const std::size_t max_;
  std::shared_ptr<Counts> counts_ = std::make_shared<Counts>();
};

}  // namespace dvonn::server
