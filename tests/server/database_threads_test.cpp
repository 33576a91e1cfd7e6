// Database reads run on their own bounded pool of threads, not on the
// network threads: a read that is held up does not hold up requests that
// need no database, and beyond the pool's queue a request gets 503 with
// Retry-After.
#include <gtest/gtest.h>

#include <condition_variable>
#include <future>
#include <mutex>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

// Database reads held up (at the start of every read) until opened.
struct Gate {
  std::mutex mutex;
  std::condition_variable cv;
  bool closed = false;
  int waiting = 0;  // reads held up now

  void pass() {
    std::unique_lock lock(mutex);
    if (!closed) return;
    ++waiting;
    cv.notify_all();
    cv.wait(lock, [this] { return !closed; });
    --waiting;
  }
  void close() {
    std::lock_guard lock(mutex);
    closed = true;
  }
  void open() {
    {
      std::lock_guard lock(mutex);
      closed = false;
    }
    cv.notify_all();
  }
  // Whether n reads are held up within a generous bound.
  bool wait_for_waiting(int n) {
    std::unique_lock lock(mutex);
    return cv.wait_for(lock, std::chrono::seconds(30), [&] { return waiting >= n; });
  }
};

class HeldReadTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    auto gate = gate_;
    c.read_hook = [gate] { gate->pass(); };
    // The explorer's backfill reads on a thread of its own at nice 19, so
    // under load it may reach the gate after the test closed it and be
    // counted as (or take the read connection of) a request's read.
    c.explorer_backfill = false;
  }
  void TearDown() override {
    gate_->open();  // whatever happened, nothing stays held up
    CommunityTest::TearDown();
  }
  // A GET on a thread of its own. The fixture keeps the last reference, so a
  // failed assertion does not wait here for an answer the gate holds up.
  std::shared_future<HttpResult> get_later(const std::string& target) {
    auto f =
        std::async(std::launch::async, [port = port_, target] { return http_request(port, "GET", target); }).share();
    pending_.push_back(f);
    return f;
  }
  std::shared_ptr<Gate> gate_ = std::make_shared<Gate>();
  std::vector<std::shared_future<HttpResult>> pending_;
};

TEST_F(HeldReadTest, HeldDatabaseReadsDoNotHoldUpRequestsThatNeedNoDatabase) {
  std::string id = create({{"mode", "local"}})["id"];
  gate_->close();
  // More lists than there are network threads (2) or read threads (2).
  std::vector<std::shared_future<HttpResult>> lists;
  for (int i = 0; i < 3; ++i) lists.push_back(get_later("/api/archive"));
  ASSERT_TRUE(gate_->wait_for_waiting(2)) << "the lists' reads did not start";

  // Were the reads on the network threads, both would be held up and these
  // would get no answer until the gate opens.
  auto game = get_later("/api/games/" + id);
  auto page = get_later("/");
  bool game_answered = game.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
  bool page_answered = page.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
  gate_->open();
  EXPECT_TRUE(game_answered) << "a game in memory waited for held database reads";
  EXPECT_TRUE(page_answered) << "a static page waited for held database reads";
  EXPECT_EQ(game.get().status, 200);
  EXPECT_EQ(page.get().status, 200);
  // And the lists are answered once the reads go on.
  for (auto& l : lists) EXPECT_EQ(l.get().status, 200);
}

class FullReadQueueTest : public HeldReadTest {
 protected:
  void configure(ServerConfig& c) override {
    HeldReadTest::configure(c);
    c.db_threads = 1;
    c.db_queue = 1;
  }
  // The requests waiting for a read thread, from /metrics (answered on the
  // network threads).
  int db_queue() {
    auto r = http_request(port_, "GET", "/metrics");
    auto at = r.body.find("\ndvonn_db_queue ");
    return at == std::string::npos ? -1 : std::stoi(r.body.substr(at + 16));
  }
};

TEST_F(FullReadQueueTest, BeyondTheReadQueueARequestGets503WithRetryAfter) {
  gate_->close();
  auto running = get_later("/api/archive");
  ASSERT_TRUE(gate_->wait_for_waiting(1));
  auto queued = get_later("/api/archive");
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (db_queue() < 1 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_EQ(db_queue(), 1);
  auto refused = http_request(port_, "GET", "/api/users/nobody");
  EXPECT_EQ(refused.status, 503) << refused.body;
  EXPECT_FALSE(refused.header("Retry-After").empty());
  EXPECT_NE(refused.body.find("busy"), std::string::npos) << refused.body;
  gate_->open();
  EXPECT_EQ(running.get().status, 200);
  EXPECT_EQ(queued.get().status, 200);
  // Once the reads go on, the same request is answered.
  EXPECT_EQ(http_request(port_, "GET", "/api/users/nobody").status, 404);
}

}  // namespace
}  // namespace dvonn::server::testing
