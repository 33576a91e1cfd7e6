#include "engine/evaluation.hpp"

#include <algorithm>

#include "engine/topology.hpp"

namespace dvonn::engine {

const Weights& default_weights() {
  // Fitted by `dvonn tune --records` (see docs/engine.md); rounded to
  // centipieces. The movement model is fitted to PrimaDvonna's self-play.
  // The placement model was fitted to the final piece difference of 2,199
  // games of level 8 against PrimaDvonna, then moved half-way to the worth
  // of each feature measured by 600 games in which level 8 placed at random
  // among its near-best placements: a fit to the games of the weights' own
  // choices is biased by them (docs/engine.md, "Placement phase").
  static const Weights w = {
      {// with a full board
       -2, 216, -136, -141, 191, 9, 12, 68, 29, 131, 47, -148, -31, 11, 102, 268,
       // at the end
       66, -46, 43, 56, 42, 49, 60, 108, 104, 169, 101, -1, -39, 14, -13, -112},
      {130, -24, -39, -16, -57, 93, 64, -22, -42, 11, -122},
  };
  return w;
}

int move_taper(const Position& p) {
  // 49 stacks at the start of the movement phase; by eight or so the game
  // is decided by the count.
  const int stacks = popcount(p.occupied());
  return std::clamp((stacks - 8) * kTaperScale / 41, 0, kTaperScale);
}

bool move_features(const Position& p, MoveFeatures& f) {
  f.fill(0);
  const Bitboard occ = p.occupied();
  const Bitboard dv = p.dvonn_spaces();
  const Bitboard blocked = p.blocked();
  const Bitboard near1 = expand(dv) & ~dv;
  const Bitboard near2 = expand(expand(dv)) & ~near1 & ~dv;
  const Bitboard near_or_on = near1 | dv;
  std::array<Bitboard, 3> layers;
  connection_layers<3>(dv, occ, layers);
  const Bitboard close = layers[0] | layers[1] | layers[2];
  Bitboard attacks[2] = {0, 0};
  int mobility[2] = {0, 0}, moves_near[2] = {0, 0}, to_dvonn[2] = {0, 0}, to_enemy[2] = {0, 0};
  int movable[2] = {0, 0}, blocked_moves[2] = {0, 0};
  int material[2] = {0, 0}, far_h[2] = {0, 0}, singles[2] = {0, 0}, dvonn_stacks[2] = {0, 0};
  int stacks[2] = {0, 0}, stacks1[2] = {0, 0}, stacks2[2] = {0, 0};
  for (int c = 0; c < 2; ++c) {
    const Bitboard own = p.pieces(static_cast<Color>(c));
    const Bitboard enemy = p.pieces(static_cast<Color>(1 - c));
    stacks[c] = popcount(own);
    stacks1[c] = popcount(own & near1);
    stacks2[c] = popcount(own & near2);
    dvonn_stacks[c] = popcount(own & dv);
    // Heights first: material, and which stacks are singles. Branch-free
    // (the evaluation is most of the search's time, and which stacks are
    // singles, far, blocked or movable is not predictable).
    Bitboard single = 0;
    for (Bitboard b = own; b;) {
      const Square s = pop_lsb(b);
      const int h = p.stack_height(s);
      material[c] += h;
      far_h[c] += (close & bit(s)) ? 0 : h;
      single |= h == 1 ? bit(s) : 0;
    }
    singles[c] = popcount(single);
    // Taller stacks one at a time.
    for (Bitboard b = own & ~single; b;) {
      const Square s = pop_lsb(b);
      const Bitboard t = reach(s, p.stack_height(s)) & occ;
      const Bitboard free = (blocked & bit(s)) ? 0 : t;
      blocked_moves[c] += popcount(t ^ free);
      attacks[c] |= free;
      mobility[c] += popcount(free);
      moves_near[c] += popcount(free & near_or_on);
      to_dvonn[c] += popcount(free & dv);
      to_enemy[c] += popcount(free & enemy);
      movable[c] += free != 0;
    }
    // Singles all at once: a single's moves go to its occupied neighbours,
    // one shift of the whole set per direction (the guard column keeps a
    // shift from wrapping onto a space). A blocked single has all six.
    const Bitboard free_singles = single & ~blocked;
    blocked_moves[c] += 6 * popcount(single & blocked);
    Bitboard can_move = 0;
    auto direction = [&](Bitboard targets, Bitboard sources) {
      attacks[c] |= targets;
      mobility[c] += popcount(targets);
      moves_near[c] += popcount(targets & near_or_on);
      to_dvonn[c] += popcount(targets & dv);
      to_enemy[c] += popcount(targets & enemy);
      can_move |= sources;
    };
    for (const int k : {1, 12, 13}) {
      const Bitboard up = (free_singles << k) & occ, down = (free_singles >> k) & occ;
      direction(up, up >> k);
      direction(down, down << k);
    }
    movable[c] += popcount(can_move);
  }
  int attacked[2] = {0, 0};
  for (int c = 0; c < 2; ++c)
    for (Bitboard b = p.pieces(static_cast<Color>(c)) & attacks[1 - c]; b;) attacked[c] += p.stack_height(pop_lsb(b));
  const int stm = p.side_to_move() == Color::White ? 0 : 1;
  int best = 0;
  for (Bitboard b = p.pieces(static_cast<Color>(1 - stm)) & attacks[stm]; b;)
    best = std::max(best, p.stack_height(pop_lsb(b)));
  f[kMaterial] = material[0] - material[1];
  f[kStacks] = stacks[0] - stacks[1];
  f[kStacksNear1] = stacks1[0] - stacks1[1];
  f[kStacksNear2] = stacks2[0] - stacks2[1];
  f[kDvonnStacks] = dvonn_stacks[0] - dvonn_stacks[1];
  f[kMobility] = mobility[0] - mobility[1];
  f[kMovesNear] = moves_near[0] - moves_near[1];
  f[kMovesToDvonn] = to_dvonn[0] - to_dvonn[1];
  f[kMovesToEnemy] = to_enemy[0] - to_enemy[1];
  f[kMovableStacks] = movable[0] - movable[1];
  f[kBlockedMoves] = blocked_moves[0] - blocked_moves[1];
  f[kFarMaterial] = far_h[0] - far_h[1];
  f[kAttacked] = attacked[0] - attacked[1];
  f[kBestCapture] = stm == 0 ? best : -best;
  f[kSingles] = singles[0] - singles[1];
  f[kTempo] = stm == 0 ? 1 : -1;
  return movable[0] + movable[1] > 0;
}

void place_features(const Position& p, PlaceFeatures& f) {
  f.fill(0);
  const Bitboard dv = p.dvonn_spaces();
  const Bitboard r1 = expand(dv);
  const Bitboard r2 = expand(r1);
  const Bitboard r3 = expand(r2);
  const Bitboard occ = p.occupied();
  const Bitboard w = p.pieces(Color::White), b = p.pieces(Color::Black);
  const Bitboard edge = edge_mask();
  auto count = [&](Bitboard own, Bitboard enemy) {
    PlaceFeatures g{};
    g[kAdjacentDvonn] = popcount(own & r1);
    g[kRing2] = popcount(own & r2 & ~r1);
    g[kFar] = dv ? popcount(own & ~r3) : 0;
    g[kEdge] = popcount(own & edge);
    g[kEdgeNear] = popcount(own & edge & r2);
    g[kEdgeContact] = popcount(own & edge & expand(enemy));
    g[kContact] = popcount(own & expand(enemy));
    for (Bitboard x = own; x;) {
      const Square s = pop_lsb(x);
      for (Bitboard d = dv; d;) g[kDvonnDistance] += hex_distance(s, pop_lsb(d));
      // Neighbouring spaces that are empty, off-board-free or the enemy's:
      // a piece walled in by its own colour will be stacked on by its own
      // side or left behind.
      const int free_or_enemy = popcount(neighbours(s) & ~(own & occ));
      if (free_or_enemy <= 1) ++g[kHemmed];
      g[kOwnNeighbours] += popcount(neighbours(s) & own);
    }
    return g;
  };
  PlaceFeatures fw = count(w, b), fb = count(b, w);
  for (int i = 0; i < kNumPlaceFeatures; ++i) f[i] = fw[i] - fb[i];
  f[kPlaceTempo] = p.side_to_move() == Color::White ? 1 : -1;
}

StaticScore evaluate_white_or_over(const Position& p, const Weights& w) {
  int v = 0;
  if (p.in_placement()) {
    PlaceFeatures f;
    place_features(p, f);
    for (int i = 0; i < kNumPlaceFeatures; ++i) v += w.place[i] * f[i];
    return {v, false};
  }
  MoveFeatures f;
  const bool can_move = move_features(p, f);
  int early = 0, late = 0;
  for (int i = 0; i < kNumMoveFeatures; ++i) {
    early += w.move[i] * f[i];
    late += w.move[kNumMoveFeatures + i] * f[i];
  }
  const int t = move_taper(p);
  return {(early * t + late * (kTaperScale - t)) / kTaperScale, !can_move};
}

int dvonn_placement_score(const Position& p, Square s) {
  // Dvonn pieces on the middle row and one row off it, away from the edge
  // and from each other, keep the most pieces connected for longest; this
  // favours spaces two or more steps from the edge and from other Dvonn
  // pieces, nearer the long axis of the board.
  int score = 0;
  Bitboard ring = bit(s);
  int edge_distance = 0;
  while (!(ring & edge_mask()) && edge_distance < 3) {
    ring = expand(ring);
    ++edge_distance;
  }
  score += 10 * edge_distance;
  score -= 4 * (rank_of(s) > 2 ? rank_of(s) - 2 : 2 - rank_of(s));
  for (Bitboard d = p.dvonn_spaces(); d;) {
    int dist = hex_distance(s, pop_lsb(d));
    score += dist >= 3 ? 8 : dist == 2 ? 0 : -30;
  }
  return score;
}

int dvonn_remoteness(Bitboard dvonns) {
  int sum = 0;
  for (Square t : all_spaces()) {
    int nearest = 99;
    for (Bitboard d = dvonns; d;) nearest = std::min(nearest, hex_distance(t, pop_lsb(d)));
    sum += nearest * nearest;
  }
  return sum;
}

namespace {

// The remoteness the Dvonn pieces end with from `dvonns`, `left` more to be
// placed, the next one by the side that wants it high when `maximise`.
int dvonn_remoteness_minimax(Bitboard dvonns, int left, bool maximise) {
  if (left == 0) return dvonn_remoteness(dvonns);
  int best = maximise ? -1 : 1 << 30;
  for (Square t : all_spaces()) {
    if (dvonns & bit(t)) continue;
    const int v = dvonn_remoteness_minimax(dvonns | bit(t), left - 1, !maximise);
    best = maximise ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

}  // namespace

int dvonn_cluster_score(const Position& p, Square s) {
  const Bitboard dvonns = p.dvonn_spaces() | bit(s);
  return dvonn_remoteness_minimax(dvonns, kDvonnPieces - popcount(dvonns), false);
}

std::string feature_name_move(int i) {
  static const char* names[] = {"material",       "stacks",         "stacks_near1",  "stacks_near2",
                                "dvonn_stacks",   "mobility",       "moves_near",    "moves_to_dvonn",
                                "moves_to_enemy", "movable_stacks", "blocked_moves", "far_material",
                                "attacked",       "best_capture",   "singles",       "tempo"};
  static_assert(sizeof(names) / sizeof(names[0]) == kNumMoveFeatures);
  const int n = kNumMoveFeatures;
  return std::string(names[i % n]) + (i < n ? "@early" : "@late");
}

std::string feature_name_place(int i) {
  static const char* names[] = {"adjacent_dvonn", "ring2",  "far",     "dvonn_distance", "edge", "edge_near",
                                "edge_contact",   "hemmed", "contact", "own_neighbours", "tempo"};
  static_assert(sizeof(names) / sizeof(names[0]) == kNumPlaceFeatures);
  return names[i];
}

}  // namespace dvonn::engine
