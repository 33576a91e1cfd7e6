// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013),
// on the usual Glicko scale (a new player is 1500 with deviation 350). Each
// rated game is its own rating period, so a rating moves when a game ends.
#pragma once

#include <utility>
#include <vector>

namespace dvonn::community {

struct Glicko2Rating {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
};

// The system constant: how much volatility may change (Glickman suggests
// 0.3 to 1.2).
inline constexpr double kGlicko2Tau = 0.5;

struct Glicko2Game {
  Glicko2Rating opponent;
  double score;  // 1 win, 0.5 draw, 0 loss
};

// The player's rating after a rating period with these games (no games:
// only the deviation grows).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             double tau = kGlicko2Tau);

// Both players' new ratings after one game between them; white_score is 1,
// 0.5 or 0.
std::pair<Glicko2Rating, Glicko2Rating> glicko2_rate_game(const Glicko2Rating& white, const Glicko2Rating& black,
                                                          double white_score, double tau = kGlicko2Tau);

}  // namespace dvonn::community
