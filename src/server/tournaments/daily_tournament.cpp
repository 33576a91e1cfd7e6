#include "server/tournaments/daily_tournament.hpp"

namespace dvonn::server {

namespace {
constexpr std::int64_t kDayMs = 86'400'000;
constexpr std::int64_t kDailyAtMs = 18 * 3'600'000;  // 18:00 UTC
}  // namespace

std::int64_t next_daily_start(std::int64_t now_ms) {
  std::int64_t today = now_ms - now_ms % kDayMs + kDailyAtMs;
  return today > now_ms ? today : today + kDayMs;
}

Tournament daily_tournament(std::int64_t starts_ms, std::int64_t now_ms) {
  Tournament t;
  t.name = "Daily arena";
  t.kind = TournamentKind::Arena;
  t.clock = "5+3";
  t.rated = true;
  t.duration_minutes = 60;
  t.starts_ms = starts_ms;
  t.ends_ms = starts_ms + 60 * 60'000;
  t.created_by = 0;
  t.created_ms = now_ms;
  return t;
}

}  // namespace dvonn::server
