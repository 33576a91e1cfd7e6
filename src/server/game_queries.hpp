// The lists of games (docs/community-api.md): a user's games, profiles, the
// archive of finished games and the live games, read from the summary
// columns the rooms keep up to date, as SUMMARY objects.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/account_store.hpp"
#include "server/game_store.hpp"

namespace dvonn::server {

class GameQueries {
 public:
  GameQueries(GameStore& store, AccountStore& accounts) : store_(store), accounts_(accounts) {}

  // {"my_turn", "waiting", "finished"}.
  nlohmann::json my_games(const Player& user);
  // The profile, or nullopt for an unknown name.
  std::optional<nlohmann::json> profile(const std::string& name);
  // {"games", "next"}; an unknown player has no games.
  nlohmann::json archive(const std::string& player, std::int64_t before, int limit);
  // {"games"}: unfinished games with both seats taken and a change in the
  // last hour, most recent first.
  nlohmann::json live(std::int64_t now);

 private:
  GameStore& store_;
  AccountStore& accounts_;
};

}  // namespace dvonn::server
