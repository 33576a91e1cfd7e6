// The server's timer for game clocks: each running clock registers when its
// side to move runs out of time; a thread calls the game back at that
// moment (and re-checks every registered game at least every `tick`, which
// also serves as the correspondence sweep), so a game ends on time even if
// nobody is connected to it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "server/base/now_ms.hpp"

namespace dvonn::server {

class ClockWatcher {
 public:
  // now_ms: the clock deadlines are measured on (injectable for tests).
  ClockWatcher(NowMs now_ms, std::chrono::milliseconds tick);
  ~ClockWatcher();
  ClockWatcher(const ClockWatcher&) = delete;
  ClockWatcher& operator=(const ClockWatcher&) = delete;

  // Calls due() (on the watcher's thread) once now_ms() >= deadline_ms;
  // replaces an earlier registration of the same id.
  void watch(const std::string& id, std::int64_t deadline_ms, std::function<void()> due);
  void unwatch(const std::string& id);
  void stop();

 private:
  void run();
  struct Entry {
    std::int64_t deadline;
    std::function<void()> due;
  };
  NowMs now_ms_;
  std::chrono::milliseconds tick_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::map<std::string, Entry> entries_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace dvonn::server
