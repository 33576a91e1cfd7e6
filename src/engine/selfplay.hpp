// Self-play: games between two players (engine levels or the greedy
// baseline, see player.hpp) under a per-game clock, as the level ladder,
// the tuning data generator and the tests need them. The real referee (`dvonn match`)
// lives in the protocol layer and runs separate processes; this harness
// runs both players in one process on one core.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/position.hpp"
#include "engine/engine.hpp"
#include "engine/evaluation.hpp"
#include "engine/player.hpp"

namespace dvonn::engine {

struct GameSetup {
  double seconds_per_game = 5.0;  // each side's clock
  bool random_setup = false;      // start in phase 2 from random_setup(seed)
  int random_placements = 5;      // else: this many random opening placements (Dvonn pieces first)
  std::uint64_t seed = 1;
};

struct GameOutcome {
  int white = 0, black = 0;                           // final piece counts
  bool white_flagged = false, black_flagged = false;  // overran the clock
  double white_seconds = 0, black_seconds = 0;
  double white_max_move = 0, black_max_move = 0;  // the longest single move
  std::vector<Move> moves;
  std::vector<Position> positions;  // before each move
  // From White's view: 1 win, 0.5 draw, 0 loss; a flag loses.
  double white_points() const;
};

GameOutcome play_game(Player& white, Player& black, const GameSetup& setup);

struct MatchResult {
  int games = 0;
  double points_a = 0;  // 1 per win, 0.5 per draw
  int wins_a = 0, draws = 0, losses_a = 0;
  int flags_a = 0, flags_b = 0;
  double max_move_a = 0, max_move_b = 0;
  double score() const { return games ? points_a / games : 0; }
};

// Plays games in pairs with the same opening and colours swapped (A is
// White in even games). A level is an engine level, or 0 for the greedy
// baseline (level_name). on_game is called after each game.
// weights_a / weights_b (optional) replace the evaluation weights of an
// engine player, to test a tuning result against the current weights.
MatchResult play_match(int level_a, int level_b, int games, GameSetup setup,
                       const std::function<void(int, const GameOutcome&, bool a_white)>& on_game = {},
                       const Weights* weights_a = nullptr, const Weights* weights_b = nullptr);

}  // namespace dvonn::engine
