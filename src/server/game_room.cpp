#include "server/game_room.hpp"

#include <algorithm>
#include <iostream>

#include "community/time_control.hpp"
#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "server/clock_watcher.hpp"
#include "server/engine_ratings.hpp"
#include "server/random_id.hpp"

namespace dvonn::server {
namespace {

RoomReply error_reply(int status, std::string message) {
  RoomReply r;
  r.status = status;
  r.error = std::move(message);
  return r;
}

// Who made each move of a game (the side to move before it).
std::vector<Color> movers(const Game& game) {
  std::vector<Color> who;
  Position p = game.start().position;
  for (Move m : game.moves()) {
    who.push_back(p.side_to_move());
    Undo u;
    p.play(m, u);
  }
  return who;
}

}  // namespace

std::shared_ptr<GameRoom> GameRoom::load(const StoredGame& stored, RoomContext& context) {
  std::string error;
  auto start = parse_position(stored.start, &error);
  if (!start) throw StoreError("game " + stored.id + ": bad start position: " + error);
  Game game(*start);
  for (std::size_t i = 0; i < stored.moves.size(); ++i) {
    auto m = parse_move(stored.moves[i], &error);
    if (!m) throw StoreError("game " + stored.id + ": move " + std::to_string(i + 1) + ": " + error);
    std::string why = game.play(*m);
    if (!why.empty())
      throw StoreError("game " + stored.id + ": move " + std::to_string(i + 1) + " " + stored.moves[i] + ": " + why);
  }
  auto mode = parse_mode(stored.mode);
  if (!mode) throw StoreError("game " + stored.id + ": unknown mode " + stored.mode);
  SeatInfo seats;
  seats.mode = *mode;
  seats.level = stored.level;
  if (stored.engine_color == "white") seats.engine_color = Color::White;
  if (stored.engine_color == "black") seats.engine_color = Color::Black;
  seats.white_taken = seats.engine_color == Color::White || !stored.white_token.empty();
  seats.black_taken = seats.engine_color == Color::Black || !stored.black_token.empty();
  auto room = std::shared_ptr<GameRoom>(
      new GameRoom(context, stored.id, seats, std::move(game), stored.white_token, stored.black_token, stored.version));
  room->load_community(stored);
  return room;
}

void GameRoom::load_community(const StoredGame& stored) {
  white_player_ = stored.white_player;
  black_player_ = stored.black_player;
  rated_ = stored.rated;
  std::string error;
  control_ = community::parse_time_control(stored.clock, error);
  if (!error.empty()) throw StoreError("game " + id_ + ": bad clock " + stored.clock + ": " + error);
  created_ms_ = stored.created_ms;
  started_ms_ = stored.started_ms;
  ended_ms_ = stored.ended_ms;
  end_reason_ = stored.end_reason;
  lobby_ = stored.lobby;
  color_choice_ = stored.color_choice;
  if (end_reason_ == "resignation" || end_reason_ == "time") {
    if (stored.winner == "white") forced_result_ = Result::WhiteWins;
    if (stored.winner == "black") forced_result_ = Result::BlackWins;
  }
  if (control_.kind != community::ClockKind::None && started_ms_ > 0) {
    clock_ = community::GameClock::replay(control_, started_ms_, stored.move_times);
    if (over_locked()) clock_.stop(ended_ms_ ? ended_ms_ : started_ms_);
  } else {
    clock_ = community::GameClock(control_, started_ms_);
  }
  if (stored.has_rating_changes) {
    rating_changes_.valid = true;
    rating_changes_.white_before = stored.white_before;
    rating_changes_.white_after = stored.white_after;
    rating_changes_.black_before = stored.black_before;
    rating_changes_.black_after = stored.black_after;
    // Engines keep no history: their rating is fixed.
    for (auto [player, before, after] :
         {std::tuple{&white_player_, &rating_changes_.white_before, &rating_changes_.white_after},
          std::tuple{&black_player_, &rating_changes_.black_before, &rating_changes_.black_after}})
      if (player->engine) *before = *after = player->rating;
  }
  committed_state_ = std::make_shared<const std::string>(state_body_locked());
  committed_clock_ = clock_;
  committed_started_ = started_locked();
  last_activity_ms_ = std::max(
      {created_ms_, started_ms_, ended_ms_, stored.move_times.empty() ? std::int64_t{0} : stored.move_times.back()});
  summary_stale_ =
      stored.move_count != static_cast<std::int64_t>(stored.moves.size()) || (stored.over && stored.end_reason.empty());
}

GameProgress GameRoom::progress() const {
  std::lock_guard lock(mutex_);
  return progress_locked(context_.now_ms());
}

void GameRoom::refresh_summary() {
  std::lock_guard lock(mutex_);
  if (!summary_stale_ || broken_) return;
  summary_stale_ = false;
  if (over_locked() && end_reason_.empty() && game_.position().is_over()) end_reason_ = "count";
  GameProgress p = progress_locked(last_activity_ms_);
  context_.store.submit(
      [self = shared_from_this(), p](StoreWriter& w) {
        if (self->write_failed_) throw StoreError("game " + self->id_ + ": an earlier change was not saved");
        w.set_progress(self->id_, p);
      },
      {});
}

GameRoom::GameRoom(RoomContext& context, std::string id, SeatInfo seats, Game game, std::string white_token,
                   std::string black_token, std::int64_t version)
    : context_(context),
      id_(std::move(id)),
      seats_(seats),
      game_(std::move(game)),
      white_token_(std::move(white_token)),
      black_token_(std::move(black_token)),
      version_(version) {
  removed_ = removed_by_last_move(game_);
  committed_state_ = std::make_shared<const std::string>(state_json(id_, seats_, game_, removed_, version_));
}

std::shared_ptr<const std::string> GameRoom::state_message(const std::string& state) {
  std::string m;
  m.reserve(state.size() + 32);
  m += R"({"type":"state","state":)";
  m += state;
  m += '}';
  return std::make_shared<const std::string>(std::move(m));
}

std::shared_ptr<const std::string> GameRoom::state() const {
  std::lock_guard lock(mutex_);
  return std::make_shared<const std::string>(
      with_clock(*committed_state_, clock_json(committed_clock_, committed_started_, context_.now_ms())));
}

void GameRoom::subscribe(const std::shared_ptr<Subscriber>& subscriber) {
  std::lock_guard lock(mutex_);
  std::erase_if(subscribers_, [](const auto& w) { return w.expired(); });
  subscribers_.push_back(subscriber);
  subscriber->deliver(state_message(
      with_clock(*committed_state_, clock_json(committed_clock_, committed_started_, context_.now_ms()))));
}

bool GameRoom::started_locked() const {
  if (seats_.mode != Mode::Online) return true;
  return seats_.white_taken && seats_.black_taken;
}

bool GameRoom::over_locked() const { return forced_result_.has_value() || game_.position().is_over(); }

Result GameRoom::result_locked() const { return forced_result_ ? *forced_result_ : game_.result(); }

std::string GameRoom::state_body_locked() const {
  StateExtras x;
  nlohmann::json players = {{"white", nullptr}, {"black", nullptr}};
  if (white_player_.id) players["white"] = player_json(white_player_);
  if (black_player_.id) players["black"] = player_json(black_player_);
  x.players = players.dump();
  x.rated = rated_;
  x.started = started_locked();
  x.result = forced_result_;
  if (end_reason_ != "cancelled") x.end = end_reason_;
  if (rating_changes_.valid)
    x.rating_changes =
        nlohmann::json{{"white", {{"before", rating_changes_.white_before}, {"after", rating_changes_.white_after}}},
                       {"black", {{"before", rating_changes_.black_before}, {"after", rating_changes_.black_after}}}}
            .dump();
  return state_json(id_, seats_, game_, removed_, version_, x);
}

nlohmann::json GameRoom::clock_json(const community::GameClock& clock, bool started, std::int64_t now) const {
  using community::ClockKind;
  using community::ClockSide;
  if (control_.kind == ClockKind::None) return nullptr;
  bool running = started && started_ms_ > 0 && !clock.stopped();
  nlohmann::json running_side = nullptr;
  if (running) running_side = clock.to_move() == ClockSide::White ? "white" : "black";
  if (control_.kind == ClockKind::RealTime) {
    std::int64_t initial = std::int64_t{control_.initial_seconds} * 1000;
    bool live = started && started_ms_ > 0;
    return {{"type", "realtime"},
            {"initial", control_.initial_seconds},
            {"increment", control_.increment_seconds},
            {"white_ms", live ? clock.remaining_ms(ClockSide::White, now) : initial},
            {"black_ms", live ? clock.remaining_ms(ClockSide::Black, now) : initial},
            {"running", running_side},
            {"server_time", now}};
  }
  nlohmann::json deadline = nullptr;
  if (running)
    if (auto d = clock.deadline_ms()) deadline = *d;
  return {{"type", "correspondence"},
          {"days", control_.days_per_move},
          {"deadline", deadline},
          {"running", running_side},
          {"server_time", now}};
}

std::string GameRoom::with_clock(const std::string& body, const nlohmann::json& clock) {
  std::string out = body.substr(0, body.size() - 1);
  out += R"(,"clock":)";
  out += clock.dump();
  out += '}';
  return out;
}

GameProgress GameRoom::progress_locked(std::int64_t now) const {
  GameProgress g;
  g.version = version_;
  bool over = over_locked();
  g.over = over || end_reason_ == "cancelled";
  g.result = result_name(result_locked());
  Score score = game_.position().score();
  g.score_white = score.white;
  g.score_black = score.black;
  g.move_count = static_cast<int>(game_.moves().size());
  g.to_move = over ? "none" : color_name(game_.position().side_to_move());
  if (!over && started_locked() && clock_.timed() && started_ms_ > 0) g.deadline_ms = clock_.deadline_ms();
  g.updated_ms = now;
  g.end_reason = end_reason_;
  if (over) {
    Result r = result_locked();
    g.winner = r == Result::WhiteWins ? "white" : r == Result::BlackWins ? "black" : "draw";
  }
  g.ended_ms = ended_ms_;
  return g;
}

Role GameRoom::role_of(const std::string& token) const {
  std::lock_guard lock(mutex_);
  return role_of_locked(token);
}

Role GameRoom::role_of_locked(const std::string& token) const {
  if (token.empty()) return Role::Spectator;
  bool white = !white_token_.empty() && constant_time_equal(token, white_token_);
  bool black = !black_token_.empty() && constant_time_equal(token, black_token_);
  if (white && black) return Role::Both;
  if (white) return Role::White;
  if (black) return Role::Black;
  return Role::Spectator;
}

EngineCharge GameRoom::charge_locked(Role role, const std::string& address) const {
  const Player& seat = role == Role::Black ? black_player_ : white_player_;
  if (role == Role::Spectator || seat.id == 0 || seat.engine) return {address};
  return {address, "user:" + std::to_string(seat.id)};
}

std::string GameRoom::record() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", std::string("dvonn serve, ") + mode_name(seats_.mode)}, {"Site", "game " + id_}};
  auto seat_name = [&](Color c) {
    const Player& p = c == Color::White ? white_player_ : black_player_;
    if (seats_.engine_color == c) return "dvonn engine level " + std::to_string(seats_.level);
    return p.id ? p.name : std::string("human");
  };
  tags.emplace_back("White", seat_name(Color::White));
  tags.emplace_back("Black", seat_name(Color::Black));
  if (rated_) tags.emplace_back("Rated", "yes");
  if (control_.kind != community::ClockKind::None)
    tags.emplace_back("TimeControl", community::format_time_control(control_));
  GameRecord rec = record_of(game_, tags);
  if (forced_result_) rec.set_tag("Result", result_tag(*forced_result_));
  if (over_locked() && !end_reason_.empty()) rec.set_tag("Termination", end_reason_);
  return format_record(rec);
}

