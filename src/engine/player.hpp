// A player named by its level, as `dvonn engine --level`, `dvonn match`,
// `dvonn play --white engine:L` and self-play take it: the engine at
// strength kMinLevel..kTopLevel (engine.hpp), the greedy baseline
// ("greedy") or the random player ("random"; see baseline.hpp). The one way
// a caller outside the engine gets a move played at a level without a
// search of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "core/position.hpp"

namespace dvonn::engine {

class Engine;

// "1" to "8", "greedy" or "random"; what --help shows.
std::string level_choices();
bool is_level(const std::string& level);
// The level name of engine level n, and "greedy" for 0 (self-play and
// `dvonn selfplay` number the greedy baseline 0).
std::string level_name(int level);

class Player {
 public:
  // Throws std::invalid_argument for a name that is not a level. hash_mb is
  // the engine's transposition table; seed breaks the baselines' ties
  // and draws the top level's Dvonn pieces.
  explicit Player(const std::string& level, std::size_t hash_mb = 64, std::uint64_t seed = 1);
  ~Player();
  Player(const Player&) = delete;
  Player& operator=(const Player&) = delete;

  const std::string& level() const { return level_; }
  // Forget what the engine learned in earlier games (nothing to forget for
  // the baselines).
  void new_game();
  // The move to play, given this side's thinking time left for the game
  // (the baselines answer at once and ignore it). The position must have a
  // legal move (a forced pass counts); std::logic_error for a baseline when
  // the game is over.
  Move choose(const Position& position, double seconds_left);
  // What the last choose searched: plies of its last completed iteration
  // and nodes (0 and 0 for a baseline, a forced move or a random one).
  int last_depth() const { return last_depth_; }
  std::uint64_t last_nodes() const { return last_nodes_; }
  // The engine behind a numbered level; null for the baselines.
  Engine* engine() { return engine_.get(); }

 private:
  std::string level_;
  std::unique_ptr<Engine> engine_;
  std::mt19937_64 rng_;  // the baselines'
  int last_depth_ = 0;
  std::uint64_t last_nodes_ = 0;
};

}  // namespace dvonn::engine
