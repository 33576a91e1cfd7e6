// "Play now" seeks kept in the database (many nodes on one PostgreSQL
// database): a person seeking on one node meets one seeking on another.
// Each node writes its own people's seeks (placed, withdrawn, withdrawn
// when their last page on any node closes); the leader reads them all and
// pairs (the Matchmaker), deleting the pair's two rows in the transaction
// that makes their game (take()), so a pair is made once whichever node
// pairs. The seeks of a node that is gone (NodeRegistry) are left out and
// dropped.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/pairing/seek_pool.hpp"
#include "server/store/game_store.hpp"
#include "server/store/node_registry.hpp"

namespace dvonn::server {

class SeekTable {
 public:
  SeekTable(GameStore& store, NodeRegistry& nodes) : store_(store), nodes_(nodes) {}

  // Places a user's seek (replacing theirs), committed; "" or the error.
  std::string place(const Seek& seek);
  // Withdraws a user's seek, wherever placed; whether there was one.
  bool withdraw(std::int64_t user);
  std::optional<Seek> seek_of(std::int64_t user);
  // Whether the user has a page open (/ws/me) on another live node, as of
  // that node's last heartbeat (NodeRegistry): a seek may be made on any
  // node while the page is open on one.
  bool online_elsewhere(std::int64_t user);
  // The people with a page open on another live node.
  std::set<std::int64_t> online_elsewhere();
  // Deletes a seek if it is still the one read (not replaced meanwhile);
  // whether it was.
  bool drop(const Seek& seek);
  // The seeks of the live nodes, oldest first.
  std::vector<Seek> live();
  // Seeks of the live nodes waiting, by control.
  std::map<std::string, int> waiting();
  // Deletes the seeks of nodes that are gone; how many.
  int drop_gone();
  // The live seeks that have waited at least after_ms and were not offered
  // the engine yet, marked offered (committed before they are returned).
  std::vector<Seek> take_engine_offers(std::int64_t now, std::int64_t after_ms);
  // In a pairing's transaction: deletes a seek if it is still the one
  // matched (not withdrawn nor replaced meanwhile); whether it was.
  static bool take(Database* db, const Seek& seek);

 private:
  GameStore& store_;
  NodeRegistry& nodes_;
};

}  // namespace dvonn::server