std::optional<RoomReply> GameRoom::check_turn_locked(const std::string& token) const {
  if (broken_) return error_reply(503, "this game could not be saved; reload the page");
  Role role = role_of_locked(token);
  if (role == Role::Spectator)
    return error_reply(403, token.empty() ? "spectators cannot move: this needs a seat token"
                                          : "wrong seat token: it is not a seat of this game");
  const Position& p = game_.position();
  if (over_locked()) return error_reply(409, "the game is over");
  if (end_reason_ == "cancelled") return error_reply(409, "the game was cancelled");
  if (!started_locked()) return error_reply(409, "the game has not started: waiting for an opponent");
  Color side = p.side_to_move();
  if (role != Role::Both && role != (side == Color::White ? Role::White : Role::Black))
    return error_reply(409, std::string("not your turn: ") + color_name(side) + " is to move");
  return std::nullopt;
}

void GameRoom::move(const std::string& token, const std::string& move_text, Reply reply, const std::string& client) {
  std::string error;
  auto m = parse_move(move_text, &error);
  std::unique_lock lock(mutex_);
  if (auto refused = check_turn_locked(token)) return lock.unlock(), reply(*refused);
  // Checked before the move is committed: once it is, the engine's reply
  // must be queued.
  if (seats_.engine_color) {
    EngineCharge charge = charge_locked(role_of_locked(token), client);
    if (std::string why = context_.engines.busy(charge); !why.empty())
      return lock.unlock(), reply(error_reply(429, why));
    engine_charge_ = std::move(charge);
  }
  if (clock_.timed() && clock_.flagged(context_.now_ms())) {
    end_on_time_locked(context_.now_ms());
    return lock.unlock(), reply(error_reply(409, "the game is over: time ran out"));
  }
  if (!m) return lock.unlock(), reply(error_reply(400, "not a move: '" + move_text + "': " + error));
  std::string why = game_.position().explain_illegal(*m);
  if (!why.empty()) return lock.unlock(), reply(error_reply(400, "illegal move " + to_string(*m) + ": " + why));
  play_locked(*m, std::move(reply));
}

