// The nodes serving one database, and which of them are alive: each node
// writes its row of the nodes table once a second (beat(), on a timer of
// server.cpp, through the store's writer) with its own counts; a node not
// seen for kGoneAfterMs is gone (killed, cut off), and the leader drops
// what it left (its "Play now" seeks). Times are the wall clock, never a
// test's clock: a node's liveness is real time.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "server/store/game_store.hpp"

namespace dvonn::server {

class NodeRegistry {
 public:
  // A node silent this long is gone.
  static constexpr std::int64_t kGoneAfterMs = 10'000;

  explicit NodeRegistry(GameStore& store);

  // Writes this node's row now and waits for it (at the start, before the
  // node serves: its seeks must not look like a gone node's).
  void beat_now();
  // Queues this node's row (its heartbeat, with the players connected
  // here: their ids); does not wait.
  void beat(const std::vector<std::int64_t>& online);
  // This node's row goes (the node stops).
  void leave();

  // The players connected to the live nodes other than this one.
  std::int64_t others_online();
  // The ids of the live nodes (this one included).
  std::vector<std::string> live();
  // The players connected to the live nodes other than this one, as of
  // their last heartbeats (a tournament's arena pairs those online).
  std::set<std::int64_t> others_online_users();
  // The live-since bound: a row seen after it is a live node.
  static std::int64_t live_after();
  // Deletes the rows of nodes gone for a day (the leader, now and then).
  void forget_old();

  const std::string& id() const { return store_.node_id(); }

 private:
  static void upsert(Database* db, const std::string& id, std::int64_t now, const std::vector<std::int64_t>& online);
  GameStore& store_;
  std::int64_t started_ms_;
};

}  // namespace dvonn::server
