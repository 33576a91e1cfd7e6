// The two baselines, the players that do not search (engine::Player plays
// them as the levels "greedy" and "random"):
//  * greedy: the one-ply move that leaves the mover the largest lead in
//    controlled pieces right after it (rule 16), ties broken at random, so
//    placements are random as they do not change the count. It looks no
//    further, so any real engine should beat it (the top level at least 95%
//    of the time): a yardstick and a cheap, reproducible opponent;
//  * random: a uniformly random legal move, the weakest possible opponent
//    and a quick way to reach odd positions.
// The engine itself falls back on them when its clock runs out or its
// level's handicap asks for a random move.
#pragma once

#include <cstdint>
#include <random>

#include "core/position.hpp"

namespace dvonn::engine {

// Both return Move::pass() when the position has no legal move.
Move greedy_move(const Position& p, std::mt19937_64& rng);
Move random_move(const Position& p, std::mt19937_64& rng);

// The lead in controlled pieces the side to move of `before` has after
// playing m there (m must be legal): what greedy_move maximizes.
int lead_after(const Position& before, Move m);

}  // namespace dvonn::engine
