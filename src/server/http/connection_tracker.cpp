#include "server/http/connection_tracker.hpp"

#include <thread>

namespace dvonn::server {

void ConnectionTracker::add_websocket(const std::shared_ptr<Drainable>& ws) {
  std::lock_guard lock(mutex_);
  std::erase_if(websockets_, [](const auto& w) { return w.expired(); });
  websockets_.push_back(ws);
}

std::size_t ConnectionTracker::websockets() const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& w : websockets_) n += !w.expired();
  return n;
}

bool ConnectionTracker::drain(std::chrono::milliseconds requests, std::chrono::milliseconds websockets) {
  using Clock = std::chrono::steady_clock;
  draining_ = true;
  // Polled: a stop happens once, and the waits are short.
  auto wait_until = [](Clock::time_point deadline, auto done) {
    while (!done()) {
      if (Clock::now() >= deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
  };
  constexpr auto kQuiet = std::chrono::milliseconds(25);
  bool answered = wait_until(Clock::now() + requests, [this, kQuiet] {
    auto last = Clock::time_point(Clock::duration(last_start_.load()));
    return requests_in_flight() == 0 && Clock::now() - last >= kQuiet;
  });
  std::vector<std::shared_ptr<Drainable>> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& w : websockets_)
      if (auto s = w.lock()) open.push_back(std::move(s));
  }
  for (const auto& s : open) s->going_away();
  open.clear();  // the sessions end when their close is done
  bool closed = wait_until(Clock::now() + websockets, [this] { return this->websockets() == 0; });
  return answered && closed;
}

}  // namespace dvonn::server
