// The exact endgame solver: alpha-beta to the end of the game with no
// depth limit and no evaluation, so every score it returns is the final
// piece difference under best play. Its results go into the shared
// transposition table marked solved, where the heuristic search also
// trusts them at any depth.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/position.hpp"
#include "engine/engine.hpp"
#include "engine/move_order.hpp"
#include "engine/time_manager.hpp"
#include "engine/transposition_table.hpp"

namespace dvonn::engine {

struct SolveResult {
  bool solved = false;            // false when it ran out of time or nodes
  std::vector<ScoredLine> lines;  // exact, best first (when solved)
  std::uint64_t nodes = 0;
};

// The outcome alone: whether the side to move has a move that wins (a final
// piece difference above zero). One null window at zero answers that far
// faster than the exact score, so it can be asked with more stacks left.
struct ProofResult {
  enum Outcome { Unknown, Win, NoWin } outcome = Unknown;  // Unknown: out of time or nodes
  Move move = Move::pass();                                // a winning move (when Win)
  std::uint64_t nodes = 0;
};

class Solver {
 public:
  Solver(TranspositionTable& tt, MoveOrder& order) : tt_(tt), order_(order) {}

  // Solves the root and its `multipv` best moves exactly (their scores in
  // pieces, marked exact), within the deadline, node budget and stop flag.
  SolveResult solve(const Position& root, int multipv, const Deadline& deadline, std::uint64_t max_nodes = 0,
                    const std::atomic<bool>* stop = nullptr);

  // Proves a win or its absence within the deadline, node budget and stop
  // flag. What it proves stays in the transposition table as solved bounds.
  ProofResult prove_win(const Position& root, const Deadline& deadline, std::uint64_t max_nodes = 0,
                        const std::atomic<bool>* stop = nullptr);

 private:
  // Sets up a root search: the root's legal moves with their ordering
  // scores; false when there are none.
  bool start(const Position& root, const Deadline& deadline, std::uint64_t max_nodes, const std::atomic<bool>* stop,
             MoveList& list, std::array<int, 160>& order);
  int negamax(int alpha, int beta, int ply);
  bool should_stop();
  std::vector<Move> principal_variation(Move first);

  TranspositionTable& tt_;
  MoveOrder& order_;
  Position pos_;
  const Deadline* deadline_ = nullptr;
  const std::atomic<bool>* stop_ = nullptr;
  std::uint64_t max_nodes_ = 0;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

// A measure of how much game is left: the stacks of either colour on the
// board. The solver is tried when this is small (see levels.cpp).
int live_stacks(const Position& p);

}  // namespace dvonn::engine
