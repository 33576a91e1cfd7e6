#include "server/game_room.hpp"

#include "core/game_record.hpp"
#include "core/position_string.hpp"
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
  return std::shared_ptr<GameRoom>(
      new GameRoom(context, stored.id, seats, std::move(game), stored.white_token, stored.black_token, stored.version));
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
  return committed_state_;
}

void GameRoom::subscribe(const std::shared_ptr<Subscriber>& subscriber) {
  std::lock_guard lock(mutex_);
  std::erase_if(subscribers_, [](const auto& w) { return w.expired(); });
  subscribers_.push_back(subscriber);
  subscriber->deliver(state_message(*committed_state_));
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

std::string GameRoom::record() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", std::string("dvonn serve, ") + mode_name(seats_.mode)}, {"Site", "game " + id_}};
  auto seat_name = [&](Color c) {
    return seats_.engine_color == c ? "dvonn engine level " + std::to_string(seats_.level) : std::string("human");
  };
  tags.emplace_back("White", seat_name(Color::White));
  tags.emplace_back("Black", seat_name(Color::Black));
  return format_record(record_of(game_, tags));
}

std::optional<RoomReply> GameRoom::check_turn_locked(const std::string& token) const {
  if (broken_) return error_reply(503, "this game could not be saved; reload the page");
  Role role = role_of_locked(token);
  if (role == Role::Spectator)
    return error_reply(403, token.empty() ? "spectators cannot move: this needs a seat token"
                                          : "wrong seat token: it is not a seat of this game");
  const Position& p = game_.position();
  if (p.is_over()) return error_reply(409, "the game is over");
  Color side = p.side_to_move();
  if (role != Role::Both && role != (side == Color::White ? Role::White : Role::Black))
    return error_reply(409, std::string("not your turn: ") + color_name(side) + " is to move");
  return std::nullopt;
}

void GameRoom::move(const std::string& token, const std::string& move_text, Reply reply) {
  std::string error;
  auto m = parse_move(move_text, &error);
  std::unique_lock lock(mutex_);
  if (auto refused = check_turn_locked(token)) return lock.unlock(), reply(*refused);
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
  int number = static_cast<int>(game_.moves().size());
  std::string text = to_string(m);
  commit_locked([id = id_, number, text](StoreWriter& w) { w.append_move(id, number, text); }, {}, std::move(reply));
}

void GameRoom::undo(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  if (broken_) return lock.unlock(), reply(error_reply(503, "this game could not be saved; reload the page"));
  Role role = role_of_locked(token);
  if (role == Role::Spectator)
    return lock.unlock(), reply(error_reply(403, token.empty() ? "spectators cannot undo" : "wrong seat token"));
  if (seats_.mode == Mode::Online)
    return lock.unlock(), reply(error_reply(400, "undo is only available in engine and local games"));
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
  int keep = static_cast<int>(game_.moves().size());
  commit_locked([id = id_, keep](StoreWriter& w) { w.truncate_moves(id, keep); }, {}, std::move(reply));
}

void GameRoom::join(Reply reply) {
  std::unique_lock lock(mutex_);
  if (broken_) return lock.unlock(), reply(error_reply(503, "this game could not be saved; reload the page"));
  if (seats_.mode != Mode::Online)
    return lock.unlock(), reply(error_reply(409, std::string("a ") + mode_name(seats_.mode) +
                                                     " game has no seat to join; watch it instead"));
  std::string* free_token = white_token_.empty() ? &white_token_ : black_token_.empty() ? &black_token_ : nullptr;
  if (!free_token) return lock.unlock(), reply(error_reply(409, "both seats are taken; watch the game instead"));
  std::string seat = free_token == &white_token_ ? "white" : "black";
  *free_token = new_seat_token();
  (seat == "white" ? seats_.white_taken : seats_.black_taken) = true;
  RoomReply done;
  done.seat = seat;
  done.token = *free_token;
  commit_locked([id = id_, seat, token = *free_token](StoreWriter& w) { w.set_token(id, seat, token); },
                std::move(done), std::move(reply));
}

