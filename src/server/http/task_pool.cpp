#include "server/http/task_pool.hpp"

#include <iostream>

namespace dvonn::server {

TaskPool::TaskPool(int threads, std::size_t max_waiting) : max_waiting_(max_waiting) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

TaskPool::~TaskPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_) t.join();
}

bool TaskPool::post(std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (max_waiting_ != 0 && tasks_.size() >= max_waiting_) return false;
    tasks_.push_back(std::move(task));
  }
  cv_.notify_one();
  return true;
}

std::size_t TaskPool::waiting() const {
  std::lock_guard lock(mutex_);
  return tasks_.size();
}

void TaskPool::run() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    // An exception leaving this thread would end the process.
    try {
      task();
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: task: " << e.what() << "\n";
    }
  }
}

}  // namespace dvonn::server
