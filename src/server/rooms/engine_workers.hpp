// A small pool of threads that run engine searches (engine moves and hints),
// so a search never holds up the network threads or other games.
//
// Fairness: each search is charged to a client (its address) and, when the
// seat belongs to a signed-in player or guest, to that account too. Clients
// take turns (round robin), so one client's many games or hints wait behind
// each other, not in front of everyone else's. Bounds on the searches
// queued or running: per address, per account (smaller, so one person
// behind a shared address, a school or an office, cannot take all of that
// address's share) and, for hints, one per game.
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
#include "server/base/turn_queue.hpp"
#include "server/base/user.hpp"

namespace dvonn::server {

// Who pays for a search: the address that asked and, if any, the account
// of the seat ("" for an anonymous seat: only the address bound applies).
struct EngineCharge {
  std::string address;
  std::string account;
  EngineCharge(std::string address_ = "", std::string account_ = "")
      : address(std::move(address_)), account(std::move(account_)) {}
  EngineCharge(const char* address_) : address(address_) {}
  // The charge of a seat's player asking from an address: an anonymous
  // seat (no player, or id 0) and the engine's own seat name no account.
  static EngineCharge of(std::string address, const User* player) {
    if (!player || player->id == 0 || player->engine) return {std::move(address)};
    return {std::move(address), "user:" + std::to_string(player->id)};
  }
};

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
  // per_client: searches one address may have queued or running at once;
  // per_account: the same for one account.
  EngineWorkers(int threads, std::size_t hash_megabytes, std::size_t per_client = 16, std::size_t per_account = 4);
  ~EngineWorkers();
  EngineWorkers(const EngineWorkers&) = delete;
  EngineWorkers& operator=(const EngineWorkers&) = delete;

  // Queues an engine seat's move for `client`: played at `level` (its
  // depth, random moves and clock share included) in at most `seconds`.
  // Always queued (the move that asks for it is already committed): a
  // caller checks busy() before accepting such a move. may_run (if set) is
  // asked on the worker thread before the search, and may wait for the
  // database: false skips the search (another node computes the move).
  void submit_move(const Position& position, int level, double seconds, MoveDone done, const EngineCharge& charge = {},
                   std::function<bool()> may_run = nullptr);
  // Queues a full-strength analysis of position for about `seconds` (hints)
  // for a game; returns why not ("" when queued): the game has a hint on
  // its way, or the address or account has its share of searches queued.
  std::string submit_hint(const Position& position, double seconds, HintDone done, const EngineCharge& charge = {},
                          const std::string& game = "");
  // Why the address or account may not queue another search ("" if it
  // may): it has as many queued or running as allowed.
  std::string busy(const EngineCharge& charge) const;
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
    EngineCharge charge;
    std::string game;               // hints: the game whose hint it is
    std::function<bool()> may_run;  // moves: asked before the search
  };
  std::string busy_locked(const EngineCharge& charge) const;
  void push_locked(Job job);
  void run();
  void finished(const Job& job);

  std::size_t hash_megabytes_;
  const int thread_count_;
  const std::size_t per_client_;
  const std::size_t per_account_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  // Queued searches by client, and the clients in the order of their turns.
  TurnQueue<Job> queue_;                             // by address, in turn
  std::map<std::string, std::size_t> load_;          // queued + running, by address
  std::map<std::string, std::size_t> account_load_;  // the same, by account
  std::set<std::string> hinting_;                    // games with a hint queued or running
  bool stopping_ = false;
  std::atomic<bool> abort_{false};
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
