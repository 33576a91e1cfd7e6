// A player named by its level, as `dvonn engine --level`, `dvonn match` and
// `dvonn play --white engine:L` take it: the engine at strength 1..8, the
// greedy baseline ("greedy") or the random player ("random").
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/position.hpp"

namespace dvonn::engine {
class Engine;
}

namespace dvonn::protocol {

class GreedyPlayer;
class RandomPlayer;

// "1" to "8", "greedy" or "random"; what --help shows.
std::string level_choices();
bool is_level(const std::string& level);

class LevelPlayer {
 public:
  // Throws std::invalid_argument for a name that is not a level. hash_mb is
  // the engine's transposition table; seed breaks the baselines' ties.
  explicit LevelPlayer(const std::string& level, std::size_t hash_mb = 64, std::uint64_t seed = 1);
  ~LevelPlayer();
  LevelPlayer(const LevelPlayer&) = delete;
  LevelPlayer& operator=(const LevelPlayer&) = delete;

  const std::string& level() const { return level_; }
  // The move to play, given this side's thinking time left for the game
  // (the baselines answer at once and ignore it).
  Move choose(const Position& position, double seconds_left);
  // The engine behind a numbered level; null for the baselines.
  engine::Engine* engine() { return engine_.get(); }

 private:
  std::string level_;
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<GreedyPlayer> greedy_;
  std::unique_ptr<RandomPlayer> random_;
};

}  // namespace dvonn::protocol
