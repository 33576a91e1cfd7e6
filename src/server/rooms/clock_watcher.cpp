#include "server/rooms/clock_watcher.hpp"

#include <algorithm>
#include <iostream>
#include <vector>

namespace dvonn::server {

ClockWatcher::ClockWatcher(NowMs now_ms, std::chrono::milliseconds tick)
    : now_ms_(now_ms ? std::move(now_ms) : NowMs(system_now_ms)), tick_(tick) {
  thread_ = std::thread([this] { run(); });
}

ClockWatcher::~ClockWatcher() { stop(); }

void ClockWatcher::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void ClockWatcher::watch(const std::string& id, std::int64_t deadline_ms, std::function<void()> due) {
  {
    std::lock_guard lock(mutex_);
    entries_[id] = Entry{deadline_ms, std::move(due)};
  }
  cv_.notify_all();
}

void ClockWatcher::unwatch(const std::string& id) {
  std::lock_guard lock(mutex_);
  entries_.erase(id);
}

void ClockWatcher::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    std::int64_t now = now_ms_();
    std::vector<std::function<void()>> due;
    std::int64_t next = now + tick_.count();
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (it->second.deadline <= now) {
        due.push_back(std::move(it->second.due));
        it = entries_.erase(it);
      } else {
        next = std::min(next, it->second.deadline);
        ++it;
      }
    }
    if (!due.empty()) {
      lock.unlock();
      for (auto& f : due) {
        // An exception leaving this thread would end the process.
        try {
          f();
        } catch (const std::exception& e) {
          std::cerr << "dvonn serve: clock: " << e.what() << "\n";
        }
      }
      lock.lock();
      continue;
    }
    cv_.wait_for(lock, std::chrono::milliseconds(std::max<std::int64_t>(1, next - now)));
  }
}

}  // namespace dvonn::server
