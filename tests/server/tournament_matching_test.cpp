// The blossom matching under the Swiss and arena pairings: its size is the
// maximum (against a brute force on small random graphs, odd cycles
// included), and stays the maximum as vertices leave.
#include <gtest/gtest.h>

#include <random>

#include "server/tournaments/cardinality_matching.hpp"

namespace dvonn::server::testing {
namespace {

using Adjacency = CardinalityMatching::Adjacency;

int brute_force(const Adjacency& g, std::vector<char>& gone, std::size_t from = 0) {
  while (from < g.size() && gone[from]) ++from;
  if (from >= g.size()) return 0;
  gone[from] = 1;
  int best = brute_force(g, gone, from + 1);
  for (std::size_t j = from + 1; j < g.size(); ++j) {
    if (gone[j] || !g[from][j]) continue;
    gone[j] = 1;
    best = std::max(best, 1 + brute_force(g, gone, from + 1));
    gone[j] = 0;
  }
  gone[from] = 0;
  return best;
}

TEST(TournamentMatching, MaximumOnRandomGraphsAndAfterRemovals) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 400; ++trial) {
    int n = std::uniform_int_distribution<int>(1, 12)(rng);
    double density = std::uniform_real_distribution<double>(0.05, 0.9)(rng);
    auto g = std::make_shared<Adjacency>(n, std::vector<char>(n, 0));
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        (*g)[i][j] = (*g)[j][i] = std::bernoulli_distribution(density)(rng);
      }
    }
    CardinalityMatching matching(g);
    std::vector<char> gone(n, 0);
    ASSERT_EQ(matching.size(), brute_force(*g, gone)) << "trial " << trial;
    // The matching is a matching of the graph's edges.
    for (int v = 0; v < n; ++v) {
      int m = matching.mate(v);
      if (m != -1) {
        EXPECT_EQ(matching.mate(m), v);
        EXPECT_TRUE((*g)[v][m]);
      }
    }
    // Take vertices out, in pairs or alone, and compare each time.
    std::vector<int> present;
    for (int v = 0; v < n; ++v) present.push_back(v);
    std::shuffle(present.begin(), present.end(), rng);
    while (!present.empty()) {
      if (present.size() >= 2 && std::bernoulli_distribution(0.6)(rng)) {
        matching.remove_pair(present[0], present[1]);
        gone[present[0]] = gone[present[1]] = 1;
        present.erase(present.begin(), present.begin() + 2);
      } else {
        matching.remove_vertex(present[0]);
        gone[present[0]] = 1;
        present.erase(present.begin());
      }
      ASSERT_EQ(matching.size(), brute_force(*g, gone)) << "trial " << trial;
    }
  }
}

TEST(TournamentMatching, FindsThePathThroughABlossom) {
  // A triangle 0-1-2 with tails 2-3 and 0-4: the greedy start takes 0-1,
  // and only a path through the triangle (an odd cycle) finds the second
  // edge (0-4 with 1-2, or 0-4 with 2-3).
  auto g = std::make_shared<Adjacency>(5, std::vector<char>(5, 0));
  auto edge = [&](int a, int b) { (*g)[a][b] = (*g)[b][a] = 1; };
  edge(0, 1);
  edge(1, 2);
  edge(2, 0);
  edge(2, 3);
  edge(0, 4);
  CardinalityMatching matching(g);
  EXPECT_EQ(matching.size(), 2);
  matching.remove_pair(0, 1);     // not an edge of the matching necessarily
  EXPECT_EQ(matching.size(), 1);  // 2-3 is left
}

}  // namespace
}  // namespace dvonn::server::testing
