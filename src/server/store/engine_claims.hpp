// Many nodes on one database: an engine move is computed by one node. The
// node that is to think claims the move (the game and the version the move
// is for) in the engine_claims table; the claim holds while its node renews
// it. A node that finds the move claimed by a live node leaves it alone; a
// node that dies stops renewing, and the leader (node_leadership.hpp) hands
// the move to itself once the claim has lapsed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dvonn::server {

class Database;

// How long a claim holds without being renewed (a node renews its claims
// every second): a dead node's engine moves are picked up within about
// kEngineClaimLeaseMs.
inline constexpr std::int64_t kEngineClaimLeaseMs = 5000;

// Claims the move of `game` at `version` for `node` (in the caller's
// transaction): true when it is this node's to compute, i.e. nobody claimed
// the game, or the claim was for an older version, or it lapsed, or it is
// this node's already.
bool claim_engine_move(Database* db, const std::string& game, std::int64_t version, const std::string& node,
                       std::int64_t now_ms);
// Keeps the node's claims alive until now_ms + kEngineClaimLeaseMs.
void renew_engine_claims(Database* db, const std::string& node, std::int64_t now_ms);
// Drops the claims whose games went on or ended (the table stays small).
void drop_spent_engine_claims(Database* db);
// Unfinished engine games whose engine is to move with no live claim for
// the stored version: nobody is thinking about them.
std::vector<std::string> unclaimed_engine_moves(Database* db, std::int64_t now_ms);

}  // namespace dvonn::server
