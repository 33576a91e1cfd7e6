#include "server/pairing/rating_window.hpp"

#include <cmath>
#include <limits>

namespace dvonn::server {

double rating_window(std::int64_t waited_ms) {
  if (waited_ms >= kUnboundedAfterMs) return std::numeric_limits<double>::infinity();
  if (waited_ms < 0) waited_ms = 0;
  return kFirstWindow + kWindowStep * static_cast<double>(waited_ms / kWindowStepMs);
}

bool ratings_close(double a, double b, std::int64_t longest_wait_ms) {
  return std::fabs(a - b) <= rating_window(longest_wait_ms);
}

}  // namespace dvonn::server
