#include "server/engine_workers.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

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

void EngineWorkers::submit(const Position& position, int level, double seconds, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    jobs_.push_back({position, level, seconds, std::move(done)});
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
    if (!engine || engine->level() != job.level) engine = std::make_unique<engine::Engine>(job.level, hash_megabytes_);
    engine::SearchLimits limits;
    limits.seconds = job.seconds;
    limits.stop = &abort_;
    engine::SearchReport report = engine->search(job.position, limits);
    if (abort_) return;
    // An exception leaving this thread would end the process.
    try {
      job.done(report);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: after an engine search: " << e.what() << "\n";
    }
  }
}

}  // namespace dvonn::server
