// Runs one job per game on several threads, for the tools that read many
// recorded games (`dvonn tune`): each thread takes the next game index, so
// a slow game holds up no other, and every result lands in its own slot,
// so the outcome does not depend on the number of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace dvonn::engine {

// Calls per_game(i, state) for every i in [0, count) on `threads` threads
// (the caller's among them), where `state` is what make_state() made for
// that thread (scratch tables worth keeping between games). on_game, if
// given, hears the number of games done after each, one call at a time.
template <class MakeState, class PerGame>
void for_each_game(std::size_t count, int threads, MakeState make_state, PerGame per_game,
                   const std::function<void(std::size_t games_done)>& on_game = {}) {
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex progress;
  auto work = [&] {
    auto state = make_state();
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      if (i >= count) break;
      per_game(i, state);
      if (on_game) {
        std::lock_guard lock(progress);
        on_game(++done);
      }
    }
  };
  const int helpers = std::clamp(threads, 1, 64) - 1;
  std::vector<std::thread> pool;
  for (int t = 0; t < helpers && static_cast<std::size_t>(t + 1) < count; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
}

}  // namespace dvonn::engine
