// Static evaluation: the expected final piece difference, in centipieces
// (1/100 of a piece), from a linear model over board features.
//
// There are two models. The placement model scores how well each side's
// pieces are placed relative to the Dvonn pieces, the edge and each other;
// the movement model scores stacks, mobility and threats, valued by how
// close they are to the Dvonn pieces (what survives the cut-offs). Until
// the last moves the number of stacks a side controls and where they stand
// matter more than their heights, so the movement model is tapered: each
// feature has an early and a late weight, blended by how many stacks are
// left. Both models are linear in their features so that `dvonn tune` can
// fit the weights by least squares to the final piece difference of games
// between strong programs; the fitted weights are the defaults in
// evaluation.cpp.
#pragma once

#include <array>
#include <string>

#include "core/position.hpp"

namespace dvonn::engine {

// Movement-phase features, each White's value minus Black's unless noted.
enum MoveFeature {
  kMaterial,       // pieces in controlled stacks (the score if the game ended)
  kStacks,         // controlled stacks
  kStacksNear1,    // controlled stacks next to a Dvonn piece
  kStacksNear2,    // controlled stacks two spaces from the nearest Dvonn piece
  kDvonnStacks,    // controlled stacks holding a Dvonn piece
  kMobility,       // legal stack moves
  kMovesNear,      // legal stack moves landing next to or on a Dvonn piece
  kMovesToDvonn,   // legal stack moves onto a stack holding a Dvonn piece
  kMovesToEnemy,   // legal stack moves onto an enemy stack
  kMovableStacks,  // stacks that can move
  kBlockedMoves,   // moves blocked stacks would have once a neighbour leaves
  kFarMaterial,    // pieces three or more steps (through occupied spaces) from any Dvonn piece
  kAttacked,       // pieces in controlled stacks the opponent can land on
  kBestCapture,    // tallest enemy stack the side to move can land on, signed by the side to move
  kSingles,        // controlled single pieces
  kTempo,          // +1 White to move, -1 Black to move
  kNumMoveFeatures
};

// Placement-phase features, White's count minus Black's.
enum PlaceFeature {
  kAdjacentDvonn,  // pieces next to a Dvonn piece
  kRing2,          // pieces two spaces from the nearest Dvonn piece
  kFar,            // pieces four or more spaces from every Dvonn piece
  kDvonnDistance,  // sum over pieces of the distances to all Dvonn pieces
  kEdge,           // pieces on an edge space (the only movable ones at first)
  kEdgeNear,       // edge pieces within two spaces of a Dvonn piece
  kEdgeContact,    // edge pieces next to an enemy piece (a capture ready)
  kHemmed,         // pieces with at most one neighbour that is not their own colour
  kContact,        // pieces next to an enemy piece
  kOwnNeighbours,  // sum over pieces of their neighbours of the same colour (clumping)
  kPlaceTempo,     // +1 White to place, -1 Black
  kNumPlaceFeatures
};

// The taper of the movement model: 256 with the board full, 0 with few
// stacks left.
inline constexpr int kTaperScale = 256;
int move_taper(const Position& p);

struct Weights {
  // move[i] is feature i's weight with a full board, move[kNumMoveFeatures
  // + i] its weight at the end; in between they are blended by move_taper.
  std::array<int, 2 * kNumMoveFeatures> move{};
  std::array<int, kNumPlaceFeatures> place{};
};

// The tuned defaults.
const Weights& default_weights();

using MoveFeatures = std::array<int, kNumMoveFeatures>;
using PlaceFeatures = std::array<int, kNumPlaceFeatures>;

// Also says whether either side has a stack move (the game goes on).
bool move_features(const Position& p, MoveFeatures& f);
void place_features(const Position& p, PlaceFeatures& f);

// The static score and whether the game is over (in the movement phase,
// neither side can move): one pass over the stacks answers both, and the
// quiescence search asks both at every node.
struct StaticScore {
  int score = 0;
  bool over = false;
};
// Centipieces from White's point of view (meaningless when over).
StaticScore evaluate_white_or_over(const Position& p, const Weights& w);
inline int evaluate_white(const Position& p, const Weights& w) { return evaluate_white_or_over(p, w).score; }
// From the side to move's point of view.
inline StaticScore evaluate_or_over(const Position& p, const Weights& w) {
  StaticScore s = evaluate_white_or_over(p, w);
  if (p.side_to_move() == Color::Black) s.score = -s.score;
  return s;
}
inline int evaluate(const Position& p, const Weights& w) { return evaluate_or_over(p, w).score; }

// Where the Dvonn pieces go (the first three placements): a fixed preference
// by space, applied by the search before any piece of colour is down.
int dvonn_placement_score(const Position& p, Square s);
// How far the board's spaces are from the Dvonn pieces on `dvonns`: the sum
// over the spaces of the squared distance to the nearest one (low: the
// Dvonn pieces spread over the board; high: close together).
int dvonn_remoteness(Bitboard dvonns);
// The preference of `dvonn engine --dvonn-placement cluster`: the
// remoteness of the three Dvonn pieces once one goes on s, the remaining
// ones placed alternately by the opponent (lowest) and by us (highest).
// From the empty board at 1.25 s a game against PrimaDvonna, level 8 as
// Black scored more when the Dvonn pieces ended close together.
int dvonn_cluster_score(const Position& p, Square s);

// Names of the weights, as `dvonn tune` prints them: the movement model's
// 2 x kNumMoveFeatures ("material@early", "material@late", ...) and the
// placement model's.
std::string feature_name_move(int i);
std::string feature_name_place(int i);

}  // namespace dvonn::engine
