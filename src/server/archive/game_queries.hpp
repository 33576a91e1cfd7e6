// The lists of games (docs/community-api.md): a user's games, profiles, the
// archive of finished games and the live games, read from the summary
// columns the rooms keep up to date, as SUMMARY objects. Every list is a
// page: at most `limit` entries, with "more" (whether there are others) and
// "next" (what to ask for to get them: an offset, or a PageCursor's text for
// lists by time; null at the end).
// These read the database: the API runs them on its database threads.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/accounts/account_store.hpp"
#include "server/base/page_cursor.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

class GameQueries {
 public:
  GameQueries(GameStore& store, AccountStore& accounts) : store_(store), accounts_(accounts) {}

  // {"my_turn", "waiting", "finished", "counts", "more", "next"}: the page of
  // the unfinished games from `offset` (at most `limit`, split into my turn
  // and waiting), the latest finished ones (kFinishedShown), and how many
  // unfinished games there are of each kind.
  nlohmann::json my_games(const User& user, int limit, std::int64_t offset);
  // The profile, or nullopt for an unknown name; its rating history is the
  // latest `limit` points before `before` (by time, then game; oldest
  // first), "more" and "next" paging it back: of the overall rating, or of
  // the rating in a time-control family when `family` names one.
  std::optional<nlohmann::json> profile(const std::string& name, int limit, const PageCursor& before,
                                        const std::string& family = "");
  // {"games", "more", "next"}: finished games before `before` (by the time
  // of their last change, then id), newest first; an unknown player has
  // no games.
  nlohmann::json archive(const std::string& player, const PageCursor& before, int limit);
  // {"games", "more", "next"}: unfinished games with both seats taken, a
  // move by a person and a change in the last hour, before `before`, most
  // recent first.
  nlohmann::json live(std::int64_t now, const PageCursor& before, int limit);

  static constexpr int kFinishedShown = 20;
  static constexpr int kRecentShown = 20;

 private:
  GameStore& store_;
  AccountStore& accounts_;
};

}  // namespace dvonn::server
