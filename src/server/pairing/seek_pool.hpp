// The players looking for a game now ("Play now"), in memory: a seek lives
// only while its player has the site open, so nothing of it needs to
// survive a restart. One seek a user; pairing takes two seeks of the same
// control and rated-ness whose ratings are close (rating_window.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/base/user.hpp"

namespace dvonn::server {

struct Seek {
  User user;
  std::string control;  // one of seek_controls()
  bool rated = false;
  double rating = 1500;  // what pairing compares (1500 for guests)
  std::int64_t since_ms = 0;
  bool engine_offered = false;  // the offer to play the engine was sent
};

class SeekPool {
 public:
  // Whether either of two users blocked the other (may read the database).
  using Blocked = std::function<bool(std::int64_t a, std::int64_t b)>;

  // Adds a seek, replacing the user's previous one.
  void place(const Seek& seek);
  // Removes a user's seek; the seek removed, if any.
  std::optional<Seek> withdraw(std::int64_t user);
  std::optional<Seek> seek_of(std::int64_t user) const;
  // Takes the pairs that can play now: same control and rated-ness, ratings
  // within the window, never a user with themself or with someone blocked.
  // The longest waiting are served first, each with the closest rating.
  // Seeks changed meanwhile (withdrawn, replaced) are not taken.
  std::vector<std::pair<Seek, Seek>> take_pairs(std::int64_t now, const Blocked& blocked);
  // The seeks that have waited at least after_ms and were not offered the
  // engine yet; they are marked offered (and stay in the pool).
  std::vector<Seek> take_engine_offers(std::int64_t now, std::int64_t after_ms);
  // Seeks waiting, by control.
  std::map<std::string, int> waiting() const;
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::mutex pairing_mutex_;  // one pairing pass at a time
  std::map<std::int64_t, Seek> seeks_;
};

}  // namespace dvonn::server
