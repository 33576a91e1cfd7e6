// Runs the tournaments: takes the requests of the API (create, join,
// withdraw, engines, start, cancel), starts each tournament at its time,
// pairs its rounds (Swiss, round-robin) or its free players (arena) with
// the pure algorithms of this folder, makes their games as "Play now" does
// (stored, then the players told over /ws/me), learns when the games end,
// finishes it and pushes every change to those watching it
// (/ws/tournament). Everything it decides is committed before anyone is
// answered or told, so a restart goes on where it stopped (load()).
//
// Its work runs off the network threads (it reads and commits): the API's
// database routes and the server's periodic sweep.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "server/accounts/account_store.hpp"
#include "server/base/subscriber_list.hpp"
#include "server/base/user_hub.hpp"
#include "server/rooms/room_registry.hpp"
#include "server/tournaments/tournament_store.hpp"

namespace dvonn::server {

struct DirectorSettings {
  // The pause between a Swiss or round-robin round's last result and the
  // next round's games.
  std::int64_t round_pause_ms = 10'000;
  // How long an arena player rests after a game before the next pairing,
  // so that the result is seen before a new game opens.
  std::int64_t arena_rest_ms = 0;
  // The server's own daily arena (--no-daily-tournament turns it off).
  bool daily = true;
  // Upcoming tournaments one user may have created at once.
  int upcoming_per_creator = 5;
};

// A request's answer: 200 (or 201) and its body, or a refusal.
struct DirectorAnswer {
  int status = 200;
  std::string error;
  nlohmann::json body;
};

class TournamentDirector {
 public:
  TournamentDirector(GameStore& store, RoomRegistry& registry, RoomContext& context, AccountStore& accounts,
                     UserHub& users, DirectorSettings settings = {});

  // Reads the tournaments not over (at the start of the server).
  void load();
  // Many nodes on one database: only where `leads` says so are rounds
  // paired, tournaments started at their time and the daily one made;
  // every request and sweep reads the tournament from the database first
  // (another node may have changed it), and a change commits only if the
  // stored tournament is still as read. Set before serving.
  // `online_elsewhere`: the people whose pages are open on other nodes
  // (an arena pairs those online), read at each of the leader's sweeps.
  void share(std::function<bool()> leads, std::function<std::set<std::int64_t>()> online_elsewhere) {
    leads_ = std::move(leads);
    online_elsewhere_ = std::move(online_elsewhere);
  }
  // Creates the daily tournament when due, starts the tournaments whose
  // time came, reads the results of their games, pairs. Periodically.
  // Many nodes: on the leader only; the others read again the tournaments
  // watched here and push what the leader changed.
  void sweep();
  // A game may have ended (a hint: the sweep finds it anyway).
  void game_changed(const std::string& game_id);

  DirectorAnswer create(const User& creator, const nlohmann::json& request);
  // GET /api/tournaments?... : status "upcoming", "running" or "finished".
  DirectorAnswer list(TournamentStatus status, const std::optional<PageCursor>& after, int limit);
  // GET /api/tournaments/{id}: the view and "you".
  DirectorAnswer view(const std::string& id, const std::optional<User>& caller);
  DirectorAnswer join(const std::string& id, const User& user, const std::string& password);
  DirectorAnswer withdraw(const std::string& id, const User& user);
  DirectorAnswer add_engine(const std::string& id, const User& user, int level);
  DirectorAnswer start_now(const std::string& id, const User& user);
  DirectorAnswer cancel(const std::string& id, const User& user);

  // A watcher of a tournament (/ws/tournament): gets the view at once and
  // after every change. False for an unknown id.
  bool watch(const std::string& id, const std::shared_ptr<Subscriber>& watcher);
  // Whether a tournament exists (reads the database).
  bool exists(const std::string& id);
  // The tournament of a game, for its page: {"id", "name", "round"} or null.
  nlohmann::json game_tag(const std::string& game_id);

 private:
  // A tournament in memory (upcoming or running), or the store's copy.
  std::optional<TournamentRecord> find_locked(const std::string& id);
  // Commits a changed record (and extra writes in the same transaction),
  // then keeps it and tells its watchers; "" or the storage error.
  std::string save_locked(TournamentRecord record, const std::function<void(StoreWriter&)>& extra = {});
  void publish_locked(const TournamentRecord& record);
  void advance_locked(TournamentRecord record);
  void start_locked(TournamentRecord& record, std::int64_t now);
  void pair_round_locked(TournamentRecord& record, std::int64_t now);
  void pair_arena_locked(TournamentRecord& record, std::int64_t now, bool changed);
  bool read_results_locked(TournamentRecord& record, std::int64_t now);
  // Makes the games of pairings (round 0: arena) and commits them with the
  // record; the players are told once it is on disk.
  std::string play_locked(TournamentRecord& record, const std::vector<std::pair<std::int64_t, std::int64_t>>& pairs,
                          int round, std::int64_t now);
  void ensure_daily_locked(std::int64_t now);

  GameStore& store_;
  TournamentStore tournaments_;
  RoomRegistry& registry_;
  RoomContext& context_;
  AccountStore& accounts_;
  UserHub& users_;
  const DirectorSettings settings_;
  std::mutex mutex_;
  std::map<std::string, TournamentRecord> active_;  // upcoming and running, by id
  std::map<std::string, SubscriberList> watchers_;
  std::map<std::string, std::string> published_;  // id -> the view last sent (many nodes)
  std::int64_t daily_checked_ms_ = 0;
  std::function<bool()> leads_;  // many nodes (share)
  std::function<std::set<std::int64_t>()> online_elsewhere_;
  std::set<std::int64_t> elsewhere_;  // as of the sweep (many nodes)
  bool shared() const { return leads_ != nullptr; }
  bool leads() const { return !leads_ || leads_(); }
};

}  // namespace dvonn::server
