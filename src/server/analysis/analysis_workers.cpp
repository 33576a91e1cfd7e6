#include "server/analysis/analysis_workers.hpp"

#include <chrono>
#include <iostream>
#include <optional>

#include "server/analysis/analysis_messages.hpp"
#include "server/rooms/background_priority.hpp"

namespace dvonn::server {

using nlohmann::json;

namespace {

std::shared_ptr<const std::string> text_of(const json& message) {
  return std::make_shared<const std::string>(message.dump());
}

}  // namespace

AnalysisWorkers::AnalysisWorkers(EngineWorkers& engines, AnalysisLimits limits) : engines_(engines), limits_(limits) {}

AnalysisWorkers::~AnalysisWorkers() { stop(); }

void AnalysisWorkers::start() {
  std::lock_guard lock(mutex_);
  if (started_ || stopping_) return;
  started_ = true;
  for (int i = 0; i < limits_.threads; ++i) threads_.emplace_back([this] { run(); });
}

void AnalysisWorkers::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& [client, job] : current_) job->stop = true;
    current_.clear();
    by_address_.clear();
    queue_.clear();  // lets the connections the jobs hold go
  }
  cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

std::size_t AnalysisWorkers::active() const {
  std::lock_guard lock(mutex_);
  return current_.size();
}

std::string AnalysisWorkers::analyse(Client client, const std::string& address, const json& message, Sink sink) {
  std::string error;
  auto request = parse_analysis_request(message, error);
  if (!request) return error;
  std::lock_guard lock(mutex_);
  if (stopping_) return "the server is stopping: try again in a moment";
  // The client's own analysis makes way for the new one: it counts for
  // nothing below.
  auto own = current_.find(client);
  const bool replacing = own != current_.end();
  std::size_t from_address = by_address_.count(address) ? by_address_[address] : 0;
  if (replacing && own->second->address == address) --from_address;
  if (from_address >= limits_.per_address)
    return "your address has " + std::to_string(from_address) + " analyses running (at most " +
           std::to_string(limits_.per_address) + "): stop one first, or close another analysis board";
  if (current_.size() - (replacing ? 1 : 0) >= limits_.max_queued)
    return "the server has too many analyses running: try again in a moment";
  if (replacing) end_locked(client, "replaced");
  auto job = std::make_shared<Job>();
  job->id = next_id_++;
  job->client = client;
  job->address = address;
  job->request = std::move(*request);
  job->sink = std::move(sink);
  job->sink(text_of(analysing_message(job->id, job->request.position, job->request.lines)));
  current_[client] = job;
  ++by_address_[address];
  queue_.push(address, job);
  cv_.notify_one();
  return "";
}

void AnalysisWorkers::stop_client(Client client) {
  std::lock_guard lock(mutex_);
  end_locked(client, "stopped");
}

void AnalysisWorkers::forget_client(Client client) {
  std::lock_guard lock(mutex_);
  end_locked(client, "");
}

void AnalysisWorkers::end_locked(Client client, const std::string& reason) {
  auto it = current_.find(client);
  if (it == current_.end()) return;
  JobPtr job = it->second;
  current_.erase(it);
  if (auto n = by_address_.find(job->address); n != by_address_.end() && --n->second == 0) by_address_.erase(n);
  job->stop = true;
  if (!reason.empty()) job->sink(text_of(analysis_done_message(job->id, job->request.position, reason)));
}

void AnalysisWorkers::send_if_current(const JobPtr& job, const json& message) {
  std::lock_guard lock(mutex_);
  auto it = current_.find(job->client);
  if (it != current_.end() && it->second == job) job->sink(text_of(message));
}

void AnalysisWorkers::run() {
  // Below the engine pool's priority: live games' searches come first.
  lower_this_thread_priority(limits_.nice);
  // One engine per worker, kept from one analysis to the next: on an
  // analysis board the next position is usually close to the last one.
  // Made at the first analysis: an idle server does not hold its table.
  std::optional<engine::Engine> engine;
  for (;;) {
    JobPtr job;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = queue_.pop();
      if (job->stop) continue;  // stopped or replaced while queued
    }
    try {
      if (!engine) engine.emplace(engine::kTopLevel, limits_.hash_megabytes);
      search(*engine, job);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: analysis failed: " << e.what() << "\n";
      send_if_current(job, json{{"type", "error"}, {"message", "the analysis failed"}, {"request", "analyse"}});
    }
    std::lock_guard lock(mutex_);
    auto it = current_.find(job->client);
    if (it != current_.end() && it->second == job) end_locked(job->client, "finished");
  }
}

void AnalysisWorkers::search(engine::Engine& engine, const JobPtr& job) {
  auto stopped = [&] { return job->stop.load(); };
  // Live games first: wait while engine moves or hints are queued.
  if (!wait_for_live_engines(engines_, stopped)) return;
  const Position& position = job->request.board.position;
  const Color mover = position.side_to_move();
  engine::SearchLimits limits;
  limits.depth = limits_.depth;
  limits.nodes = limits_.nodes;
  limits.seconds = limits_.seconds;
  limits.multipv = job->request.lines;
  limits.stop = &job->stop;
  const auto started = std::chrono::steady_clock::now();
  engine.search(position, limits, [&](const engine::SearchReport& report) {
    if (stopped()) return;
    engine::SearchReport shown = report;
    shown.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    send_if_current(job, lines_message(job->id, job->request.position, mover, shown));
    // Between two depths, live games' engine moves go first.
    wait_for_live_engines(engines_, stopped);
  });
}

}  // namespace dvonn::server
