// What the server's background engine work (game reviews, the analysis
// board) does so that it never starves live games: its threads run at a
// lower scheduling priority than the engine pool's (a running engine move
// takes the CPU first), and between two pieces of work they wait while the
// engine pool has engine moves or hints queued.
#pragma once

#include <functional>

#include "server/rooms/engine_workers.hpp"

namespace dvonn::server {

// Sets the calling thread's nice value (Linux gives every thread its own:
// only this one is lowered). The engine pool runs at 10; background work
// at 19 comes after it.
void lower_this_thread_priority(int nice);

// Returns once the engine pool has no engine move or hint waiting for a
// thread (true), or when stopping() says so (false); polls every 20 ms.
bool wait_for_live_engines(const EngineWorkers& engines, const std::function<bool()>& stopping);

}  // namespace dvonn::server
