#include "server/rooms/background_priority.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace dvonn::server {

void lower_this_thread_priority(int nice) { setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice); }

bool wait_for_live_engines(const EngineWorkers& engines, const std::function<bool()>& stopping) {
  for (;;) {
    if (stopping()) return false;
    if (engines.queued() == 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace dvonn::server
