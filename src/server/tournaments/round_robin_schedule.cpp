#include "server/tournaments/round_robin_schedule.hpp"

namespace dvonn::server {

std::vector<std::vector<Pairing>> round_robin_schedule(const std::vector<std::int64_t>& entrants) {
  if (entrants.size() < 2) return {};
  // Seat 0 is the fixed one; with an odd count it holds the bye (id 0): with
  // the bye there, the colour rule below keeps everyone within one of
  // balanced (a bye anywhere else would not).
  std::vector<std::int64_t> seats;
  if (entrants.size() % 2 == 1) seats.push_back(0);
  seats.insert(seats.end(), entrants.begin(), entrants.end());
  const int m = static_cast<int>(seats.size());
  std::vector<std::vector<Pairing>> rounds;
  for (int r = 0; r < m - 1; ++r) {
    // The circle: position k >= 1 holds seat 1 + (k - 1 + r) mod (m - 1).
    auto at = [&](int k) { return k == 0 ? seats[0] : seats[1 + (k - 1 + r) % (m - 1)]; };
    std::vector<Pairing> round;
    Pairing bye;
    for (int board = 0; board < m / 2; ++board) {
      std::int64_t left = at(board), right = at(m - 1 - board);
      // Each player's board parity flips every round as they move around
      // the circle, so this alternates colours; the fixed seat alternates
      // by the round.
      bool left_white = board == 0 ? r % 2 == 0 : board % 2 == 1;
      if (left == 0 || right == 0) {
        bye = {left == 0 ? right : left, 0};
        continue;
      }
      round.push_back(left_white ? Pairing{left, right} : Pairing{right, left});
    }
    if (bye.white != 0) round.push_back(bye);
    rounds.push_back(std::move(round));
  }
  return rounds;
}

}  // namespace dvonn::server
