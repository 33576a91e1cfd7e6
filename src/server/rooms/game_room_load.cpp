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
  seats_ = seat_info(stored);
  game_ = std::move(game);
  removed_ = removed_by_last_move(game_);
  white_token_ = stored.white_token;
  black_token_ = stored.black_token;
  version_ = stored.version;
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
