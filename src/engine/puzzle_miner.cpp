#include "engine/puzzle_miner.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/position_string.hpp"
#include "engine/engine.hpp"
#include "engine/review.hpp"

namespace dvonn::engine {
namespace {

// The mover's chance to win, 0..100, of a score in the mover's view.
double win_chance(const ScoredLine& line) { return white_win_chance(line.score, line.exact); }

int outcome(double score) { return score > 0 ? 1 : score < 0 ? -1 : 0; }

// Harder: a longer line to see, more moves to choose from, a wrong move a
// real player fell for, or only a draw to find.
int initial_rating(const Puzzle& p, int legal_moves) {
  int r = 1000;
  r += 40 * std::min<int>(static_cast<int>(p.solution.size()), 12);
  r += 3 * std::min(legal_moves, 50);
  if (p.played_wrong) r += 200;
  if (p.goal == "save") r += 100;
  return std::clamp(r, 600, 2600);
}

bool mine_with(Engine& engine, const BoardState& state, int ply, const Move* played, const PuzzleBudget& budget,
               Puzzle& out, const std::atomic<bool>* stop) {
  const Position& p = state.position;
  if (p.in_placement() || p.is_over()) return false;
  MoveList list;
  p.generate(list);
  // Two moves to choose from is a coin toss, not a puzzle.
  if (list.size < 3) return false;
  SearchLimits limits;
  limits.depth = budget.depth;
  limits.nodes = budget.nodes;
  limits.multipv = 2;
  limits.stop = stop;
  engine.new_game();
  SearchReport r = engine.search(p, limits);
  if ((stop && *stop) || r.lines.size() < 2) return false;
  const ScoredLine& best = r.lines[0];
  const ScoredLine& second = r.lines[1];
  Puzzle z;
  z.proved = best.exact && second.exact;
  if (z.proved) {
    if (outcome(best.score) <= outcome(second.score) || outcome(best.score) < 0) return false;
    z.goal = best.score > 0 ? "win" : "save";
  } else {
    const double w0 = win_chance(best), w1 = win_chance(second);
    if (w0 < budget.min_win || w0 - w1 < budget.margin) return false;
    z.goal = "win";
  }
  z.position = format_position(state);
  z.side = p.side_to_move();
  z.ply = ply;
  z.solution = best.pv.empty() ? std::vector<Move>{best.move} : best.pv;
  z.score = best.score;
  z.id = puzzle_id(z.position, best.move);
  if (played && *played != best.move) {
    z.wrong = *played;
    z.played_wrong = true;
  } else {
    z.wrong = second.move;
  }
  if (!z.played_wrong) {
    z.wrong_score = second.score;
    z.refutation.assign(second.pv.size() > 1 ? second.pv.begin() + 1 : second.pv.end(), second.pv.end());
  } else {
    Position after = p;
    after.play(z.wrong);
    if (after.is_over()) {
      Score s = after.score();
      const int lead = s.white - s.black;
      z.wrong_score = z.side == Color::White ? lead : -lead;
    } else {
      SearchLimits one = limits;
      one.multipv = 1;
      engine.new_game();
      SearchReport w = engine.search(after, one);
      if ((stop && *stop) || w.lines.empty()) return false;
      z.wrong_score = -w.lines[0].score;
      z.refutation = w.lines[0].pv.empty() ? std::vector<Move>{w.lines[0].move} : w.lines[0].pv;
    }
    // The move played must really be wrong: as bad as the second choice.
    if (outcome(z.wrong_score) >= outcome(best.score) && z.proved) return false;
  }
  z.rating = initial_rating(z, list.size);
  out = std::move(z);
  return true;
}

}  // namespace

std::string puzzle_id(const std::string& position, Move solution) {
  const std::string text = position + " " + to_string(solution);
  // FNV-1a, 64 bits: the same position and answer always get the same id.
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

bool mine_position(const BoardState& state, int ply, const Move* played, const PuzzleBudget& budget, Puzzle& out,
                   const std::atomic<bool>* stop) {
  Engine engine(kTopLevel, budget.hash_megabytes);
  return mine_with(engine, state, ply, played, budget, out, stop);
}

std::vector<Puzzle> mine_game(const Game& game, const PuzzleBudget& budget, const std::atomic<bool>* stop,
                              const std::function<bool()>& go_on) {
  Engine engine(kTopLevel, budget.hash_megabytes);
  std::vector<Puzzle> found;
  Game replay(game.start());
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const Move played = game.moves()[i];
    if (go_on && !replay.position().in_placement() && !go_on()) return {};
    Puzzle z;
    if (mine_with(engine, replay.state(), static_cast<int>(i), &played, budget, z, stop)) found.push_back(std::move(z));
    if (stop && *stop) return {};
    replay.play(played);
  }
  // Where the player went wrong first, then in game order.
  std::stable_sort(found.begin(), found.end(),
                   [](const Puzzle& a, const Puzzle& b) { return a.played_wrong > b.played_wrong; });
  std::vector<Puzzle> chosen;
  for (Puzzle& z : found) {
    if (static_cast<int>(chosen.size()) >= budget.max_per_game) break;
    bool near = std::any_of(chosen.begin(), chosen.end(),
                            [&](const Puzzle& c) { return std::abs(c.ply - z.ply) < budget.min_gap; });
    if (!near) chosen.push_back(std::move(z));
  }
  std::sort(chosen.begin(), chosen.end(), [](const Puzzle& a, const Puzzle& b) { return a.ply < b.ply; });
  return chosen;
}

}  // namespace dvonn::engine
