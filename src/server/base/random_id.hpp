// Game ids and seat tokens: secrets a browser holds, so they come from the
// operating system's random source and are compared in constant time.
#pragma once

#include <string>
#include <string_view>

namespace dvonn::server {

// 128 random bits as 22 URL-safe base64 characters (A-Z a-z 0-9 - _).
std::string new_game_id();
// 128 random bits as 32 lower-case hex digits.
std::string new_seat_token();

// Whether text has the shape of a game id, checked before any lookup so that
// junk never reaches the database.
bool looks_like_game_id(std::string_view text);

// Equal contents, in a time that does not depend on where they differ (the
// length is not secret: every token has the same length).
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace dvonn::server