void GameRoom::play_locked(Move m, Reply reply) {
  Stacks before = game_.stacks();
  std::string why = game_.play(m);  // the rules core has the last word
  if (!why.empty()) {
    if (reply) reply(error_reply(400, "illegal move " + to_string(m) + ": " + why));
    return;
  }
  removed_ = removed_stacks(std::move(before), m, game_.last_removed());
  std::int64_t now = context_.now_ms();
  std::vector<std::pair<int, std::string>> played = {{static_cast<int>(game_.moves().size()), to_string(m)}};
  bool timed = clock_.timed() && started_ms_ > 0;
  if (timed) clock_.record_move(now);
  // In a timed game a forced pass is played at once: nobody's time should
  // run for a move that is not a choice.
  while (timed && !game_.position().is_over()) {
    MoveList legal;
    game_.position().generate(legal);
    if (legal.size != 1 || !legal.moves[0].is_pass()) break;
    game_.play(Move::pass());
    clock_.record_move(now);
    removed_.clear();
    played.emplace_back(static_cast<int>(game_.moves().size()), "PASS");
  }
  if (game_.position().is_over()) end_locked("count", std::nullopt, now);
  commit_locked(
      [id = id_, played, now](StoreWriter& w) {
        for (const auto& [number, text] : played) w.append_move(id, number, text, now);
      },
      {}, std::move(reply));
}

