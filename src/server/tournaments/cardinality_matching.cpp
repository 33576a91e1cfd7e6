#include "server/tournaments/cardinality_matching.hpp"

#include <algorithm>
#include <utility>

namespace dvonn::server {

CardinalityMatching::CardinalityMatching(std::shared_ptr<const Adjacency> adjacency)
    : adjacency_(std::move(adjacency)) {
  const int n = static_cast<int>(adjacency_->size());
  present_.assign(n, 1);
  mate_.assign(n, -1);
  parent_.assign(n, -1);
  base_.assign(n, 0);
  used_.assign(n, 0);
  blossom_.assign(n, 0);
  seen_.assign(n, 0);
  // A greedy start, then augmenting paths from each free vertex.
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n && mate_[i] == -1; ++j) {
      if ((*adjacency_)[i][j] && mate_[j] == -1) {
        mate_[i] = j;
        mate_[j] = i;
        ++size_;
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    if (mate_[i] == -1 && augment_from(i)) ++size_;
  }
}

void CardinalityMatching::remove_pair(int a, int b) {
  std::vector<int> freed;
  for (int v : {a, b}) {
    int m = mate_[v];
    if (m != -1) {
      mate_[m] = -1;
      mate_[v] = -1;
      --size_;
      if (m != a && m != b) freed.push_back(m);
    }
    present_[v] = 0;
  }
  // Any augmenting path now ends at a freed mate: the other free vertices
  // had none before, and losing vertices creates none between them.
  for (int v : freed) {
    if (mate_[v] == -1 && augment_from(v)) ++size_;
  }
}

void CardinalityMatching::remove_vertex(int v) {
  int m = mate_[v];
  present_[v] = 0;
  if (m == -1) return;
  mate_[m] = mate_[v] = -1;
  --size_;
  if (augment_from(m)) ++size_;
}

bool CardinalityMatching::augment_from(int root) {
  int v = find_path(root);
  if (v == -1) return false;
  while (v != -1) {
    int pv = parent_[v], ppv = mate_[pv];
    mate_[v] = pv;
    mate_[pv] = v;
    v = ppv;
  }
  return true;
}

int CardinalityMatching::common_base(int a, int b) {
  std::fill(seen_.begin(), seen_.end(), 0);
  for (;;) {
    a = base_[a];
    seen_[a] = 1;
    if (mate_[a] == -1) break;
    a = parent_[mate_[a]];
  }
  for (;;) {
    b = base_[b];
    if (seen_[b]) return b;
    b = parent_[mate_[b]];
  }
}

void CardinalityMatching::mark_path(int v, int base, int child) {
  while (base_[v] != base) {
    blossom_[base_[v]] = blossom_[base_[mate_[v]]] = 1;
    parent_[v] = child;
    child = mate_[v];
    v = parent_[mate_[v]];
  }
}

int CardinalityMatching::find_path(int root) {
  const int n = static_cast<int>(adjacency_->size());
  std::fill(used_.begin(), used_.end(), 0);
  std::fill(parent_.begin(), parent_.end(), -1);
  for (int i = 0; i < n; ++i) base_[i] = i;
  used_[root] = 1;
  queue_.assign(1, root);
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    int v = queue_[head];
    for (int to = 0; to < n; ++to) {
      if (!present_[to] || !(*adjacency_)[v][to] || base_[v] == base_[to] || mate_[v] == to) continue;
      if (to == root || (mate_[to] != -1 && parent_[mate_[to]] != -1)) {
        // An odd cycle: contract the blossom to its base.
        int cur = common_base(v, to);
        std::fill(blossom_.begin(), blossom_.end(), 0);
        mark_path(v, cur, to);
        mark_path(to, cur, v);
        for (int i = 0; i < n; ++i) {
          if (present_[i] && blossom_[base_[i]]) {
            base_[i] = cur;
            if (!used_[i]) {
              used_[i] = 1;
              queue_.push_back(i);
            }
          }
        }
      } else if (parent_[to] == -1) {
        parent_[to] = v;
        if (mate_[to] == -1) return to;
        used_[mate_[to]] = 1;
        queue_.push_back(mate_[to]);
      }
    }
  }
  return -1;
}

}  // namespace dvonn::server
