#include "engine/player.hpp"

#include <stdexcept>

#include "engine/baseline.hpp"
#include "engine/engine.hpp"

namespace dvonn::engine {
namespace {

// The engine level a name stands for, or 0 when it is not a number
// kMinLevel..kTopLevel.
int engine_level(const std::string& name) {
  if (name.size() != 1 || name[0] < '0' + kMinLevel || name[0] > '0' + kTopLevel) return 0;
  return name[0] - '0';
}

}  // namespace

std::string level_choices() {
  return std::to_string(kMinLevel) + ".." + std::to_string(kTopLevel) + ", greedy or random";
}

bool is_level(const std::string& level) { return engine_level(level) != 0 || level == "greedy" || level == "random"; }

std::string level_name(int level) { return level == 0 ? "greedy" : std::to_string(level); }

Player::Player(const std::string& level, std::size_t hash_mb, std::uint64_t seed) : level_(level), rng_(seed) {
  if (int n = engine_level(level)) {
    engine_ = std::make_unique<Engine>(n, hash_mb);
    engine_->seed_dvonn_draws(seed);
    engine_->new_game();
  } else if (level != "greedy" && level != "random") {
    throw std::invalid_argument("unknown level \"" + level + "\"; the levels are " + level_choices());
  }
}

Player::~Player() = default;

void Player::new_game() {
  if (engine_) engine_->new_game();
}

Move Player::choose(const Position& position, double seconds_left) {
  last_depth_ = 0;
  last_nodes_ = 0;
  if (engine_) {
    PlayReport report = engine_->play(position, PlayLimits::game_clock(seconds_left));
    last_depth_ = report.depth;
    last_nodes_ = report.nodes;
    return report.move;
  }
  if (position.is_over()) throw std::logic_error("Player::choose: the game is over");
  return level_ == "greedy" ? greedy_move(position, rng_) : random_move(position, rng_);
}

}  // namespace dvonn::engine