void GameRoom::end_locked(const std::string& reason, std::optional<Result> result, std::int64_t now) {
  end_reason_ = reason;
  forced_result_ = result;
  ended_ms_ = now;
  if (clock_.timed() && started_ms_ > 0 && !clock_.stopped()) clock_.stop(now);
}

void GameRoom::end_on_time_locked(std::int64_t now) {
  if (over_locked() || broken_) return;
  Color loser = game_.position().side_to_move();
  // The flag fell at the deadline, whenever it is noticed.
  std::int64_t at = clock_.deadline_ms().value_or(now);
  if (at > now) at = now;
  end_locked("time", loser == Color::White ? Result::BlackWins : Result::WhiteWins, at);
  commit_locked([](StoreWriter&) {}, {}, {});
}

void GameRoom::check_time() {
  std::lock_guard lock(mutex_);
  if (broken_ || over_locked() || !clock_.timed() || started_ms_ == 0) return;
  std::int64_t now = context_.now_ms();
  if (clock_.flagged(now)) return end_on_time_locked(now);
  arm_clock_locked();
}

void GameRoom::arm_clock_locked() {
  if (!context_.watcher) return;
  if (broken_ || over_locked() || !clock_.timed() || started_ms_ == 0 || clock_.stopped()) {
    context_.watcher->unwatch(id_);
    return;
  }
  auto deadline = clock_.deadline_ms();
  if (!deadline) return;
  // By id, not by pointer: the room may be evicted from memory before the
  // deadline, and its successor is the one to check.
  context_.watcher->watch(id_, *deadline, [&context = context_, id = id_] {
    if (!context.find) return;
    if (auto room = context.find(id)) room->check_time();
  });
}

