#include "engine/search.hpp"

#include <algorithm>

namespace dvonn::engine {

bool Search::should_stop() {
  if (aborted_) return true;
  if (cfg_.max_nodes && nodes_ >= cfg_.max_nodes) aborted_ = true;
  // Reading the clock costs far more than a node; every 512 nodes keeps the
  // overrun below a millisecond even in slow quiescence-heavy positions.
  if ((nodes_ & 511) == 0 && ((cfg_.stop && cfg_.stop->load(std::memory_order_relaxed)) || deadline_->passed()))
    aborted_ = true;
  return aborted_;
}

void Search::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  int len = pv_length_[ply + 1];
  for (int i = ply + 1; i < len; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(len, ply + 1);
}

int Search::quiesce(int alpha, int beta, int ply, int qdepth) {
  pv_length_[ply] = ply;
  ++nodes_;
  if (should_stop()) return 0;
  MoveList list;
  pos_.generate(list);
  if (list.size == 0) return terminal_score(pos_);
  NodeBest best{evaluate(pos_, w_)};
  if (best.score >= beta || qdepth >= 4 || ply >= kMaxPly - 1) return best.score;
  alpha = std::max(alpha, best.score);
  // Only moves that cut stacks off: they are the ones that change the
  // material count by more than the evaluation can foresee. A departure
  // that cannot split the board removes nothing, so most moves are skipped
  // without being played.
  const Bitboard occ = pos_.occupied(), dv = pos_.dvonn_spaces();
  const int before = popcount(occ);
  Square tried_from = kNoSquare;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list[i];
    if (!m.is_step() || m.from == tried_from || !departure_may_split(occ, dv, m.from)) continue;
    Undo u;
    pos_.play(m, u);
    if (popcount(pos_.occupied()) >= before - 1) {
      pos_.undo(u);
      // Without a Dvonn piece aboard, whether a departure cuts anything off
      // does not depend on the destination: skip the stack's other moves.
      if (!(dv & bit(m.from))) tried_from = m.from;
      continue;
    }
    int score = -quiesce(-beta, -alpha, ply + 1, qdepth + 1);
    pos_.undo(u);
    if (aborted_) return 0;
    const NodeBest::Step step = best.add(m, score, alpha, beta);
    if (step != NodeBest::Below) update_pv(ply, m);
    if (step == NodeBest::Cutoff) break;
  }
  return best.score;
}

int Search::negamax(int depth, int alpha, int beta, int ply) {
  pv_length_[ply] = ply;
  const bool placement = pos_.in_placement();
  if (depth <= 0) {
    if (placement) {
      ++nodes_;
      if (should_stop()) return 0;
      return evaluate(pos_, w_);
    }
    if (cfg_.quiescence) return quiesce(alpha, beta, ply, 0);
  }
  ++nodes_;
  if (should_stop()) return 0;
  MoveList list;
  pos_.generate(list);
  if (list.size == 0) return terminal_score(pos_);
  if (depth <= 0 || ply >= kMaxPly - 1) return evaluate(pos_, w_);

  const bool pv_node = beta - alpha > 1;
  const std::uint64_t key = pos_.key();
  Move hash_move = Move::pass();
  if (const auto e = tt_.probe(key)) {
    if (e->move) hash_move = decode_move(e->move);
    const bool usable = e->solved || (!pv_node && e->depth >= depth);
    if (usable && (e->bound == Bound::Exact || (e->bound == Bound::Lower && e->score >= beta) ||
                   (e->bound == Bound::Upper && e->score <= alpha)))
      return e->score;
  }

  std::array<int, 160> scores;
  order_.score(pos_, list, hash_move, ply, scores);
  const Color me = pos_.side_to_move();
  const int orig_alpha = alpha;
  NodeBest best{-kInfinity, list[0]};
  for (int i = 0; i < list.size; ++i) {
    MoveOrder::pick(list, scores, i);
    const Move m = list[i];
    const bool capture = m.is_step() && (pos_.pieces(opponent(me)) & bit(m.to));
    const int before = popcount(pos_.occupied());
    Undo u;
    pos_.play(m, u);
    const bool removed = m.is_step() && popcount(pos_.occupied()) < before - 1;
    // A move that cuts stacks off changes the score by whole pieces at
    // once; look one ply further behind it (bounded so the tree stays finite).
    // White's 49th placement keeps White to move: no change of sign there.
    const int ext = cfg_.extensions && removed && ply < 2 * root_depth_ ? 1 : 0;
    const int new_depth = depth - 1 + ext;
    const bool keeps_turn = pos_.side_to_move() == me;
    auto child = [&](int d, int a, int b) {
      return keeps_turn ? negamax(d, a, b, ply + 1) : -negamax(d, -b, -a, ply + 1);
    };
    int score;
    if (i == 0) {
      score = child(new_depth, alpha, beta);
    } else {
      int r = 0;
      if (cfg_.reductions && depth >= 3 && i >= 3 && !removed && !capture && scores[i] < 250000)
        r = (i >= 10 && depth >= 5) ? 2 : 1;
      score = child(new_depth - r, alpha, alpha + 1);
      if (r && score > alpha) score = child(new_depth, alpha, alpha + 1);
      if (score > alpha && score < beta) score = child(new_depth, alpha, beta);
    }
    pos_.undo(u);
    if (aborted_) return 0;
    const NodeBest::Step step = best.add(m, score, alpha, beta);
    if (step != NodeBest::Below) update_pv(ply, m);
    if (step == NodeBest::Cutoff) {
      if (!capture && !removed) order_.on_cutoff(m, ply, depth);
      break;
    }
  }
  const Bound bound = best.score >= beta ? Bound::Lower : best.score > orig_alpha ? Bound::Exact : Bound::Upper;
  tt_.store(key, best.score, bound, depth, encode_move(best.move));
  return best.score;
}

