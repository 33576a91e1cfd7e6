// What each level does differently. Lower levels search less deep, skip
// the Dvonn-specific search features and play deliberate random mistakes;
// higher levels spend more of their clock and solve endgames exactly.
#pragma once

namespace dvonn::engine {

struct LevelSettings {
  int max_depth = 0;           // plies; 0 = as deep as time allows
  double time_share = 1.0;     // of the planned per-move time
  double random_move = 0.0;    // chance of playing a random legal move instead
  bool quiescence = true;      // look past moves that cut stacks off
  bool extensions = true;      // extend such moves by a ply
  int solver_live_stacks = 0;  // solve exactly when at most this many stacks can move (0 = never)
  int placement_depth = 0;     // plies at most while placing coloured pieces (0 = max_depth)
  // Look for a proven win (Solver::prove_win) when at most this many stacks
  // are left and the exact solver has not solved it (0 = never), on this
  // share of the move's optimum time.
  int proof_live_stacks = 0;
  double proof_share = 0.0;
  // Where play() puts the Dvonn pieces: drawn at random among the free
  // spaces, or the fixed preference of dvonn_placement_score.
  bool random_dvonn = false;
};

// Settings of a level, clamped to kMinLevel..kTopLevel.
LevelSettings level_settings(int level);

}  // namespace dvonn::engine
