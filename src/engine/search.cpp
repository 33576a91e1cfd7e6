#include "engine/search.hpp"

#include <algorithm>

namespace dvonn::engine {

bool Search::should_stop() {
  if (aborted_) return true;
  if (cfg_.max_nodes && nodes_ >= cfg_.max_nodes) aborted_ = true;
  // Reading the clock costs far more than a node; every 512 nodes keeps the
  // overrun below a millisecond even in slow quiescence-heavy positions.
  if ((nodes_ & 511) == 0 && ((cfg_.stop && cfg_.stop->load(std::memory_order_relaxed)) || deadline_->passed() ||
                              (split_cutoff_ && split_cutoff_->load(std::memory_order_relaxed))))
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
  const StaticScore stand = evaluate_or_over(pos_, w_);
  if (stand.over) return terminal_score(pos_);
  NodeBest best{stand.score};
  if (best.score >= beta || qdepth >= 4 || ply >= kMaxPly - 1) return best.score;
  // Most quiescence nodes stop at the static score: the moves are listed
  // only past that point (same moves, same order, so the same tree).
  MoveList list;
  pos_.generate(list);
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

int Search::search_move(Move m, int index, int order_score, int depth, int alpha, int beta, int ply, MoveFacts& facts) {
  const Color me = pos_.side_to_move();
  facts.capture = m.is_step() && (pos_.pieces(opponent(me)) & bit(m.to));
  const int before = popcount(pos_.occupied());
  Undo u;
  pos_.play(m, u);
  facts.removed = m.is_step() && popcount(pos_.occupied()) < before - 1;
  // A move that cuts stacks off changes the score by whole pieces at
  // once; look one ply further behind it (bounded so the tree stays finite).
  // White's 49th placement keeps White to move: no change of sign there.
  const int ext = cfg_.extensions && facts.removed && ply < 2 * root_depth_ ? 1 : 0;
  const int new_depth = depth - 1 + ext;
  const bool keeps_turn = pos_.side_to_move() == me;
  auto child = [&](int d, int a, int b) {
    return keeps_turn ? negamax(d, a, b, ply + 1) : -negamax(d, -b, -a, ply + 1);
  };
  int score;
  if (index == 0) {
    score = child(new_depth, alpha, beta);
  } else {
    int r = 0;
    if (cfg_.reductions && depth >= 3 && index >= 3 && !facts.removed && !facts.capture && order_score < 250000)
      r = (index >= 10 && depth >= 5) ? 2 : 1;
    score = child(new_depth - r, alpha, alpha + 1);
    if (r && score > alpha) score = child(new_depth, alpha, alpha + 1);
    if (score > alpha && score < beta) score = child(new_depth, alpha, beta);
  }
  pos_.undo(u);
  return score;
}

int Search::search_root_move(Move m, int depth, int alpha, int beta) {
  const int before = popcount(pos_.occupied());
  const Color me = pos_.side_to_move();
  Undo u;
  pos_.play(m, u);
  const bool removed = m.is_step() && popcount(pos_.occupied()) < before - 1;
  const int d = depth - 1 + (cfg_.extensions && removed ? 1 : 0);
  // White's 49th placement keeps White to move: no change of sign there.
  const bool keeps_turn = pos_.side_to_move() == me;
  auto child = [&](int a, int b) { return keeps_turn ? negamax(d, a, b, 1) : -negamax(d, -b, -a, 1); };
  int score;
  if (beta < kInfinity) {
    // An aspiration window: searched again with an open one when the score
    // falls outside, since a bound alone cannot rank the root moves.
    score = child(alpha, beta);
    if ((score <= alpha || score >= beta) && !aborted_) score = child(-kInfinity, kInfinity);
  } else if (alpha == -kInfinity) {
    score = child(-kInfinity, kInfinity);
  } else {
    score = child(alpha, alpha + 1);
    if (score > alpha && !aborted_) score = child(alpha, kInfinity);
  }
  pos_.undo(u);
  return score;
}

bool Search::split(SplitPoint& sp, MoveList& list, std::array<int, 160>& scores, int depth, int alpha, int beta,
                   int ply, int best_score, Move best_move) {
  // The rest in search order: the split hands moves out by index.
  for (int j = 1; j < list.size; ++j) MoveOrder::pick(list, scores, j);
  sp.pos = pos_;
  sp.moves = list;
  sp.order_scores = scores;
  sp.depth = depth;
  sp.ply = ply;
  sp.beta = beta;
  sp.root = ply == 0;
  sp.root_depth = root_depth_;
  sp.next = 1;
  sp.alpha = alpha;
  sp.best_score = best_score;
  sp.best_move = best_move;
  if (sp.root) sp.results.assign(static_cast<std::size_t>(list.size), {});
  if (!pool_->offer(&sp)) return false;
  work(sp, true);
  pool_->finish(&sp);
  nodes_ += sp.helper_nodes;
  if (sp.incomplete && !sp.cutoff) aborted_ = true;
  return true;
}

void Search::prepare_helper(const SearchConfig& config, const Deadline& deadline) {
  cfg_ = config;
  deadline_ = &deadline;
}

void Search::work(SplitPoint& sp, bool owner) {
  if (!owner) {
    pos_ = sp.pos;
    root_depth_ = sp.root_depth;
    aborted_ = false;
    nodes_ = 0;
    split_cutoff_ = &sp.cutoff;
  }
  const int ply = sp.ply;
  for (;;) {
    if (sp.cutoff.load()) break;
    const int i = sp.next.fetch_add(1);
    if (i >= sp.moves.size) break;
    const Move m = sp.moves[i];
    const int alpha = sp.alpha.load();
    int score;
    MoveFacts facts;
    if (sp.root) {
      score = search_root_move(m, sp.depth, alpha, kInfinity);
    } else {
      score = search_move(m, i, sp.order_scores[i], sp.depth, alpha, sp.beta, ply, facts);
    }
    if (aborted_) {
      // Stopped by the clock (or, for a helper, by a cut-off elsewhere):
      // this move has no result.
      if (!owner && !sp.cutoff.load()) sp.incomplete = true;
      break;
    }
    std::lock_guard lock(sp.mutex);
    if (sp.root) {
      auto& r = sp.results[static_cast<std::size_t>(i)];
      r.searched = true;
      r.score = score;
      r.exact = score > alpha;
      if (r.exact) {
        r.pv.assign(1, m);
        for (int j = 1; j < pv_length_[1]; ++j) r.pv.push_back(pv_[1][j]);
      }
    }
    if (score > sp.best_score) {
      sp.best_score = score;
      sp.best_move = m;
      if (score > alpha) {
        sp.best_pv.assign(1, m);
        for (int j = ply + 1; j < pv_length_[ply + 1]; ++j) sp.best_pv.push_back(pv_[ply + 1][j]);
      }
      if (score > sp.alpha.load()) sp.alpha = score;
      if (score >= sp.beta) {
        sp.cutoff = true;
        if (!facts.capture && !facts.removed) order_.on_cutoff(m, ply, sp.depth);
      }
    }
  }
  if (!owner) {
    std::lock_guard lock(sp.mutex);
    sp.helper_nodes += nodes_;
    split_cutoff_ = nullptr;
  }
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
  const bool pv_node = beta - alpha > 1;
  const std::uint64_t key = pos_.key();
  Move hash_move = Move::pass();
  // The table before the move generator: a cut-off needs no moves (a
  // finished game is never stored, so this cannot hide one).
  const bool interior = depth > 0 && ply < kMaxPly - 1;
  if (const auto e = interior ? tt_.probe(key) : std::nullopt) {
    if (e->move) hash_move = decode_move(e->move);
    const bool usable = e->solved || (!pv_node && e->depth >= depth);
    if (usable && (e->bound == Bound::Exact || (e->bound == Bound::Lower && e->score >= beta) ||
                   (e->bound == Bound::Upper && e->score <= alpha)))
      return e->score;
  }
  MoveList list;
  pos_.generate(list);
  if (list.size == 0) return terminal_score(pos_);
  if (!interior) return evaluate(pos_, w_);
  if (cfg_.futility > 0 && !pv_node && !placement && depth <= 3) {
    // So far ahead that a few plies are not expected to bring it back to
    // beta: a cut-off without searching (the moves are listed first, so a
    // finished game still gets its exact score).
    const int static_score = evaluate(pos_, w_);
    if (static_score - cfg_.futility * depth >= beta) return static_score;
  }

  std::array<int, 160> scores;
  order_.score(pos_, list, hash_move, ply, scores);
  const int orig_alpha = alpha;
  NodeBest best{-kInfinity, list[0]};
  for (int i = 0; i < list.size; ++i) {
    MoveOrder::pick(list, scores, i);
    if (i == 1 && pool_ && pv_node && depth >= kMinSplitDepth && list.size >= 3) {
      // Young brothers wait: the first move has set a bound; share the rest
      // out with idle helper threads.
      SplitPoint sp;
      if (split(sp, list, scores, depth, alpha, beta, ply, best.score, best.move)) {
        if (aborted_) return 0;
        if (sp.best_score > best.score) {
          best.score = sp.best_score;
          best.move = sp.best_move;
          if (sp.best_score > alpha) {
            pv_length_[ply] = ply + static_cast<int>(sp.best_pv.size());
            for (std::size_t j = 0; j < sp.best_pv.size(); ++j) pv_[ply][ply + static_cast<int>(j)] = sp.best_pv[j];
          }
        }
        break;
      }
    }
    const Move m = list[i];
    MoveFacts facts;
    const int score = search_move(m, i, scores[i], depth, alpha, beta, ply, facts);
    if (aborted_) return 0;
    const NodeBest::Step step = best.add(m, score, alpha, beta);
    if (step != NodeBest::Below) update_pv(ply, m);
    if (step == NodeBest::Cutoff) {
      if (!facts.capture && !facts.removed) order_.on_cutoff(m, ply, depth);
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
  for (int depth = 1; depth <= max_depth; ++depth) {
    root_depth_ = depth;
    for (auto& rm : moves) rm.exact = false;
    std::vector<int> exact_scores;
    int completed = 0;
    for (std::size_t idx = 0; idx < moves.size(); ++idx) {
      if (idx == 1 && pool_ && k == 1 && moves.size() >= 3 && depth >= kMinSplitDepth) {
        // Young brothers wait at the root too: the first move has set alpha;
        // the others are shared out with idle helper threads.
        SplitPoint sp;
        MoveList rest;
        std::array<int, 160> order{};
        for (std::size_t j = 0; j < moves.size(); ++j) {
          rest.push(moves[j].move);
          order[j] = -static_cast<int>(j);  // keep the root's order
        }
        if (split(sp, rest, order, depth, exact_scores.empty() ? -kInfinity : exact_scores[0], kInfinity, 0,
                  moves[0].score, moves[0].move)) {
          for (std::size_t j = 1; j < moves.size(); ++j) {
            const auto& r = sp.results[j];
            if (!r.searched) continue;
            ++completed;
            moves[j].score = r.score;
            moves[j].exact = r.exact;
            if (r.exact) {
              exact_scores.push_back(r.score);
              moves[j].pv = r.pv;
            }
          }
          break;
        }
      }
      RootMove& rm = moves[idx];
      // The k-th best exact score so far: a move must beat it to matter.
      int alpha = -kInfinity;
      if (static_cast<int>(exact_scores.size()) >= k) {
        std::nth_element(exact_scores.begin(), exact_scores.begin() + (k - 1), exact_scores.end(), std::greater<>());
        alpha = exact_scores[k - 1];
      }
      // The first move is the previous iteration's best, its score exact.
      const bool aspire = idx == 0 && cfg_.aspiration > 0 && depth >= 4 && report.depth > 0;
      const int score = aspire ? search_root_move(rm.move, depth, std::max(rm.score - cfg_.aspiration, -kInfinity + 1),
                                                  std::min(rm.score + cfg_.aspiration, kInfinity - 1))
                               : search_root_move(rm.move, depth, alpha, kInfinity);
      if (aborted_) break;
      ++completed;
      rm.score = score;
      rm.exact = aspire || alpha == -kInfinity || score > alpha;
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
