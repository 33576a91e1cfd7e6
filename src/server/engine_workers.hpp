// A small pool of threads that run engine searches (engine moves and hints),
// so a search never holds up the network threads or other games.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "core/position.hpp"
#include "engine/engine.hpp"

namespace dvonn::server {

class EngineWorkers {
 public:
  // Called on a worker thread with the finished work.
  using MoveDone = std::function<void(const engine::PlayReport&)>;
  using HintDone = std::function<void(const engine::SearchReport&)>;

  // The workers run at a lower scheduling priority than the network threads
  // (nice +10): on a small machine searches then take the idle time and the
  // network keeps its latency.
  // With 0 threads searches are queued and never run (tests use this to
  // stop a game exactly where the engine is to move).
  EngineWorkers(int threads, std::size_t hash_megabytes);
  ~EngineWorkers();
  EngineWorkers(const EngineWorkers&) = delete;
  EngineWorkers& operator=(const EngineWorkers&) = delete;

  // Queues an engine seat's move: played at `level` (its depth, random
  // moves and clock share included) in at most `seconds`.
  void submit_move(const Position& position, int level, double seconds, MoveDone done);
  // Queues a full-strength analysis of position for about `seconds` (hints).
  void submit_hint(const Position& position, double seconds, HintDone done);
  // Ends running searches early, drops queued ones and joins the threads;
  // later submits are ignored. Idempotent.
  void stop();

  std::size_t queued() const;

 private:
  struct Job {
    Position position;
    int level;  // of a move; 0 for a hint
    double seconds;
    MoveDone move_done;
    HintDone hint_done;
  };
  void push(Job job);
  void run();

  std::size_t hash_megabytes_;
  const int thread_count_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::atomic<bool> abort_{false};
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
