#include "server/store/node_leadership.hpp"

#include <libpq-fe.h>

#include <iostream>

#include "server/base/store_error.hpp"
#include "server/store/database.hpp"

namespace dvonn::server {

NodeLeadership::NodeLeadership(std::string target, std::chrono::milliseconds retry)
    : target_(std::move(target)), retry_(retry) {
  if (!is_postgres_target(target_)) {
    leader_ = true;
    return;
  }
  conn_ = PQconnectdb(target_.c_str());
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    std::string why = conn_ ? PQerrorMessage(conn_) : "out of memory";
    PQfinish(conn_);
    throw StoreError("cannot connect to " + database_display_name(target_) + " for the leader's lock: " + why);
  }
  leader_ = try_lock();
  thread_ = std::thread([this] { run(); });
}

NodeLeadership::~NodeLeadership() {
  resign();
  PQfinish(conn_);
}

void NodeLeadership::on_gain(std::function<void()> gained) {
  std::lock_guard lock(mutex_);
  gained_ = std::move(gained);
}

void NodeLeadership::resign() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  stop_cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  // Closing the session lets go of the lock at once.
  if (conn_) {
    PQfinish(conn_);
    conn_ = nullptr;
  }
  if (is_postgres_target(target_)) leader_ = false;
}

bool NodeLeadership::try_lock() {
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    PQfinish(conn_);
    conn_ = PQconnectdb(target_.c_str());
    if (!conn_ || PQstatus(conn_) != CONNECTION_OK) return false;
  }
  // Held already: asking again stacks the lock, which is harmless (the
  // session's end lets go of all of it), but a cheap query tells a lost
  // connection apart.
  const std::string sql = leader_ ? "SELECT 1" : "SELECT pg_try_advisory_lock(" + std::to_string(kLockKey) + ")";
  PGresult* r = PQexec(conn_, sql.c_str());
  bool ok = r && PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1;
  bool held = ok && (leader_ || std::string(PQgetvalue(r, 0, 0)) == "t");
  PQclear(r);
  if (!ok) {
    // The session (and its lock, if it had it) is gone.
    PQfinish(conn_);
    conn_ = nullptr;
  }
  return held;
}

void NodeLeadership::run() {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      if (stop_cv_.wait_for(lock, retry_, [this] { return stopping_; })) return;
    }
    bool was = leader_;
    bool now = try_lock();
    leader_ = now;
    if (now != was) std::cerr << "dvonn serve: " << (now ? "this node now leads" : "this node no longer leads") << "\n";
    if (now && !was) {
      std::function<void()> gained;
      {
        std::lock_guard lock(mutex_);
        gained = gained_;
      }
      try {
        if (gained) gained();
      } catch (const std::exception& e) {
        std::cerr << "dvonn serve: on taking the lead: " << e.what() << "\n";
      }
    }
  }
}

}  // namespace dvonn::server
