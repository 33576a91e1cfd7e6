// A room from what the store holds (load) or from a new game (create):
// the game replayed, its seats, players, clock and how it ended.
#include <algorithm>

#include "community/time_control.hpp"
#include "core/position_string.hpp"
#include "server/rooms/game_room.hpp"

namespace dvonn::server {

namespace {

// The stored game replayed and its clock read; throws StoreError when they
// are not valid.
std::pair<Game, community::TimeControl> replay(const StoredGame& stored) {
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
  auto control = community::parse_time_control(stored.clock, error);
  if (!error.empty()) throw StoreError("game " + stored.id + ": bad clock " + stored.clock + ": " + error);
  return {std::move(game), control};
}

SeatInfo seat_info(const StoredGame& stored) {
  SeatInfo seats;
  seats.mode = stored.mode;
  seats.level = stored.level;
  seats.engine_color = stored.engine_color;
  seats.white_taken = seats.engine_color == Color::White || !stored.white_token.empty();
  seats.black_taken = seats.engine_color == Color::Black || !stored.black_token.empty();
  return seats;
}

}  // namespace

std::shared_ptr<GameRoom> GameRoom::load(const StoredGame& stored, RoomContext& context) {
  auto [game, control] = replay(stored);
  return from_row(stored, std::move(game), control, context);
}

void GameRoom::refresh(const StoredGame& stored, std::int64_t lost_epoch) {
  auto [game, control] = replay(stored);
  std::unique_lock lock(mutex_);
  if (broken_) return;
  if (lost_epoch >= 0 ? epoch_ > lost_epoch : stored.version <= version_) return;
  RemovedStacks removed = removed_by_last_move(game);
  take_over_locked(stored, std::move(game), std::move(removed), control, lock);
}

HeldGame GameRoom::held() const {
  std::lock_guard lock(mutex_);
  HeldGame h;
  h.version = version_;
  h.moves = static_cast<std::int64_t>(game_.moves().size());
  h.last_move_version = move_versions_.empty() ? 0 : move_versions_.back();
  h.white_user = white_player_.id;
  h.black_user = black_player_.id;
  h.over = over_locked() || end_reason_ == EndReason::Cancelled;
  h.has_rating_changes = rating_changes_.valid;
  return h;
}

bool GameRoom::refresh_increment(const HeldGame& held, const GameIncrement& inc) {
  if (inc.unchanged) return true;
  std::unique_lock lock(mutex_);
  if (broken_) return true;
  if (inc.game.version <= version_) return true;  // heard of it already
  // The room must still be what was held, with nothing of its own being
  // committed: the increment goes on from there.
  if (version_ != held.version || stored_version_ != version_ ||
      game_.moves().size() != static_cast<std::size_t>(held.moves) || move_versions_.size() != game_.moves().size() ||
      move_times_.size() != game_.moves().size())
    return false;
  const StoredGame& fresh = inc.game;
  std::string error;
  auto control = community::parse_time_control(fresh.clock, error);
  if (!error.empty()) return false;
  Game game = game_;
  RemovedStacks removed = removed_;
  for (std::size_t i = 0; i < fresh.moves.size(); ++i) {
    auto m = parse_move(fresh.moves[i], &error);
    if (!m) return false;
    Stacks before = game.stacks();
    if (!game.play(*m).empty()) return false;
    removed = removed_stacks(std::move(before), *m, game.last_removed());
  }
  // The stored game as a whole load would read it: what the room holds,
  // then what was read.
  StoredGame whole = fresh;
  whole.moves.clear();
  whole.move_times = move_times_;
  whole.move_times.insert(whole.move_times.end(), fresh.move_times.begin(), fresh.move_times.end());
  whole.move_versions = move_versions_;
  whole.move_versions.insert(whole.move_versions.end(), fresh.move_versions.begin(), fresh.move_versions.end());
  whole.tournament = tournament_;
  if (!inc.players_read) {
    whole.white_player = white_player_;
    whole.black_player = black_player_;
  }
  if (!inc.ratings_read && rating_changes_.valid) {
    whole.has_rating_changes = true;
    whole.white_before = rating_changes_.white_before;
    whole.white_after = rating_changes_.white_after;
    whole.black_before = rating_changes_.black_before;
    whole.black_after = rating_changes_.black_after;
  }
  take_over_locked(whole, std::move(game), std::move(removed), control, lock);
  return true;
}

void GameRoom::take_over_locked(const StoredGame& stored, Game game, RemovedStacks removed,
                                const community::TimeControl& control, std::unique_lock<std::mutex>& lock) {
  seats_ = seat_info(stored);
  game_ = std::move(game);
  removed_ = std::move(removed);
  white_token_ = stored.white_token;
  black_token_ = stored.black_token;
  version_ = stored_version_ = stored.version;
  ++epoch_;
  // load_community sets what the stored game says of these.
  forced_result_.reset();
  rating_changes_ = RatingChanges{};
  rating_pending_ = false;
  // What was asked and who is away: as stored (live_fields.hpp).
  const std::optional<Color> offered_before = rematch_.from;
  const std::string rematch_before = rematch_.game;
  load_community(stored, control);
  // The server that made the change keeps the summary.
  summary_stale_ = false;
  arm_clock_locked();
  broadcast_locked();
  // An offer made on another node: its message, as that node sent it.
  if (rematch_.from && rematch_.from != offered_before && rematch_.game.empty())
    send_rematch_offer_locked(*rematch_.from);
  // Another node marked a seat away that has a socket here: it is not.
  if (presence_.away && presence_.watched(presence_.away->color) && !over_locked()) {
    presence_.away.reset();
    commit_locked({}, {}, {}, true);
  }
  // Each player here hears its seat token of a rematch made elsewhere.
  std::string made_there = rematch_.game != rematch_before ? rematch_.game : "";
  lock.unlock();
  if (!made_there.empty()) send_rematch_tokens(made_there);
}

std::shared_ptr<GameRoom> GameRoom::create(const NewGame& g, RoomContext& context) {
  return from_row(g.stored, g.spec.game, g.spec.clock, context);
}

std::shared_ptr<GameRoom> GameRoom::from_row(const StoredGame& stored, Game game, const community::TimeControl& control,
                                             RoomContext& context) {
  auto room = std::shared_ptr<GameRoom>(new GameRoom(context, stored.id, seat_info(stored), std::move(game),
                                                     stored.white_token, stored.black_token, stored.version));
  room->load_community(stored, control);
  return room;
}

void GameRoom::load_community(const StoredGame& stored, const community::TimeControl& control) {
  white_player_ = stored.white_player;
  black_player_ = stored.black_player;
  rated_ = stored.rated;
  created_ms_ = stored.created_ms;
  ended_ms_ = stored.ended_ms;
  end_reason_ = stored.end_reason;
  lobby_ = stored.lobby;
  color_choice_ = stored.color_choice;
  tournament_ = stored.tournament;
  if (end_reason_ == EndReason::Resignation || end_reason_ == EndReason::Time || end_reason_ == EndReason::Abandoned) {
    if (stored.winner == Winner::White) forced_result_ = Result::WhiteWins;
    if (stored.winner == Winner::Black) forced_result_ = Result::BlackWins;
  }
  std::optional<std::int64_t> stop_ms;
  if (over_locked()) stop_ms = ended_ms_ ? ended_ms_ : stored.started_ms;
  // From the empty board the first moves are free (and due within
  // kFirstMoveMs); from an imported position the clocks run at once.
  clock_ = RoomClock(
      control, stored.started_ms, stored.move_times, stop_ms,
      game_.start() == empty_board() ? community::ClockStart::AfterFirstMoves : community::ClockStart::AtStart);
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
  move_times_ = stored.move_times;
  // A game just made: insert_game writes its moves with its version.
  move_versions_ = stored.move_versions;
  if (move_versions_.size() != game_.moves().size()) move_versions_.assign(game_.moves().size(), stored.version);
  take_live_locked(stored.live_fields);
  committed_state_ = std::make_shared<const std::string>(state_body_locked());
  committed_clock_ = clock_;
  committed_started_ = started_locked();
  last_activity_ms_ = std::max({created_ms_, clock_.started_ms(), ended_ms_,
                                stored.move_times.empty() ? std::int64_t{0} : stored.move_times.back()});
  summary_stale_ = stored.move_count != static_cast<std::int64_t>(stored.moves.size()) ||
                   (stored.over && stored.end_reason == EndReason::None);
}

}  // namespace dvonn::server
