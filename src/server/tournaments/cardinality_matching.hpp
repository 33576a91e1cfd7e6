// A maximum-cardinality matching of a general graph (Edmonds' blossom
// algorithm) that tells, cheaply, how the matching's size changes when two
// vertices leave the graph: the Swiss pairing asks that for every pair it
// considers, to know whether the rest of the field can still be paired
// without a repeat (or a forbidden pair, or a colour clash).
#pragma once

#include <memory>
#include <vector>

namespace dvonn::server {

class CardinalityMatching {
 public:
  using Adjacency = std::vector<std::vector<char>>;
  // adjacency[i][j] != 0: an edge (symmetric, no loops). Finds a maximum
  // matching at once, O(n^3). Copies share the graph: a copy costs O(n),
  // which is how a search tries a pair and takes it back.
  explicit CardinalityMatching(std::shared_ptr<const Adjacency> adjacency);

  // The size of the maximum matching of the vertices still present.
  int size() const { return size_; }
  // Takes vertices a and b out of the graph (a != b, both present) and
  // repairs the matching to a maximum one again: only paths from the two
  // freed mates can augment it, so that is O(n^2) per freed mate.
  void remove_pair(int a, int b);
  // Takes vertex v out of the graph, the same way.
  void remove_vertex(int v);
  // Vertex v's partner in the current matching, or -1.
  int mate(int v) const { return mate_[v]; }

 private:
  bool augment_from(int root);
  int find_path(int root);
  int common_base(int a, int b);
  void mark_path(int v, int base, int child);

  std::shared_ptr<const Adjacency> adjacency_;
  std::vector<char> present_;
  std::vector<int> mate_;
  int size_ = 0;
  // Scratch space of find_path.
  std::vector<int> parent_, base_, queue_;
  std::vector<char> used_, blossom_, seen_;
};

}  // namespace dvonn::server
