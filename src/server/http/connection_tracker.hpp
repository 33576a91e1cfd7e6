// What a graceful stop (SIGTERM) waits for: the HTTP requests read but not
// yet answered (a move waiting for its commit), and the open WebSockets,
// which are told to close with 1001 "going away". While draining, new
// requests are refused with 503 and connections are not kept alive.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace dvonn::server {

// A connection that can be asked to end (from any thread).
class Drainable {
 public:
  virtual ~Drainable() = default;
  virtual void going_away() = 0;
};

class ConnectionTracker {
 public:
  // Counts a request in flight while it lives; it may outlive the tracker
  // (a session in the I/O context's queue when the server is destroyed).
  class Request {
   public:
    explicit Request(ConnectionTracker& t) : count_(t.requests_) {
      ++*count_;
      t.last_start_ = std::chrono::steady_clock::now().time_since_epoch().count();
    }
    ~Request() { --*count_; }
    Request(const Request&) = delete;
    Request& operator=(const Request&) = delete;

   private:
    std::shared_ptr<std::atomic<std::size_t>> count_;
  };

  void add_websocket(const std::shared_ptr<Drainable>& ws);
  std::size_t websockets() const;
  std::size_t requests_in_flight() const { return requests_->load(); }
  bool draining() const { return draining_.load(); }

  // Stops taking requests, lets those in flight be answered (at most
  // `requests` long) until none has come for a moment (a client that got
  // its answer and sends again gets a 503, not a reset connection), asks
  // every WebSocket to close and waits for them (at most `websockets`
  // more). Returns whether everything finished in time.
  bool drain(std::chrono::milliseconds requests, std::chrono::milliseconds websockets);

 private:
  std::shared_ptr<std::atomic<std::size_t>> requests_ = std::make_shared<std::atomic<std::size_t>>(0);
  std::atomic<bool> draining_{false};
  std::atomic<std::chrono::steady_clock::rep> last_start_{0};
  mutable std::mutex mutex_;
  std::vector<std::weak_ptr<Drainable>> websockets_;
};

}  // namespace dvonn::server
