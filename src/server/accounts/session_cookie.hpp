// The session cookie (docs/community-api.md, "Players and sessions"): reading
// it from a Cookie header and the Set-Cookie values that set and clear it.
#pragma once

#include <string>
#include <string_view>

namespace dvonn::server {

inline constexpr std::string_view kSessionCookie = "dvonn_session";
inline constexpr long long kSessionSeconds = 30LL * 24 * 3600;

// The session token in a Cookie header: 64 lower-case hex digits, or "" when
// absent or not of that shape.
std::string session_token_from_cookies(std::string_view cookie_header);
// Whether the header names the session cookie at all (even a malformed one).
bool has_session_cookie(std::string_view cookie_header);
// Set-Cookie values.
std::string set_session_cookie(const std::string& token);
std::string clear_session_cookie();

}  // namespace dvonn::server
