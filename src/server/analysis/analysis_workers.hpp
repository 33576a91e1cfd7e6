// The analysis board's engine (docs/community-api.md "Analysis board"): a
// /ws/analysis connection sends a position, and a worker searches it with
// iterative deepening, pushing the best lines (multipv) as each depth
// completes, until a cap (depth, nodes, seconds), a stop, or a new request
// of the same connection replaces it.
//
// Bounded: one analysis per connection (a new one replaces it), per_address
// analyses queued or running from one address, max_queued waiting on the
// server; beyond them the request is refused with a message and the
// connection stays. Queued analyses are served in turn by address
// (TurnQueue), so one address's do not hold up another's.
//
// Never at the expense of live games (as game reviews, background_priority):
// the workers run at nice 19, below the engine pool, and before a search
// and between two of its depths they wait while the engine pool has engine
// moves or hints queued.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/analysis/analysis_request.hpp"
#include "server/base/turn_queue.hpp"
#include "server/rooms/engine_workers.hpp"

namespace dvonn::server {

struct AnalysisLimits {
  // The caps of one analysis: the first reached ends it.
  int depth = 30;
  std::uint64_t nodes = 200'000'000;
  double seconds = 20;
  int threads = 1;  // workers; 0: analyses are queued and never run (tests)
  int nice = 19;    // the workers' scheduling priority (Linux nice value)
  std::size_t per_address = 2;
  std::size_t max_queued = 64;
  std::size_t hash_megabytes = 16;  // each worker's transposition table
};

class AnalysisWorkers {
 public:
  // Sends one message to a client's connection; from any thread.
  using Sink = std::function<void(std::shared_ptr<const std::string>)>;
  // Who asks: its connection (a key only, never dereferenced) and address.
  using Client = const void*;

  AnalysisWorkers(EngineWorkers& engines, AnalysisLimits limits);
  ~AnalysisWorkers();
  AnalysisWorkers(const AnalysisWorkers&) = delete;
  AnalysisWorkers& operator=(const AnalysisWorkers&) = delete;

  void start();
  // Ends the searches under way, drops the queued ones (nothing more is
  // sent) and joins the workers; later requests are refused. Idempotent.
  void stop();

  // An "analyse" message of client's: queued (an "analysing" message goes
  // to sink, then "lines" and at the end "analysis-done"), replacing the
  // client's analysis if it has one ("analysis-done", "replaced"). Returns
  // why not ("" when queued): the message is malformed, its position not
  // legal or over, or the address or the server has its share of analyses.
  std::string analyse(Client client, const std::string& address, const nlohmann::json& message, Sink sink);
  // A "stop" message: the client's analysis ends ("analysis-done",
  // "stopped"); nothing when it has none.
  void stop_client(Client client);
  // The connection closed: its analysis ends, nothing more is sent.
  void forget_client(Client client);

  // Analyses queued or running.
  std::size_t active() const;

 private:
  struct Job {
    std::uint64_t id = 0;
    Client client = nullptr;
    std::string address;
    AnalysisRequest request;
    Sink sink;
    std::atomic<bool> stop{false};
  };
  using JobPtr = std::shared_ptr<Job>;
  // Ends a client's job (under the lock); sends "analysis-done" with reason
  // unless it is empty.
  void end_locked(Client client, const std::string& reason);
  // Sends to the job's client unless the job has ended (under the lock, so
  // nothing of a job follows its "analysis-done").
  void send_if_current(const JobPtr& job, const nlohmann::json& message);
  void run();
  void search(engine::Engine& engine, const JobPtr& job);

  EngineWorkers& engines_;
  const AnalysisLimits limits_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  TurnQueue<JobPtr> queue_;                        // by address, in turn; ended jobs are skipped
  std::map<Client, JobPtr> current_;               // each client's queued or running job
  std::map<std::string, std::size_t> by_address_;  // current jobs by address
  std::uint64_t next_id_ = 1;
  bool stopping_ = false;
  bool started_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::server
