#include "server/explorer/explorer_engine.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "server/rooms/background_priority.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

ExplorerAnswer error_answer(int status, const std::string& message) { return {status, json{{"error", message}}}; }

}  // namespace

ExplorerEngine::ExplorerEngine(EngineWorkers& engines, ExplorerEngineLimits limits)
    : engines_(engines), limits_(limits) {}

ExplorerEngine::~ExplorerEngine() { stop(); }

void ExplorerEngine::start(std::function<void()> first) {
  std::lock_guard lock(mutex_);
  if (started_) return;
  started_ = true;
  first_ = std::move(first);
  if (limits_.run || first_) thread_ = std::thread([this] { run(); });
}

void ExplorerEngine::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  abort_ = true;
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

ExplorerAnswer ExplorerEngine::view(const ExplorerPosition& at, const std::string& address, std::int64_t user) {
  std::lock_guard lock(mutex_);
  if (auto it = cache_.find(at.text); it != cache_.end()) return {200, it->second};
  json queued = {{"position", at.text}, {"status", "queued"}};
  if (pending_.count(at.text)) return {202, queued};
  std::size_t by_address = 0, by_account = 0;
  for (const auto& [position, job] : pending_) {
    by_address += job.address == address;
    by_account += user != 0 && job.user == user;
  }
  if (by_address >= limits_.per_address || (user != 0 && by_account >= limits_.per_account))
    return error_answer(429, "you have as many engine views on their way as allowed: wait for one to finish");
  if (pending_.size() >= limits_.max_queued)
    return error_answer(503, "too many engine views are waiting: try again later");
  pending_[at.text] = {at, address, user};
  queue_.push(address, at.text);
  cv_.notify_all();
  return {202, queued};
}

json ExplorerEngine::compute(const ExplorerPosition& at) {
  engine::Engine engine(engine::kTopLevel, limits_.budget.hash_megabytes);
  const Position& root = at.state.position;
  const Color mover = root.side_to_move();
  MoveList list;
  root.generate(list);
  struct Scored {
    Move move;
    double white_score;
    bool exact;
  };
  std::vector<Scored> scored;
  for (Move m : list) {
    // Live games first: wait while engine moves or hints are queued.
    bool go_on = wait_for_live_engines(engines_, [this] {
      std::lock_guard lock(mutex_);
      return stopping_;
    });
    if (!go_on) return {};
    Position child = root;
    child.play(m);
    engine::PositionEval e = engine::evaluate_position(engine, child, limits_.budget, &abort_);
    if (abort_) return {};
    scored.push_back({m, e.white_score, e.exact});
  }
  const double sign = mover == Color::White ? 1.0 : -1.0;
  std::stable_sort(scored.begin(), scored.end(),
                   [&](const Scored& a, const Scored& b) { return sign * a.white_score > sign * b.white_score; });
  json moves = json::array();
  int rank = 0;
  for (const Scored& s : scored) {
    double chance = engine::white_win_chance(s.white_score, s.exact);
    moves.push_back({{"move", to_string(s.move)},
                     {"rank", ++rank},
                     {"white_score", std::round(s.white_score * 100) / 100},
                     {"score", std::round(sign * s.white_score * 100) / 100},
                     {"win_chance", std::round((mover == Color::White ? chance : 100 - chance) * 10) / 10},
                     {"exact", s.exact}});
  }
  return {{"position", at.text},
          {"status", "done"},
          {"to_move", color_name(mover)},
          {"budget", {{"depth", limits_.budget.depth}, {"nodes", limits_.budget.nodes}}},
          {"moves", moves}};
}

void ExplorerEngine::run() {
  // Below the engine pool's priority: live games' searches come first.
  lower_this_thread_priority(limits_.nice);
  if (first_) {
    try {
      first_();
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: the explorer's backfill failed: " << e.what() << "\n";
    }
  }
  if (!limits_.run) return;
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = pending_.at(queue_.pop());
    }
    json result = compute(job.at);
    std::lock_guard lock(mutex_);
    pending_.erase(job.at.text);
    if (result.is_null()) return;  // stopped
    ++computed_;
    cache_[job.at.text] = std::move(result);
    cache_order_.push_back(job.at.text);
    while (cache_order_.size() > limits_.max_cached) {
      cache_.erase(cache_order_.front());
      cache_order_.pop_front();
    }
  }
}

}  // namespace dvonn::server
