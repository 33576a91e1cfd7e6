#include "engine/evaluation.hpp"

#include "engine/topology.hpp"

namespace dvonn::engine {

const Weights& default_weights() {
  // Fitted by `dvonn tune` (see docs/engine.md); rounded to centipieces.
  static const Weights w = {
      // material, mobility, movable, near, dvonn, far, immobile, attacked, tempo, best capture, singles
      {143, 14, -99, 15, -67, -59, -64, -46, -28, 44, 287},
      // adjacent, ring2, far, edge, edge near, edge contact, tempo
      {113, 70, -69, -140, -118, 234, -7},
  };
  return w;
}

void move_features(const Position& p, MoveFeatures& f) {
  f.fill(0);
  const Bitboard occ = p.occupied();
  const Bitboard dv = p.dvonn_spaces();
  const Bitboard blocked = p.blocked();
  const Bitboard near = expand(dv) & ~dv;
  std::array<Bitboard, 3> layers;
  connection_layers<3>(dv, occ, layers);
  const Bitboard close = layers[0] | layers[1] | layers[2];
  Bitboard attacks[2] = {0, 0};
  int mobility[2] = {0, 0};
  int movable[2] = {0, 0};
  int material[2] = {0, 0}, near_h[2] = {0, 0}, far_h[2] = {0, 0}, immobile_h[2] = {0, 0}, singles[2] = {0, 0},
      dvonn_stacks[2] = {0, 0};
  for (int c = 0; c < 2; ++c) {
    for (Bitboard b = p.pieces(static_cast<Color>(c)); b;) {
      Square s = pop_lsb(b);
      int h = p.height(s);
      material[c] += h;
      if (h == 1) ++singles[c];
      if (near & bit(s)) near_h[c] += h;
      if (dv & bit(s)) ++dvonn_stacks[c];
      if (!(close & bit(s))) far_h[c] += h;
      Bitboard t = (blocked & bit(s)) ? 0 : reach(s, h) & occ;
      if (t) {
        attacks[c] |= t;
        mobility[c] += popcount(t);
        ++movable[c];
      } else {
        immobile_h[c] += h;
      }
    }
  }
  int attacked[2] = {0, 0};
  for (int c = 0; c < 2; ++c)
    for (Bitboard b = p.pieces(static_cast<Color>(c)) & attacks[1 - c]; b;) attacked[c] += p.height(pop_lsb(b));
  const int stm = p.side_to_move() == Color::White ? 0 : 1;
  int best = 0;
  for (Bitboard b = p.pieces(static_cast<Color>(1 - stm)) & attacks[stm]; b;) {
    int h = p.height(pop_lsb(b));
    if (h > best) best = h;
  }
  f[kMaterial] = material[0] - material[1];
  f[kMobility] = mobility[0] - mobility[1];
  f[kMovableStacks] = movable[0] - movable[1];
  f[kNearDvonn] = near_h[0] - near_h[1];
  f[kDvonnStacks] = dvonn_stacks[0] - dvonn_stacks[1];
  f[kFarMaterial] = far_h[0] - far_h[1];
  f[kImmobileMaterial] = immobile_h[0] - immobile_h[1];
  f[kAttacked] = attacked[0] - attacked[1];
  f[kTempo] = stm == 0 ? 1 : -1;
  f[kBestCapture] = stm == 0 ? best : -best;
  f[kSingles] = singles[0] - singles[1];
}

void place_features(const Position& p, PlaceFeatures& f) {
  f.fill(0);
  const Bitboard dv = p.dvonn_spaces();
  const Bitboard r1 = expand(dv);
  const Bitboard r2 = expand(r1);
  const Bitboard r3 = expand(r2);
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
    return g;
  };
  PlaceFeatures fw = count(w, b), fb = count(b, w);
  for (int i = 0; i < kNumPlaceFeatures; ++i) f[i] = fw[i] - fb[i];
  f[kPlaceTempo] = p.side_to_move() == Color::White ? 1 : -1;
}

int evaluate_white(const Position& p, const Weights& w) {
  int v = 0;
  if (p.in_placement()) {
    PlaceFeatures f;
    place_features(p, f);
    for (int i = 0; i < kNumPlaceFeatures; ++i) v += w.place[i] * f[i];
  } else {
    MoveFeatures f;
    move_features(p, f);
    for (int i = 0; i < kNumMoveFeatures; ++i) v += w.move[i] * f[i];
  }
  return v;
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

std::string feature_name_move(int i) {
  static const char* names[] = {"material",     "mobility",     "movable_stacks", "near_dvonn",
                                "dvonn_stacks", "far_material", "immobile",       "attacked",
                                "tempo",        "best_capture", "singles"};
  return names[i];
}

std::string feature_name_place(int i) {
  static const char* names[] = {"adjacent_dvonn", "ring2", "far", "edge", "edge_near", "edge_contact", "tempo"};
  return names[i];
}

}  // namespace dvonn::engine
