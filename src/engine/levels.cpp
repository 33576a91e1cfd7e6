#include "engine/levels.hpp"

#include <algorithm>

#include "engine/engine.hpp"

namespace dvonn::engine {

LevelSettings level_settings(int level) {
  // Each step adds something that wins games, not only time: see
  // docs/strength.md for the measured score of each level against its
  // neighbours.
  switch (std::clamp(level, kMinLevel, kTopLevel)) {
    case 1:  // one ply, no look past captures, a third of moves random
      return {1, 1.0, 0.35, false, false, 0};
    case 2:  // one ply with quiescence, a few random moves
      return {1, 1.0, 0.12, true, false, 0};
    case 3:  // two plies
      return {2, 1.0, 0.03, true, true, 0};
    case 4:  // three plies
      return {3, 1.0, 0.0, true, true, 0};
    case 5:  // four plies, a small endgame solver
      return {4, 0.5, 0.0, true, true, 10};
    case 6:  // at most six plies (five were not measurably stronger than level 5), 30% of the clock
      return {6, 0.3, 0.0, true, true, 14};
    case 7:  // level 8 with extensions, on half the clock, a smaller solver and no win proof
      return {0, 0.5, 0.0, true, true, 16, 2};
    default:  // full strength; two plies while placing (the depth the placement model was
              // measured at; six were no better, fourteenth session), and the clock is
              // worth more in the movement phase;
              // from 26 stacks left it looks for a proven win on a third of each move's time.
              // No extensions: at the same depth they cost five times the time for no measured
              // gain, and the plies they cost win more (docs/strength.md, eighth session)
      return {0, 1.0, 0.0, true, false, 20, 2, 26, 0.35};
  }
}

}  // namespace dvonn::engine
