// The password-hashing work (Argon2: tens of milliseconds and 64 MiB each)
// on its own threads, in two lanes so that a flood of sign-ups cannot hold
// up log-ins: a worker always takes a waiting log-in (or guest) before a
// sign-up, and each lane holds a bounded number of waiting tasks (post
// refuses beyond: the caller answers 503 with Retry-After). Without the
// bound, 120 sign-ups made a log-in wait 10 s.
//
// Within a lane the client addresses take turns, and one address has at
// most a quarter of the lane waiting: so one address's burst of attempts
// (within its rate limits) delays another address's log-in by at most one
// hash per other waiting address, and cannot fill the lane for everyone.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/base/turn_queue.hpp"

namespace dvonn::server {

class AuthQueue {
 public:
  enum class Lane { Login, Signup };

  AuthQueue(int threads, std::size_t login_limit, std::size_t signup_limit);
  // Runs what is queued, then joins.
  ~AuthQueue();
  AuthQueue(const AuthQueue&) = delete;
  AuthQueue& operator=(const AuthQueue&) = delete;

  // Queues a task of a client's address; false (and the task dropped) when
  // its lane, or the address's share of it, is full.
  bool post(Lane lane, const std::string& address, std::function<void()> task);
  // Whether post would refuse now (a hint: another thread may post first).
  bool full(Lane lane, const std::string& address) const;
  // Tasks waiting (not running) in both lanes.
  std::size_t waiting() const;

 private:
  using Tasks = TurnQueue<std::function<void()>>;
  void run();
  bool full_locked(Lane lane, const std::string& address) const;
  Tasks& lane(Lane l) { return l == Lane::Login ? logins_ : signups_; }

  std::size_t login_limit_;
  std::size_t signup_limit_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  Tasks logins_;
  Tasks signups_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
