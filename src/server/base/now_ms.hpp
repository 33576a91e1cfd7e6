// The time the server goes by (clocks, sessions, game events), in
// milliseconds since the Unix epoch; a function so that tests can inject
// their own.
#pragma once

#include <cstdint>
#include <functional>

namespace dvonn::server {

using NowMs = std::function<std::int64_t()>;
// Milliseconds since the Unix epoch, from the system clock.
std::int64_t system_now_ms();

}  // namespace dvonn::server
