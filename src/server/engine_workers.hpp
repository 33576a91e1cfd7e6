// A small pool of threads that run engine searches (engine moves and hints),
// so a search never holds up the network threads or other games.
//
// Fairness: each search is charged to a client (its address). Clients take
// turns (round robin), so one client's many games or hints wait behind each
// other, not in front of everyone else's; each client has a bound on its
// queued searches, and each game on its hints.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
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
  // per_client: searches one client may have queued or running at once.
  EngineWorkers(int threads, std::size_t hash_megabytes, std::size_t per_client = 16);
  ~EngineWorkers();
  EngineWorkers(const EngineWorkers&) = delete;
  EngineWorkers& operator=(const EngineWorkers&) = delete;

  // Queues an engine seat's move for `client`: played at `level` (its
  // depth, random moves and clock share included) in at most `seconds`.
  // Always queued (the move that asks for it is already committed): a
  // caller checks busy() before accepting such a move.
  void submit_move(const Position& position, int level, double seconds, MoveDone done, const std::string& client = "");
  // Queues a full-strength analysis of position for about `seconds` (hints)
  // for a game; returns why not ("" when queued): the game has a hint on
  // its way, or the client has its share of searches queued.
  std::string submit_hint(const Position& position, double seconds, HintDone done, const std::string& client = "",
                          const std::string& game = "");
  // Whether a client has as many searches queued or running as allowed.
  bool busy(const std::string& client) const;
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
    std::string client;
    std::string game;  // hints: the game whose hint it is
  };
  void push_locked(Job job);
  void run();
  void finished(const Job& job);

  std::size_t hash_megabytes_;
  const int thread_count_;
  const std::size_t per_client_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  // Queued searches by client, and the clients in the order of their turns.
  std::map<std::string, std::deque<Job>> queues_;
  std::deque<std::string> turns_;
  std::size_t queued_ = 0;
  std::map<std::string, std::size_t> load_;  // queued + running, by client
  std::set<std::string> hinting_;            // games with a hint queued or running
  bool stopping_ = false;
  std::atomic<bool> abort_{false};
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
