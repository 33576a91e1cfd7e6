// Many nodes on one PostgreSQL database: the limits that guard accounts
// (log-in attempts, sign-ups, guests) and the per-person limits on what
// reaches others (challenges, follows, tournament actions, puzzle
// attempts) hold across nodes, so that spreading requests over the nodes
// behind a load balancer gains nothing. Each limit is a token bucket in
// the rate_buckets table, taken from in one statement. (The per-request
// limit on every HTTP request stays per node: nginx's limit_req holds it
// in front, see deploy/.)
#pragma once

#include <cstdint>
#include <string>

namespace dvonn::server {

class Database;

// Takes one token from the bucket `key` (refilled at `rate` a second up to
// `burst`); false when it is empty. PostgreSQL only. Throws StoreError.
bool take_shared_token(Database* db, const std::string& key, double rate, double burst, std::int64_t now_ms);
// Forgets buckets untouched since before `before_ms` (full again by then).
void forget_idle_rate_buckets(Database* db, std::int64_t before_ms);

}  // namespace dvonn::server
