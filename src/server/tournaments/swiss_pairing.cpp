#include "server/tournaments/swiss_pairing.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>

#include "server/tournaments/cardinality_matching.hpp"

namespace dvonn::server {

namespace {

// A colour difference beyond this, or three of a colour in a row, is what
// the pairing avoids as long as the round allows.
constexpr int kMaxColourDifference = 2;
// Groups up to this size check that the rest of the group can still pair
// among itself before taking a partner in it (larger ones are early rounds,
// where that is never in doubt, and the check costs O(size^4)).
constexpr std::size_t kGroupLookahead = 24;

// How bad a pair is, worst last: each level of the search keeps the number
// of pairs at or above one of these to the round's minimum.
// kNever: a second bye while someone has none, which no level allows.
enum Tier : char { kClean = 0, kColourClash = 1, kRepeat = 2, kForbidden = 3, kNever = 4 };
// No forbidden pair, no repeat, no colour clash, no float out of the top
// score group.
constexpr int kLevels = 4;
// How many times a level's target is raised before the level is given up.
constexpr int kRaises = 4;

struct Player {
  std::int64_t id = 0;
  double rating = 0, score = 0;
  int byes = 0, whites = 0, blacks = 0;
  std::string colours;  // 'W'/'B' per game, in round order (byes skipped)
  std::unordered_map<std::int64_t, int> met;

  int difference() const { return whites - blacks; }
  bool may_have_white() const { return difference() + 1 <= kMaxColourDifference && !colours.ends_with("WW"); }
  bool may_have_black() const { return -(difference() - 1) <= kMaxColourDifference && !colours.ends_with("BB"); }
  // The colour this player should have next: +1 white, -1 black, 0 none;
  // twice as strong when the colours are out of balance.
  int preference() const {
    if (difference() != 0) return difference() > 0 ? -2 : 2;
    if (colours.empty()) return 0;
    return colours.back() == 'W' ? -1 : 1;
  }
};

double score_of(const TournamentGame& game, std::int64_t player) {
  switch (game.result) {
    case GameResult::Pending:
      return 0;
    case GameResult::Draw:
      return 0.5;
    case GameResult::WhiteWins:
      return game.white == player ? 1 : 0;
    case GameResult::BlackWins:
      return game.black == player ? 1 : 0;
  }
  return 0;
}

std::vector<Player> players_of(const std::vector<SwissEntrant>& active, const std::vector<TournamentGame>& history) {
  std::vector<Player> players;
  std::unordered_map<std::int64_t, std::size_t> index;
  for (const auto& entrant : active) {
    if (index.contains(entrant.id)) continue;
    index[entrant.id] = players.size();
    Player player;
    player.id = entrant.id;
    player.rating = entrant.rating;
    players.push_back(std::move(player));
  }
  std::vector<const TournamentGame*> games;
  for (const auto& game : history) games.push_back(&game);
  std::stable_sort(games.begin(), games.end(), [](auto* a, auto* b) { return a->round < b->round; });
  for (const auto* game : games) {
    auto white = index.find(game->white);
    if (is_bye(*game)) {
      if (white != index.end()) {
        ++players[white->second].byes;
        players[white->second].score += 1;
      }
      continue;
    }
    auto black = index.find(game->black);
    if (white != index.end()) {
      auto& p = players[white->second];
      p.score += score_of(*game, game->white);
      ++p.whites;
      p.colours += 'W';
      ++p.met[game->black];
    }
    if (black != index.end()) {
      auto& p = players[black->second];
      p.score += score_of(*game, game->black);
      ++p.blacks;
      p.colours += 'B';
      ++p.met[game->white];
    }
  }
  // The ranking: score, then rating, then id.
  std::sort(players.begin(), players.end(), [](const Player& a, const Player& b) {
    return std::tuple{-a.score, -a.rating, a.id} < std::tuple{-b.score, -b.rating, b.id};
  });
  return players;
}

bool colours_clash(const Player& a, const Player& b) {
  return !(a.may_have_white() && b.may_have_black()) && !(a.may_have_black() && b.may_have_white());
}

// Whether a (ranked above b, on the board-th board) plays white against b.
bool first_has_white(const Player& a, const Player& b, int board) {
  bool a_white_ok = a.may_have_white() && b.may_have_black();
  bool a_black_ok = a.may_have_black() && b.may_have_white();
  if (a_white_ok != a_black_ok) return a_white_ok;
  if (a.difference() != b.difference()) return a.difference() < b.difference();
  // Whoever had black in the latest round where the two differ has white.
  for (auto i = a.colours.rbegin(), j = b.colours.rbegin(); i != a.colours.rend() && j != b.colours.rend(); ++i, ++j) {
    if (*i != *j) return *i == 'B';
  }
  // Nothing tells them apart (the first round): alternate down the boards.
  return board % 2 == 0;
}

class SwissSearch {
 public:
  SwissSearch(std::vector<Player> players, const std::function<bool(std::int64_t, std::int64_t)>& forbidden)
      : players_(std::move(players)) {
    const int n = static_cast<int>(players_.size());
    nodes_ = n + n % 2;
    bye_ = n % 2 == 1 ? n : -1;
    int fewest_byes = n == 0 ? 0 : players_[0].byes;
    for (const auto& p : players_) fewest_byes = std::min(fewest_byes, p.byes);
    tier_.assign(nodes_, std::vector<char>(nodes_, kClean));
    top_.reserve(nodes_);
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        const auto &a = players_[i], &b = players_[j];
        char tier = kClean;
        if (forbidden && (forbidden(a.id, b.id) || forbidden(b.id, a.id))) {
          tier = kForbidden;
        } else if (a.met.contains(b.id)) {
          tier = kRepeat;
        } else if (colours_clash(a, b)) {
          tier = kColourClash;
        }
        tier_[i][j] = tier_[j][i] = tier;
      }
      if (bye_ != -1) tier_[i][bye_] = tier_[bye_][i] = players_[i].byes > fewest_byes ? kNever : kClean;
      top_.push_back(players_[i].score == players_[0].score);
    }
  }