void GameRoom::resign(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  if (broken_) return lock.unlock(), reply(error_reply(503, "this game could not be saved; reload the page"));
  Role role = role_of_locked(token);
  if (role == Role::Spectator)
    return lock.unlock(), reply(error_reply(403, token.empty() ? "spectators cannot resign" : "wrong seat token"));
  if (seats_.mode == Mode::Local)
    return lock.unlock(), reply(error_reply(400, "resigning is for online and engine games"));
  if (over_locked()) return lock.unlock(), reply(error_reply(409, "the game is over"));
  if (end_reason_ == "cancelled") return lock.unlock(), reply(error_reply(409, "the game was cancelled"));
  if (!started_locked()) return lock.unlock(), reply(error_reply(409, "the game has not started: cancel it instead"));
  std::int64_t now = context_.now_ms();
  if (clock_.timed() && clock_.flagged(now)) {
    end_on_time_locked(now);
    return lock.unlock(), reply(error_reply(409, "the game is over: time ran out"));
  }
  Color loser = role == Role::White ? Color::White : Color::Black;
  end_locked("resignation", loser == Color::White ? Result::BlackWins : Result::WhiteWins, now);
  commit_locked([](StoreWriter&) {}, {}, std::move(reply));
}

void GameRoom::cancel(std::int64_t user, Reply reply) {
  std::unique_lock lock(mutex_);
  if (broken_) return lock.unlock(), reply(error_reply(503, "this game could not be saved; reload the page"));
  if (lobby_ == kLobbyNone) return lock.unlock(), reply(error_reply(404, "not a lobby game"));
  // While open, only the creator holds a seat; later, either player may
  // hear that it is too late.
  bool player = user != 0 && (white_player_.id == user || black_player_.id == user);
  if (!player) return lock.unlock(), reply(error_reply(403, "only the player who opened a game can cancel it"));
  if (lobby_ != kLobbyOpen)
    return lock.unlock(), reply(error_reply(409, lobby_ == kLobbyTaken ? "the game was joined: resign it instead"
                                                                       : "the game was already cancelled"));
  lobby_ = kLobbyCancelled;
  end_reason_ = "cancelled";
  commit_locked([id = id_](StoreWriter& w) { w.set_lobby(id, kLobbyCancelled); }, {}, std::move(reply));
}

std::optional<std::pair<std::string, std::string>> GameRoom::seat_of(std::int64_t user) const {
  std::lock_guard lock(mutex_);
  if (user == 0) return std::nullopt;
  bool white = white_player_.id == user && !white_token_.empty();
  bool black = black_player_.id == user && !black_token_.empty();
  if (white && black && white_token_ == black_token_) return std::pair{std::string("both"), white_token_};
  if (white) return std::pair{std::string("white"), white_token_};
  if (black) return std::pair{std::string("black"), black_token_};
  return std::nullopt;
}

