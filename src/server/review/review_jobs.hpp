// Game review jobs (docs/community-api.md "Game review"): a finished game,
// or an imported record, analysed position by position in the background,
// stored with the game and served from the store to every later viewer.
//
// Never at the expense of live games: the jobs run one at a time on one
// thread of their own at the lowest scheduling priority (nice 19, below the
// engine pool's 10: a running engine move takes the CPU first), and
// between two positions the thread waits while the engine pool has engine
// moves or hints queued. A position's search is small and bounded by nodes,
// so a live engine move waits for at most one of them.
//
// Bounded: a requester may have per_address jobs queued or running from
// one address and per_account from one account (429 beyond), and the queue
// holds at most max_queued (503 beyond). Queued jobs are served in turn by
// address (TurnQueue), so one address's jobs do not hold up another's.
//
// Survives a restart: each position's evaluation is committed as it is
// made; at start the unfinished jobs are queued again and go on from the
// last position stored. Results are keyed by the game's moves (moves_key):
// when the game's moves differ from those a job analysed, its result is
// refused (failed) and a new request starts a new job.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "core/game.hpp"
#include "engine/review.hpp"
#include "server/base/now_ms.hpp"
#include "server/base/turn_queue.hpp"
#include "server/review/review_store.hpp"
#include "server/rooms/engine_workers.hpp"

namespace dvonn::server {

struct ReviewLimits {
  engine::ReviewBudget budget;
  bool run = true;  // false: jobs are queued and never run (tests)
  int nice = 19;    // the job thread's scheduling priority (Linux nice value)
  std::size_t per_address = 2;
  std::size_t per_account = 1;
  std::size_t max_queued = 100;
  std::size_t max_record_bytes = 32 * 1024;
};

// An answer: an HTTP status and its JSON body.
struct ReviewAnswer {
  int status = 200;
  nlohmann::json body;
};

class ReviewJobs {
 public:
  // Called on the job thread after each position and at the end, with the
  // job's status JSON (as GET answers, "type": "review-progress" added).
  using Progress = std::function<void(const ReviewRow& row, const nlohmann::json& message)>;

  ReviewJobs(GameStore& games, ReviewStore& reviews, EngineWorkers& engines, ReviewLimits limits, NowMs now_ms);
  ~ReviewJobs();
  ReviewJobs(const ReviewJobs&) = delete;
  ReviewJobs& operator=(const ReviewJobs&) = delete;

  void set_progress(Progress progress) { progress_ = std::move(progress); }
  // Queues the unfinished jobs of the store and starts the job thread.
  void start();
  // Stops after the position being searched; what is done stays stored.
  void stop();

  // POST /api/games/{id}/review: 202 with the job (200 when already done),
  // 404 no game, 409 not over, 429 / 503 too many. Reads the database.
  ReviewAnswer request_game(const std::string& game_id, const std::string& address, std::int64_t user);
  // POST /api/reviews: the same for a record's text; 400 when it does not
  // parse or replay, or has no move.
  ReviewAnswer request_record(const std::string& text, const std::string& address, std::int64_t user);
  // GET /api/games/{id}/review: the job of the game's moves; "none" with no
  // review yet.
  ReviewAnswer game_status(const std::string& game_id);
  // GET /api/reviews/{id}.
  ReviewAnswer review_status(const std::string& id);

  // The status JSON of a row (what GET answers).
  static nlohmann::json status_json(const ReviewRow& row);

 private:
  struct Pending {
    std::string address;
    std::int64_t user = 0;
  };
  // The game of a stored game; nullopt when none.
  std::optional<Game> stored_game(const std::string& game_id, bool& over);
  ReviewAnswer enqueue(const std::string& game_id, const Game& game, const std::string& address, std::int64_t user);
  void run();
  void run_job(const std::string& id);

  GameStore& games_;
  ReviewStore& reviews_;
  EngineWorkers& engines_;
  const ReviewLimits limits_;
  NowMs now_ms_;
  Progress progress_;
  std::mutex mutex_;
  std::condition_variable cv_;
  TurnQueue<std::string> queue_;            // job ids, in turn by address
  std::map<std::string, Pending> pending_;  // queued or running, by id
  bool stopping_ = false;
  std::atomic<bool> abort_{false};  // ends the search under way at stop
  bool started_ = false;
  std::thread thread_;
};

}  // namespace dvonn::server
