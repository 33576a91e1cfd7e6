#include "server/accounts/auth_queue.hpp"

#include <algorithm>
#include <iostream>

namespace dvonn::server {

AuthQueue::AuthQueue(int threads, std::size_t login_limit, std::size_t signup_limit)
    : login_limit_(login_limit), signup_limit_(signup_limit) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

AuthQueue::~AuthQueue() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_) t.join();
}

bool AuthQueue::post(Lane l, const std::string& address, std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (full_locked(l, address)) return false;
    lane(l).push(address, std::move(task));
  }
  cv_.notify_one();
  return true;
}

bool AuthQueue::full(Lane l, const std::string& address) const {
  std::lock_guard lock(mutex_);
  return full_locked(l, address);
}

bool AuthQueue::full_locked(Lane l, const std::string& address) const {
  const Tasks& q = l == Lane::Login ? logins_ : signups_;
  const std::size_t limit = l == Lane::Login ? login_limit_ : signup_limit_;
  const std::size_t per_address = std::max<std::size_t>(1, limit / 4);
  return q.size() >= limit || q.size(address) >= per_address;
}

std::size_t AuthQueue::waiting() const {
  std::lock_guard lock(mutex_);
  return logins_.size() + signups_.size();
}

void AuthQueue::run() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [this] { return stopping_ || !logins_.empty() || !signups_.empty(); });
      auto& q = !logins_.empty() ? logins_ : signups_;
      if (q.empty()) return;  // stopping, and nothing left
      task = q.pop();
    }
    // An exception leaving this thread would end the process.
    try {
      task();
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: account task: " << e.what() << "\n";
    }
  }
}

}  // namespace dvonn::server
