// Static evaluation: the expected final piece difference, in centipieces
// (1/100 of a piece), from a linear model over board features.
//
// There are two models. The placement model scores how well each side's
// pieces are placed relative to the Dvonn pieces and the edge; the movement
// model scores material, mobility, safety and threats. Both are linear in
// their features so that tools/tune (the `dvonn tune` subcommand) can fit
// the weights to self-play outcomes by least squares; the fitted weights
// are the defaults in evaluation.cpp.
#pragma once

#include <array>
#include <string>

#include "core/position.hpp"

namespace dvonn::engine {

// Movement-phase features, each White's value minus Black's unless noted.
enum MoveFeature {
  kMaterial,          // pieces in controlled stacks (the score if the game ended)
  kMobility,          // legal stack moves
  kMovableStacks,     // stacks that can move
  kNearDvonn,         // pieces in stacks next to a stack holding a Dvonn piece
  kDvonnStacks,       // controlled stacks holding a Dvonn piece
  kFarMaterial,       // pieces three or more steps (through occupied spaces) from any Dvonn piece
  kImmobileMaterial,  // pieces in controlled stacks that cannot move now
  kAttacked,          // pieces in controlled stacks the opponent can land on
  kTempo,             // +1 White to move, -1 Black to move
  kBestCapture,       // tallest enemy stack the side to move can land on, signed by the side to move
  kSingles,           // controlled single pieces
  kNumMoveFeatures
};

// Placement-phase features, White's count minus Black's.
enum PlaceFeature {
  kAdjacentDvonn,  // pieces next to a Dvonn piece
  kRing2,          // pieces two spaces from the nearest Dvonn piece
  kFar,            // pieces four or more spaces from every Dvonn piece
  kEdge,           // pieces on an edge space (the only movable ones at first)
  kEdgeNear,       // edge pieces within two spaces of a Dvonn piece
  kEdgeContact,    // edge pieces next to an enemy piece (a capture ready)
  kPlaceTempo,     // +1 White to place, -1 Black
  kNumPlaceFeatures
};

struct Weights {
  std::array<int, kNumMoveFeatures> move{};
  std::array<int, kNumPlaceFeatures> place{};
};

// The tuned defaults.
const Weights& default_weights();

using MoveFeatures = std::array<int, kNumMoveFeatures>;
using PlaceFeatures = std::array<int, kNumPlaceFeatures>;

void move_features(const Position& p, MoveFeatures& f);
void place_features(const Position& p, PlaceFeatures& f);

// Centipieces from White's point of view.
int evaluate_white(const Position& p, const Weights& w);
// Centipieces from the side to move's point of view.
inline int evaluate(const Position& p, const Weights& w) {
  int v = evaluate_white(p, w);
  return p.side_to_move() == Color::White ? v : -v;
}

// Where the Dvonn pieces go (the first three placements): a fixed preference
// by space, applied by the search before any piece of colour is down.
int dvonn_placement_score(const Position& p, Square s);

std::string feature_name_move(int i);
std::string feature_name_place(int i);

}  // namespace dvonn::engine
