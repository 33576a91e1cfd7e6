#include "server/engine_workers.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>

namespace dvonn::server {

EngineWorkers::EngineWorkers(int threads, std::size_t hash_megabytes)
    : hash_megabytes_(hash_megabytes), thread_count_(std::max(0, threads)) {
  for (int i = 0; i < thread_count_; ++i) threads_.emplace_back([this] { run(); });
}

EngineWorkers::~EngineWorkers() { stop(); }

void EngineWorkers::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    jobs_.clear();
  }
  abort_ = true;
  cv_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
}

void EngineWorkers::submit_move(const Position& position, int level, double seconds, MoveDone done) {
  push({position, std::clamp(level, engine::kMinLevel, engine::kTopLevel), seconds, std::move(done), {}});
}

void EngineWorkers::submit_hint(const Position& position, double seconds, HintDone done) {
  push({position, 0, seconds, {}, std::move(done)});
}

void EngineWorkers::push(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
}

std::size_t EngineWorkers::queued() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
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
      cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
      // With more games waiting than workers, each search gets a share of
      // the time, so that every waiting person still gets an answer within
      // a few seconds.
      double waiting = static_cast<double>(jobs_.size()) / thread_count_;
      if (waiting > 0) job.seconds /= 1 + waiting;
    }
    // A hint is full-strength analysis whatever the engine's level.
    const int level = job.level ? job.level : engine ? engine->level() : engine::kTopLevel;
    if (!engine || engine->level() != level) engine = std::make_unique<engine::Engine>(level, hash_megabytes_);
    // An exception leaving this thread would end the process.
    try {
      if (job.level) {
        engine::PlayLimits limits = engine::PlayLimits::per_move(job.seconds);
        limits.stop = &abort_;
        engine::PlayReport report = engine->play(job.position, limits);
        if (abort_) return;
        job.move_done(report);
      } else {
        engine::SearchLimits limits;
        limits.seconds = job.seconds;
        limits.stop = &abort_;
        engine::SearchReport report = engine->search(job.position, limits);
        if (abort_) return;
        job.hint_done(report);
      }
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: after an engine search: " << e.what() << "\n";
    }
  }
}

}  // namespace dvonn::server