  std::vector<Pairing> run() {
    for (int level = 0; level < kLevels; ++level) {
      auto adjacency = std::make_shared<CardinalityMatching::Adjacency>(nodes_, std::vector<char>(nodes_, 0));
      for (int i = 0; i < nodes_; ++i) {
        for (int j = 0; j < nodes_; ++j) (*adjacency)[i][j] = i != j && in_level(i, j, level);
      }
      full_.emplace_back(std::move(adjacency));
    }
    // The fewest bad pairs of each level any pairing could have: the pairs
    // a maximum matching of the level's graph leaves to be paired anyhow.
    std::vector<int> fewest;
    for (const auto& graph : full_) fewest.push_back(nodes_ / 2 - graph.size());
    // Forbidden pairs exactly as few as possible; then the fewest repeats
    // that allows, then the fewest colour clashes (each level's target is
    // raised a few times when the search cannot meet it, then given up).
    std::vector<int> targets{fewest[0]};
    std::vector<std::pair<int, int>> best;
    bool found = false;
    for (int level = 0; level < kLevels; ++level) {
      std::vector<int> trial = targets;
      if (level > 0) trial.push_back(std::max(fewest[level], targets.back()));
      // Level 0 is exact, so only the budget could fail it: no raise.
      int raises = level == 0 ? 0 : kRaises;
      bool met = search_with(trial);
      while (!met && raises-- > 0 && trial.back() < nodes_ / 2) {
        ++trial.back();
        met = search_with(trial);
      }
      if (!met) break;
      best = chosen_;
      found = true;
      targets = trial;
    }
    if (!found) {
      search_with({});  // plain greedy: cannot fail
      best = chosen_;
    }
    chosen_ = best;
    return pairings();
  }

 private:
  // Pairs of the level-th graph: no forbidden pair (0), no repeat either
  // (1), no colour clash either (2), not across the top group's edge
  // either (3).
  bool in_level(int a, int b, int level) const {
    if (level == kLevels - 1) return tier_[a][b] == kClean && on_top(a) == on_top(b);
    return tier_[a][b] < kForbidden - level;
  }
  // Whether node v is a player of the top score group (the bye is not).
  bool on_top(int v) const { return v < static_cast<int>(top_.size()) && top_[v]; }

  // One depth-first search that keeps each level's bad pairs within its
  // target (one target per level enforced, from level 0).
  bool search_with(const std::vector<int>& targets) {
    targets_ = targets;
    graphs_.assign(full_.begin(), full_.begin() + static_cast<std::ptrdiff_t>(targets.size()));
    bad_.assign(targets.size(), 0);
    budget_ = 20L * nodes_ + 200;
    chosen_.clear();
    std::vector<int> remaining;
    for (int i = 0; i < static_cast<int>(players_.size()); ++i) remaining.push_back(i);
    return search(remaining, bye_ != -1);
  }

