// The leaderboards (docs/community-api.md, "Leaderboards"): the top rated
// players of each time-control family, by their family rating
// (server/accounts/family_ratings.hpp), and a player's family ratings for
// the profile. Read from the database: the API runs these on its database
// threads.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "server/store/game_store.hpp"

namespace dvonn::server {

// Who is on a board, as lichess does it but loose enough that a new site's
// boards are not empty: registered players (not guests, engines, deleted or
// banned accounts) with a deviation under kBoardMaxDeviation in the family
// (about five rated games against settled opponents), at least
// kBoardMinGames rated games in it, and a rated game in it in the last
// kBoardActiveDays days.
inline constexpr double kBoardMaxDeviation = 200.0;
inline constexpr std::int64_t kBoardMinGames = 5;
inline constexpr std::int64_t kBoardActiveDays = 90;
// A row's trend: the change of the rating over the last kTrendDays days.
inline constexpr std::int64_t kTrendDays = 7;

class Leaderboard {
 public:
  explicit Leaderboard(GameStore& store) : store_(store) {}

  // {"family", "players": [ROW...], "total", "more", "next"}: the players
  // of a family's board from `offset` (at most `limit`), best first; ROW is
  // {"rank", "name", "rating", "deviation", "provisional", "games",
  // "trend", "updated"}. `family` must be one of
  // community::time_control_families().
  nlohmann::json board(const std::string& family, std::int64_t now_ms, int limit, std::int64_t offset);
  // {"families": [{"family", "players", "total", "more"}...]}: the first
  // `limit` of every family's board, in the families' order.
  nlohmann::json overview(std::int64_t now_ms, int limit);
  // [{"family", "rating", "deviation", "provisional", "games", "updated",
  // "rank"}...]: the family ratings of a user, in the families' order;
  // rank is null while the user is not on that board.
  nlohmann::json ratings_of(std::int64_t user, std::int64_t now_ms);
  // {"max_deviation", "min_games", "active_days", "trend_days"}.
  static nlohmann::json rules();

 private:
  GameStore& store_;
};

}  // namespace dvonn::server
