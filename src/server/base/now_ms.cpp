#include "server/base/now_ms.hpp"

#include <chrono>

namespace dvonn::server {

std::int64_t system_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace dvonn::server
