#include "server/rooms/game_room.hpp"

#include <algorithm>
#include <iostream>

#include "community/time_control.hpp"
#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "server/accounts/engine_ratings.hpp"
#include "server/base/random_id.hpp"
#include "server/base/time_control_json.hpp"
#include "server/rooms/clock_watcher.hpp"
#include "server/rooms/room_checks.hpp"

namespace dvonn::server {

GameProgress GameRoom::progress() const {
  std::lock_guard lock(mutex_);
  return progress_locked(context_.now_ms());
}

void GameRoom::refresh_summary() {
  std::lock_guard lock(mutex_);
  if (!summary_stale_ || broken_) return;
  summary_stale_ = false;
  if (over_locked() && end_reason_ == EndReason::None && game_.position().is_over()) end_reason_ = EndReason::Count;
  GameProgress p = progress_locked(last_activity_ms_);
  context_.store.submit(
      [self = shared_from_this(), p](StoreWriter& w) {
        if (self->write_failed_) throw StoreError("game " + self->id_ + ": an earlier change was not saved");
        // Only over the version it was made from: another server's newer
        // summary stays.
        w.advance_version(self->id_, p.version, p.version, false);
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
      version_(version),
      stored_version_(version),
      creator_seen_ms_(context.now_ms()) {
  removed_ = removed_by_last_move(game_);
  committed_state_ = std::make_shared<const std::string>(state_json(id_, seats_, game_, removed_, version_));
}

std::int64_t GameRoom::version() const {
  std::lock_guard lock(mutex_);
  return version_;
}

std::shared_ptr<const std::string> GameRoom::state() const {
  std::lock_guard lock(mutex_);
  return std::make_shared<const std::string>(
      with_clock_locked(*committed_state_, committed_clock_, committed_started_));
}

void GameRoom::subscribe(const std::shared_ptr<Subscriber>& subscriber, const std::string& token) {
  std::lock_guard lock(mutex_);
  if (lobby_ == LobbyState::Open && !token.empty() && role_of_locked(token) != Role::Spectator) {
    std::erase_if(creator_watchers_, [](const auto& w) { return w.expired(); });
    creator_watchers_.push_back(subscriber);
    creator_seen_ms_ = context_.now_ms();
  }
  if (auto seat = player_color_locked(token)) seat_here_locked(subscriber, *seat);
  subscribers_.add(subscriber,
                   state_message(with_clock_locked(*committed_state_, committed_clock_, committed_started_)));
}

bool GameRoom::expire_if_abandoned(std::int64_t now, std::int64_t after_ms, Reply reply) {
  std::unique_lock lock(mutex_);
  if (lobby_ != LobbyState::Open || broken_) return false;
  std::erase_if(creator_watchers_, [](const auto& w) { return w.expired(); });
  if (!creator_watchers_.empty()) creator_seen_ms_ = now;
  if (now - creator_seen_ms_ < after_ms) return false;
  lobby_ = LobbyState::Cancelled;
  end_reason_ = EndReason::Cancelled;
  commit_locked([id = id_](StoreWriter& w) { w.set_lobby(id, LobbyState::Cancelled); }, {}, std::move(reply));
  return true;
}

bool GameRoom::started_locked() const {
  if (seats_.mode != Mode::Online) return true;
  return seats_.white_taken && seats_.black_taken;
}

bool GameRoom::over_locked() const {
  return forced_result_.has_value() || end_reason_ == EndReason::Aborted || game_.position().is_over();
}

Result GameRoom::result_locked() const { return forced_result_ ? *forced_result_ : game_.result(); }

std::string GameRoom::state_body_locked() const {
  StateExtras x;
  x.players = players_json(white_player_, black_player_);
  x.rated = rated_;
  x.started = started_locked();
  x.result = forced_result_;
  x.end = end_reason_;
  x.tournament = tournament_;
  const RatingChanges& r = rating_changes_;
  if (r.valid) x.rating_changes = rating_changes_json(r.white_before, r.white_after, r.black_before, r.black_after);
  return state_json(id_, seats_, game_, removed_, version_, x);
}

std::string GameRoom::with_clock_locked(const std::string& state, const RoomClock& clock, bool started) const {
  std::string out = state_with_clock(state, clock.json(started, context_.now_ms()));
  return out.substr(0, out.size() - 1) + live_fields_locked() + '}';
}

GameProgress GameRoom::progress_locked(std::int64_t now) const {
  GameProgress g;
  g.version = version_;
  bool over = over_locked();
  g.over = over || end_reason_ == EndReason::Cancelled;
  g.result = result_name(result_locked());
  Score score = game_.position().score();
  g.score_white = score.white;
  g.score_black = score.black;
  g.move_count = static_cast<int>(game_.moves().size());
  g.to_move = over ? "none" : color_name(game_.position().side_to_move());
  if (!over && started_locked() && clock_.running()) g.deadline_ms = clock_.deadline_ms();
  if (!over && started_locked()) g.watch_ms = clock_.watch_deadline();
  g.updated_ms = now;
  g.end_reason = end_reason_;
  if (over && end_reason_ != EndReason::Aborted) {
    Result r = result_locked();
    g.winner = r == Result::WhiteWins ? Winner::White : r == Result::BlackWins ? Winner::Black : Winner::Draw;
  }
  g.ended_ms = ended_ms_;
  return g;
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
  return EngineCharge::of(address, role == Role::Black ? &black_player_ : &white_player_);
}

std::string GameRoom::record() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", std::string("dvonn serve, ") + mode_name(seats_.mode)}, {"Site", "game " + id_}};
  auto seat_name = [&](Color c) {
    const User& p = c == Color::White ? white_player_ : black_player_;
    if (seats_.engine_color == c) return "dvonn engine level " + std::to_string(seats_.level);
    return p.id ? p.name : std::string("human");
  };
  tags.emplace_back("White", seat_name(Color::White));
  tags.emplace_back("Black", seat_name(Color::Black));
  if (rated_) tags.emplace_back("Rated", "yes");
  if (clock_.timed()) tags.emplace_back("TimeControl", community::format_time_control(clock_.control()));
  GameRecord rec = record_of(game_, tags);
  if (forced_result_) rec.set_tag("Result", result_tag(*forced_result_));
  if (over_locked() && end_reason_ != EndReason::None) rec.set_tag("Termination", end_reason_name(end_reason_));
  return format_record(rec);
}

RoomFacts GameRoom::facts_locked() const {
  RoomFacts f;
  f.broken = broken_;
  f.mode = seats_.mode;
  f.rated = rated_;
  f.over = over_locked();
  f.ended_early = forced_result_.has_value();
  f.cancelled = end_reason_ == EndReason::Cancelled;
  f.aborted = end_reason_ == EndReason::Aborted;
  f.moves = static_cast<int>(game_.moves().size());
  f.started = started_locked();
  f.to_move = game_.position().side_to_move();
  f.lobby = lobby_;
  f.tournament = tournament_ != "null";
  return f;
}

Asker GameRoom::asker_locked(const std::string& token) const { return {role_of_locked(token), !token.empty()}; }

std::optional<RoomReply> GameRoom::out_of_time_locked() {
  std::int64_t now = context_.now_ms();
  if (clock_.first_move_overdue(now)) {
    first_move_missed_locked();
    return refusal(409, tournament_ == "null" ? "the game was aborted: a first move did not come in time"
                                              : "the game is lost on time: a first move did not come in time");
  }
  if (!clock_.flagged(now)) return std::nullopt;
  end_on_time_locked(now);
  return refusal(409, "the game is over: time ran out");
}

std::optional<RoomReply> GameRoom::refuse_move_locked(const std::string& token, const std::optional<Move>& m,
                                                      const std::string& move_text, const std::string& parse_error,
                                                      const std::string& client) {
  const Asker asker = asker_locked(token);
  if (auto refused = refuse_move(facts_locked(), asker)) return refused;
  // Checked before the move is committed: once it is, the engine's reply
  // must be queued.
  if (seats_.engine_color) {
    EngineCharge charge = charge_locked(asker.role, client);
    if (std::string why = context_.engines.busy(charge); !why.empty()) return refusal(429, why);
    engine_charge_ = std::move(charge);
  }
  if (auto refused = out_of_time_locked()) return refused;
  if (!m) return refusal(400, "not a move: '" + move_text + "': " + parse_error);
  std::string why = game_.position().explain_illegal(*m);
  if (!why.empty()) return refusal(400, "illegal move " + to_string(*m) + ": " + why);
  return std::nullopt;
}

void GameRoom::try_move(const std::string& token, const std::string& move_text, Reply reply,
                        const std::string& client) {
  std::string error;
  auto m = parse_move(move_text, &error);
  std::unique_lock lock(mutex_);
  if (auto refused = refuse_move_locked(token, m, move_text, error, client)) return lock.unlock(), reply(*refused);
  play_locked(*m, std::move(reply));
}

void GameRoom::play_locked(Move m, Reply reply) {
  Stacks before = game_.stacks();
  std::string why = game_.play(m);  // the rules core has the last word
  if (!why.empty()) {
    if (reply) reply(refusal(400, "illegal move " + to_string(m) + ": " + why));
    return;
  }
  removed_ = removed_stacks(std::move(before), m, game_.last_removed());
  std::int64_t now = context_.now_ms();
  std::vector<std::pair<int, std::string>> played = {{static_cast<int>(game_.moves().size()), to_string(m)}};
  bool timed = clock_.running();
  if (timed) clock_.record_move(now);
  move_times_.push_back(now);
  // The version commit_locked gives this change.
  const std::int64_t version = version_ + 1;
  move_versions_.push_back(version);
  // In a timed game a forced pass is played at once: nobody's time should
  // run for a move that is not a choice.
  while (timed && !game_.position().is_over()) {
    MoveList legal;
    game_.position().generate(legal);
    if (legal.size != 1 || !legal.moves[0].is_pass()) break;
    game_.play(Move::pass());
    clock_.record_move(now);
    move_times_.push_back(now);
    move_versions_.push_back(version);
    removed_.clear();
    played.emplace_back(static_cast<int>(game_.moves().size()), "PASS");
  }
  if (game_.position().is_over()) end_locked(EndReason::Count, std::nullopt, now);
  commit_locked(
      [id = id_, played, now, version](StoreWriter& w) {
        for (const auto& [number, text] : played) w.append_move(id, number, text, now, version);
      },
      {}, std::move(reply));
}

void GameRoom::end_locked(EndReason reason, std::optional<Result> result, std::int64_t now) {
  end_reason_ = reason;
  forced_result_ = result;
  ended_ms_ = now;
  clock_.stop(now);
}

void GameRoom::end_on_time_locked(std::int64_t now) {
  if (over_locked() || broken_) return;
  Color loser = game_.position().side_to_move();
  // The flag fell at the deadline, whenever it is noticed.
  std::int64_t at = clock_.flag_fell_ms(now);
  end_locked(EndReason::Time, loser == Color::White ? Result::BlackWins : Result::WhiteWins, at);
  commit_locked([](StoreWriter&) {}, {}, {});
}

void GameRoom::first_move_missed_locked() {
  std::int64_t at = *clock_.first_move_deadline_ms();
  if (tournament_ == "null") return abort_locked(at, {});
  // A tournament game is not undone by a no-show: the opponent came to
  // play, so the side that did not move loses, as on time.
  Color loser = game_.position().side_to_move();
  end_locked(EndReason::Time, loser == Color::White ? Result::BlackWins : Result::WhiteWins, at);
  commit_locked([](StoreWriter&) {}, {}, {});
}

void GameRoom::abort_locked(std::int64_t now, Reply reply) {
  end_locked(EndReason::Aborted, std::nullopt, now);
  commit_locked([](StoreWriter&) {}, {}, std::move(reply));
}

void GameRoom::try_abort(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  Asker asker = asker_locked(token);
  auto refused = refuse_abort(facts_locked(), asker);
  // A flag that fell is a loss on time, not an abort (an overdue first
  // move is an abort either way: below).
  if (!refused && !clock_.first_move_overdue(context_.now_ms())) refused = out_of_time_locked();
  if (refused) return lock.unlock(), reply(*refused);
  if (lobby_ == LobbyState::Open) {
    // Nobody joined: the lobby's cancel.
    lobby_ = LobbyState::Cancelled;
    end_reason_ = EndReason::Cancelled;
    return commit_locked([id = id_](StoreWriter& w) { w.set_lobby(id, LobbyState::Cancelled); }, {}, std::move(reply));
  }
  abort_locked(context_.now_ms(), std::move(reply));
}

void GameRoom::check_time() {
  std::lock_guard lock(mutex_);
  if (broken_ || over_locked() || !clock_.running()) return;
  std::int64_t now = context_.now_ms();
  // A side that does not make its first move in time aborts the game
  // rather than losing it (in a tournament, loses it: first_move_missed).
  if (clock_.first_move_overdue(now)) return first_move_missed_locked();
  if (clock_.flagged(now)) return end_on_time_locked(now);
  arm_clock_locked();
}

void GameRoom::arm_clock_locked() {
  if (!context_.watcher) return;
  auto deadline = clock_.watch_deadline();
  if (broken_ || over_locked() || !deadline) {
    context_.watcher->unwatch(id_);
    return;
  }
  // By id, not by pointer: the room may be evicted from memory before the
  // deadline, and its successor is the one to check.
  context_.watcher->watch(id_, *deadline, [&context = context_, id = id_] {
    if (!context.find) return;
    if (auto room = context.find(id)) room->check_time();
  });
}

void GameRoom::try_resign(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  Asker asker = asker_locked(token);
  auto refused = refuse_resign(facts_locked(), asker);
  if (!refused) refused = out_of_time_locked();
  if (refused) return lock.unlock(), reply(*refused);
  Color loser = asker.role == Role::White ? Color::White : Color::Black;
  end_locked(EndReason::Resignation, loser == Color::White ? Result::BlackWins : Result::WhiteWins, context_.now_ms());
  commit_locked([](StoreWriter&) {}, {}, std::move(reply));
}

void GameRoom::try_cancel(std::int64_t user, Reply reply) {
  std::unique_lock lock(mutex_);
  bool player = user != 0 && (white_player_.id == user || black_player_.id == user);
  if (auto refused = refuse_cancel(facts_locked(), player)) return lock.unlock(), reply(*refused);
  lobby_ = LobbyState::Cancelled;
  end_reason_ = EndReason::Cancelled;
  commit_locked([id = id_](StoreWriter& w) { w.set_lobby(id, LobbyState::Cancelled); }, {}, std::move(reply));
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

GameRoom::People GameRoom::people() const {
  std::lock_guard lock(mutex_);
  return {seats_.mode == Mode::Online, rated_, over_locked(), white_player_.id, black_player_.id};
}

std::optional<LobbyEntry> GameRoom::lobby_entry() const {
  std::lock_guard lock(mutex_);
  if (lobby_ != LobbyState::Open || broken_) return std::nullopt;
  LobbyEntry e;
  e.id = id_;
  e.creator = white_player_.id ? white_player_ : black_player_;
  e.color = color_choice_;
  e.rated = rated_;
  e.created_ms = created_ms_;
  if (clock_.timed()) e.clock = time_control_json(clock_.control());
  return e;
}

void GameRoom::try_undo(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  int take_back = moves_to_undo(game_, seats_);
  if (auto refused = refuse_undo(facts_locked(), asker_locked(token), take_back)) return lock.unlock(), reply(*refused);
  for (int i = 0; i < take_back; ++i) game_.undo();
  removed_ = removed_by_last_move(game_);
  end_reason_ = EndReason::None;
  ended_ms_ = 0;
  int keep = static_cast<int>(game_.moves().size());
  if (move_times_.size() > static_cast<std::size_t>(keep)) move_times_.resize(keep);
  if (move_versions_.size() > static_cast<std::size_t>(keep)) move_versions_.resize(keep);
  commit_locked([id = id_, keep](StoreWriter& w) { w.truncate_moves(id, keep); }, {}, std::move(reply));
}

void GameRoom::try_join(const User& player, Reply reply) {
  std::unique_lock lock(mutex_);
  std::optional<Color> seat;
  if (white_token_.empty())
    seat = Color::White;
  else if (black_token_.empty())
    seat = Color::Black;
  const User& other = seat == Color::White ? black_player_ : white_player_;
  if (auto refused = refuse_join(facts_locked(), seat, other, player)) return lock.unlock(), reply(*refused);
  std::string& token = *seat == Color::White ? white_token_ : black_token_;
  token = new_seat_token();
  (*seat == Color::White ? seats_.white_taken : seats_.black_taken) = true;
  (*seat == Color::White ? white_player_ : black_player_) = player;
  std::int64_t now = context_.now_ms();
  clock_.start(now);
  bool was_open = lobby_ == LobbyState::Open;
  if (was_open) lobby_ = LobbyState::Taken;
  RoomReply done;
  done.seat = color_name(*seat);
  done.token = token;
  commit_locked(
      [id = id_, seat = *seat, token, user = player.id, now, was_open](StoreWriter& w) {
        w.set_seat(id, seat, token, user);
        w.set_started(id, now);
        if (was_open) w.set_lobby(id, LobbyState::Taken);
      },
      std::move(done), std::move(reply));
}

void GameRoom::hint(const std::string& token, Reply reply, const std::string& client) {
  std::unique_lock lock(mutex_);
  const Asker asker = asker_locked(token);
  if (auto refused = refuse_hint(facts_locked(), asker)) return lock.unlock(), reply(*refused);
  Position p = game_.position();
  EngineCharge charge = charge_locked(asker.role, client);
  lock.unlock();
  std::string refused = context_.engines.submit_hint(
      p, context_.hint_seconds,
      [reply](const engine::SearchReport& report) {
        if (report.lines.empty()) return reply(refusal(409, "no move to suggest"));
        RoomReply r;
        r.hint = hint_json(report.lines.front());
        reply(r);
      },
      charge, id_);
  if (!refused.empty()) reply(refusal(429, refused));
}

void GameRoom::commit_locked(std::function<void(StoreWriter&)> writes, RoomReply reply_template, Reply reply,
                             bool live_only) {
  ++version_;
  // Written only when they changed (most changes are moves).
  std::optional<std::string> live;
  if (std::string now_live = format_live_fields(live_locked()); now_live != stored_live_)
    live = stored_live_ = std::move(now_live);
  const std::int64_t epoch = epoch_;
  // Also once it has left the lobby: the other servers' lobbies drop it.
  const bool lobby = lobby_ != LobbyState::None;
  // Set by the write (writer thread), read by its completion (same thread).
  auto lost = std::make_shared<bool>(false);
  std::int64_t now = context_.now_ms();
  auto state = std::make_shared<const std::string>(state_body_locked());
  std::int64_t version = version_;
  GameProgress progress = progress_locked(now);
  // A rated game that just ended: the ratings change in the same
  // transaction as the end.
  std::shared_ptr<RatingChanges> ratings;
  double white_score = 0;
  if (rated_ && over_locked() && end_reason_ != EndReason::Aborted && !rating_changes_.valid && !rating_pending_ &&
      white_player_.id && black_player_.id) {
    rating_pending_ = true;
    ratings = std::make_shared<RatingChanges>();
    Result r = result_locked();
    white_score = r == Result::WhiteWins ? 1.0 : r == Result::BlackWins ? 0.0 : 0.5;
  }
  arm_clock_locked();
  context_.store.submit(
      [self = shared_from_this(), writes = std::move(writes), progress, ratings, white = white_player_,
       black = black_player_, white_score, now, version, epoch, lobby, lost, live](StoreWriter& w) {
        // The changes of a game are stored in order or not at all: once one
        // failed, a later one (already queued, or even in the same
        // transaction) would put move N+1 on disk without move N.
        if (self->write_failed_)
          throw StoreError("game " + self->id_ + ": not saved, as an earlier change of it could not be saved");
        // Made on top of a change that lost to another server's: lost too.
        if (epoch <= self->stale_epoch_) {
          *lost = true;
          throw VersionConflict("game " + self->id_ + ": made on top of a change that lost to another server's");
        }
        try {
          // First: the row's lock keeps another server's change of the game
          // out until this transaction ends, and a lost race writes nothing.
          w.advance_version(self->id_, version - 1, version, lobby);
          if (writes) writes(w);
          if (live) w.set_live_fields(self->id_, *live);
          w.set_progress(self->id_, progress);
          if (ratings) *ratings = rate_finished_game(w.connection(), self->id_, white, black, white_score, now);
        } catch (const VersionConflict&) {
          *lost = true;
          std::int64_t seen = self->stale_epoch_;
          while (seen < epoch && !self->stale_epoch_.compare_exchange_weak(seen, epoch)) {
          }
          throw;
        } catch (...) {
          self->write_failed_ = true;
          throw;
        }
      },
      [self = shared_from_this(), state, reply_template = std::move(reply_template), reply = std::move(reply), ratings,
       version, epoch, lost, live_only](const std::string& error) {
        if (*lost) return self->lost_race(reply, epoch);
        self->committed(error, state, reply_template, reply, ratings, version, live_only);
      });
}

namespace {
const char* const kLostRace =
    "the game changed meanwhile (another move was played first); try again from its new state";
}  // namespace

void GameRoom::lost_race(const Reply& reply, std::int64_t epoch) {
  // Off the writer thread: reading the game waits for a read connection,
  // whose holder may be waiting for the writer.
  auto take_over = [self = shared_from_this(), reply, epoch] {
    RoomReply lost = refusal(409, kLostRace);
    try {
      if (auto stored = self->context_.store.load(self->id_)) {
        self->refresh(*stored, epoch);
        // The room has the stored game: the request may be asked again.
        lost.stale = true;
      } else if (self->context_.forget) {
        self->context_.forget(self->id_);
      }
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: game " << self->id_ << ": reading it after another server's change: " << e.what()
                << "\n";
      if (self->context_.forget) self->context_.forget(self->id_);
    }
    if (reply) reply(lost);
  };
  if (!context_.background) return take_over();
  if (context_.background(take_over)) return;
  // Stuck behind the disk: the next access reads the game again.
  if (context_.forget) context_.forget(id_);
  if (reply) reply(refusal(409, kLostRace));
}

void GameRoom::committed(const std::string& error, std::shared_ptr<const std::string> state, RoomReply reply_template,
                         const Reply& reply, std::shared_ptr<RatingChanges> ratings, std::int64_t version,
                         bool live_only) {
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
      lobby_game = lobby_ != LobbyState::None;
      if (context_.watcher) context_.watcher->unwatch(id_);
    }
    if (first) std::cerr << "dvonn serve: game " << id_ << " closed: a change could not be saved: " << error << "\n";
    // Memory is ahead of the disk: the next access reloads what is stored.
    if (context_.forget) context_.forget(id_);
    if (first && lobby_game && context_.lobby_changed) context_.lobby_changed(id_);
    if (reply) reply(refusal(500, "storage error: this change of the game could not be saved; reload the page"));
    return;
  }
  std::shared_ptr<const std::string> full;
  bool lobby_game = false;
  std::optional<RoomChange> change;
  {
    std::lock_guard lock(mutex_);
    lobby_game = lobby_ != LobbyState::None;
    if (context_.game_changed && !live_only && !broken_ && seats_.mode == Mode::Online && white_player_.id &&
        black_player_.id) {
      const bool over = over_locked();
      const bool white_to_move = game_.position().side_to_move() == Color::White;
      change = RoomChange{id_,
                          white_player_,
                          black_player_,
                          over ? 0 : (white_to_move ? white_player_.id : black_player_.id),
                          static_cast<int>(game_.moves().size()),
                          started_locked() && !committed_started_,
                          clock_.control()};
    }
    if (ratings && ratings->valid) {
      rating_changes_ = *ratings;
      rating_pending_ = false;
      white_player_ = ratings->white_after_player;
      black_player_ = ratings->black_after_player;
      // The state of this very change, now with the rating changes (the
      // game is over: nothing else changes it any more).
      if (version == version_) state = std::make_shared<const std::string>(state_body_locked());
    }
    if (!broken_ && version <= stored_version_) {
      // The room took over a newer stored game meanwhile (another node's
      // change heard before this commit's completion ran), which has this
      // change: its state stays.
      full = std::make_shared<const std::string>(
          with_clock_locked(*committed_state_, committed_clock_, committed_started_));
    } else if (!broken_) {
      // Commits complete in order, so this is the newest committed state.
      stored_version_ = version;
      committed_state_ = state;
      committed_started_ = started_locked();
      committed_clock_ = clock_;
      full = std::make_shared<const std::string>(with_clock_locked(*state, committed_clock_, committed_started_));
      auto message = state_message(*full);
      subscribers_.deliver(message);
    }
  }
  // A room that broke meanwhile acknowledges nothing (its later changes are
  // not on disk).
  if (!full) {
    if (reply) reply(refusal(503, "this game could not be saved; reload the page"));
    return;
  }
  reply_template.state = full;
  // The lobby first: once a join is answered, the game has left the list
  // and freed its place (a new open game may take it at once).
  if (context_.lobby_changed && lobby_game) context_.lobby_changed(id_);
  if (reply) reply(reply_template);
  if (change) context_.game_changed(*change);
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
  std::function<bool()> may_run;
  if (context_.claim_engine)
    may_run = [self = shared_from_this(), version] {
      if (self->context_.claim_engine(self->id_, version)) return true;
      // Another node thinks. Should it go, the leader asks again (then
      // this room may claim the move).
      std::lock_guard lock(self->mutex_);
      if (self->engine_version_ == version) self->engine_version_ = -1;
      return false;
    };
  context_.engines.submit_move(
      position, level, context_.engine_seconds,
      [self = shared_from_this(), version](const engine::PlayReport& report) {
        self->engine_played(report.move, version);
      },
      charged, std::move(may_run));
}

void GameRoom::engine_played(Move m, std::int64_t version) {
  std::lock_guard lock(mutex_);
  // The game moved on while the engine thought (an undo): its move is stale.
  if (broken_ || version != version_) return;
  if (over_locked() || game_.position().side_to_move() != *seats_.engine_color) return;
  play_locked(m, {});
}

}  // namespace dvonn::server
