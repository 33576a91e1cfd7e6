// How far apart two seekers' ratings may be to be paired. It starts narrow
// (a fair game) and widens while they wait (a game at all), until after
// kUnboundedAfterMs anyone of the same control will do.
#pragma once

#include <cstdint>

namespace dvonn::server {

inline constexpr double kFirstWindow = 100;           // at once
inline constexpr double kWindowStep = 50;             // added ...
inline constexpr std::int64_t kWindowStepMs = 5'000;  // ... every 5 s waited
inline constexpr std::int64_t kUnboundedAfterMs = 30'000;

// The largest rating difference accepted after waiting waited_ms (infinity
// from kUnboundedAfterMs on).
double rating_window(std::int64_t waited_ms);
// Whether two ratings are close enough, by the window of the one who has
// waited longer (the newcomer takes whoever is waiting that long already).
bool ratings_close(double a, double b, std::int64_t longest_wait_ms);

}  // namespace dvonn::server
