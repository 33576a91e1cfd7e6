#include "server/pairing/seek_pool.hpp"

#include <algorithm>
#include <cmath>

#include "server/pairing/rating_window.hpp"

namespace dvonn::server {

void SeekPool::place(const Seek& seek) {
  std::lock_guard lock(mutex_);
  seeks_[seek.user.id] = seek;
}

std::optional<Seek> SeekPool::withdraw(std::int64_t user) {
  std::lock_guard lock(mutex_);
  auto it = seeks_.find(user);
  if (it == seeks_.end()) return std::nullopt;
  Seek s = std::move(it->second);
  seeks_.erase(it);
  return s;
}

std::optional<Seek> SeekPool::seek_of(std::int64_t user) const {
  std::lock_guard lock(mutex_);
  auto it = seeks_.find(user);
  if (it == seeks_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::pair<Seek, Seek>> SeekPool::take_pairs(std::int64_t now, const Blocked& blocked) {
  std::lock_guard pass(pairing_mutex_);
  std::vector<Seek> all;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [user, seek] : seeks_) all.push_back(seek);
  }
  std::sort(all.begin(), all.end(), [](const Seek& a, const Seek& b) { return a.since_ms < b.since_ms; });
  // The matching runs on a copy: the block check reads the database, and
  // places and withdrawals must not wait for it.
  std::vector<std::pair<Seek, Seek>> found;
  std::vector<bool> used(all.size(), false);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (used[i]) continue;
    const Seek& a = all[i];
    std::optional<std::size_t> best;
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      const Seek& b = all[j];
      if (used[j] || b.control != a.control || b.rated != a.rated || b.user.id == a.user.id) continue;
      if (!ratings_close(a.rating, b.rating, now - a.since_ms)) continue;
      if (best && std::fabs(all[*best].rating - a.rating) <= std::fabs(b.rating - a.rating)) continue;
      if (blocked && blocked(a.user.id, b.user.id)) continue;
      best = j;
    }
    if (!best) continue;
    used[i] = used[*best] = true;
    found.emplace_back(a, all[*best]);
  }
  // Taken only if both are still the seeks matched.
  std::vector<std::pair<Seek, Seek>> taken;
  std::lock_guard lock(mutex_);
  auto unchanged = [&](const Seek& s) {
    auto it = seeks_.find(s.user.id);
    return it != seeks_.end() && it->second.since_ms == s.since_ms && it->second.control == s.control &&
           it->second.rated == s.rated;
  };
  for (auto& [a, b] : found) {
    if (!unchanged(a) || !unchanged(b)) continue;
    seeks_.erase(a.user.id);
    seeks_.erase(b.user.id);
    taken.emplace_back(std::move(a), std::move(b));
  }
  return taken;
}

std::vector<Seek> SeekPool::take_engine_offers(std::int64_t now, std::int64_t after_ms) {
  std::lock_guard lock(mutex_);
  std::vector<Seek> due;
  for (auto& [user, seek] : seeks_)
    if (!seek.engine_offered && now - seek.since_ms >= after_ms) {
      seek.engine_offered = true;
      due.push_back(seek);
    }
  return due;
}

std::map<std::string, int> SeekPool::waiting() const {
  std::lock_guard lock(mutex_);
  std::map<std::string, int> counts;
  for (const auto& [user, seek] : seeks_) ++counts[seek.control];
  return counts;
}

std::size_t SeekPool::size() const {
  std::lock_guard lock(mutex_);
  return seeks_.size();
}

}  // namespace dvonn::server
