// A few threads for slow blocking work that must not hold up the network
// threads (password hashing, account writes that wait for their commit).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace dvonn::server {

class TaskPool {
 public:
  explicit TaskPool(int threads);
  // Runs what is queued, then joins.
  ~TaskPool();
  TaskPool(const TaskPool&) = delete;
  TaskPool& operator=(const TaskPool&) = delete;

  void post(std::function<void()> task);

 private:
  void run();
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
