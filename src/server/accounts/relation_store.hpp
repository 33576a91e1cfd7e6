// What players keep about each other: whom they follow (their friends list)
// and whom they block (no challenges, no pairing, no chat between the two).
// Rows in the game database (tables follows and blocks); writes through the
// GameStore's writer, committed before the call returns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/base/now_ms.hpp"
#include "server/base/user.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

enum class Relation { Follow, Block };

class RelationStore {
 public:
  RelationStore(GameStore& store, NowMs now_ms) : store_(store), now_ms_(std::move(now_ms)) {}

  // Adds (on) or removes a relation from one user to another; adding one
  // that exists (or removing one that does not) changes nothing. Returns
  // the storage error, "" on success.
  std::string set(std::int64_t from, std::int64_t to, Relation relation, bool on);
  bool has(std::int64_t from, std::int64_t to, Relation relation);
  // Whether either of two users blocked the other.
  bool blocked_either(std::int64_t a, std::int64_t b);
  // The users `from` follows or blocks, by name (case-insensitive), at most
  // `limit` after the name key `after` ("" for the first page).
  std::vector<User> list(std::int64_t from, Relation relation, const std::string& after, std::size_t limit);
  // How many users `from` follows or blocks.
  std::int64_t count(std::int64_t from, Relation relation);
  // Who follows a user (for "a friend started a game").
  std::vector<std::int64_t> followers(std::int64_t user);
  // Removes every relation from or to a user (a deleted account), in the
  // caller's transaction.
  static void forget_user(Database* db, std::int64_t user);

 private:
  GameStore& store_;
  NowMs now_ms_;
};

}  // namespace dvonn::server
