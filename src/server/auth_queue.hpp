// The password-hashing work (Argon2: tens of milliseconds and 64 MiB each)
// on its own threads, in two lanes so that a flood of sign-ups cannot hold
// up log-ins: a worker always takes a waiting log-in (or guest) before a
// sign-up, and each lane holds a bounded number of waiting tasks (post
// refuses beyond: the caller answers 503 with Retry-After). Without the
// bound, 120 sign-ups made a log-in wait 10 s.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace dvonn::server {

class AuthQueue {
 public:
  enum class Lane { Login, Signup };

  AuthQueue(int threads, std::size_t login_limit, std::size_t signup_limit);
  // Runs what is queued, then joins.
  ~AuthQueue();
  AuthQueue(const AuthQueue&) = delete;
  AuthQueue& operator=(const AuthQueue&) = delete;

  // Queues a task; false (and the task dropped) when its lane is full.
  bool post(Lane lane, std::function<void()> task);
  // Whether post would refuse now (a hint: another thread may post first).
  bool full(Lane lane) const;
  // Tasks waiting (not running) in both lanes.
  std::size_t waiting() const;

 private:
  void run();
  std::deque<std::function<void()>>& lane(Lane l) { return l == Lane::Login ? logins_ : signups_; }

  std::size_t login_limit_;
  std::size_t signup_limit_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> logins_;
  std::deque<std::function<void()>> signups_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
