// What the two people of an online game do besides moving: rematch offers,
// takebacks in casual games, and the win of a real-time player whose
// opponent left (docs/community-api.md "Rematch, takeback, claim").
// Offers, requests and who is away are stored with the game's version
// (live_fields.hpp), so that with many servers on one database each node
// shows and answers them; what they change in the game (a takeback, a
// claimed win) is committed like any move.
#include <algorithm>
#include <iostream>

#include "server/rooms/game_room.hpp"
#include "server/rooms/seat_sockets.hpp"

namespace dvonn::server {
namespace {

const char* side(Color c) { return c == Color::White ? "white" : "black"; }

// How many moves from the end a takeback of `asker` undoes: back to before
// its last move that was not a forced pass, so it is its turn again; 0 when
// it has made none.
int takeback_length(Game game, Color asker) {
  int n = 0;
  while (!game.moves().empty()) {
    bool pass = game.moves().back().is_pass();
    game.undo();
    ++n;
    if (game.position().side_to_move() == asker && !pass) return n;
  }
  return 0;
}

}  // namespace

std::optional<Color> GameRoom::player_color_locked(const std::string& token) const {
  if (seats_.mode != Mode::Online) return std::nullopt;
  Role role = role_of_locked(token);
  if (role == Role::White) return Color::White;
  if (role == Role::Black) return Color::Black;
  return std::nullopt;
}

std::string GameRoom::live_fields_locked() const {
  bool over = over_locked();
  nlohmann::json rematch = over ? rematch_.json() : nlohmann::json(nullptr);
  nlohmann::json takeback = over ? nlohmann::json(nullptr) : takeback_.json();
  nlohmann::json away = over ? nlohmann::json(nullptr) : presence_.json();
  return R"(,"rematch":)" + rematch.dump() + R"(,"takeback":)" + takeback.dump() + R"(,"away":)" + away.dump();
}

void GameRoom::broadcast_locked() {
  subscribers_.deliver(state_message(with_clock_locked(*committed_state_, committed_clock_, committed_started_)));
}

LiveFields GameRoom::live_locked() const { return {rematch_, takeback_, presence_.away}; }

void GameRoom::take_live_locked(const std::string& text) {
  stored_live_ = text;
  LiveFields f = parse_live_fields(text);
  rematch_.from = f.rematch.from;
  rematch_.game = f.rematch.game;
  takeback_ = f.takeback;
  presence_.away = f.away;
}

void GameRoom::send_rematch_tokens(const std::string& game) {
  std::optional<StoredGame> fresh;
  try {
    fresh = context_.store.load(game);
  } catch (const std::exception& e) {
    std::cerr << "dvonn serve: reading rematch " << game << " of game " << id_ << ": " << e.what() << "\n";
  }
  if (!fresh) return;
  std::lock_guard lock(mutex_);
  deliver_rematch_tokens_locked(*fresh);
}

void GameRoom::deliver_rematch_tokens_locked(const StoredGame& fresh) {
  // Each player hears only its own seat token (by who the player is: this
  // game's white plays black in the new one).
  for (Color seat : {Color::White, Color::Black}) {
    const User& player = seat == Color::White ? white_player_ : black_player_;
    if (!player.id) continue;
    bool white = fresh.white_user == player.id;
    if (!white && fresh.black_user != player.id) continue;
    nlohmann::json m = {{"type", "rematch-game"},
                        {"game", fresh.id},
                        {"seat", white ? "white" : "black"},
                        {"token", white ? fresh.white_token : fresh.black_token}};
    presence_.deliver_to(seat, std::make_shared<const std::string>(m.dump()));
  }
}

void GameRoom::identify(const std::shared_ptr<Subscriber>& subscriber, const std::string& token) {
  std::lock_guard lock(mutex_);
  if (auto seat = player_color_locked(token)) seat_here_locked(subscriber, *seat);
}

void GameRoom::seat_here_locked(const std::shared_ptr<Subscriber>& subscriber, Color seat) {
  bool first = !presence_.watched(seat);
  presence_.add(subscriber, seat);
  if (first && context_.seat_sockets && !over_locked()) context_.seat_sockets->opened(id_, seat);
  if (!presence_.away || presence_.away->color != seat) return;
  presence_.away.reset();
  if (broken_ || over_locked()) return broadcast_locked();
  // Stored: the other nodes' watchers see the seat back too.
  commit_locked({}, {}, {}, true);
}

void GameRoom::unsubscribe(const Subscriber* subscriber) {
  std::lock_guard lock(mutex_);
  if (auto seat = presence_.remove(subscriber)) seat_gone_locked(*seat);
}

void GameRoom::seat_gone_locked(Color seat) {
  if (context_.seat_sockets) context_.seat_sockets->closed(id_, seat);
  if (context_.stopping) return;
  if (!context_.seat_sockets) return mark_away_locked(seat);
  if (broken_ || presence_.away || over_locked() || !started_locked() || !clock_.running() ||
      clock_.control().kind != community::ClockKind::RealTime)
    return;
  // Away unless another node has a socket of the seat: a read, off this
  // (network) thread and the room's lock.
  auto ask = [self = shared_from_this(), seat] {
    bool elsewhere = false;
    try {
      elsewhere = self->context_.seat_sockets->elsewhere(self->id_, seat);
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: game " << self->id_ << ": reading where its seats are: " << e.what() << "\n";
    }
    if (!elsewhere) self->seat_left_elsewhere(seat);
  };
  if (!context_.background || !context_.background(ask)) mark_away_locked(seat);
}

void GameRoom::seat_left_elsewhere(Color seat) {
  std::lock_guard lock(mutex_);
  if (!presence_.watched(seat)) mark_away_locked(seat);
}

void GameRoom::mark_away_locked(Color seat) {
  if (broken_ || presence_.away || over_locked() || !started_locked() || !clock_.running()) return;
  const community::TimeControl& control = clock_.control();
  if (control.kind != community::ClockKind::RealTime) return;
  // A short game waits less: at most its initial time.
  std::int64_t wait = std::min<std::int64_t>(context_.away_claim_ms, control.initial_seconds * std::int64_t{1000});
  presence_.away = SeatPresence::Away{seat, context_.now_ms() + wait};
  // Stored: the other nodes' watchers see it, and a claim made there counts.
  commit_locked({}, {}, {}, true);
}

RematchStep GameRoom::offer_rematch(const std::string& token, Offered offered) {
  std::lock_guard lock(mutex_);
  RematchStep step;
  auto color = player_color_locked(token);
  if (broken_)
    step.refused = refusal(503, "this game could not be saved; reload the page");
  else if (seats_.mode != Mode::Online)
    step.refused = refusal(409, "rematches are for online games between two people");
  else if (!color)
    step.refused = refusal(403, token.empty() ? "spectators cannot offer a rematch" : "wrong seat token");
  else if (!over_locked())
    step.refused = refusal(409, "the game is not over: a rematch is offered after it");
  else if (!white_player_.id || !black_player_.id)
    step.refused = refusal(409, "a rematch needs two signed-in players");
  else if (rematch_.making || !rematch_.game.empty())
    step.refused = refusal(409, "a rematch of this game was made already");
  else if (rematch_.from == color)
    step.refused = refusal(409, "you offered a rematch already: wait for the answer");
  if (step.refused) return step;
  step.asker = *color;
  if (!rematch_.from) {
    rematch_.from = color;
    User by = *color == Color::White ? white_player_ : black_player_;
    User to = *color == Color::White ? black_player_ : white_player_;
    // Stored (with a new version: the other nodes re-read it) before it is
    // shown; then the offer's message, as every node sends it.
    commit_locked(
        {}, {},
        [self = shared_from_this(), offered = std::move(offered), by, to, from = *color](const RoomReply& r) {
          if (r.status == 200) {
            std::lock_guard lock(self->mutex_);
            self->send_rematch_offer_locked(from);
          }
          if (offered) offered(r, by, to);
        },
        true);
    return step;
  }
  // Both want it: colours swapped, the same clock and rating.
  rematch_.making = true;
  step.accepted = true;
  step.white = black_player_;
  step.black = white_player_;
  step.clock = clock_.control();
  step.rated = rated_;
  return step;
}

void GameRoom::send_rematch_offer_locked(Color from) {
  nlohmann::json offer = {{"type", "rematch-offer"}, {"from", side(from)}};
  subscribers_.deliver(std::make_shared<const std::string>(offer.dump()));
}

void GameRoom::make_rematch(const StoredGame& game, const GameProgress& progress, Reply then) {
  std::unique_lock lock(mutex_);
  std::optional<RoomReply> refused;
  if (broken_)
    refused = refusal(503, "this game could not be saved; reload the page");
  else if (!rematch_.game.empty())
    refused = refusal(409, "a rematch of this game was made already");
  if (refused) {
    rematch_.making = false;
    lock.unlock();
    return then(*refused);
  }
  rematch_.game = game.id;
  rematch_.from.reset();
  // The new game and this game's link to it in one transaction, under this
  // game's version: of two accepts at once (on two nodes) one is stored,
  // the other is a 409 and stores nothing.
  commit_locked(
      [game, progress](StoreWriter& w) {
        w.insert_game(game);
        w.set_progress(game.id, progress);
      },
      {},
      [self = shared_from_this(), game, then = std::move(then)](const RoomReply& r) {
        {
          std::lock_guard lock(self->mutex_);
          self->rematch_.making = false;
          if (r.status == 200) self->deliver_rematch_tokens_locked(game);
        }
        then(r);
      },
      true);
}

void GameRoom::try_decline_rematch(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  auto color = player_color_locked(token);
  std::optional<RoomReply> refused;
  if (broken_)
    refused = refusal(503, "this game could not be saved; reload the page");
  else if (!color)
    refused = refusal(403, token.empty() ? "spectators cannot answer a rematch offer" : "wrong seat token");
  else if (rematch_.making || !rematch_.game.empty())
    refused = refusal(409, "the rematch was made already");
  else if (!rematch_.from)
    refused = refusal(409, "no rematch offer to decline");
  if (refused) return lock.unlock(), reply(*refused);
  rematch_.from.reset();
  commit_locked({}, {}, std::move(reply), true);
}

void GameRoom::try_request_takeback(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  auto color = player_color_locked(token);
  std::optional<RoomReply> refused;
  if (broken_)
    refused = refusal(503, "this game could not be saved; reload the page");
  else if (seats_.mode != Mode::Online)
    refused = refusal(409, "takeback requests are for online games: use undo");
  else if (!color)
    refused = refusal(403, token.empty() ? "spectators cannot ask for a takeback" : "wrong seat token");
  else if (rated_)
    refused = refusal(409, "no takebacks in rated games");
  else if (over_locked() || !started_locked())
    refused = refusal(409, over_locked() ? "the game is over" : "the game has not started");
  else if (takeback_.from)
    refused = refusal(409, "a takeback request is waiting for an answer already");
  else if (takeback_.asked_by(*color) >= TakebackRequest::kMaxPerPlayer)
    refused = refusal(
        429, "you asked for " + std::to_string(TakebackRequest::kMaxPerPlayer) + " takebacks in this game already");
  else if (takeback_length(game_, *color) == 0)
    refused = refusal(409, "you have no move to take back");
  if (!refused) refused = out_of_time_locked();
  if (refused) return lock.unlock(), reply(*refused);
  takeback_.from = color;
  ++takeback_.asked_by(*color);
  // Stored: the opponent may be on another node, and answer there.
  commit_locked({}, {}, std::move(reply), true);
}

void GameRoom::try_answer_takeback(const std::string& token, bool accept, Reply reply) {
  std::unique_lock lock(mutex_);
  auto color = player_color_locked(token);
  std::optional<RoomReply> refused;
  if (broken_)
    refused = refusal(503, "this game could not be saved; reload the page");
  else if (!color)
    refused = refusal(403, token.empty() ? "spectators cannot answer a takeback request" : "wrong seat token");
  else if (!takeback_.from || over_locked())
    refused = refusal(409, "no takeback request to answer");
  else if (accept && takeback_.from == color)
    refused = refusal(409, "your own request: your opponent answers it");
  if (refused) return lock.unlock(), reply(*refused);
  Color asker = *takeback_.from;
  takeback_.from.reset();
  int n = accept ? takeback_length(game_, asker) : 0;
  if (n == 0) {
    // Declined (or withdrawn by the asker).
    return commit_locked({}, {}, std::move(reply), true);
  }
  for (int i = 0; i < n; ++i) game_.undo();
  removed_ = removed_by_last_move(game_);
  int keep = static_cast<int>(game_.moves().size());
  if (move_times_.size() >= static_cast<std::size_t>(keep) && clock_.running()) {
    // The clock as if the moves taken back were never made: the time since
    // the last move kept runs on the asker's clock.
    move_times_.resize(keep);
    clock_ = RoomClock(
        clock_.control(), clock_.started_ms(), move_times_, std::nullopt,
        game_.start() == empty_board() ? community::ClockStart::AfterFirstMoves : community::ClockStart::AtStart);
  } else if (move_times_.size() > static_cast<std::size_t>(keep)) {
    move_times_.resize(keep);
  }
  if (move_versions_.size() > static_cast<std::size_t>(keep)) move_versions_.resize(keep);
  commit_locked([id = id_, keep](StoreWriter& w) { w.truncate_moves(id, keep); }, {}, std::move(reply));
}

void GameRoom::try_claim(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  auto color = player_color_locked(token);
  std::int64_t now = context_.now_ms();
  std::optional<RoomReply> refused;
  if (broken_)
    refused = refusal(503, "this game could not be saved; reload the page");
  else if (seats_.mode != Mode::Online)
    refused = refusal(409, "a win is claimed in online games only");
  else if (!color)
    refused = refusal(403, token.empty() ? "spectators cannot claim a win" : "wrong seat token");
  else if (over_locked())
    refused = refusal(409, "the game is over");
  else if (!presence_.away || presence_.away->color == *color)
    refused = refusal(409, "your opponent has not left the game");
  else if (now < presence_.away->claimable_at)
    refused = refusal(
        409, "you can claim the win in " + std::to_string((presence_.away->claimable_at - now + 999) / 1000) + " s");
  if (!refused) refused = out_of_time_locked();
  if (refused) return lock.unlock(), reply(*refused);
  presence_.away.reset();
  end_locked(EndReason::Abandoned, *color == Color::White ? Result::WhiteWins : Result::BlackWins, now);
  commit_locked([](StoreWriter&) {}, {}, std::move(reply));
}

}  // namespace dvonn::server
