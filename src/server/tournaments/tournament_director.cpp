#include "server/tournaments/tournament_director.hpp"

#include <algorithm>
#include <iostream>
#include <set>

#include "community/time_control.hpp"
#include "server/accounts/engine_ratings.hpp"
#include "server/base/random_id.hpp"
#include "server/rooms/game_setup.hpp"
#include "server/tournaments/arena_pairing.hpp"
#include "server/tournaments/daily_tournament.hpp"
#include "server/tournaments/round_robin_schedule.hpp"
#include "server/tournaments/standings.hpp"
#include "server/tournaments/swiss_pairing.hpp"
#include "server/tournaments/tournament_json.hpp"
#include "server/tournaments/tournament_request.hpp"

namespace dvonn::server {

using nlohmann::json;

namespace {

constexpr int kMaxEntrants = 500;

DirectorAnswer refuse(int status, std::string error) { return {status, std::move(error), {}}; }

double rating_of(const User& u) { return u.guest ? 1500.0 : u.rating; }

bool over(const Tournament& t) {
  return t.status == TournamentStatus::Finished || t.status == TournamentStatus::Cancelled;
}

bool has_pending(const TournamentRecord& r, int round) {
  return std::any_of(r.games.begin(), r.games.end(), [round](const EntrantGame& g) {
    return g.game.result == GameResult::Pending && (round < 0 || g.game.round == round);
  });
}

GameResult result_of(const GameProgress& p) {
  switch (p.winner) {
    case Winner::White:
      return GameResult::WhiteWins;
    case Winner::Black:
      return GameResult::BlackWins;
    default:
      return GameResult::Draw;  // a draw, or a game that is gone
  }
}

}  // namespace

TournamentDirector::TournamentDirector(GameStore& store, RoomRegistry& registry, RoomContext& context,
                                       AccountStore& accounts, UserHub& users, DirectorSettings settings)
    : store_(store),
      tournaments_(store),
      registry_(registry),
      context_(context),
      accounts_(accounts),
      users_(users),
      settings_(settings) {}

void TournamentDirector::load() {
  std::lock_guard lock(mutex_);
  for (const std::string& id : tournaments_.unfinished_ids())
    if (auto r = tournaments_.load(id)) active_[id] = std::move(*r);
}

std::optional<TournamentRecord> TournamentDirector::find_locked(const std::string& id) {
  if (!looks_like_tournament_id(id)) return std::nullopt;
  if (shared()) {
    // Another node may have changed it: what is changed is what is stored.
    auto r = tournaments_.load(id);
    if (r && !over(r->t))
      active_[id] = *r;
    else
      active_.erase(id);
    return r;
  }
  if (auto it = active_.find(id); it != active_.end()) return it->second;
  return tournaments_.load(id);
}

std::string TournamentDirector::save_locked(TournamentRecord r, const std::function<void(StoreWriter&)>& extra) {
  r.t.players = r.active_count();
  const TournamentRecord* before = nullptr;
  if (auto it = active_.find(r.t.id); it != active_.end()) before = &it->second;
  const bool guarded = shared() && before;
  // Pairing or starting: decided on the entrants as read.
  const bool pairs = before && (r.games.size() != before->games.size() || r.t.status != before->t.status);
  std::string error = store_.commit([&](StoreWriter& w) {
    Database* db = w.connection();
    if (guarded && !TournamentStore::unchanged(db, *before, pairs))
      throw StoreError("the tournament changed on another node meanwhile");
    if (!before)
      TournamentStore::insert(db, r.t);
    else
      TournamentStore::update(db, r.t);
    for (const Entrant& e : r.entrants) {
      const Entrant* old = before ? before->entrant(e.user.id) : nullptr;
      if (!old || old->withdrawn != e.withdrawn) TournamentStore::put_entrant(db, r.t.id, e);
    }
    if (before)
      for (const Entrant& e : before->entrants)
        if (!r.entrant(e.user.id)) TournamentStore::remove_entrant(db, r.t.id, e.user.id);
    for (std::size_t i = 0; i < r.games.size(); ++i) {
      bool same = before && i < before->games.size() && before->games[i].game.result == r.games[i].game.result;
      if (!same) TournamentStore::add_game(db, r.t.id, static_cast<int>(i), r.games[i]);
    }
    if (extra) extra(w);
  });
  if (!error.empty()) return error;
  if (over(r.t))
    active_.erase(r.t.id);
  else
    active_[r.t.id] = r;
  publish_locked(r);
  return "";
}

void TournamentDirector::publish_locked(const TournamentRecord& r) {
  auto it = watchers_.find(r.t.id);
  if (it == watchers_.end()) return;
  json message = tournament_view_json(r);
  message["type"] = "tournament";
  auto text = std::make_shared<const std::string>(message.dump());
  if (shared()) {
    std::string& last = published_[r.t.id];
    if (last == *text) return;
    last = *text;
  }
  it->second.deliver(std::move(text));
}

void TournamentDirector::sweep() {
  std::lock_guard lock(mutex_);
  if (!leads()) {
    // Not the leader: what it changed reaches the watchers here.
    for (auto it = watchers_.begin(); it != watchers_.end();) {
      if (it->second.empty()) {
        published_.erase(it->first);
        it = watchers_.erase(it);
        continue;
      }
      const std::string id = (it++)->first;
      try {
        if (auto r = tournaments_.load(id)) publish_locked(*r);
      } catch (const std::exception& e) {
        std::cerr << "dvonn serve: tournament " << id << ": " << e.what() << "\n";
      }
    }
    return;
  }
  const std::int64_t now = context_.now_ms();
  // Many nodes: joins, withdrawals and new tournaments come from every
  // node, and this node may have just become the leader: all is read again.
  if (shared()) {
    try {
      std::map<std::string, TournamentRecord> fresh;
      for (const std::string& id : tournaments_.unfinished_ids())
        if (auto r = tournaments_.load(id)) fresh[id] = std::move(*r);
      active_ = std::move(fresh);
      elsewhere_ = online_elsewhere_ ? online_elsewhere_() : std::set<std::int64_t>{};
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: reading the tournaments: " << e.what() << "\n";
      return;
    }
  }
  try {
    if (settings_.daily) ensure_daily_locked(now);
  } catch (const std::exception& e) {
    std::cerr << "dvonn serve: the daily tournament: " << e.what() << "\n";
  }
  std::vector<std::string> ids;
  for (const auto& [id, r] : active_) ids.push_back(id);
  for (const std::string& id : ids) {
    auto it = active_.find(id);
    if (it == active_.end()) continue;
    try {
      advance_locked(it->second);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: tournament " << id << ": " << e.what() << "\n";
    }
  }
}

void TournamentDirector::game_changed(const std::string& game_id) {
  // Many nodes: the leader's sweep reads the result (it reads all again).
  if (shared()) return;
  std::lock_guard lock(mutex_);
  for (auto& [id, r] : active_) {
    auto it = std::find_if(r.games.begin(), r.games.end(), [&](const EntrantGame& g) {
      return g.game_id == game_id && g.game.result == GameResult::Pending;
    });
    if (it == r.games.end()) continue;
    try {
      advance_locked(r);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: tournament " << id << ": " << e.what() << "\n";
    }
    return;
  }
}

void TournamentDirector::ensure_daily_locked(std::int64_t now) {
  if (daily_checked_ms_ && now - daily_checked_ms_ < 60'000) return;
  const std::int64_t starts = next_daily_start(now);
  for (const auto& [id, r] : active_)
    if (r.t.created_by == 0 && r.t.starts_ms == starts) {
      daily_checked_ms_ = now;
      return;
    }
  TournamentRecord r;
  r.t = daily_tournament(starts, now);
  r.t.id = new_game_id().substr(0, 8);
  if (save_locked(r).empty()) daily_checked_ms_ = now;
}

void TournamentDirector::advance_locked(TournamentRecord r) {
  const std::int64_t now = context_.now_ms();
  if (r.t.status == TournamentStatus::Upcoming) {
    if (now >= r.t.starts_ms) start_locked(r, now);
    return;
  }
  if (r.t.status != TournamentStatus::Running) return;
  bool changed = read_results_locked(r, now);
  if (r.t.kind == TournamentKind::Arena) {
    if (now >= r.t.ends_ms) {
      if (!has_pending(r, -1)) {
        r.t.status = TournamentStatus::Finished;
        changed = true;
      }
      if (changed) save_locked(r);
      return;
    }
    return pair_arena_locked(r, now, changed);
  }
  if (has_pending(r, r.t.round)) {
    if (changed) save_locked(r);
    return;
  }
  if (r.t.round_done_ms == 0) {
    r.t.round_done_ms = now;
    changed = true;
  }
  if (r.t.round >= r.t.rounds || r.active_count() < 2) {
    r.t.status = TournamentStatus::Finished;
    r.t.ends_ms = now;
    save_locked(r);
    return;
  }
  if (now < r.t.round_done_ms + settings_.round_pause_ms) {
    if (changed) save_locked(r);
    return;
  }
  pair_round_locked(r, now);
}

void TournamentDirector::start_locked(TournamentRecord& r, std::int64_t now) {
  // Those who withdrew before the start were never in it.
  std::erase_if(r.entrants, [](const Entrant& e) { return e.withdrawn; });
  if (r.entrants.size() < 2) {
    r.t.status = TournamentStatus::Cancelled;
    r.t.ends_ms = now;
    save_locked(r);
    return;
  }
  r.t.status = TournamentStatus::Running;
  if (r.t.kind == TournamentKind::Arena) {
    // Started early: the arena lasts its whole duration from now.
    r.t.starts_ms = std::min(r.t.starts_ms, now);
    r.t.ends_ms = r.t.starts_ms + std::int64_t{r.t.duration_minutes} * 60'000;
    return pair_arena_locked(r, now, true);
  }
  r.t.starts_ms = std::min(r.t.starts_ms, now);
  if (r.t.kind == TournamentKind::RoundRobin) {
    std::vector<std::int64_t> ids;
    for (const Entrant& e : r.entrants) ids.push_back(e.user.id);
    r.t.rounds = static_cast<int>(round_robin_schedule(ids).size());
  }
  pair_round_locked(r, now);
}

bool TournamentDirector::read_results_locked(TournamentRecord& r, std::int64_t now) {
  bool changed = false;
  for (EntrantGame& g : r.games) {
    if (g.game.result != GameResult::Pending || g.game_id.empty()) continue;
    std::shared_ptr<GameRoom> room;
    try {
      room = registry_.find(g.game_id);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: tournament " << r.t.id << ", game " << g.game_id << ": " << e.what() << "\n";
      continue;
    }
    GameProgress p;
    if (room) {
      p = room->progress();
      if (!p.over) {
        // A first move that never came ends the game only when its clock
        // is looked at (a new game's clock is armed by its first commit).
        room->check_time();
        continue;
      }
    } else {
      p.winner = Winner::None;  // the game is gone: nobody won it
    }
    g.game.result = result_of(p);
    g.game.ended_ms = p.ended_ms ? p.ended_ms : now;
    changed = true;
  }
  return changed;
}

namespace {

// Two engines cannot meet: a game has one engine seat.
std::function<bool(std::int64_t, std::int64_t)> engines_apart(const TournamentRecord& r) {
  std::set<std::int64_t> engines;
  for (const Entrant& e : r.entrants)
    if (e.user.engine) engines.insert(e.user.id);
  return [engines](std::int64_t a, std::int64_t b) { return engines.count(a) && engines.count(b); };
}

}  // namespace

void TournamentDirector::pair_round_locked(TournamentRecord& r, std::int64_t now) {
  const int round = r.t.round + 1;
  r.t.round = round;
  r.t.round_done_ms = 0;
  std::vector<Pairing> pairings;
  if (r.t.kind == TournamentKind::Swiss) {
    std::vector<SwissEntrant> active;
    for (const Entrant& e : r.entrants)
      if (!e.withdrawn) active.push_back({e.user.id, rating_of(e.user)});
    std::vector<TournamentGame> history;
    for (const EntrantGame& g : r.games) history.push_back(g.game);
    pairings = swiss_pairing(active, history, engines_apart(r));
  } else {
    std::vector<std::int64_t> ids;
    for (const Entrant& e : r.entrants) ids.push_back(e.user.id);
    auto schedule = round_robin_schedule(ids);
    if (round <= static_cast<int>(schedule.size())) pairings = schedule[round - 1];
  }
  auto is_engine = engines_apart(r);
  std::vector<std::pair<std::int64_t, std::int64_t>> games;
  for (Pairing p : pairings) {
    // A withdrawn entrant's opponent (round-robin) gets the point of a bye.
    auto present = [&](std::int64_t id) {
      const Entrant* e = r.entrant(id);
      return id != 0 && e && !e->withdrawn;
    };
    if (!present(p.white)) std::swap(p.white, p.black);
    if (!present(p.white)) continue;
    if (!present(p.black)) p.black = 0;
    if (p.black == 0) {
      r.games.push_back({{round, p.white, 0, GameResult::WhiteWins, now}, ""});
    } else if (is_engine(p.white, p.black)) {
      // Paired only when nothing else worked: not played, a draw.
      r.games.push_back({{round, p.white, p.black, GameResult::Draw, now}, ""});
    } else {
      games.emplace_back(p.white, p.black);
    }
  }
  play_locked(r, games, round, now);
}

void TournamentDirector::pair_arena_locked(TournamentRecord& r, std::int64_t now, bool changed) {
  // Busy: in a game, or resting after one (arena_rest_ms).
  std::set<std::int64_t> busy;
  for (const EntrantGame& g : r.games)
    if (g.game.result == GameResult::Pending || now < g.game.ended_ms + settings_.arena_rest_ms)
      busy.insert(g.game.white), busy.insert(g.game.black);
  std::vector<std::pair<std::int64_t, double>> rated;
  std::vector<TournamentGame> history;
  for (const Entrant& e : r.entrants) rated.emplace_back(e.user.id, rating_of(e.user));
  for (const EntrantGame& g : r.games) history.push_back(g.game);
  std::map<std::int64_t, double> points;
  for (const StandingRow& s : standings(r.t.kind, rated, history)) points[s.id] = s.points;
  // Those free now: not in a game, and (people) with the site open, as a
  // game would otherwise start with nobody to play it.
  std::vector<ArenaEntrant> free;
  for (const Entrant& e : r.entrants)
    if (!e.withdrawn && !busy.count(e.user.id) &&
        (e.user.engine || users_.online(e.user.id) || elsewhere_.count(e.user.id)))
      free.push_back({e.user.id, rating_of(e.user), points[e.user.id]});
  std::vector<std::pair<std::int64_t, std::int64_t>> games;
  if (free.size() >= 2) {
    auto is_engine = engines_apart(r);
    for (const Pairing& p : arena_pairing(free, history, is_engine))
      if (p.black != 0 && p.white != 0 && !is_engine(p.white, p.black)) games.emplace_back(p.white, p.black);
  }
  if (games.empty()) {
    if (changed) save_locked(r);
    return;
  }
  play_locked(r, games, 0, now);
}

std::string TournamentDirector::play_locked(TournamentRecord& r,
                                            const std::vector<std::pair<std::int64_t, std::int64_t>>& pairs, int round,
                                            std::int64_t now) {
  struct Made {
    NewGame game;
    std::shared_ptr<GameRoom> room;
    std::string white_token, black_token;
    User white, black;
  };
  std::vector<Made> made;
  std::string error;
  const community::TimeControl control = community::parse_time_control(r.t.clock, error);
  for (auto [w, b] : pairs) {
    const Entrant* we = r.entrant(w);
    const Entrant* be = r.entrant(b);
    if (!we || !be) continue;
    GameSpec spec;
    spec.clock = control;
    spec.rated = r.t.rated && !we->user.guest && !be->user.guest;
    Made m;
    m.white = we->user;
    m.black = be->user;
    if (we->user.engine || be->user.engine) {
      // One engine seat: the engine user's level, the person on the other.
      const User& engine = we->user.engine ? we->user : be->user;
      const User& person = we->user.engine ? be->user : we->user;
      spec.mode = Mode::Engine;
      spec.level = engine_level_of(engine.name).value_or(4);
      spec.creator_seat = we->user.engine ? Seat::Black : Seat::White;
      spec.color_asked = we->user.engine ? Color::Black : Color::White;
      m.game = new_game(std::move(spec), person, engine, now);
      (we->user.engine ? m.black_token : m.white_token) = m.game.token;
    } else {
      spec.mode = Mode::Online;
      spec.creator_seat = Seat::White;
      spec.color_asked = Color::White;
      m.game = new_game(std::move(spec), we->user, std::nullopt, now);
      m.white_token = m.game.token;
      m.black_token = new_seat_token();
      StoredGame& s = m.game.stored;
      s.black_token = m.black_token;
      s.black_user = be->user.id;
      s.black_player = be->user;
      s.started_ms = now;
    }
    m.game.stored.tournament = json{{"id", r.t.id}, {"name", r.t.name}, {"round", round}}.dump();
    m.room = GameRoom::create(m.game, context_);
    r.games.push_back({{round, w, b, GameResult::Pending, 0}, m.game.stored.id});
    made.push_back(std::move(m));
  }
  const std::string id = r.t.id;
  error = save_locked(r, [&](StoreWriter& w) {
    for (const Made& m : made) {
      w.insert_game(m.game.stored);
      w.set_progress(m.game.stored.id, m.room->progress());
      TournamentStore::tag_game(w.connection(), m.game.stored.id, id, round);
    }
  });
  if (!error.empty()) {
    std::cerr << "dvonn serve: tournament " << id << ": the games could not be saved: " << error << "\n";
    return error;
  }
  json tag = {{"id", id}, {"name", r.t.name}, {"round", round}};
  for (const Made& m : made) {
    registry_.add(m.room);
    m.room->resume_engine();
    for (bool white : {true, false}) {
      const User& me = white ? m.white : m.black;
      const User& them = white ? m.black : m.white;
      if (me.engine) continue;
      users_.send(me.id, {{"type", "paired"},
                          {"game", m.room->id()},
                          {"seat", white ? "white" : "black"},
                          {"token", white ? m.white_token : m.black_token},
                          {"control", r.t.clock},
                          {"rated", m.game.spec.rated},
                          {"opponent", player_json(them)},
                          {"tournament", tag}});
    }
  }
  return "";
}

// The requests.

DirectorAnswer TournamentDirector::create(const User& creator, const json& request) {
  const std::int64_t now = context_.now_ms();
  auto asked = tournament_from_request(request, creator, now);
  if (auto* no = std::get_if<TournamentRefusal>(&asked)) return refuse(no->status, no->message);
  std::lock_guard lock(mutex_);
  int upcoming = 0;
  for (const auto& [id, r] : active_)
    if (r.t.created_by == creator.id && r.t.status == TournamentStatus::Upcoming) ++upcoming;
  if (upcoming >= settings_.upcoming_per_creator)
    return refuse(429, "you have " + std::to_string(upcoming) +
                           " upcoming tournaments already: wait for one to start or cancel one");
  TournamentRecord r;
  r.t = std::get<Tournament>(asked);
  r.t.id = new_game_id().substr(0, 8);
  r.t.password_hash = tournament_password_hash(r.t.id, r.t.password_hash);
  if (std::string error = save_locked(r); !error.empty())
    return refuse(500, "storage error: the tournament could not be saved; try again");
  return {201, "", {{"tournament", tournament_summary_json(active_[r.t.id].t)}}};
}

DirectorAnswer TournamentDirector::list(TournamentStatus status, const std::optional<PageCursor>& after, int limit) {
  auto page = tournaments_.page(status, after, limit);
  json rows = json::array();
  for (const Tournament& t : page.rows) rows.push_back(tournament_summary_json(t));
  json next;
  if (page.more && !page.rows.empty()) {
    const Tournament& last = page.rows.back();
    const bool finished = status == TournamentStatus::Finished || status == TournamentStatus::Cancelled;
    next = PageCursor{finished ? last.ends_ms : last.starts_ms, last.id}.text();
  }
  return {200, "", {{"tournaments", rows}, {"more", page.more}, {"next", next}}};
}

DirectorAnswer TournamentDirector::view(const std::string& id, const std::optional<User>& caller) {
  std::lock_guard lock(mutex_);
  auto r = find_locked(id);
  if (!r) return refuse(404, "no tournament with id " + id.substr(0, 40));
  json body = tournament_view_json(*r);
  json you = {{"joined", false}, {"can_manage", false}, {"game", nullptr}};
  if (caller) {
    const Entrant* e = r->entrant(caller->id);
    you["joined"] = e && !e->withdrawn;
    you["can_manage"] = r->t.created_by != 0 && r->t.created_by == caller->id && !over(r->t);
    for (auto it = r->games.rbegin(); it != r->games.rend(); ++it)
      if (it->game.result == GameResult::Pending && !it->game_id.empty() &&
          (it->game.white == caller->id || it->game.black == caller->id)) {
        you["game"] = it->game_id;
        break;
      }
  }
  body["you"] = you;
  return {200, "", body};
}

DirectorAnswer TournamentDirector::join(const std::string& id, const User& user, const std::string& password) {
  std::lock_guard lock(mutex_);
  auto r = find_locked(id);
  if (!r) return refuse(404, "no tournament with id " + id.substr(0, 40));
  if (over(r->t)) return refuse(409, "the tournament is " + std::string(to_string(r->t.status)));
  if (!r->t.password_hash.empty() && !constant_time_equal(tournament_password_hash(id, password), r->t.password_hash))
    return refuse(403, password.empty() ? "this tournament is private: give its password" : "wrong password");
  if (user.guest && r->t.rated) return refuse(403, "guests may join unrated tournaments only: sign up to play");
  Entrant* e = r->entrant(user.id);
  if (e && !e->withdrawn) return refuse(409, "you have already joined this tournament");
  const std::int64_t now = context_.now_ms();
  if (r->t.status == TournamentStatus::Running) {
    if (r->t.kind == TournamentKind::RoundRobin) return refuse(409, "a round-robin cannot be joined once it started");
    if (r->t.kind == TournamentKind::Swiss && r->t.round * 2 > r->t.rounds)
      return refuse(409, "too late to join: half the rounds are played");
    if (r->t.kind == TournamentKind::Arena && now >= r->t.ends_ms) return refuse(409, "the arena is over");
  }
  if (!e && r->active_count() >= kMaxEntrants)
    return refuse(409, "the tournament is full (" + std::to_string(kMaxEntrants) + " players)");
  if (e)
    e->withdrawn = false;
  else
    r->entrants.push_back({user, now, false});
  if (std::string error = save_locked(*r); !error.empty())
    return refuse(500, "storage error: could not join; try again");
  if (r->t.status == TournamentStatus::Running && r->t.kind == TournamentKind::Arena && leads())
    advance_locked(active_[id]);
  return {200, "", {{"tournament", tournament_summary_json(find_locked(id)->t)}}};
}

DirectorAnswer TournamentDirector::withdraw(const std::string& id, const User& user) {
  std::lock_guard lock(mutex_);
  auto r = find_locked(id);
  if (!r) return refuse(404, "no tournament with id " + id.substr(0, 40));
  if (over(r->t)) return refuse(409, "the tournament is " + std::string(to_string(r->t.status)));
  Entrant* e = r->entrant(user.id);
  if (!e || e->withdrawn) return refuse(409, "you are not in this tournament");
  e->withdrawn = true;
  if (std::string error = save_locked(*r); !error.empty())
    return refuse(500, "storage error: could not withdraw; try again");
  return {200, "", {{"tournament", tournament_summary_json(active_[id].t)}}};
}

DirectorAnswer TournamentDirector::add_engine(const std::string& id, const User& user, int level) {
  std::lock_guard lock(mutex_);
  auto r = find_locked(id);
  if (!r) return refuse(404, "no tournament with id " + id.substr(0, 40));
  if (r->t.created_by == 0 || r->t.created_by != user.id)
    return refuse(403, "only the tournament's creator may add engines");
  if (over(r->t)) return refuse(409, "the tournament is " + std::string(to_string(r->t.status)));
  if (r->t.kind != TournamentKind::Arena && r->t.status != TournamentStatus::Upcoming)
    return refuse(409, "engines join a Swiss or round-robin before it starts");
  User engine = accounts_.engine_user(level);
  if (Entrant* e = r->entrant(engine.id); e && !e->withdrawn) return refuse(409, engine.name + " has already joined");
  if (r->t.kind == TournamentKind::RoundRobin)
    for (const Entrant& e : r->entrants)
      if (e.user.engine && !e.withdrawn)
        return refuse(409, "a round-robin takes one engine: two engines cannot play each other");
  if (!r->entrant(engine.id) && r->active_count() >= kMaxEntrants) return refuse(409, "the tournament is full");
  if (Entrant* e = r->entrant(engine.id))
    e->withdrawn = false;
  else
    r->entrants.push_back({engine, context_.now_ms(), false});
  if (std::string error = save_locked(*r); !error.empty())
    return refuse(500, "storage error: could not add the engine; try again");
  if (r->t.status == TournamentStatus::Running && leads()) advance_locked(active_[id]);
  return {200, "", {{"tournament", tournament_summary_json(find_locked(id)->t)}}};
}

DirectorAnswer TournamentDirector::start_now(const std::string& id, const User& user) {
  std::lock_guard lock(mutex_);
  auto r = find_locked(id);
  if (!r) return refuse(404, "no tournament with id " + id.substr(0, 40));
  if (r->t.created_by == 0 || r->t.created_by != user.id)
    return refuse(403, "only the tournament's creator may start it");
  if (r->t.status != TournamentStatus::Upcoming) return refuse(409, "the tournament has already started or ended");
  if (r->active_count() < 2) return refuse(409, "a tournament needs at least 2 players to start");
  start_locked(*r, context_.now_ms());
  auto now = find_locked(id);
  if (!now || now->t.status == TournamentStatus::Upcoming)
    return refuse(500, "storage error: the tournament could not be started; try again");
  return {200, "", {{"tournament", tournament_summary_json(now->t)}}};
}

DirectorAnswer TournamentDirector::cancel(const std::string& id, const User& user) {
  std::lock_guard lock(mutex_);
  auto r = find_locked(id);
  if (!r) return refuse(404, "no tournament with id " + id.substr(0, 40));
  if (r->t.created_by == 0 || r->t.created_by != user.id)
    return refuse(403, "only the tournament's creator may cancel it");
  if (r->t.status != TournamentStatus::Upcoming) return refuse(409, "only a tournament not started can be cancelled");
  r->t.status = TournamentStatus::Cancelled;
  r->t.ends_ms = context_.now_ms();
  if (std::string error = save_locked(*r); !error.empty())
    return refuse(500, "storage error: could not cancel; try again");
  return {200, "", {{"tournament", tournament_summary_json(r->t)}}};
}

bool TournamentDirector::watch(const std::string& id, const std::shared_ptr<Subscriber>& watcher) {
  std::lock_guard lock(mutex_);
  auto r = find_locked(id);
  if (!r) return false;
  json message = tournament_view_json(*r);
  message["type"] = "tournament";
  watchers_[id].add(watcher, std::make_shared<const std::string>(message.dump()));
  return true;
}

bool TournamentDirector::exists(const std::string& id) {
  std::lock_guard lock(mutex_);
  return find_locked(id).has_value();
}

json TournamentDirector::game_tag(const std::string& game_id) {
  auto tag = tournaments_.tag_of(game_id);
  if (!tag) return nullptr;
  return {{"id", tag->id}, {"name", tag->name}, {"round", tag->round}};
}

}  // namespace dvonn::server
