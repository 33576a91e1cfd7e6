// The open WebSockets, so that when the server runs out of file descriptors
// it can close the ones idle the longest (a WebSocket may stay open for
// hours; a new visitor's page should not wait for it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace dvonn::server {

class Sheddable {
 public:
  virtual ~Sheddable() = default;
  // Steady-clock milliseconds of the last message received.
  virtual std::int64_t last_active_ms() const = 0;
  // Closes the connection (from any thread).
  virtual void shed() = 0;
};

class IdleSockets {
 public:
  void add(const std::weak_ptr<Sheddable>& socket);
  // Closes up to n of the sockets idle the longest; returns how many.
  std::size_t shed(std::size_t n);
  std::size_t size();

 private:
  void sweep_locked();
  std::mutex mutex_;
  std::vector<std::weak_ptr<Sheddable>> sockets_;
  std::size_t swept_at_ = 16;  // sweep the closed ones when twice as many
};

// Steady-clock milliseconds, for last_active_ms.
std::int64_t steady_now_ms();

}  // namespace dvonn::server
