// "Play now": takes seeks, pairs them (SeekPool), makes the game of each
// pair and tells both players over their /ws/me channel, offers the engine
// to those who waited a minute, and keeps the home page's grid of controls
// (players waiting and playing at each) up to date on every open page.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/accounts/relation_store.hpp"
#include "server/base/user_hub.hpp"
#include "server/pairing/seek_pool.hpp"
#include "server/pairing/seek_table.hpp"
#include "server/rooms/room_registry.hpp"

namespace dvonn::server {

struct MatchmakerLimits {
  std::int64_t engine_offer_after_ms = 60'000;
  int seeks_per_minute = 20;  // per user
  std::int64_t publish_every_ms = 500;
};

// The answer to a seek or a cancel: 200, or the status and message of a
// refusal.
struct SeekAnswer {
  int status = 200;
  std::string error;
};

class Matchmaker {
 public:
  Matchmaker(RoomRegistry& registry, RoomContext& context, UserHub& users, RelationStore& relations,
             MatchmakerLimits limits = {})
      : registry_(registry), context_(context), users_(users), relations_(relations), limits_(limits) {}

  // A user looks for a game of a control (one of seek_controls()), rated or
  // not; replaces the user's seek. Pairs at once when a partner waits.
  // Reads the database (blocks): off the network threads.
  SeekAnswer seek(const User& user, const std::string& control, bool rated);
  // Withdraws a user's seek; whether there was one.
  bool withdraw(std::int64_t user);
  // A user's last page on this node closed: their seek goes (many nodes:
  // unless they have a page open on another node).
  void went_offline(std::int64_t user);
  // Many nodes on one database: the seeks are kept in `table` (every
  // node's), and only where `leads` says so are they paired and offered
  // the engine (see seek_table.hpp). Set before serving.
  void share(std::unique_ptr<SeekTable> table, std::function<bool()> leads);
  // Pairs those whose windows widened, offers the engine to those who
  // waited long enough, counts the games in progress and tells the pages
  // when the grid changed. Periodically, off the network threads.
  void sweep();
  // Whether a sweep has anything to do (seeks, games to count, a grid
  // change not yet sent): an idle server does not wake its read pool.
  bool busy() const;
  // Counts the games in progress at each control again (reads the
  // database: off the network threads).
  void recount();
  // {"controls": [{"control", "waiting", "playing"}...], "mine": SEEK|null}
  // for a user (0: nobody).
  nlohmann::json grid_json(std::int64_t user) const;
  // The engine level whose fixed rating is nearest a rating.
  static int nearest_engine_level(double rating);
  static nlohmann::json seek_json(const Seek& seek);

 private:
  void pair();
  void pair_shared();
  // The shared seeks waiting, by control, read again (many nodes).
  void reread_waiting();
  // Whether the user has a page open (/ws/me) here or, many nodes, on
  // another live node. Reads the database then (blocks).
  bool online_anywhere(std::int64_t user);
  // The leader (many nodes): drops the seeks of people with no page open
  // on any node for kOrphanMs (their last pages closed on two nodes within
  // a second, each node seeing the other's page in its heartbeat).
  void drop_orphans();
  static constexpr std::int64_t kOrphanMs = 3'000;
  std::map<std::string, int> count_playing() const;
  void start(const Seek& a, const Seek& b);
  nlohmann::json controls_json() const;
  // Sends the grid to every /ws/me page when it changed, at most every
  // publish_every_ms (a change meanwhile waits for the next sweep).
  void publish();
  bool allow_seek_locked(std::int64_t user, std::int64_t now);

  RoomRegistry& registry_;
  RoomContext& context_;
  UserHub& users_;
  RelationStore& relations_;
  const MatchmakerLimits limits_;
  SeekPool pool_;
  std::unique_ptr<SeekTable> shared_;  // many nodes: the seeks in the database
  std::function<bool()> leads_;
  std::map<std::string, int> shared_waiting_;     // as last read (many nodes)
  std::int64_t shared_swept_ms_ = 0;              // wall clock
  std::int64_t shared_dropped_ms_ = 0;            // wall clock
  std::map<std::int64_t, std::int64_t> orphans_;  // user -> seen with no page since (wall clock)
  mutable std::mutex mutex_;
  std::map<std::string, std::string> started_;  // game id -> control, while in progress
  std::map<std::string, int> playing_;          // control -> games in progress (as of the last count)
  std::map<std::int64_t, std::deque<std::int64_t>> recent_seeks_;  // user -> times of the last minute
  nlohmann::json published_;
  std::int64_t published_ms_ = 0;
  bool publish_pending_ = false;  // a change waits for the throttle
};

}  // namespace dvonn::server
