// Figures for an operator at GET /metrics, in the Prometheus text format
// (version 0.0.4): counters kept here as requests are answered and moves
// made, and gauges read from the parts of the server when asked.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

namespace dvonn::server {

class Metrics {
 public:
  // An HTTP request answered with `status` after `seconds`.
  void request(int status, double seconds);
  // A move accepted from a player (HTTP or WebSocket).
  void move() { ++moves_; }

  struct Gauges {
    std::size_t lobby_games = 0;  // listed, waiting for an opponent
    std::size_t rooms = 0;        // games in memory
    std::size_t websockets = 0;
    std::size_t requests_in_flight = 0;
    std::size_t engine_queue = 0;  // searches waiting for a thread
    std::size_t auth_queue = 0;    // password hashes waiting
    std::size_t db_queue = 0;      // database reads waiting for a thread
    std::uint64_t store_transactions = 0;
    std::uint64_t store_errors = 0;  // writes rolled back
    bool store_file_lost = false;    // the database file moved or deleted
    // Many nodes: other nodes' changes taken over (RoomRegistry::refresh).
    std::uint64_t room_refreshes_full = 0;
    std::uint64_t room_refreshes_incremental = 0;
  };
  // The whole page.
  std::string text(const Gauges& gauges) const;

  static constexpr std::array<double, 11> kBuckets = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

 private:
  std::array<std::atomic<std::uint64_t>, 6> by_class_{};               // [1..5]: 1xx..5xx
  std::array<std::atomic<std::uint64_t>, kBuckets.size()> buckets_{};  // not cumulative
  std::atomic<std::uint64_t> count_{0};
  std::atomic<std::uint64_t> micros_{0};
  std::atomic<std::uint64_t> moves_{0};
};

}  // namespace dvonn::server
