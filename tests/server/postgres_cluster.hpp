// A throwaway PostgreSQL cluster for the tests of the PostgreSQL back end,
// started and stopped by scripts/pg_throwaway.sh: initdb in a temporary
// folder, the server listening on a Unix socket in that folder only (no
// network), stopped and removed at the end. Where it cannot start, the
// constructor throws: a test that needs it then fails, it is never
// skipped.
#pragma once

#include <string>

namespace dvonn::server::testing {

class PostgresCluster {
 public:
  PostgresCluster();
  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  // A new empty database; its libpq keyword string (what --db takes).
  std::string fresh_database();
  // The same database as a postgresql:// URI (the socket folder as host).
  std::string uri(const std::string& keywords) const;
  const std::string& folder() const { return folder_; }

 private:
  void start_watchdog();

  std::string folder_;  // the data folder, the socket and the log
  int databases_ = 0;
  // A child that stops the cluster and removes the folder when this
  // process ends however it ends (a crash, a timeout's kill), so that no
  // server is left running: it waits for the end of a pipe only we hold.
  int watchdog_pipe_ = -1;
  int watchdog_ = -1;
};

// The cluster the whole test binary shares, started at its first use.
PostgresCluster& shared_postgres();

// Whether the suite runs against PostgreSQL (DVONN_TEST_DB=postgres): then
// test_config() gives every in-process server a fresh PostgreSQL database.
bool tests_use_postgres();

}  // namespace dvonn::server::testing
