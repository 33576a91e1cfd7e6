// A person (or an engine level) on a seat, as the accounts store them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace dvonn::server {

struct User {
  std::int64_t id = 0;  // users.id; 0: nobody (an anonymous seat)
  std::string name;
  bool guest = false;
  bool engine = false;  // engine-1 .. engine-8
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
  int games = 0;  // rated games finished
};

// Provisional while the deviation is above this.
inline constexpr double kProvisionalDeviation = 110.0;

// The name a deleted account's row takes (AccountStore::delete_account): its
// games keep their seat under it. No sign-up can take it (a space).
inline constexpr const char* kDeletedPlayerName = "deleted player";

// PLAYER: {"name", "guest", "rating"} (rating null for guests), plus
// "deleted": true for a deleted account.
inline nlohmann::json player_json(const User& p) {
  nlohmann::json j = {
      {"name", p.name}, {"guest", p.guest}, {"rating", p.guest ? nlohmann::json() : nlohmann::json(p.rating)}};
  if (p.name == kDeletedPlayerName) j["deleted"] = true;
  return j;
}
// USER: PLAYER plus deviation, games and provisional.
inline nlohmann::json user_json(const User& p) {
  nlohmann::json j = player_json(p);
  j["deviation"] = p.guest ? nlohmann::json() : nlohmann::json(p.deviation);
  j["games"] = p.games;
  j["provisional"] = !p.guest && p.deviation > kProvisionalDeviation;
  return j;
}

}  // namespace dvonn::server
