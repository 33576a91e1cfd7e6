// Mining finished games for puzzles on the server (docs/community-api.md
// "Puzzles"): every finished game is mined once, in the background.
//
// Never at the expense of live games, as the review jobs: one thread of
// its own at the lowest priority (nice 19, below the engine pool's 10),
// which waits before each position while the engine pool has engine moves
// or hints queued; each position's search is bounded by nodes. Bounded: at
// most `batch` games per round, one round per `interval_ms` or when a game
// ends (wake).
//
// Survives a restart: a game is marked mined only in the transaction that
// commits its puzzles; a mining cut short by a stop leaves it unmarked, to
// be mined again at the next start. Refused when the moves change: the
// game is read again before the commit, and if its moves are not those
// mined, nothing is stored (the next round mines the new moves).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "core/game.hpp"
#include "engine/puzzle_miner.hpp"
#include "server/base/now_ms.hpp"
#include "server/puzzles/puzzle_store.hpp"
#include "server/rooms/engine_workers.hpp"

namespace dvonn::server {

struct PuzzleMiningLimits {
  engine::PuzzleBudget budget{.depth = 6, .nodes = 150'000, .hash_megabytes = 8};
  bool run = true;  // false: no thread (tests call mine_pending)
  int nice = 19;
  int batch = 20;
  int interval_ms = 60'000;
};

class PuzzleMining {
 public:
  PuzzleMining(GameStore& games, PuzzleStore& puzzles, EngineWorkers& engines, PuzzleMiningLimits limits, NowMs now_ms);
  ~PuzzleMining();
  PuzzleMining(const PuzzleMining&) = delete;
  PuzzleMining& operator=(const PuzzleMining&) = delete;

  void start();
  // Stops after the position being searched; the game then stays unmined.
  void stop();
  // A game ended: mine soon.
  void wake();

  // Mines the finished games not mined yet (at most `batch`) on the
  // calling thread; returns how many were marked mined.
  int mine_pending();
  // Tests: called after a game is mined, before its puzzles are committed.
  void set_before_commit(std::function<void(const std::string& game_id)> hook) { before_commit_ = std::move(hook); }

  // The game of a stored game; nullopt when none or when it does not replay.
  static std::optional<Game> stored_game(GameStore& games, const std::string& id);

 private:
  void run();
  bool stopping();

  GameStore& games_;
  PuzzleStore& puzzles_;
  EngineWorkers& engines_;
  const PuzzleMiningLimits limits_;
  NowMs now_ms_;
  std::function<void(const std::string&)> before_commit_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool woken_ = true;
  std::atomic<bool> abort_{false};
  std::thread thread_;
};

}  // namespace dvonn::server
