// Challenges: one player asks another for a game (colour, clock, rated or
// not); the other accepts (a game is made for both), declines, or the
// challenger cancels. Rows in the game database (table challenges); writes
// through the GameStore's writer, committed before the call returns.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/base/now_ms.hpp"
#include "server/base/page_cursor.hpp"
#include "server/base/user.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

struct Challenge {
  std::string id;
  User from;                      // the challenger
  User to;                        // the challenged
  std::string color = "random";   // the challenger's colour: white, black, random
  std::string clock = "untimed";  // format_time_control
  bool rated = false;
  std::int64_t created_ms = 0;
  std::string state = "pending";  // pending, accepted, declined, cancelled, expired
  std::string game_id;            // once accepted
};

// CHALLENGE as the API shows it: id, from, to (PLAYER), color, clock (as
// time_control_json), rated, created_ms, state, game.
nlohmann::json challenge_json(const Challenge& c);

// How long a challenge waits for its answer.
inline constexpr std::int64_t kChallengeLifetimeMs = 24 * 3'600'000LL;

class ChallengeStore {
 public:
  explicit ChallengeStore(GameStore& store) : store_(store) {}

  // Stores a new pending challenge; the storage error, "" on success.
  std::string add(const Challenge& c);
  std::optional<Challenge> find(const std::string& id);
  // Moves a pending challenge to `state` (with its game, once accepted);
  // false when it was no longer pending (or a storage error: `error`).
  bool settle(const std::string& id, const std::string& state, const std::string& game_id, std::string& error);
  // Pending challenges a user sent.
  std::int64_t pending_from(std::int64_t user);
  // Whether `from` has a pending challenge to `to` already.
  bool pending_between(std::int64_t from, std::int64_t to);
  // A user's pending challenges, received and sent, newest first, before
  // the cursor.
  std::vector<Challenge> pending_of(std::int64_t user, const PageCursor& before, std::size_t limit);
  // Cancels the pending challenges between two users (a block); returns
  // those cancelled.
  std::vector<Challenge> cancel_between(std::int64_t a, std::int64_t b, std::string& error);
  // Expires the challenges still pending that were made before `before`;
  // returns those expired.
  std::vector<Challenge> expire(std::int64_t before, std::string& error);
  // Removes every challenge from or to a user (a deleted account), in the
  // caller's transaction.
  static void forget_user(Database* db, std::int64_t user);

 private:
  GameStore& store_;
};

}  // namespace dvonn::server
