// Work that must be done once however many nodes serve one database (the
// sweeps that end games on time and pick up engine moves nobody is making,
// pairing, tournament rounds, lobby expiry, background reviews and mining)
// runs on one node at a time: the leader.
//
// On PostgreSQL the leader is the node holding a session-level advisory
// lock on a connection of its own. PostgreSQL lets go of the lock when that
// session ends, also when the node is killed (its socket closes), so
// another node takes over at its next try, within `retry`. A node that
// loses its connection stops being the leader at once. With SQLite there is
// one node, always the leader.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

struct pg_conn;

namespace dvonn::server {

class NodeLeadership {
 public:
  // The advisory lock's key: the same for every node of one database.
  static constexpr long long kLockKey = 0x64766f6e6e4c;  // "dvonnL"

  // target: the --db value. SQLite: the leader from the start, no thread.
  // PostgreSQL: tries to take the lock now (throws StoreError when it
  // cannot connect), then every `retry` on a thread of its own.
  explicit NodeLeadership(std::string target, std::chrono::milliseconds retry = std::chrono::milliseconds(1000));
  ~NodeLeadership();
  NodeLeadership(const NodeLeadership&) = delete;
  NodeLeadership& operator=(const NodeLeadership&) = delete;

  // Whether this node does the work done once, now.
  bool leader() const { return leader_; }
  // Called on the leadership's thread each time this node becomes the
  // leader (not for the start: a caller reads leader() after the
  // constructor). Set before another node can go away, i.e. right after
  // construction.
  void on_gain(std::function<void()> gained);
  // Gives up the lead (and stops trying) before the node stops, so another
  // takes over without waiting for the connection to go.
  void resign();

 private:
  bool try_lock();  // connects if needed; whether this session holds the lock
  void run();

  std::string target_;
  std::chrono::milliseconds retry_;
  pg_conn* conn_ = nullptr;
  std::atomic<bool> leader_{false};
  std::mutex mutex_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;
  std::function<void()> gained_;
  std::thread thread_;
};

}  // namespace dvonn::server
