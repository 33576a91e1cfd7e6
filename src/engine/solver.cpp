#include "engine/solver.hpp"

#include <algorithm>

#include "engine/search.hpp"

namespace dvonn::engine {

int live_stacks(const Position& p) {
  if (p.in_placement()) return 99;
  // Every move merges two stacks, so the stacks left bound the game's
  // length; lone Dvonn pieces never move and do not count.
  return popcount(p.occupied() & (p.pieces(Color::White) | p.pieces(Color::Black)));
}

bool Solver::should_stop() {
  if (aborted_) return true;
  if (max_nodes_ && nodes_ >= max_nodes_) aborted_ = true;
  if ((nodes_ & 511) == 0 && ((stop_ && stop_->load(std::memory_order_relaxed)) || deadline_->passed()))
    aborted_ = true;
  return aborted_;
}

int Solver::negamax(int alpha, int beta, int ply) {
  ++nodes_;
  if (should_stop()) return 0;
  MoveList list;
  pos_.generate(list);
  if (list.size == 0) return terminal_score(pos_);
  // No result can exceed owning every piece on the board (pieces only
  // leave it; a lone Dvonn piece counts once a stack lands on it).
  const Score material = pos_.score();
  const Bitboard lone_dvonn = pos_.dvonn_spaces() & ~pos_.pieces(Color::White) & ~pos_.pieces(Color::Black);
  const int cap = kUnit * (material.white + material.black + popcount(lone_dvonn));
  if (alpha >= cap) return cap;

  const std::uint64_t key = pos_.key();
  Move hash_move = Move::pass();
  if (const auto e = tt_.probe(key)) {
    if (e->move) hash_move = decode_move(e->move);
    if (e->solved && (e->bound == Bound::Exact || (e->bound == Bound::Lower && e->score >= beta) ||
                      (e->bound == Bound::Upper && e->score <= alpha)))
      return e->score;
  }
  std::array<int, 160> scores;
  order_.score(pos_, list, hash_move, std::min(ply, kMaxPly - 1), scores);
  const int orig_alpha = alpha;
  NodeBest best{-kInfinity, list[0]};
  for (int i = 0; i < list.size; ++i) {
    MoveOrder::pick(list, scores, i);
    const Move m = list[i];
    Undo u;
    pos_.play(m, u);
    int score;
    if (i == 0) {
      score = -negamax(-beta, -alpha, ply + 1);
    } else {
      score = -negamax(-alpha - 1, -alpha, ply + 1);
      if (score > alpha && score < beta && !aborted_) score = -negamax(-beta, -alpha, ply + 1);
    }
    pos_.undo(u);
    if (aborted_) return 0;
    if (best.add(m, score, alpha, beta) == NodeBest::Cutoff) {
      order_.on_cutoff(m, std::min(ply, kMaxPly - 1), 4);
      break;
    }
  }
  const Bound bound = best.score >= beta ? Bound::Lower : best.score > orig_alpha ? Bound::Exact : Bound::Upper;
  tt_.store(key, best.score, bound, 100, encode_move(best.move), true);
  return best.score;
}

std::vector<Move> Solver::principal_variation(Move first) {
  // Follow the solved exact entries; every one names the move that keeps
  // the value, so the line is a perfect continuation as far as it goes.
  std::vector<Move> pv{first};
  Position p = pos_;
  p.play(first);
  for (int i = 0; i < 100; ++i) {
    const auto e = tt_.probe(p.key());
    if (!e || !e->solved || e->bound != Bound::Exact || !e->move) break;
    Move m = decode_move(e->move);
    MoveList list;
    p.generate(list);
    if (!list.contains(m)) break;
    pv.push_back(m);
    p.play(m);
  }
  return pv;
}

bool Solver::start(const Position& root, const Deadline& deadline, std::uint64_t max_nodes,
                   const std::atomic<bool>* stop, MoveList& list, std::array<int, 160>& order) {
  pos_ = root;
  deadline_ = &deadline;
  stop_ = stop;
  max_nodes_ = max_nodes;
  nodes_ = 0;
  aborted_ = false;
  pos_.generate(list);
  if (list.size == 0) return false;
  Move hash_move = Move::pass();
  if (const auto e = tt_.probe(pos_.key()); e && e->move) hash_move = decode_move(e->move);
  order_.score(pos_, list, hash_move, 0, order);
  return true;
}

SolveResult Solver::solve(const Position& root, int multipv, const Deadline& deadline, std::uint64_t max_nodes,
                          const std::atomic<bool>* stop) {
  SolveResult result;
  MoveList list;
  std::array<int, 160> order;
  if (!start(root, deadline, max_nodes, stop, list, order)) return result;
  const int k = std::clamp(multipv, 1, list.size);
  struct RootMove {
    Move move;
    int score;
    bool exact;
  };
  std::vector<RootMove> moves;
  std::vector<int> exact_scores;
  for (int i = 0; i < list.size; ++i) {
    MoveOrder::pick(list, order, i);
    int alpha = -kInfinity;
    if (static_cast<int>(exact_scores.size()) >= k) {
      std::nth_element(exact_scores.begin(), exact_scores.begin() + (k - 1), exact_scores.end(), std::greater<>());
      alpha = exact_scores[k - 1];
    }
    Undo u;
    pos_.play(list[i], u);
    int score;
    if (alpha == -kInfinity) {
      score = -negamax(-kInfinity, kInfinity, 1);
    } else {
      score = -negamax(-alpha - 1, -alpha, 1);
      if (score > alpha && !aborted_) score = -negamax(-kInfinity, -alpha, 1);
    }
    pos_.undo(u);
    result.nodes = nodes_;
    if (aborted_) return result;
    bool exact = alpha == -kInfinity || score > alpha;
    if (exact) exact_scores.push_back(score);
    moves.push_back({list[i], score, exact});
  }
  std::stable_sort(moves.begin(), moves.end(), [](const RootMove& a, const RootMove& b) {
    int sa = a.exact ? a.score : -kInfinity - 1, sb = b.exact ? b.score : -kInfinity - 1;
    return sa > sb;
  });
  // The root's own value, so the next search from here starts solved.
  tt_.store(pos_.key(), moves[0].score, Bound::Exact, 100, encode_move(moves[0].move), true);
  for (int i = 0; i < k; ++i) {
    ScoredLine line;
    line.move = moves[i].move;
    line.score = static_cast<double>(moves[i].score) / kUnit;
    line.exact = true;
    line.pv = principal_variation(moves[i].move);
    result.lines.push_back(line);
  }
  result.solved = true;
  return result;
}

ProofResult Solver::prove_win(const Position& root, const Deadline& deadline, std::uint64_t max_nodes,
                              const std::atomic<bool>* stop) {
  ProofResult result;
  MoveList list;
  std::array<int, 160> order;
  if (!start(root, deadline, max_nodes, stop, list, order)) return result;
  for (int i = 0; i < list.size; ++i) {
    MoveOrder::pick(list, order, i);
    Undo u;
    pos_.play(list[i], u);
    // Scores are whole pieces (multiples of kUnit): "at least 1" is "wins".
    const int score = -negamax(-1, 0, 1);
    pos_.undo(u);
    result.nodes = nodes_;
    if (aborted_) return result;
    if (score >= 1) {
      result.outcome = ProofResult::Win;
      result.move = list[i];
      tt_.store(pos_.key(), score, Bound::Lower, 100, encode_move(list[i]), true);
      return result;
    }
  }
  result.outcome = ProofResult::NoWin;
  return result;
}

}  // namespace dvonn::engine