std::optional<LobbyEntry> GameRoom::lobby_entry() const {
  std::lock_guard lock(mutex_);
  if (lobby_ != kLobbyOpen || broken_) return std::nullopt;
  LobbyEntry e;
  e.id = id_;
  e.creator = white_player_.id ? white_player_ : black_player_;
  e.color = color_choice_;
  e.rated = rated_;
  e.created_ms = created_ms_;
  if (control_.kind == community::ClockKind::RealTime)
    e.clock = {{"type", "realtime"}, {"initial", control_.initial_seconds}, {"increment", control_.increment_seconds}};
  else if (control_.kind == community::ClockKind::Correspondence)
    e.clock = {{"type", "correspondence"}, {"days", control_.days_per_move}};
  return e;
}

void GameRoom::undo(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  if (broken_) return lock.unlock(), reply(error_reply(503, "this game could not be saved; reload the page"));
  Role role = role_of_locked(token);
  if (role == Role::Spectator)
    return lock.unlock(), reply(error_reply(403, token.empty() ? "spectators cannot undo" : "wrong seat token"));
  if (seats_.mode == Mode::Online)
    return lock.unlock(), reply(error_reply(400, "undo is only available in engine and local games"));
  if (rated_) return lock.unlock(), reply(error_reply(400, "no undo in a rated game"));
  if (over_locked() && forced_result_) return lock.unlock(), reply(error_reply(409, "the game is over"));
  int take_back = 0;
  if (seats_.mode == Mode::Local) {
    take_back = game_.moves().empty() ? 0 : 1;
  } else {
    // Take back to the person's last move, so it is their turn again: the
    // engine's reply (if any) and the person's move before it.
    std::vector<Color> who = movers(game_);
    Color human = opponent(*seats_.engine_color);
    for (int i = static_cast<int>(who.size()) - 1; i >= 0; --i)
      if (who[i] == human) {
        take_back = static_cast<int>(who.size()) - i;
        break;
      }
  }
  if (take_back == 0) return lock.unlock(), reply(error_reply(409, "nothing to undo"));
  for (int i = 0; i < take_back; ++i) game_.undo();
  removed_ = removed_by_last_move(game_);
  end_reason_.clear();
  ended_ms_ = 0;
  int keep = static_cast<int>(game_.moves().size());
  commit_locked([id = id_, keep](StoreWriter& w) { w.truncate_moves(id, keep); }, {}, std::move(reply));
}

void GameRoom::join(const Player& player, Reply reply) {
  std::unique_lock lock(mutex_);
  if (broken_) return lock.unlock(), reply(error_reply(503, "this game could not be saved; reload the page"));
  if (seats_.mode != Mode::Online)
    return lock.unlock(), reply(error_reply(409, std::string("a ") + mode_name(seats_.mode) +
                                                     " game has no seat to join; watch it instead"));
  if (lobby_ == kLobbyCancelled) return lock.unlock(), reply(error_reply(409, "the game was cancelled"));
  std::string* free_token = white_token_.empty() ? &white_token_ : black_token_.empty() ? &black_token_ : nullptr;
  if (!free_token) return lock.unlock(), reply(error_reply(409, "both seats are taken; watch the game instead"));
  std::string seat = free_token == &white_token_ ? "white" : "black";
  const Player& other = seat == "white" ? black_player_ : white_player_;
  if (player.id != 0 && other.id == player.id)
    return lock.unlock(), reply(error_reply(409, "this is your own game: wait for an opponent"));
  if (rated_ && player.id == 0) return lock.unlock(), reply(error_reply(401, "log in to join a rated game"));
  if (rated_ && player.guest)
    return lock.unlock(), reply(error_reply(400, "guests play unrated games only: sign up to join a rated game"));
  *free_token = new_seat_token();
  (seat == "white" ? seats_.white_taken : seats_.black_taken) = true;
  (seat == "white" ? white_player_ : black_player_) = player;
  std::int64_t now = context_.now_ms();
  started_ms_ = now;
  clock_ = community::GameClock(control_, now);
  bool was_open = lobby_ == kLobbyOpen;
  if (was_open) lobby_ = kLobbyTaken;
  RoomReply done;
  done.seat = seat;
  done.token = *free_token;
  commit_locked(
      [id = id_, seat, token = *free_token, user = player.id, now, was_open](StoreWriter& w) {
        w.set_seat(id, seat, token, user);
        w.set_started(id, now);
        if (was_open) w.set_lobby(id, kLobbyTaken);
      },
      std::move(done), std::move(reply));
}