  bool search(std::vector<int>& remaining, bool bye_pending) {
    if (bye_pending) {
      // The bye: fewest byes first, then the lowest ranked.
      std::vector<int> order(remaining.rbegin(), remaining.rend());
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return players_[a].byes < players_[b].byes; });
      for (int x : order) {
        if (tier_[x][bye_] == kNever) break;
        if (attempt(x, bye_, remaining)) return true;
        if (budget_ <= 0) return false;
      }
      return false;
    }
    if (remaining.empty()) return true;
    for (int q : candidates(remaining)) {
      if (attempt(remaining[0], q, remaining)) return true;
      if (budget_ <= 0) return false;
    }
    return false;
  }

  // Takes the pair (a, b) if every enforced level can still end within its
  // target (its bad pairs so far plus those the rest cannot avoid), and
  // searches on; puts everything back when that fails.
  bool attempt(int a, int b, std::vector<int>& remaining) {
    if (--budget_ < 0) return false;
    auto saved = graphs_;
    auto saved_bad = bad_;
    // The nodes still to pair: the players left, and the bye node when
    // this is the bye (always the first pair taken).
    int left = static_cast<int>(remaining.size()) + (b == bye_ ? 1 : 0);
    bool feasible = true;
    for (std::size_t level = 0; level < graphs_.size() && feasible; ++level) {
      graphs_[level].remove_pair(a, b);
      bad_[level] += in_level(a, b, static_cast<int>(level)) ? 0 : 1;
      int unavoidable = (left - 2) / 2 - graphs_[level].size();
      feasible = bad_[level] + unavoidable <= targets_[level];
    }
    if (feasible) {
      auto rest = remaining;
      std::erase(rest, a);
      std::erase(rest, b);
      chosen_.emplace_back(a, b);
      if (search(rest, false)) return true;
      chosen_.pop_back();
    }
    graphs_ = std::move(saved);
    bad_ = std::move(saved_bad);
    return false;
  }

  // Partners for the top remaining player, best first: the own score group
  // (the half below, as the Dutch system), a partner that leaves the rest
  // of the group pairable, colour preferences met, then the nearest below.
  std::vector<int> candidates(const std::vector<int>& remaining) const {
    const Player& p = players_[remaining[0]];
    std::vector<int> group;
    for (int i : remaining) {
      if (players_[i].score == p.score) group.push_back(i);
    }
    const std::size_t g = group.size();
    const int ideal = g >= 2 ? static_cast<int>(g / 2) : 1;
    using Key = std::tuple<double, int, int, int>;
    std::vector<std::pair<Key, int>> keyed;
    for (std::size_t pos = 1; pos < remaining.size(); ++pos) {
      int q = remaining[pos];
      const Player& o = players_[q];
      int group_deficit = 0;
      if (o.score == p.score && g <= kGroupLookahead && g > 3) {
        group_deficit = clean_deficit(group, remaining[0], q);
      }
      int colour_cost = 0;
      if (p.preference() * o.preference() > 0)
        colour_cost = std::min(std::abs(p.preference()), std::abs(o.preference()));
      keyed.emplace_back(Key{p.score - o.score, group_deficit, colour_cost, std::abs(static_cast<int>(pos) - ideal)},
                         q);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<int> order;
    for (const auto& [key, q] : keyed) order.push_back(q);
    return order;
  }

  // How many of the group, without a and b, cannot be paired cleanly among
  // themselves (beyond the one an odd count leaves over).
  int clean_deficit(const std::vector<int>& group, int a, int b) const {
    std::vector<int> rest;
    for (int i : group) {
      if (i != a && i != b) rest.push_back(i);
    }
    auto adjacency = std::make_shared<CardinalityMatching::Adjacency>(rest.size(), std::vector<char>(rest.size(), 0));
    for (std::size_t i = 0; i < rest.size(); ++i) {
      for (std::size_t j = 0; j < rest.size(); ++j) (*adjacency)[i][j] = i != j && tier_[rest[i]][rest[j]] == kClean;
    }
    return static_cast<int>(rest.size() / 2) - CardinalityMatching(std::move(adjacency)).size();
  }

  std::vector<Pairing> pairings() const {
    std::vector<Pairing> boards;
    Pairing bye;
    for (auto [a, b] : chosen_) {
      if (b == bye_) {
        bye = {players_[a].id, 0};
        continue;
      }
      const Player &top = players_[std::min(a, b)], &other = players_[std::max(a, b)];
      int board = static_cast<int>(boards.size());
      boards.push_back(first_has_white(top, other, board) ? Pairing{top.id, other.id} : Pairing{other.id, top.id});
    }
    if (bye.white != 0) boards.push_back(bye);
    return boards;
  }

  std::vector<Player> players_;
  int nodes_ = 0, bye_ = -1;
  std::vector<std::vector<char>> tier_;
  std::vector<char> top_;                    // per player: in the top score group
  std::vector<CardinalityMatching> full_;    // per level, the whole field
  std::vector<CardinalityMatching> graphs_;  // per enforced level, what is left
  std::vector<int> targets_, bad_;
  long budget_ = 0;
  std::vector<std::pair<int, int>> chosen_;
};

}  // namespace

std::vector<Pairing> swiss_pairing(const std::vector<SwissEntrant>& active, const std::vector<TournamentGame>& history,
                                   const std::function<bool(std::int64_t, std::int64_t)>& forbidden) {
  return SwissSearch(players_of(active, history), forbidden).run();
}

}  // namespace dvonn::server
