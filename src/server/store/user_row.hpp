// Reading users' rows (name, flags, rating) from the users table: the one
// place that knows the columns of a User.
#pragma once

#include <cstdint>
#include <optional>

#include "server/base/user.hpp"
#include "server/store/database.hpp"

namespace dvonn::server {

class Statement;

// The columns read_user_row reads, by name, for a query on `users u`.
inline constexpr const char* kUserColumns =
    "u.id AS id, u.name AS name, u.guest AS guest, u.engine AS engine, u.rating AS rating, "
    "u.deviation AS deviation, u.volatility AS volatility, u.games AS games";

// The User in the current row of q, a query that selects kUserColumns.
User read_user_row(const Statement& q);

// The user with this id; nullopt when there is none (id 0 included).
std::optional<User> read_user(Database* db, std::int64_t id);

}  // namespace dvonn::server
