// The queues that take clients in turn: TurnQueue itself, and the password
// hashing queue built on it (one address's burst cannot hold up or lock out
// another address's log-in).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "server/accounts/auth_queue.hpp"
#include "server/base/turn_queue.hpp"

namespace dvonn::server::testing {
namespace {

TEST(TurnQueue, ServesKeysInTurnEachInItsOwnOrder) {
  TurnQueue<std::string> q;
  for (int i = 1; i <= 3; ++i) q.push("a", "a" + std::to_string(i));
  q.push("b", "b1");
  q.push("c", "c1");
  q.push("b", "b2");
  EXPECT_EQ(q.size(), 6u);
  EXPECT_EQ(q.size("a"), 3u);
  EXPECT_EQ(q.keys(), 3u);
  std::vector<std::string> order;
  while (!q.empty()) order.push_back(q.pop());
  EXPECT_EQ(order, (std::vector<std::string>{"a1", "b1", "c1", "a2", "b2", "a3"}));
  EXPECT_EQ(q.size("a"), 0u);
  EXPECT_EQ(q.keys(), 0u);
}

// An AuthQueue with one thread, held by a first task until release().
class HeldAuthQueue {
 public:
  HeldAuthQueue(std::size_t login_limit, std::size_t signup_limit) : queue_(1, login_limit, signup_limit) {
    queue_.post(AuthQueue::Lane::Login, "gate", [this] {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [this] { return released_; });
    });
    // The gate task is running (not waiting) once the queue is empty.
    for (int i = 0; i < 500 && queue_.waiting() > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ~HeldAuthQueue() { release(); }
  void release() {
    {
      std::lock_guard lock(mutex_);
      released_ = true;
    }
    cv_.notify_all();
  }
  // Queues a task that notes its name when it runs.
  bool post(AuthQueue::Lane lane, const std::string& address, const std::string& name) {
    return queue_.post(lane, address, [this, name] {
      std::lock_guard lock(mutex_);
      ran_.push_back(name);
    });
  }
  std::vector<std::string> ran() {
    std::lock_guard lock(mutex_);
    return ran_;
  }
  AuthQueue& queue() { return queue_; }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool released_ = false;
  std::vector<std::string> ran_;
  // Last, so destroyed first: its destructor runs what is still queued,
  // and those tasks write to the members above.
  AuthQueue queue_;
};

TEST(AuthQueue, AddressesTakeTurnsSoABurstDelaysOthersByOneHashEach) {
  std::vector<std::string> ran;
  {
    HeldAuthQueue q(64, 8);
    ASSERT_EQ(q.queue().waiting(), 0u);
    // Address A's 12 log-ins (within its quarter of 64), then one of B and C.
    for (int i = 1; i <= 12; ++i) ASSERT_TRUE(q.post(AuthQueue::Lane::Login, "A", "a" + std::to_string(i)));
    ASSERT_TRUE(q.post(AuthQueue::Lane::Login, "B", "b"));
    ASSERT_TRUE(q.post(AuthQueue::Lane::Signup, "C", "c-signup"));
    ASSERT_TRUE(q.post(AuthQueue::Lane::Login, "C", "c"));
    q.release();
    for (int i = 0; i < 1000 && q.ran().size() < 15; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ran = q.ran();
  }
  ASSERT_EQ(ran.size(), 15u);
  // B waited for one hash of A's, C for one of A's and B's: not for 12.
  EXPECT_EQ((std::vector<std::string>(ran.begin(), ran.begin() + 4)), (std::vector<std::string>{"a1", "b", "c", "a2"}));
  // Log-ins before sign-ups.
  EXPECT_EQ(ran.back(), "c-signup");
}

TEST(AuthQueue, OneAddressCannotFillALaneForEveryone) {
  HeldAuthQueue q(16, 8);
  // A quarter of the log-in lane per address: 4 of 16.
  int accepted = 0;
  for (int i = 0; i < 10; ++i) accepted += q.post(AuthQueue::Lane::Login, "flood", "f");
  EXPECT_EQ(accepted, 4);
  EXPECT_TRUE(q.queue().full(AuthQueue::Lane::Login, "flood"));
  EXPECT_FALSE(q.queue().full(AuthQueue::Lane::Login, "someone"));
  EXPECT_TRUE(q.post(AuthQueue::Lane::Login, "someone", "s"));
  // Three more addresses fill the lane; then nobody gets in until it drains.
  for (const char* address : {"x", "y", "z"})
    for (int i = 0; i < 4; ++i) q.post(AuthQueue::Lane::Login, address, address);
  EXPECT_EQ(q.queue().waiting(), 16u);
  EXPECT_FALSE(q.post(AuthQueue::Lane::Login, "late", "l"));
  // The sign-up lane is its own: 2 of 8 per address.
  EXPECT_TRUE(q.post(AuthQueue::Lane::Signup, "flood", "s1"));
  EXPECT_TRUE(q.post(AuthQueue::Lane::Signup, "flood", "s2"));
  EXPECT_FALSE(q.post(AuthQueue::Lane::Signup, "flood", "s3"));
}

}  // namespace
}  // namespace dvonn::server::testing
