// Parallel search by splitting principal-variation nodes (young brothers
// wait): once the first move of a PV node (the root included) has been
// searched and has set a bound, the node's other moves are shared out
// between the thread that owns the node and any idle helper threads. Each
// thread takes the next unsearched move, searches it with the node's
// current alpha and reports its score; the owner waits for the helpers and
// goes on with the node's best. The helpers share the transposition table.
//
// Splitting beats searching the same tree on every thread (lazy SMP): on
// Dvonn positions two such threads reached a depth no sooner than one.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "core/position.hpp"

namespace dvonn::engine {

class Search;
class MoveOrder;
class TranspositionTable;
struct Weights;
struct SearchConfig;
class Deadline;

// One split node: its position and moves, the bounds, and the results the
// threads working on it report. Lives on the owner's stack while it is split.
struct SplitPoint {
  Position pos;
  MoveList moves;  // in search order; moves[0] was searched before the split
  std::array<int, 160> order_scores{};
  int depth = 0, ply = 0, beta = 0;
  int root_depth = 1;  // the iteration's depth (it bounds the extensions)
  bool root = false;   // the search's root: every move's own result is kept
  std::atomic<int> next{1};
  std::atomic<int> alpha{0};
  std::atomic<bool> cutoff{false};      // a move reached beta: the rest are not needed
  std::atomic<bool> incomplete{false};  // a helper stopped before its move was searched

  std::mutex mutex;  // guards what follows
  int best_score = 0;
  Move best_move = Move::pass();
  std::vector<Move> best_pv;  // from this node on
  std::uint64_t helper_nodes = 0;
  // The root's per-move results (root only), by index in moves.
  struct MoveResult {
    bool searched = false;
    int score = 0;
    bool exact = false;  // searched with a window that held the score
    std::vector<Move> pv;
  };
  std::vector<MoveResult> results;
  int workers = 0;  // helpers inside; guarded by the pool's mutex
};

// The helper threads of one search. Each runs its own Search (own position,
// move ordering and principal variation) over the shared transposition
// table and joins whatever split point is offered while it is idle.
class SplitPool {
 public:
  SplitPool(int helpers, TranspositionTable& tt, std::vector<MoveOrder>& orders, const Weights& weights,
            const SearchConfig& config, const Deadline& deadline);
  ~SplitPool();  // stops and joins the helpers
  SplitPool(const SplitPool&) = delete;
  SplitPool& operator=(const SplitPool&) = delete;

  // Offers the split point to the idle helpers; false when none is idle or
  // another split point with moves left is on offer (the caller then
  // searches alone).
  bool offer(SplitPoint* sp);
  // Withdraws the offer and waits until no helper works on sp any more.
  void finish(SplitPoint* sp);
  // How often a helper has joined a split point so far.
  int joins() const { return joins_.load(); }

 private:
  void helper_loop(Search& search);
  // Moves left to take, and no cut-off yet.
  static bool has_work(const SplitPoint& sp);

  std::mutex mutex_;
  std::condition_variable wake_;  // helpers: a split point is on offer, or quit
  std::condition_variable done_;  // owners: a helper left a split point; the constructor: a helper is idle
  SplitPoint* offered_ = nullptr;
  int idle_ = 0;
  bool quit_ = false;
  std::atomic<int> joins_{0};
  std::vector<std::thread> threads_;
};

}  // namespace dvonn::engine
