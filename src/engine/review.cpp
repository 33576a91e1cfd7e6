#include "engine/review.hpp"

#include <algorithm>
#include <cmath>

namespace dvonn::engine {

const char* move_class_name(MoveClass c) {
  switch (c) {
    case MoveClass::Best:
      return "best";
    case MoveClass::Good:
      return "good";
    case MoveClass::Inaccuracy:
      return "inaccuracy";
    case MoveClass::Mistake:
      return "mistake";
    case MoveClass::Blunder:
      return "blunder";
    case MoveClass::Forced:
      return "forced";
  }
  return "best";
}

PositionEval evaluate_position(Engine& engine, const Position& position, const ReviewBudget& budget,
                               const std::atomic<bool>* stop) {
  PositionEval e;
  if (position.is_over()) {
    Score s = position.score();
    e.white_score = s.white - s.black;
    e.exact = true;
    e.over = true;
    return e;
  }
  MoveList list;
  position.generate(list);
  e.forced = list.size == 1;
  // Cleared for every position: the result depends on nothing searched
  // before, so a job resumed after a restart gives what it would have.
  engine.new_game();
  SearchLimits limits;
  limits.depth = budget.depth;
  limits.nodes = budget.nodes;
  limits.stop = stop;
  SearchReport r = engine.search(position, limits);
  e.depth = r.depth;
  e.nodes = r.nodes;
  if (r.lines.empty()) return e;
  const ScoredLine& best = r.lines.front();
  const double mover = position.side_to_move() == Color::White ? 1.0 : -1.0;
  e.white_score = mover * best.score;
  e.exact = best.exact;
  e.best = best.move;
  e.line = best.pv.empty() ? std::vector<Move>{best.move} : best.pv;
  return e;
}

double white_win_chance(double white_score, bool exact) {
  if (exact) return white_score > 0 ? 100.0 : white_score < 0 ? 0.0 : 50.0;
  return 100.0 / (1.0 + std::exp(-kWinChanceSlope * white_score));
}

MoveClass classify_loss(double win_chance_loss, double score_loss, bool engine_move) {
  if (engine_move || score_loss < 0.1) return MoveClass::Best;
  if (win_chance_loss >= kBlunderLoss) return MoveClass::Blunder;
  if (win_chance_loss >= kMistakeLoss) return MoveClass::Mistake;
  if (win_chance_loss >= kInaccuracyLoss) return MoveClass::Inaccuracy;
  return MoveClass::Good;
}

double move_accuracy(double win_chance_loss) {
  return std::clamp(103.1668 * std::exp(-0.04354 * std::max(0.0, win_chance_loss)) - 3.1669, 0.0, 100.0);
}

std::vector<Position> game_positions(const Game& game) {
  std::vector<Position> positions{game.start().position};
  Position p = game.start().position;
  for (Move m : game.moves()) {
    p.play(m);
    positions.push_back(p);
  }
  return positions;
}

namespace {

void count(PlayerSummary& s, const ReviewedMove& m) {
  switch (m.kind) {
    case MoveClass::Forced:
      return;
    case MoveClass::Best:
      ++s.best;
      break;
    case MoveClass::Good:
      ++s.good;
      break;
    case MoveClass::Inaccuracy:
      ++s.inaccuracies;
      break;
    case MoveClass::Mistake:
      ++s.mistakes;
      break;
    case MoveClass::Blunder:
      ++s.blunders;
      break;
  }
  ++s.moves;
}

}  // namespace

GameReview assemble_review(const Game& game, std::vector<PositionEval> positions, const ReviewBudget& budget) {
  GameReview review;
  review.budget = budget;
  review.positions = std::move(positions);
  const std::vector<Position> boards = game_positions(game);
  double white_sum = 0, black_sum = 0;
  for (std::size_t i = 0; i < game.moves().size() && i + 1 < review.positions.size(); ++i) {
    const PositionEval& before = review.positions[i];
    const PositionEval& after = review.positions[i + 1];
    ReviewedMove m;
    m.played = game.moves()[i];
    m.mover = boards[i].side_to_move();
    const double sign = m.mover == Color::White ? 1.0 : -1.0;
    // The best the mover could get is at least what the move got: a deeper
    // look after the move may find more than the search before it saw.
    m.score_loss = std::max(0.0, sign * (before.white_score - after.white_score));
    m.win_chance_loss = std::max(0.0, sign * (white_win_chance(before.white_score, before.exact) -
                                              white_win_chance(after.white_score, after.exact)));
    m.accuracy = move_accuracy(m.win_chance_loss);
    m.kind =
        before.forced ? MoveClass::Forced : classify_loss(m.win_chance_loss, m.score_loss, m.played == before.best);
    if (m.kind == MoveClass::Best) m.score_loss = 0, m.win_chance_loss = 0, m.accuracy = 100;
    PlayerSummary& s = m.mover == Color::White ? review.white : review.black;
    count(s, m);
    if (m.kind != MoveClass::Forced) (m.mover == Color::White ? white_sum : black_sum) += m.accuracy;
    review.moves.push_back(m);
  }
  if (review.white.moves) review.white.accuracy = white_sum / review.white.moves;
  if (review.black.moves) review.black.accuracy = black_sum / review.black.moves;
  return review;
}

GameReview review_game(const Game& game, const ReviewBudget& budget,
                       const std::function<bool(int done, int total)>& progress) {
  Engine engine(kTopLevel, budget.hash_megabytes);
  const std::vector<Position> boards = game_positions(game);
  std::vector<PositionEval> evals;
  const int total = static_cast<int>(boards.size());
  for (const Position& p : boards) {
    evals.push_back(evaluate_position(engine, p, budget));
    if (progress && !progress(static_cast<int>(evals.size()), total)) return {};
  }
  return assemble_review(game, std::move(evals), budget);
}

}  // namespace dvonn::engine
