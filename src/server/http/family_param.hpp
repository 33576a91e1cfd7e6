// The "family" query parameter (a time-control family: the leaderboards,
// a profile's rating history), read the same way everywhere.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/http/http_reply.hpp"

namespace dvonn::server {

// The family in `out` ("" when absent); a 400 that lists the families when
// present but not one of them.
std::optional<HttpReply> family_param(std::string_view query, std::string& out);

}  // namespace dvonn::server
