#include "server/pairing/matchmaker.hpp"

#include <cmath>
#include <random>

#include "server/accounts/engine_ratings.hpp"
#include "server/base/now_ms.hpp"
#include "server/pairing/paired_game.hpp"
#include "server/pairing/seek_controls.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

using nlohmann::json;

namespace {

// A pairing's transaction found a seek gone (paired on another node,
// withdrawn, replaced): nothing is made and nobody is told.
constexpr const char* kSeekGone = "the seek was taken meanwhile";

bool coin() {
  static std::mutex mutex;
  static std::mt19937 random{std::random_device{}()};
  std::lock_guard lock(mutex);
  return std::bernoulli_distribution(0.5)(random);
}

}  // namespace

int Matchmaker::nearest_engine_level(double rating) {
  int best = 1;
  for (int level = 2; level <= kEngineLevels; ++level)
    if (std::fabs(engine_rating(level) - rating) < std::fabs(engine_rating(best) - rating)) best = level;
  return best;
}

json Matchmaker::seek_json(const Seek& seek) {
  return {{"control", seek.control}, {"rated", seek.rated}, {"since", seek.since_ms}};
}

bool Matchmaker::allow_seek_locked(std::int64_t user, std::int64_t now) {
  auto& times = recent_seeks_[user];
  while (!times.empty() && now - times.front() >= 60'000) times.pop_front();
  if (static_cast<int>(times.size()) >= limits_.seeks_per_minute) return false;
  times.push_back(now);
  return true;
}

SeekAnswer Matchmaker::seek(const User& user, const std::string& control, bool rated) {
  if (!is_seek_control(control)) {
    std::string list;
    for (auto c : seek_controls()) list += (list.empty() ? "" : ", ") + std::string(c);
    return {400, "control must be one of " + list};
  }
  if (rated && user.guest) return {400, "guests play casual games only: sign up to play rated games"};
  // Without the page open nobody would learn of the pairing, and the seek
  // would outlive its browser. Many nodes: the page may be open on another
  // node (nginx without sticky sessions), which tells the person.
  if (!online_anywhere(user.id)) return {409, "open the site's page to seek a game"};
  const std::int64_t now = context_.now_ms();
  {
    std::lock_guard lock(mutex_);
    if (!allow_seek_locked(user.id, now)) return {429, "too many seeks: wait a minute"};
  }
  Seek s;
  s.user = user;
  s.control = control;
  s.rated = rated;
  s.rating = user.guest ? 1500.0 : user.rating;
  s.since_ms = now;
  if (shared_) {
    if (!shared_->place(s).empty()) return {500, "storage error: the seek could not be saved; try again"};
    // The page may have closed meanwhile (its went_offline already ran).
    if (!online_anywhere(user.id)) shared_->withdraw(user.id);
    pair_shared();
    reread_waiting();
    publish();
    return {};
  }
  pool_.place(s);
  // The page may have closed meanwhile (its on_offline already ran).
  if (!users_.online(user.id)) pool_.withdraw(user.id);
  pair();
  publish();
  return {};
}

void Matchmaker::share(std::unique_ptr<SeekTable> table, std::function<bool()> leads) {
  shared_ = std::move(table);
  leads_ = std::move(leads);
}

void Matchmaker::went_offline(std::int64_t user) {
  if (!shared_) {
    withdraw(user);
    return;
  }
  // Called on a network thread: the write waits on the read pool. The
  // seek goes wherever it was placed, unless the person still has a page
  // open on another node (which then tells them of a pairing).
  auto gone = [this, user] {
    bool elsewhere = false;
    try {
      elsewhere = shared_->online_elsewhere(user);
    } catch (const std::exception&) {
      // Unknown: the seek goes, as with one node (a page sends it again).
    }
    if (!elsewhere && shared_->withdraw(user)) {
      reread_waiting();
      publish();
    }
  };
  if (!context_.background || !context_.background(gone)) gone();
}

bool Matchmaker::online_anywhere(std::int64_t user) {
  if (users_.online(user)) return true;
  return shared_ && shared_->online_elsewhere(user);
}

void Matchmaker::drop_orphans() {
  std::vector<Seek> seeks = shared_->live();
  if (seeks.empty()) {
    std::lock_guard lock(mutex_);
    orphans_.clear();
    return;
  }
  const std::set<std::int64_t> elsewhere = shared_->online_elsewhere();
  const std::int64_t wall = system_now_ms();
  std::vector<Seek> gone;
  {
    std::lock_guard lock(mutex_);
    std::map<std::int64_t, std::int64_t> still;
    for (const Seek& s : seeks) {
      if (users_.online(s.user.id) || elsewhere.contains(s.user.id)) continue;
      auto it = orphans_.find(s.user.id);
      const std::int64_t since = it == orphans_.end() ? wall : it->second;
      if (wall - since >= kOrphanMs)
        gone.push_back(s);
      else
        still[s.user.id] = since;
    }
    orphans_ = std::move(still);
  }
  bool dropped = false;
  for (const Seek& s : gone) dropped = shared_->drop(s) || dropped;
  if (dropped) publish();
}

void Matchmaker::reread_waiting() {
  auto waiting = shared_->waiting();
  std::lock_guard lock(mutex_);
  shared_waiting_ = std::move(waiting);
}

bool Matchmaker::withdraw(std::int64_t user) {
  if (shared_) {
    bool had = shared_->withdraw(user);
    if (had) {
      reread_waiting();
      publish();
    }
    return had;
  }
  bool had = pool_.withdraw(user).has_value();
  if (had) publish();
  return had;
}

void Matchmaker::pair_shared() {
  if (!leads_ || !leads_()) return;
  // The same matching as one node's, over every node's seeks; each pair's
  // transaction checks that both seeks are still there (start()).
  SeekPool pool;
  for (const Seek& s : shared_->live()) pool.place(s);
  auto pairs = pool.take_pairs(context_.now_ms(),
                               [this](std::int64_t a, std::int64_t b) { return relations_.blocked_either(a, b); });
  for (const auto& [a, b] : pairs) start(a, b);
}

void Matchmaker::pair() {
  if (shared_) return pair_shared();
  auto pairs = pool_.take_pairs(context_.now_ms(),
                                [this](std::int64_t a, std::int64_t b) { return relations_.blocked_either(a, b); });
  for (const auto& [a, b] : pairs) start(a, b);
}

void Matchmaker::start(const Seek& a, const Seek& b) {
  auto paired = std::make_shared<PairedGame>(paired_game(a, b, coin(), context_.now_ms()));
  auto room = GameRoom::create(paired->game, context_);
  // The game exists once it is on disk: only then are the players told.
  context_.store.submit(
      [stored = paired->game.stored, progress = room->progress(), shared = shared_ != nullptr, paired](StoreWriter& w) {
        // Many nodes: the pair's seeks go in the game's transaction, so
        // it is made once, whichever node pairs them.
        if (shared &&
            (!SeekTable::take(w.connection(), paired->white) || !SeekTable::take(w.connection(), paired->black)))
          throw StoreError(kSeekGone);
        w.insert_game(stored);
        w.set_progress(stored.id, progress);
      },
      [this, room, paired](const std::string& error) {
        if (error.find(kSeekGone) != std::string::npos) return;
        if (!error.empty()) {
          for (const Seek* s : {&paired->white, &paired->black})
            users_.send(s->user.id, {{"type", "seek-failed"}, {"message", "the game could not be saved; try again"}});
          return;
        }
        registry_.add(room);
        {
          std::lock_guard lock(mutex_);
          started_[room->id()] = paired->white.control;
          ++playing_[paired->white.control];
        }
        for (bool white : {true, false}) {
          const Seek& me = white ? paired->white : paired->black;
          const Seek& them = white ? paired->black : paired->white;
          users_.send(me.user.id, {{"type", "paired"},
                                   {"game", room->id()},
                                   {"seat", white ? "white" : "black"},
                                   {"token", white ? paired->white_token : paired->black_token},
                                   {"control", me.control},
                                   {"rated", me.rated},
                                   {"opponent", player_json(them.user)}});
        }
        publish();
      });
}

void Matchmaker::sweep() {
  std::vector<Seek> offers;
  if (shared_) {
    const std::int64_t wall = system_now_ms();
    bool leads = leads_ && leads_();
    bool drop = false;
    {
      std::lock_guard lock(mutex_);
      shared_swept_ms_ = wall;
      // The seeks of nodes gone are left out of every read; the leader
      // deletes them now and then.
      if (leads && wall - shared_dropped_ms_ >= NodeRegistry::kGoneAfterMs) {
        shared_dropped_ms_ = wall;
        drop = true;
      }
    }
    if (drop) shared_->drop_gone();
    if (leads) drop_orphans();
    pair_shared();
    if (leads) offers = shared_->take_engine_offers(context_.now_ms(), limits_.engine_offer_after_ms);
    reread_waiting();
  } else {
    pair();
    offers = pool_.take_engine_offers(context_.now_ms(), limits_.engine_offer_after_ms);
  }
  for (const Seek& s : offers)
    users_.send(s.user.id,
                {{"type", "seek-engine-offer"}, {"level", nearest_engine_level(s.rating)}, {"control", s.control}});
  // The games in progress, re-counted (a room may be read from disk).
  std::map<std::string, std::string> started;
  {
    std::lock_guard lock(mutex_);
    started = started_;
  }
  std::vector<std::string> ended;
  for (const auto& [id, control] : started) {
    auto room = registry_.find(id);
    if (!room || room->progress().over) ended.push_back(id);
  }
  std::map<std::string, int> playing = count_playing();
  {
    std::lock_guard lock(mutex_);
    for (const auto& id : ended) started_.erase(id);
    playing_ = std::move(playing);
    // The rate windows of those who stopped seeking.
    const std::int64_t now = context_.now_ms();
    for (auto it = recent_seeks_.begin(); it != recent_seeks_.end();)
      it = !it->second.empty() && now - it->second.back() < 60'000 ? std::next(it) : recent_seeks_.erase(it);
  }
  publish();
}

std::map<std::string, int> Matchmaker::count_playing() const {
  // Every online game in progress at a control of the grid, however it was
  // made (Play now, the lobby, a link, a challenge, a rematch). A real-time
  // game nobody moved in for an hour is not being played (its clock would
  // have ended it); a day-a-move game counts for two days.
  std::map<std::string, int> playing;
  const std::int64_t now = context_.now_ms();
  context_.store.read([&](Database* db) {
    Statement q(db,
                "SELECT clock, COUNT(*) AS n FROM games WHERE over = 0 AND mode = 'online' AND started_ms > 0"
                " AND updated_ms > CASE WHEN clock = '1d' THEN ?2 ELSE ?1 END GROUP BY clock",
                false);
    q.bind(1, now - std::int64_t{3'600'000}).bind(2, now - std::int64_t{2 * 86'400'000});
    while (q.next())
      if (std::string control = q.text("clock"); is_seek_control(control))
        playing[control] = static_cast<int>(q.integer("n"));
  });
  return playing;
}

void Matchmaker::recount() {
  if (shared_) reread_waiting();
  std::map<std::string, int> playing = count_playing();
  std::lock_guard lock(mutex_);
  playing_ = std::move(playing);
}

bool Matchmaker::busy() const {
  if (pool_.size() > 0) return true;
  std::lock_guard lock(mutex_);
  // Many nodes: the other nodes' seeks are read at least once a second.
  if (shared_ && (!shared_waiting_.empty() || system_now_ms() - shared_swept_ms_ >= 1000)) return true;
  return !started_.empty() || publish_pending_ || !recent_seeks_.empty();
}

json Matchmaker::controls_json() const {
  auto waiting = shared_ ? std::map<std::string, int>{} : pool_.waiting();
  json controls = json::array();
  std::lock_guard lock(mutex_);
  if (shared_) waiting = shared_waiting_;
  for (auto c : seek_controls()) {
    std::string control(c);
    auto w = waiting.find(control);
    auto p = playing_.find(control);
    controls.push_back({{"control", control},
                        {"waiting", w == waiting.end() ? 0 : w->second},
                        {"playing", p == playing_.end() ? 0 : p->second}});
  }
  return controls;
}

json Matchmaker::grid_json(std::int64_t user) const {
  auto mine = !user ? std::nullopt : shared_ ? shared_->seek_of(user) : pool_.seek_of(user);
  return {{"controls", controls_json()}, {"mine", mine ? seek_json(*mine) : json()}};
}

void Matchmaker::publish() {
  json controls = controls_json();
  const std::int64_t now = context_.now_ms();
  {
    std::lock_guard lock(mutex_);
    if (controls == published_) {
      publish_pending_ = false;
      return;
    }
    if (published_ms_ && now - published_ms_ < limits_.publish_every_ms) {
      publish_pending_ = true;
      return;
    }
    published_ = controls;
    published_ms_ = now;
    publish_pending_ = false;
  }
  users_.broadcast({{"type", "seeks"}, {"controls", controls}});
}

}  // namespace dvonn::server