void GameRoom::hint(const std::string& token, Reply reply) {
  std::unique_lock lock(mutex_);
  if (role_of_locked(token) == Role::Spectator)
    return lock.unlock(), reply(error_reply(403, token.empty() ? "spectators get no hints" : "wrong seat token"));
  if (seats_.mode == Mode::Online)
    return lock.unlock(), reply(error_reply(400, "hints are only available in engine and local games"));
  if (game_.position().is_over()) return lock.unlock(), reply(error_reply(409, "the game is over"));
  Position p = game_.position();
  lock.unlock();
  context_.engines.submit(p, engine::kTopLevel, context_.hint_seconds, [reply](const engine::SearchReport& report) {
    if (report.lines.empty()) return reply(error_reply(409, "no move to suggest"));
    const engine::ScoredLine& best = report.lines.front();
    RoomReply r;
    nlohmann::json pv = nlohmann::json::array();
    for (Move m : best.pv) pv.push_back(to_string(m));
    r.hint = {{"move", to_string(best.move)}, {"score", best.score}, {"exact", best.exact}, {"pv", std::move(pv)}};
    reply(r);
  });
}

void GameRoom::commit_locked(std::function<void(StoreWriter&)> writes, RoomReply reply_template, Reply reply) {
  ++version_;
  auto state = std::make_shared<const std::string>(state_json(id_, seats_, game_, removed_, version_));
  std::int64_t version = version_;
  bool over = game_.position().is_over();
  context_.store.submit(
      [id = id_, writes = std::move(writes), version, over](StoreWriter& w) {
        writes(w);
        w.set_progress(id, version, over);
      },
      [self = shared_from_this(), state, reply_template = std::move(reply_template),
       reply = std::move(reply)](const std::string& error) { self->committed(error, state, reply_template, reply); });
}

void GameRoom::committed(const std::string& error, std::shared_ptr<const std::string> state, RoomReply reply_template,
                         const Reply& reply) {
  if (!error.empty()) {
    {
      std::lock_guard lock(mutex_);
      broken_ = true;
    }
    if (context_.forget) context_.forget(id_);
    if (reply) reply(error_reply(500, error));
    return;
  }
  {
    std::lock_guard lock(mutex_);
    if (!broken_) {
      committed_state_ = state;
      auto message = state_message(*state);
      std::erase_if(subscribers_, [](const auto& w) { return w.expired(); });
      for (const auto& w : subscribers_)
        if (auto s = w.lock()) s->deliver(message);
    }
  }
  reply_template.state = state;
  if (reply) reply(reply_template);
  resume_engine();
}

void GameRoom::resume_engine() {
  std::unique_lock lock(mutex_);
  if (broken_ || !seats_.engine_color) return;
  const Position& p = game_.position();
  if (p.is_over() || p.side_to_move() != *seats_.engine_color || engine_version_ == version_) return;
  engine_version_ = version_;
  std::int64_t version = version_;
  Position position = p;
  int level = seats_.level;
  lock.unlock();
  std::weak_ptr<GameRoom> weak = weak_from_this();
  context_.engines.submit(position, level, context_.engine_seconds,
                          [weak, version](const engine::SearchReport& report) {
                            if (auto self = weak.lock(); self && !report.lines.empty())
                              self->engine_played(report.lines.front().move, version);
                          });
}

void GameRoom::engine_played(Move m, std::int64_t version) {
  std::lock_guard lock(mutex_);
  // The game moved on while the engine thought (an undo): its move is stale.
  if (broken_ || version != version_) return;
  if (game_.position().is_over() || game_.position().side_to_move() != *seats_.engine_color) return;
  play_locked(m, {});
}

}  // namespace dvonn::server
