#include "server/pairing/matchmaker.hpp"

#include <cmath>
#include <random>

#include "server/accounts/engine_ratings.hpp"
#include "server/pairing/paired_game.hpp"
#include "server/pairing/seek_controls.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {

using nlohmann::json;

namespace {

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
  // would outlive its browser.
  if (!users_.online(user.id)) return {409, "open the site's page to seek a game"};
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
  pool_.place(s);
  // The page may have closed meanwhile (its on_offline already ran).
  if (!users_.online(user.id)) pool_.withdraw(user.id);
  pair();
  publish();
  return {};
}

bool Matchmaker::withdraw(std::int64_t user) {
  bool had = pool_.withdraw(user).has_value();
  if (had) publish();
  return had;
}

void Matchmaker::pair() {
  auto pairs = pool_.take_pairs(context_.now_ms(),
                                [this](std::int64_t a, std::int64_t b) { return relations_.blocked_either(a, b); });
  for (const auto& [a, b] : pairs) start(a, b);
}

void Matchmaker::start(const Seek& a, const Seek& b) {
  auto paired = std::make_shared<PairedGame>(paired_game(a, b, coin(), context_.now_ms()));
  auto room = GameRoom::create(paired->game, context_);
  // The game exists once it is on disk: only then are the players told.
  context_.store.submit(
      [stored = paired->game.stored, progress = room->progress()](StoreWriter& w) {
        w.insert_game(stored);
        w.set_progress(stored.id, progress);
      },
      [this, room, paired](const std::string& error) {
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
  pair();
  for (const Seek& s : pool_.take_engine_offers(context_.now_ms(), limits_.engine_offer_after_ms))
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
  std::map<std::string, int> playing = count_playing();
  std::lock_guard lock(mutex_);
  playing_ = std::move(playing);
}

bool Matchmaker::busy() const {
  if (pool_.size() > 0) return true;
  std::lock_guard lock(mutex_);
  return !started_.empty() || publish_pending_ || !recent_seeks_.empty();
}

json Matchmaker::controls_json() const {
  auto waiting = pool_.waiting();
  json controls = json::array();
  std::lock_guard lock(mutex_);
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
  auto mine = user ? pool_.seek_of(user) : std::nullopt;
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