void GameRoom::hint(const std::string& token, Reply reply, const std::string& client) {
  std::unique_lock lock(mutex_);
  if (role_of_locked(token) == Role::Spectator)
    return lock.unlock(), reply(error_reply(403, token.empty() ? "spectators get no hints" : "wrong seat token"));
  if (seats_.mode == Mode::Online)
    return lock.unlock(), reply(error_reply(400, "hints are only available in engine and local games"));
  if (rated_) return lock.unlock(), reply(error_reply(400, "no hints in a rated game"));
  if (over_locked()) return lock.unlock(), reply(error_reply(409, "the game is over"));
  Position p = game_.position();
  EngineCharge charge = charge_locked(role_of_locked(token), client);
  lock.unlock();
  std::string refused = context_.engines.submit_hint(
      p, context_.hint_seconds,
      [reply](const engine::SearchReport& report) {
        if (report.lines.empty()) return reply(error_reply(409, "no move to suggest"));
        const engine::ScoredLine& best = report.lines.front();
        RoomReply r;
        nlohmann::json pv = nlohmann::json::array();
        for (Move m : best.pv) pv.push_back(to_string(m));
        r.hint = {{"move", to_string(best.move)}, {"score", best.score}, {"exact", best.exact}, {"pv", std::move(pv)}};
        reply(r);
      },
      charge, id_);
  if (!refused.empty()) reply(error_reply(429, refused));
}

void GameRoom::commit_locked(std::function<void(StoreWriter&)> writes, RoomReply reply_template, Reply reply) {
  ++version_;
  std::int64_t now = context_.now_ms();
  auto state = std::make_shared<const std::string>(state_body_locked());
  std::int64_t version = version_;
  GameProgress progress = progress_locked(now);
  // A rated game that just ended: the ratings change in the same
  // transaction as the end.
  std::shared_ptr<RatingChanges> ratings;
  double white_score = 0;
  if (rated_ && over_locked() && !rating_changes_.valid && !rating_pending_ && white_player_.id && black_player_.id) {
    rating_pending_ = true;
    ratings = std::make_shared<RatingChanges>();
    Result r = result_locked();
    white_score = r == Result::WhiteWins ? 1.0 : r == Result::BlackWins ? 0.0 : 0.5;
  }
  arm_clock_locked();
  context_.store.submit(
      [self = shared_from_this(), writes = std::move(writes), progress, ratings, white = white_player_,
       black = black_player_, white_score, now](StoreWriter& w) {
        // The changes of a game are stored in order or not at all: once one
        // failed, a later one (already queued, or even in the same
        // transaction) would put move N+1 on disk without move N.
        if (self->write_failed_)
          throw StoreError("game " + self->id_ + ": not saved, as an earlier change of it could not be saved");
        try {
          writes(w);
          w.set_progress(self->id_, progress);
          if (ratings) *ratings = rate_finished_game(w.connection(), self->id_, white, black, white_score, now);
        } catch (...) {
          self->write_failed_ = true;
          throw;
        }
      },
      [self = shared_from_this(), state, reply_template = std::move(reply_template), reply = std::move(reply), ratings,
       version](const std::string& error) { self->committed(error, state, reply_template, reply, ratings, version); });
}

