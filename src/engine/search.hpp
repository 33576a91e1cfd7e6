// The heuristic search: iterative deepening alpha-beta with principal
// variation search, a transposition table, killer and history ordering,
// late move reductions, an extension for moves that cut stacks off and a
// quiescence search over such moves (one move can swing the score by many
// pieces in Dvonn, so the horizon must not fall just before one).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/position.hpp"
#include "engine/engine.hpp"
#include "engine/evaluation.hpp"
#include "engine/move_order.hpp"
#include "engine/split_pool.hpp"
#include "engine/time_manager.hpp"
#include "engine/transposition_table.hpp"

namespace dvonn::engine {

inline constexpr int kInfinity = 30000;
// Scores are centipieces; a finished game scores 100 x its piece difference.
inline constexpr int kUnit = 100;
// Nodes shallower than this are not worth handing to another thread.
inline constexpr int kMinSplitDepth = 3;

struct SearchConfig {
  int max_depth = 64;
  double optimum_seconds = 0;  // no new iteration after this; 0 = none (the Deadline aborts)
  std::uint64_t max_nodes = 0;
  int multipv = 1;
  bool quiescence = true;
  bool extensions = true;
  bool reductions = true;
  // Half-width of the first root move's window around the previous
  // iteration's score, in centipieces, from depth 4 on (0 = an open window).
  // An experiment of issue 41 (docs/engine.md).
  int aspiration = 0;
  // Reverse futility pruning in the movement phase: a node away from the
  // principal variation with at most three plies left returns its static
  // score when that score beats beta by this many centipieces a ply
  // (0 = never). An experiment of issue 41 (docs/engine.md).
  int futility = 0;
  const std::atomic<bool>* stop = nullptr;
  // Start a new transposition table generation; false when the caller has
  // (a parallel search starts it once for all its threads).
  bool new_generation = true;
};

// The running best of one node's move loop, shared by the search, the
// quiescence search and the solver: add() records a searched move's score
// and says whether it raised alpha (the caller updates its principal
// variation) and whether it reached beta (a cut-off: stop the loop).
struct NodeBest {
  enum Step { Below, Raised, Cutoff };
  int score = -kInfinity;
  Move move = Move::pass();
  Step add(Move m, int s, int& alpha, int beta) {
    if (s <= score) return Below;
    score = s;
    move = m;
    if (s <= alpha) return Below;
    alpha = s;
    return alpha >= beta ? Cutoff : Raised;
  }
};

// The final score of a finished game from the side to move's view.
inline int terminal_score(const Position& p) {
  Score s = p.score();
  int d = s.white - s.black;
  return kUnit * (p.side_to_move() == Color::White ? d : -d);
}

class Search {
 public:
  Search(TranspositionTable& tt, MoveOrder& order, const Weights& weights) : tt_(tt), order_(order), w_(weights) {}

  SearchReport run(const Position& root, const SearchConfig& config, const Deadline& deadline,
                   const std::function<void(const SearchReport&)>& on_iteration);
  std::uint64_t nodes() const { return nodes_; }

  // Parallel search (split_pool.hpp): the owner of the pool's helpers
  // splits its PV nodes when a helper is idle.
  void set_pool(SplitPool* pool) { pool_ = pool; }
  // A helper's setup: the configuration and clock of the search it helps.
  void prepare_helper(const SearchConfig& config, const Deadline& deadline);
  // Searches moves of the split point until none is left.
  void work(SplitPoint& sp, bool owner);

 private:
  struct MoveFacts {
    bool capture = false;  // lands on an enemy stack
    bool removed = false;  // cut pieces off the board
  };
  int negamax(int depth, int alpha, int beta, int ply);
  // One move of a negamax node (index in search order), played, searched
  // with PVS and late move reductions, and taken back.
  int search_move(Move m, int index, int order_score, int depth, int alpha, int beta, int ply, MoveFacts& facts);
  // The root move's score: exact with alpha = -kInfinity; otherwise a
  // null window at alpha, re-searched open when it beats it; with beta <
  // kInfinity an aspiration window (alpha, beta), re-searched open when
  // the score falls outside.
  int search_root_move(Move m, int depth, int alpha, int beta);
  // Shares the moves after the first out with the pool's idle helpers;
  // false (nothing searched) when no helper is idle.
  bool split(SplitPoint& sp, MoveList& list, std::array<int, 160>& scores, int depth, int alpha, int beta, int ply,
             int best_score, Move best_move);
  int quiesce(int alpha, int beta, int ply, int qdepth);
  bool should_stop();
  void update_pv(int ply, Move m);

  TranspositionTable& tt_;
  MoveOrder& order_;
  const Weights& w_;
  SearchConfig cfg_;
  const Deadline* deadline_ = nullptr;
  Position pos_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  int root_depth_ = 1;
  SplitPool* pool_ = nullptr;
  const std::atomic<bool>* split_cutoff_ = nullptr;  // a helper's: its split point no longer needs it
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 1> pv_length_{};
};

}  // namespace dvonn::engine
