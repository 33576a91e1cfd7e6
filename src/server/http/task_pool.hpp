// A few threads for blocking work that must not hold up the network
// threads: the server's database reads (sessions, lists, profiles, games
// not in memory). Password hashing has its own queue (AuthQueue), which
// takes lanes in turn. The queue may be bounded: post refuses beyond it
// (the caller answers 503 with Retry-After) rather than letting a flood of
// requests queue without end.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace dvonn::server {

class TaskPool {
 public:
  // max_waiting: tasks queued (not yet running) at most; 0: no bound.
  explicit TaskPool(int threads, std::size_t max_waiting = 0);
  // Runs what is queued, then joins.
  ~TaskPool();
  TaskPool(const TaskPool&) = delete;
  TaskPool& operator=(const TaskPool&) = delete;

  // Queues a task; false (and the task dropped) when the queue is full.
  bool post(std::function<void()> task);
  // Tasks waiting (not running).
  std::size_t waiting() const;

 private:
  void run();
  const std::size_t max_waiting_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