void GameRoom::committed(const std::string& error, std::shared_ptr<const std::string> state, RoomReply reply_template,
                         const Reply& reply, std::shared_ptr<RatingChanges> ratings, std::int64_t version) {
  if (!error.empty()) {
    // Also when the write itself went through but the transaction did not.
    // This runs on the writer thread before its next transaction, so
    // nothing queued after this change can reach the disk.
    write_failed_ = true;
    bool first = false;
    bool lobby_game = false;
    {
      std::lock_guard lock(mutex_);
      first = !broken_;
      broken_ = true;
      lobby_game = lobby_ != kLobbyNone;
      if (context_.watcher) context_.watcher->unwatch(id_);
    }
    if (first) std::cerr << "dvonn serve: game " << id_ << " closed: a change could not be saved: " << error << "\n";
    // Memory is ahead of the disk: the next access reloads what is stored.
    if (context_.forget) context_.forget(id_);
    if (first && lobby_game && context_.lobby_changed) context_.lobby_changed(id_);
    if (reply) reply(error_reply(500, "storage error: this change of the game could not be saved; reload the page"));
    return;
  }
  std::shared_ptr<const std::string> full;
  bool lobby_game = false;
  {
    std::lock_guard lock(mutex_);
    lobby_game = lobby_ != kLobbyNone;
    if (ratings && ratings->valid) {
      rating_changes_ = *ratings;
      rating_pending_ = false;
      white_player_ = ratings->white_after_player;
      black_player_ = ratings->black_after_player;
      // The state of this very change, now with the rating changes (the
      // game is over: nothing else changes it any more).
      if (version == version_) state = std::make_shared<const std::string>(state_body_locked());
    }
    if (!broken_) {
      // Commits complete in order, so this is the newest committed state.
      committed_state_ = state;
      committed_started_ = started_locked();
      committed_clock_ = clock_;
      full = std::make_shared<const std::string>(
          with_clock(*state, clock_json(committed_clock_, committed_started_, context_.now_ms())));
      auto message = state_message(*full);
      std::erase_if(subscribers_, [](const auto& w) { return w.expired(); });
      for (const auto& w : subscribers_)
        if (auto s = w.lock()) s->deliver(message);
    }
  }
  // A room that broke meanwhile acknowledges nothing (its later changes are
  // not on disk).
  if (!full) {
    if (reply) reply(error_reply(503, "this game could not be saved; reload the page"));
    return;
  }
  reply_template.state = full;
  if (reply) reply(reply_template);
  if (context_.lobby_changed && lobby_game) context_.lobby_changed(id_);
  resume_engine();
}

void GameRoom::resume_engine(const std::string& client) {
  std::unique_lock lock(mutex_);
  if (broken_ || !seats_.engine_color) return;
  // The creator holds the seat that is not the engine's.
  if (!client.empty())
    engine_charge_ = charge_locked(*seats_.engine_color == Color::White ? Role::Black : Role::White, client);
  const Position& p = game_.position();
  if (over_locked() || p.side_to_move() != *seats_.engine_color || engine_version_ == version_) return;
  engine_version_ = version_;
  std::int64_t version = version_;
  Position position = p;
  int level = seats_.level;
  EngineCharge charged = engine_charge_;
  lock.unlock();
  // The search holds the room: it stays in memory (is not evicted) until
  // the engine's move is played.
  context_.engines.submit_move(
      position, level, context_.engine_seconds,
      [self = shared_from_this(), version](const engine::PlayReport& report) {
        self->engine_played(report.move, version);
      },
      charged);
}

void GameRoom::engine_played(Move m, std::int64_t version) {
  std::lock_guard lock(mutex_);
  // The game moved on while the engine thought (an undo): its move is stale.
  if (broken_ || version != version_) return;
  if (over_locked() || game_.position().side_to_move() != *seats_.engine_color) return;
  play_locked(m, {});
}

}  // namespace dvonn::server
