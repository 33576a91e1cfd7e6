// A tournament's table, from its entrants and games (pending games count
// for nothing yet).
//
// Swiss and round-robin: win 1, draw 0.5, loss 0, bye 1. Tie-breaks, in
// order: Buchholz (sum of the opponents' final scores; a bye adds nothing),
// Sonneborn-Berger (sum of the scores of beaten opponents plus half those of
// drawn ones; a bye adds nothing), then rating. wins/draws/losses/games
// count games played: a bye counts in none of them.
//
// Arena, as lichess: win 2, draw 1, loss 0. A player is "on fire" after two
// wins in a row: from then on each win scores 4 and each draw 2, until a
// game is not won (a draw on fire still scores 2 but ends the streak; a loss
// scores 0 and ends it). So W W W L W D scores "2 2 4 0 2 1" and W W D
// scores "2 2 2". on_fire tells whether the next game would count double.
// Games count in the order of ended_ms (ties by their order in the list).
// Tie-break by performance (the average of opponents' ratings plus 500 per
// point of (wins - losses) / games, lichess's rough performance; 0 for
// someone who has not played yet), then rating. Buchholz and Sonneborn-Berger stay 0 in an arena.
//
// Rows come best first; players equal on points, every tie-break and rating
// share a rank (1, 2, 2, 4), and are then listed by id.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "server/tournaments/tournament_game.hpp"
#include "server/tournaments/tournament_kind.hpp"

namespace dvonn::server {

struct StandingRow {
  std::int64_t id = 0;
  int rank = 0;  // 1-based; equal on all tie-breaks share a rank
  double points = 0, buchholz = 0, sonneborn_berger = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;
  bool on_fire = false;  // arena: the next win counts double
  std::string sheet;     // arena: points per game in order, e.g. "2 4 4 0 2"
};

// One row per entrant (games with someone not among the entrants still
// count for the entrant who played them).
std::vector<StandingRow> standings(TournamentKind kind,
                                   const std::vector<std::pair<std::int64_t, double>>& entrants_with_rating,
                                   const std::vector<TournamentGame>& games);

}  // namespace dvonn::server
