#include "engine/levels.hpp"

#include <algorithm>

#include "engine/engine.hpp"

namespace dvonn::engine {

LevelSettings level_settings(int level) {
  // Each step adds something that wins games, not only time: see
  // docs/strength.md for the measured score of each level against its
  // neighbours. Fields left out keep their defaults (levels.hpp).
  switch (std::clamp(level, kMinLevel, kTopLevel)) {
    case 1:  // one ply, no look past captures, three moves in four random: it
             // loses most games to the greedy player, so a beginner can win
             // (0.35 beat greedy 68%, 0.65 scored 49%, 0.75 31.5%; seventeenth session)
      return {.max_depth = 1, .random_move = 0.75, .quiescence = false, .extensions = false};
    case 2:  // one ply with quiescence, a few random moves
      return {.max_depth = 1, .random_move = 0.12, .extensions = false};
    case 3:  // two plies
      return {.max_depth = 2, .random_move = 0.03};
    case 4:  // three plies
      return {.max_depth = 3};
    case 5:  // four plies, a small endgame solver
      return {.max_depth = 4, .time_share = 0.5, .solver_live_stacks = 10};
    case 6:  // at most six plies (five were not measurably stronger than level 5),
             // a fifth of the clock: on 30% level 7 beat it by only +78
      return {.max_depth = 6, .time_share = 0.2, .solver_live_stacks = 14};
    case 7:  // level 8 with extensions, on half the clock, a smaller solver and no win proof
      return {.time_share = 0.5, .solver_live_stacks = 16, .placement_depth = 2};
    default:
      // Full strength. Two plies while placing: the depth the placement
      // model was measured at (six were no better), and the clock is worth
      // more in the movement phase. From 26 stacks left it looks for a
      // proven win on about a third of each move's time. No extensions: at
      // the same depth they cost five times the time for no measured gain,
      // and the plies they cost win more. The Dvonn pieces at random: against
      // PrimaDvonna from the empty board they scored 75.0% where the fixed
      // preference scored 66.0% in the same 400 paired games (z +2.93;
      // twenty-first session).
      return {.extensions = false,
              .solver_live_stacks = 20,
              .placement_depth = 2,
              .proof_live_stacks = 26,
              .proof_share = 0.35,
              .random_dvonn = true};
  }
}

}  // namespace dvonn::engine
