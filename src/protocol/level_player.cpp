#include "protocol/level_player.hpp"

#include <stdexcept>

#include "engine/engine.hpp"
#include "protocol/greedy_player.hpp"
#include "protocol/random_player.hpp"

namespace dvonn::protocol {
namespace {

// The engine level a name stands for, or 0 when it is not a number 1..8.
int engine_level(const std::string& name) {
  if (name.size() != 1 || name[0] < '0' + engine::kMinLevel || name[0] > '0' + engine::kTopLevel) return 0;
  return name[0] - '0';
}

}  // namespace

std::string level_choices() {
  return std::to_string(engine::kMinLevel) + ".." + std::to_string(engine::kTopLevel) + ", greedy or random";
}

bool is_level(const std::string& level) { return engine_level(level) != 0 || level == "greedy" || level == "random"; }

LevelPlayer::LevelPlayer(const std::string& level, std::size_t hash_mb, std::uint64_t seed) : level_(level) {
  if (int n = engine_level(level)) {
    engine_ = std::make_unique<engine::Engine>(n, hash_mb);
    engine_->new_game();
  } else if (level == "greedy") {
    greedy_ = std::make_unique<GreedyPlayer>(seed);
  } else if (level == "random") {
    random_ = std::make_unique<RandomPlayer>(seed);
  } else {
    throw std::invalid_argument("unknown level \"" + level + "\"; the levels are " + level_choices());
  }
}

LevelPlayer::~LevelPlayer() = default;

Move LevelPlayer::choose(const Position& position, double seconds_left) {
  if (engine_) return engine_->play(position, engine::PlayLimits::game_clock(seconds_left)).move;
  if (greedy_) return greedy_->choose(position);
  return random_->choose(position);
}

}  // namespace dvonn::protocol
