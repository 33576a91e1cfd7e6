#include "server/tournaments/arena_pairing.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>
#include <unordered_map>

#include "server/tournaments/cardinality_matching.hpp"

namespace dvonn::server {

namespace {

struct Past {
  int whites = 0, blacks = 0;
  char last_colour = 0;  // 'W', 'B' or 0 before the first game
  std::int64_t last_opponent = 0;
};

std::unordered_map<std::int64_t, Past> pasts_of(const std::vector<TournamentGame>& history) {
  std::vector<const TournamentGame*> games;
  for (const auto& game : history) {
    if (!is_bye(game)) games.push_back(&game);
  }
  // Finished games in the order they ended; any still going after them.
  std::stable_sort(games.begin(), games.end(), [](auto* a, auto* b) {
    return std::pair{a->result == GameResult::Pending, a->ended_ms} <
           std::pair{b->result == GameResult::Pending, b->ended_ms};
  });
  std::unordered_map<std::int64_t, Past> pasts;
  for (const auto* game : games) {
    auto& white = pasts[game->white];
    ++white.whites;
    white.last_colour = 'W';
    white.last_opponent = game->black;
    auto& black = pasts[game->black];
    ++black.blacks;
    black.last_colour = 'B';
    black.last_opponent = game->white;
  }
  return pasts;
}

// Whether a (ranked above b) plays white: whoever has had white more often
// gets black, then whoever had white last, then the higher-ranked has white.
bool first_has_white(const Past& a, const Past& b) {
  int da = a.whites - a.blacks, db = b.whites - b.blacks;
  if (da != db) return da < db;
  if (a.last_colour != b.last_colour) return a.last_colour != 'W' && b.last_colour != 'B';
  return true;
}

}  // namespace

std::vector<Pairing> arena_pairing(const std::vector<ArenaEntrant>& free, const std::vector<TournamentGame>& history,
                                   const std::function<bool(std::int64_t, std::int64_t)>& forbidden) {
  std::vector<ArenaEntrant> players;
  for (const auto& entrant : free) {
    bool seen = std::any_of(players.begin(), players.end(), [&](const auto& p) { return p.id == entrant.id; });
    if (!seen) players.push_back(entrant);
  }
  // The leaders first: they choose first among the close ones.
  std::sort(players.begin(), players.end(), [](const ArenaEntrant& a, const ArenaEntrant& b) {
    return std::tuple{-a.points, -a.rating, a.id} < std::tuple{-b.points, -b.rating, b.id};
  });
  const int n = static_cast<int>(players.size());
  auto pasts = pasts_of(history);
  auto is_forbidden = [&](const ArenaEntrant& a, const ArenaEntrant& b) {
    return forbidden && (forbidden(a.id, b.id) || forbidden(b.id, a.id));
  };
  auto rematch = [&](const ArenaEntrant& a, const ArenaEntrant& b) {
    return pasts[a.id].last_opponent == b.id || pasts[b.id].last_opponent == a.id;
  };
  std::vector<Pairing> pairs;
  auto pair = [&](const ArenaEntrant& a, const ArenaEntrant& b) {
    pairs.push_back(first_has_white(pasts[a.id], pasts[b.id]) ? Pairing{a.id, b.id} : Pairing{b.id, a.id});
  };
  if (n < 2) return pairs;
  // Only two free: they play even if they just met or are a forbidden pair
  // (nobody else is free, and waiting helps nobody).
  if (n == 2) {
    pair(players[0], players[1]);
    return pairs;
  }
  // As many games as the allowed pairs give (a maximum matching), each
  // leader taking the closest partner that keeps the count.
  auto adjacency = std::make_shared<CardinalityMatching::Adjacency>(n, std::vector<char>(n, 0));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      (*adjacency)[i][j] = i != j && !is_forbidden(players[i], players[j]) && !rematch(players[i], players[j]);
    }
  }
  CardinalityMatching matching(adjacency);
  std::vector<char> taken(n, 0);
  for (int p = 0; p < n; ++p) {
    if (taken[p]) continue;
    std::vector<int> partners;
    for (int q = p + 1; q < n; ++q) {
      if (!taken[q] && (*adjacency)[p][q]) partners.push_back(q);
    }
    auto distance = [&](int q) {
      return std::tuple{std::abs(players[p].points - players[q].points),
                        std::abs(players[p].rating - players[q].rating), players[q].id};
    };
    std::stable_sort(partners.begin(), partners.end(), [&](int a, int b) { return distance(a) < distance(b); });
    bool paired = false;
    for (int q : partners) {
      CardinalityMatching trial = matching;
      trial.remove_pair(p, q);
      if (trial.size() == matching.size() - 1) {
        matching = std::move(trial);
        taken[p] = taken[q] = 1;
        pair(players[p], players[q]);
        paired = true;
        break;
      }
    }
    if (!paired) {
      // No partner now (an odd one out, or only a just-met or forbidden
      // one left): waits for the next moment.
      taken[p] = 1;
      matching.remove_vertex(p);
    }
  }
  return pairs;
}

}  // namespace dvonn::server
