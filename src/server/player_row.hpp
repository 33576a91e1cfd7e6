// Reading users' rows (name, flags, rating) from the users table: the one
// place that knows the columns of a Player.
#pragma once

#include <cstdint>
#include <optional>

#include "server/player.hpp"

struct sqlite3;

namespace dvonn::server {

class Statement;

// The columns read_user_row expects, in order, for a query on `users u`.
inline constexpr const char* kUserColumns =
    "u.id, u.name, u.guest, u.engine, u.rating, u.deviation, u.volatility, u.games";

// The Player in the current row of q, whose columns from `first` on are
// kUserColumns.
Player read_user_row(Statement& q, int first);

// The user with this id; nullopt when there is none (id 0 included).
std::optional<Player> read_player(sqlite3* db, std::int64_t id);

}  // namespace dvonn::server
