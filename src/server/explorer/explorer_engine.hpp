// The engine's view of an explorer position (GET /api/explorer/engine):
// every legal placement searched with the same small fixed budget (nodes
// and depth, never time: the view of a position is the same on any
// machine), ranked from the mover's view.
//
// Never at the expense of live games: views are computed one at a time on
// one thread at the lowest scheduling priority, which waits between two
// searches while the engine pool has engine moves or hints queued (as game
// reviews do, server/review). Bounded like hints: an address may have
// per_address positions queued or running, a signed-in user (player or
// guest) per_account from any address (429 beyond), the queue holds at
// most max_queued (503 beyond), queued positions are served in turn by
// address. Cached in memory by position (the newest max_cached), so the
// next viewer gets a view at once; asking for a position already queued
// costs nothing.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>

#include "engine/review.hpp"
#include "server/base/turn_queue.hpp"
#include "server/explorer/explorer_query.hpp"
#include "server/rooms/engine_workers.hpp"

namespace dvonn::server {

struct ExplorerEngineLimits {
  engine::ReviewBudget budget{.depth = 4, .nodes = 5000, .hash_megabytes = 8};
  bool run = true;  // false: views are queued and never computed (tests)
  // false: the finished games already stored are not indexed at start
  // (tests that hold every database read up).
  bool backfill = true;
  int nice = 19;
  std::size_t per_address = 2;
  std::size_t per_account = 2;  // the same for one signed-in user, from any address
  std::size_t max_queued = 100;
  std::size_t max_cached = 5000;
};

// An answer: an HTTP status and its JSON body.
struct ExplorerAnswer {
  int status = 200;
  nlohmann::json body;
};

class ExplorerEngine {
 public:
  ExplorerEngine(EngineWorkers& engines, ExplorerEngineLimits limits);
  ~ExplorerEngine();
  ExplorerEngine(const ExplorerEngine&) = delete;
  ExplorerEngine& operator=(const ExplorerEngine&) = delete;

  // Starts the thread; `first` runs on it before any view (the index's
  // backfill, at the same low priority).
  void start(std::function<void()> first = {});
  void stop();

  // 200 {"position", "status": "done", "moves": [EVAL...]} from the cache,
  // else 202 {"position", "status": "queued"} (the view is queued, or
  // already was); 429 / 503 when too many are waiting.
  // user: the caller's account (0: none).
  ExplorerAnswer view(const ExplorerPosition& at, const std::string& address, std::int64_t user);
  // Views computed so far (tests).
  std::uint64_t computed() const { return computed_; }

 private:
  struct Job {
    ExplorerPosition at;
    std::string address;
    std::int64_t user = 0;
  };
  void run();
  // The view of a position; an empty JSON when stopped in the middle.
  nlohmann::json compute(const ExplorerPosition& at);

  EngineWorkers& engines_;
  const ExplorerEngineLimits limits_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  TurnQueue<std::string> queue_;        // positions, in turn by address
  std::map<std::string, Job> pending_;  // queued or running, by position
  std::map<std::string, nlohmann::json> cache_;
  std::deque<std::string> cache_order_;  // oldest first, for eviction
  std::function<void()> first_;
  bool stopping_ = false;
  bool started_ = false;
  std::atomic<bool> abort_{false};
  std::atomic<std::uint64_t> computed_{0};
  std::thread thread_;
};

}  // namespace dvonn::server