SearchReport Search::run(const Position& root, const SearchConfig& config, const Deadline& deadline,
                         const std::function<void(const SearchReport&)>& on_iteration) {
  pos_ = root;
  cfg_ = config;
  deadline_ = &deadline;
  nodes_ = 0;
  aborted_ = false;
  if (cfg_.new_generation) tt_.new_search();
  order_.age();

  SearchReport report;
  MoveList list;
  pos_.generate(list);
  if (list.size == 0) return report;

  struct RootMove {
    Move move;
    int score = -kInfinity;
    bool exact = false;  // searched with an open window this iteration
    std::vector<Move> pv;
  };
  std::vector<RootMove> moves;
  {
    Move hash_move = Move::pass();
    if (const auto e = tt_.probe(pos_.key()); e && e->move) hash_move = decode_move(e->move);
    std::array<int, 160> scores;
    order_.score(pos_, list, hash_move, 0, scores);
    for (int i = 0; i < list.size; ++i) {
      MoveOrder::pick(list, scores, i);
      moves.push_back({list[i], -kInfinity, false, {list[i]}});
    }
  }
  const int k = std::clamp(cfg_.multipv, 1, list.size);
  auto make_line = [](const RootMove& rm) {
    ScoredLine line;
    line.move = rm.move;
    line.score = static_cast<double>(rm.score) / kUnit;
    line.pv = rm.pv;
    return line;
  };
  // A legal answer before any search, in case the clock runs out at once.
  report.lines.push_back(make_line(moves[0]));
  report.lines[0].score = static_cast<double>(evaluate(pos_, w_)) / kUnit;

  const int max_depth = std::clamp(cfg_.max_depth > 0 ? cfg_.max_depth : 64, 1, kMaxPly / 2);
  for (int depth = cfg_.first_depth; depth <= max_depth; depth += cfg_.depth_step) {
    root_depth_ = depth;
    for (auto& rm : moves) rm.exact = false;
    std::vector<int> exact_scores;
    int completed = 0;
    for (auto& rm : moves) {
      // The k-th best exact score so far: a move must beat it to matter.
      int alpha = -kInfinity;
      if (static_cast<int>(exact_scores.size()) >= k) {
        std::nth_element(exact_scores.begin(), exact_scores.begin() + (k - 1), exact_scores.end(), std::greater<>());
        alpha = exact_scores[k - 1];
      }
      const int before = popcount(pos_.occupied());
      Undo u;
      pos_.play(rm.move, u);
      const bool removed = rm.move.is_step() && popcount(pos_.occupied()) < before - 1;
      const int d = depth - 1 + (cfg_.extensions && removed ? 1 : 0);
      // White's 49th placement keeps White to move: no change of sign there.
      const bool keeps_turn = pos_.side_to_move() == root.side_to_move();
      auto child = [&](int a, int b) { return keeps_turn ? negamax(d, a, b, 1) : -negamax(d, -b, -a, 1); };
      int score;
      if (alpha == -kInfinity) {
        score = child(-kInfinity, kInfinity);
      } else {
        score = child(alpha, alpha + 1);
        if (score > alpha && !aborted_) score = child(alpha, kInfinity);
      }
      pos_.undo(u);
      if (aborted_) break;
      ++completed;
      rm.score = score;
      rm.exact = alpha == -kInfinity || score > alpha;
      if (rm.exact) {
        exact_scores.push_back(score);
        rm.pv.assign(1, rm.move);
        for (int i = 1; i < pv_length_[1]; ++i) rm.pv.push_back(pv_[1][i]);
      }
    }
    // Exact scores first, best first; fail-lows keep their previous order.
    std::stable_sort(moves.begin(), moves.end(), [](const RootMove& a, const RootMove& b) {
      int sa = a.exact ? a.score : -kInfinity - 1, sb = b.exact ? b.score : -kInfinity - 1;
      return sa > sb;
    });
    if (aborted_) {
      // An unfinished iteration still tells something when it found a move
      // that beat the previous best, which it always searches first.
      // The previous best is searched first, so a later move is exact
      // only if it beat that move's score at this depth.
      if (completed > 0 && moves[0].exact && (report.depth == 0 || !(moves[0].move == report.lines[0].move)))
        report.lines[0] = make_line(moves[0]);
      break;
    }
    report.depth = depth;
    report.lines.clear();
    for (int i = 0; i < k; ++i) report.lines.push_back(make_line(moves[i]));
    report.nodes = nodes_;
    report.seconds = deadline.elapsed();
    if (on_iteration) on_iteration(report);
    if (cfg_.optimum_seconds > 0 && deadline.elapsed() >= cfg_.optimum_seconds) break;
    // A timed search with one legal move has nothing to choose.
    if (list.size == 1 && cfg_.multipv <= 1 && cfg_.optimum_seconds > 0) break;
  }
  report.nodes = nodes_;
  report.seconds = deadline.elapsed();
  return report;
}

}  // namespace dvonn::engine
