#include "server/rooms/engine_workers.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>

namespace dvonn::server {

EngineWorkers::EngineWorkers(int threads, std::size_t hash_megabytes, std::size_t per_client, std::size_t per_account)
    : hash_megabytes_(hash_megabytes),
      thread_count_(std::max(0, threads)),
      per_client_(std::max<std::size_t>(1, per_client)),
      per_account_(std::max<std::size_t>(1, per_account)) {
  for (int i = 0; i < thread_count_; ++i) threads_.emplace_back([this] { run(); });
}

EngineWorkers::~EngineWorkers() { stop(); }

void EngineWorkers::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    queue_.clear();
  }
  abort_ = true;
  cv_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
}

void EngineWorkers::submit_move(const Position& position, int level, double seconds, MoveDone done,
                                const EngineCharge& charge, std::function<bool()> may_run) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    push_locked({position,
                 std::clamp(level, engine::kMinLevel, engine::kTopLevel),
                 seconds,
                 std::move(done),
                 {},
                 charge,
                 {},
                 std::move(may_run)});
  }
  cv_.notify_one();
}

std::string EngineWorkers::submit_hint(const Position& position, double seconds, HintDone done,
                                       const EngineCharge& charge, const std::string& game) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return "the server is stopping";
    if (!game.empty() && hinting_.contains(game)) return "a hint for this game is on its way: wait for it";
    if (std::string why = busy_locked(charge); !why.empty()) return why;
    if (!game.empty()) hinting_.insert(game);
    push_locked({position, 0, seconds, {}, std::move(done), charge, game, nullptr});
  }
  cv_.notify_one();
  return "";
}

std::string EngineWorkers::busy(const EngineCharge& charge) const {
  std::lock_guard lock(mutex_);
  return busy_locked(charge);
}

std::string EngineWorkers::busy_locked(const EngineCharge& charge) const {
  auto over = [](const std::map<std::string, std::size_t>& load, const std::string& key, std::size_t bound) {
    auto it = load.find(key);
    return it != load.end() && it->second >= bound;
  };
  if (over(load_, charge.address, per_client_))
    return "the engine is busy with " + std::to_string(per_client_) +
           " searches from your address already: try again in a few seconds";
  if (!charge.account.empty() && over(account_load_, charge.account, per_account_))
    return "the engine is busy with " + std::to_string(per_account_) +
           " searches of yours already: try again in a few seconds";
  return "";
}

void EngineWorkers::push_locked(Job job) {
  ++load_[job.charge.address];
  if (!job.charge.account.empty()) ++account_load_[job.charge.account];
  const std::string address = job.charge.address;
  queue_.push(address, std::move(job));
}

void EngineWorkers::finished(const Job& job) {
  std::lock_guard lock(mutex_);
  auto give_back = [](std::map<std::string, std::size_t>& load, const std::string& key) {
    if (auto it = load.find(key); it != load.end() && --it->second == 0) load.erase(it);
  };
  give_back(load_, job.charge.address);
  if (!job.charge.account.empty()) give_back(account_load_, job.charge.account);
  if (!job.game.empty()) hinting_.erase(job.game);
}

std::size_t EngineWorkers::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void EngineWorkers::run() {
  // Linux gives every thread its own nice value; this lowers only this one.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
  // One engine per worker, rebuilt when a job asks for another level: the
  // transposition table stays warm across the moves of a game at one level.
  std::unique_ptr<engine::Engine> engine;
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      // The next client in turn gives its oldest search; it goes to the
      // back of the line if it has more.
      job = queue_.pop();
      // With more clients waiting than workers, each search gets a share of
      // the time, so that every waiting person still gets an answer within
      // a few seconds (one client's own queue does not shorten the others').
      double waiting = static_cast<double>(queue_.keys()) / thread_count_;
      if (waiting > 0) job.seconds /= 1 + waiting;
    }
    // A hint is full-strength analysis whatever the engine's level.
    const int level = job.level ? job.level : engine ? engine->level() : engine::kTopLevel;
    if (!engine || engine->level() != level) engine = std::make_unique<engine::Engine>(level, hash_megabytes_);
    // An exception leaving this thread would end the process. The client's
    // share is given back before the answer, which may ask for more.
    bool accounted = false;
    try {
      if (job.level && job.may_run && !job.may_run()) {
        finished(job);
        continue;
      }
      if (job.level) {
        engine::PlayLimits limits = engine::PlayLimits::per_move(job.seconds);
        limits.stop = &abort_;
        engine::PlayReport report = engine->play(job.position, limits);
        if (abort_) return;
        finished(job);
        accounted = true;
        job.move_done(report);
      } else {
        engine::SearchLimits limits;
        limits.seconds = job.seconds;
        limits.stop = &abort_;
        engine::SearchReport report = engine->search(job.position, limits);
        if (abort_) return;
        finished(job);
        accounted = true;
        job.hint_done(report);
      }
    } catch (const std::exception& e) {
      if (!accounted) finished(job);
      std::cerr << "dvonn serve: after an engine search: " << e.what() << "\n";
    }
  }
}

}  // namespace dvonn::server
