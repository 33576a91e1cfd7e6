// The tournament the server makes itself every day: "Daily arena", 5+3,
// 60 minutes, rated, at 18:00 UTC, created a day ahead.
#pragma once

#include <cstdint>

#include "server/tournaments/tournament_record.hpp"

namespace dvonn::server {

// The first 18:00 UTC strictly after now (ms since the epoch).
std::int64_t next_daily_start(std::int64_t now_ms);
// The daily arena starting at starts_ms (its id not set).
Tournament daily_tournament(std::int64_t starts_ms, std::int64_t now_ms);

}  // namespace dvonn::server
