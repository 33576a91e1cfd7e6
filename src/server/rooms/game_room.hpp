// One game being played: its seats, their tokens and players, the Game, its
// clock, and the clients watching it. Every change (a move from a browser or
// the engine, an undo, a join) takes the same path: the verb's refusal check
// (room_checks.hpp) -> rules-core check -> store commit -> broadcast of the
// new state -> reply to the sender. Nothing is acknowledged or broadcast
// before the store has committed it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "server/accounts/rating_update.hpp"
#include "server/base/game_model.hpp"
#include "server/base/now_ms.hpp"
#include "server/base/subscriber_list.hpp"
#include "server/rooms/engine_workers.hpp"
#include "server/rooms/game_setup.hpp"
#include "server/rooms/live_fields.hpp"
#include "server/rooms/rematch_offer.hpp"
#include "server/rooms/room_checks.hpp"
#include "server/rooms/room_clock.hpp"
#include "server/rooms/room_reply.hpp"
#include "server/rooms/seat_presence.hpp"
#include "server/rooms/state_json.hpp"
#include "server/rooms/takeback_request.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

class ClockWatcher;
class GameRoom;
class SeatSockets;

// A committed change of an online game between two players, as the
// notifications see it (RoomContext::game_changed).
struct RoomChange {
  std::string id;
  User white, black;
  std::int64_t to_move = 0;  // the user whose turn it is; 0 when over
  int moves = 0;             // moves played so far
  bool started_now = false;  // this change took the second seat
  community::TimeControl clock;
};

// What a room needs from the rest of the server.
struct RoomContext {
  GameStore& store;
  EngineWorkers& engines;
  double engine_seconds = 1.0;  // per engine move
  double hint_seconds = 1.0;
  // Called when a commit failed: the room's memory may be ahead of the
  // disk, so the registry forgets it and the next access reloads it.
  std::function<void(const std::string& id)> forget = nullptr;
  // Milliseconds since the epoch (clocks, sessions); injectable for tests.
  NowMs now_ms = system_now_ms;
  // Ends games on time; null: clocks are only checked on access.
  ClockWatcher* watcher = nullptr;
  // Called after a lobby game was joined or cancelled (the lobby list
  // changed).
  std::function<void(const std::string& id)> lobby_changed = nullptr;
  // Called after each committed change of an online game with both seats
  // taken (notifications: your move, a friend started a game).
  std::function<void(const RoomChange& change)> game_changed = nullptr;
  // The room of a game, loading it if it is not in memory (the registry's
  // find): the clock watcher goes by id, as a room may be evicted before
  // its deadline.
  std::function<std::shared_ptr<GameRoom>(const std::string& id)> find = nullptr;
  // How long a real-time player may be gone (no WebSocket of the seat open)
  // before the opponent may claim the win.
  std::int64_t away_claim_ms = kAwayClaimMs;
  // Runs a task off the store's writer thread, where it may read the
  // database (the read pool); false when it cannot (the server stops).
  // Null: the task runs at once.
  std::function<bool(std::function<void()> task)> background = nullptr;
  // Many nodes (engine_claims.hpp): claims a game's engine move at a
  // version for this node; whether this node is to compute it. Called on an
  // engine worker, right before the search; may wait for the database.
  // Null: one node, which always is.
  std::function<bool(const std::string& id, std::int64_t version)> claim_engine = nullptr;
  // Many servers on one database: which node has a seat's socket open
  // (null: one server, the seats' sockets are all here).
  SeatSockets* seat_sockets = nullptr;
  // Many servers on one database: for the moment before another node's
  // change is heard (GameChangeFeed), a room's memory of its game is older
  // than the database; a request it refuses (or that loses to that change)
  // is checked again against the stored game (game_room_stale.cpp).
  bool many_nodes = false;
  // Set when the server stops: the sockets it closes are not players
  // leaving (their pages come back), so nobody is marked away.
  std::atomic<bool> stopping{false};
};

// What the lobby lists of an open game.
struct LobbyEntry {
  std::string id;
  User creator;
  std::string color;  // the creator's choice
  nlohmann::json clock;
  bool rated = false;
  std::int64_t created_ms = 0;
};

class GameRoom : public std::enable_shared_from_this<GameRoom> {
 public:
  // A room for a stored game (replays its moves); throws StoreError when the
  // stored data is not a valid game.
  static std::shared_ptr<GameRoom> load(const StoredGame& stored, RoomContext& context);
  // A room for a game just made from its spec (nothing to parse back).
  static std::shared_ptr<GameRoom> create(const NewGame& game, RoomContext& context);

  const std::string& id() const { return id_; }
  Mode mode() const { return seats_.mode; }
  // The version of the game in memory (with the changes being committed).
  std::int64_t version() const;

  // Takes over the stored game after another server changed it (many
  // servers on one database): the game, seats, players, clock and end are
  // the stored ones, the watchers stay and get the new state. Skipped when
  // the room already has that version or a newer one. lost_epoch (>= 0):
  // a change of the room made in that epoch lost to another server's, so
  // memory is ahead of the disk at any version: taken over unless the room
  // took over the stored game since. Throws StoreError when the stored game
  // is not a valid one.
  void refresh(const StoredGame& stored, std::int64_t lost_epoch = -1);
  // What the room holds of its game (for GameStore::load_increment).
  HeldGame held() const;
  // Takes over the stored game from what changed since `held`, as refresh
  // would from the whole stored game (the same room results). False when
  // the increment does not fit the room any more (it changed since
  // `held`, a change of its own is being committed) or is not a valid one
  // (inc.full included): the caller then refreshes from the whole game.
  bool refresh_increment(const HeldGame& held, const GameIncrement& inc);

  // The last committed state (JSON text), its clock as of now.
  std::shared_ptr<const std::string> state() const;
  // Adds a watcher and queues it the current state, in order with later
  // broadcasts. token: the watcher's seat token, if any (the creator of an
  // open lobby game watching it is online, and the game does not expire).
  void subscribe(const std::shared_ptr<Subscriber>& subscriber, const std::string& token = "");
  // The game record, for download.
  std::string record() const;

  // Each calls reply once, possibly later and on another thread. `client`
  // (the address asking) is charged for the engine work it causes: a hint,
  // or the engine's reply to a move (refused with 429 while the client has
  // its share of searches queued).
  void move(const std::string& token, const std::string& move_text, Reply reply, const std::string& client = "");
  void undo(const std::string& token, Reply reply);
  void hint(const std::string& token, Reply reply, const std::string& client = "");
  // Takes the free seat of an online game for a player (id 0: anonymous).
  void join(const User& player, Reply reply);
  // The seat's own side resigns (online and engine games).
  void resign(const std::string& token, Reply reply);
  // Withdraws an open lobby game (its creator only).
  void cancel(std::int64_t user, Reply reply);
  // Ends an online or engine game before both sides have moved: no result,
  // no rating change (an open lobby game is withdrawn as by cancel).
  void abort(const std::string& token, Reply reply);
  // Many nodes: whether a request refused by this room at `seen` (its
  // version then) may have been refused by a memory of the game older than
  // the database. Reads the stored game's version off this thread (on
  // RoomContext::background) and, when it is newer than `seen`, takes the
  // stored game over; then `then(newer)`. One node: then(false) at once.
  void recheck(std::int64_t seen, std::function<void(bool newer)> then);
  // Whether a refusal may come from a stale memory of the game: a 409
  // saying so (RoomReply::stale), or a 400, 403 or 409 of the checks.
  static bool may_be_stale(const RoomReply& reply);

  // The seat ("white", "black", "both") and token a user holds; nullopt if
  // none.
  std::optional<std::pair<std::string, std::string>> seat_of(std::int64_t user) const;
  // Who plays the game and how, for its chat's rules (server/chat).
  struct People {
    bool online = false;
    bool rated = false;
    bool over = false;
    std::int64_t white_user = 0;  // 0: anonymous or nobody yet
    std::int64_t black_user = 0;
  };
  People people() const;
  // The lobby's view of the game while it is open; nullopt otherwise.
  std::optional<LobbyEntry> lobby_entry() const;
  // Cancels an open lobby game whose creator has not watched it (a seat's
  // WebSocket) for `after_ms` up to `now`, as the creator's cancel would;
  // false (and reply not called) when it stays open.
  bool expire_if_abandoned(std::int64_t now, std::int64_t after_ms, Reply reply);

  // Ends the game if the side to move has run out of time, else makes sure
  // the watcher calls again at the deadline. After loading and from the
  // watcher.
  void check_time();
  // What the lists show of the game, as of now.
  GameProgress progress() const;
  // Rewrites the list summary of a game loaded with a stale one (stored by
  // the first server version, or imported already finished).
  void refresh_summary();

  // Starts the engine thinking if it is to move (after creation or a
  // restart); does nothing otherwise. A client given is charged for it
  // (and for later engine moves of the game).
  void resume_engine(const std::string& client = "");

  // Between the two people of an online game (game_room_gameplay.cpp,
  // docs/community-api.md "Rematch, takeback, claim").
  // A watcher names its seat token (a WebSocket "hello"): it counts as the
  // seat being there, and hears what is for that seat only.
  void identify(const std::shared_ptr<Subscriber>& subscriber, const std::string& token);
  // A watcher's socket closed (from the network thread, never under the
  // room's lock): a real-time player whose last socket it was is away.
  void unsubscribe(const Subscriber* subscriber);
  // Offers (or, when the other side offered, accepts) a rematch. An offer
  // is stored (every node shows it), then `offered` is called with the
  // state, who offered and to whom. An accepted one: the caller makes the
  // new game (both seats taken) and calls make_rematch, which stores it
  // with this game's link to it, once across nodes: of two accepts at once
  // one is a 409.
  using Offered = std::function<void(const RoomReply& reply, const User& by, const User& to)>;
  RematchStep offer_rematch(const std::string& token, Offered offered);
  // `then` (on the store's writer thread) gets the outcome: 200 with the
  // state of this game, or a refusal (nothing of the new game stored).
  void make_rematch(const StoredGame& game, const GameProgress& progress, Reply then);
  // No other node has a socket of the seat (seat_sockets.hpp: its last
  // one closed, or its node died): away unless one is open here.
  void seat_left_elsewhere(Color seat);
  // Withdraws one's own offer or declines the other's.
  void decline_rematch(const std::string& token, Reply reply);
  void request_takeback(const std::string& token, Reply reply);
  void answer_takeback(const std::string& token, bool accept, Reply reply);
  // The win of a player whose opponent has been away long enough.
  void claim(const std::string& token, Reply reply);

 private:
  GameRoom(RoomContext& context, std::string id, SeatInfo seats, Game game, std::string white_token,
           std::string black_token, std::int64_t version);
  // The room of a row whose start, moves and clock are already read.
  static std::shared_ptr<GameRoom> from_row(const StoredGame& stored, Game game, const community::TimeControl& control,
                                            RoomContext& context);
  void load_community(const StoredGame& stored, const community::TimeControl& control);
  // refresh's and refresh_increment's end: the room takes over `stored`,
  // whose game is `game` (replayed) and `removed` its last move's removed
  // stacks; then pushes it to the watchers. Unlocks `lock`.
  void take_over_locked(const StoredGame& stored, Game game, RemovedStacks removed,
                        const community::TimeControl& control, std::unique_lock<std::mutex>& lock);

  // One attempt of a request against the room's memory, answering the
  // reply it is given (the verbs' bodies; the public verbs run them
  // through ask_fresh).
  using Attempt = std::function<void(Reply reply)>;
  // Many nodes: runs `attempt` and, when it is refused in a way a stale
  // memory of the game could explain (may_be_stale), runs it again once
  // the room has the stored game, at most `tries` more times; `reply` gets
  // the last outcome. Nothing is applied twice: an attempt refused or lost
  // wrote nothing. One node: runs `attempt` once.
  void ask_fresh(Attempt attempt, Reply reply, int tries = 3);
  void try_move(const std::string& token, const std::string& move_text, Reply reply, const std::string& client);
  void try_undo(const std::string& token, Reply reply);
  void try_join(const User& player, Reply reply);
  void try_resign(const std::string& token, Reply reply);
  void try_cancel(std::int64_t user, Reply reply);
  void try_abort(const std::string& token, Reply reply);
  void try_decline_rematch(const std::string& token, Reply reply);
  void try_request_takeback(const std::string& token, Reply reply);
  void try_answer_takeback(const std::string& token, bool accept, Reply reply);
  void try_claim(const std::string& token, Reply reply);

  bool started_locked() const;
  bool over_locked() const;
  Result result_locked() const;
  // The state without its clock, and a state with a clock as of now.
  std::string state_body_locked() const;
  std::string with_clock_locked(const std::string& state, const RoomClock& clock, bool started) const;
  GameProgress progress_locked(std::int64_t now) const;
  // Ends the game at now: the side to move lost on time.
  void end_on_time_locked(std::int64_t now);
  // Ends the game at now with no result (aborted).
  void abort_locked(std::int64_t now, Reply reply);
  // A first move that did not come in time: an abort, or in a tournament's
  // game a loss on time for the side to move.
  void first_move_missed_locked();
  void end_locked(EndReason reason, std::optional<Result> result, std::int64_t now);
  // Registers the clock's deadline with the watcher (or removes it).
  void arm_clock_locked();

  Role role_of_locked(const std::string& token) const;
  // What the refusal checks (room_checks.hpp) read of the room and of who
  // asks.
  RoomFacts facts_locked() const;
  Asker asker_locked(const std::string& token) const;
  // The refusal of a move: the checks of room_checks, then those that need
  // the room (the engine's queue, the clock, the rules); nullopt: play it.
  std::optional<RoomReply> refuse_move_locked(const std::string& token, const std::optional<Move>& m,
                                              const std::string& move_text, const std::string& parse_error,
                                              const std::string& client);
  // Ends the game if the side to move has run out of time, and says so.
  std::optional<RoomReply> out_of_time_locked();
  // Who pays for engine work a seat (never a spectator: they are refused
  // first; Both is one player) asks for from an address.
  EngineCharge charge_locked(Role role, const std::string& address) const;
  // After a change to game_/seats: bumps the version, builds the state and
  // commits the writes; the reply follows the commit.
  // live_only: only the live fields changed (an offer, a request, who is
  // away): the notifications of a game's change are skipped.
  void commit_locked(std::function<void(StoreWriter&)> writes, RoomReply reply_template, Reply reply,
                     bool live_only = false);
  // A change lost to another server's change of the game: nothing of it was
  // written; the room takes over the stored game, then the reply is a 409.
  void lost_race(const Reply& reply, std::int64_t epoch);
  void committed(const std::string& error, std::shared_ptr<const std::string> state, RoomReply reply_template,
                 const Reply& reply, std::shared_ptr<RatingChanges> ratings, std::int64_t version, bool live_only);
  void play_locked(Move m, Reply reply);
  void engine_played(Move m, std::int64_t version);
  // The fields of the state kept apart from the game's (rematch, takeback,
  // away), and the state with them sent to every watcher.
  std::string live_fields_locked() const;
  // The live fields as stored (live_fields.hpp), and taken over from the
  // stored text; what another node newly asked is sent to the watchers
  // here as that node sent it to its own (a rematch offer), and a rematch
  // made there gives the rematch game to load (its seats' tokens).
  LiveFields live_locked() const;
  void take_live_locked(const std::string& text);
  void send_rematch_offer_locked(Color from);
  void deliver_rematch_tokens_locked(const StoredGame& fresh);
  // The seats' tokens of a rematch made on another node, to each seat's
  // sockets here (the game read from the store, off the room's lock).
  void send_rematch_tokens(const std::string& game);
  // A seat's socket here opened (the seat is back), or its last one here
  // closed (seat_sockets.hpp: away once no node has one).
  void seat_here_locked(const std::shared_ptr<Subscriber>& subscriber, Color seat);
  void seat_gone_locked(Color seat);
  // The seat is away from now, if the game is a running real-time one.
  void mark_away_locked(Color seat);
  void broadcast_locked();
  // The seat of a token in an online game between two people; nullopt for
  // spectators (and Both).
  std::optional<Color> player_color_locked(const std::string& token) const;

  RoomContext& context_;
  const std::string id_;
  mutable std::mutex mutex_;
  SeatInfo seats_;
  Game game_;
  // Bumped when the room takes over the stored game (refresh): changes made
  // in memory before that are stale. A change of a stale epoch that reaches
  // the writer after one of its epoch lost (stale_epoch_) is not written:
  // it was made on top of the change that lost.
  std::int64_t epoch_ = 0;
  // The newest epoch whose change lost (set on the writer thread).
  std::atomic<std::int64_t> stale_epoch_{-1};
  RemovedStacks removed_;
  std::string white_token_;  // equal to black_token_ in local games
  std::string black_token_;
  std::int64_t version_ = 0;  // increases with every change, in memory
  // The newest version known to be stored (committed here, or read): below
  // version_ while a change of the room's is being committed.
  std::int64_t stored_version_ = 0;
  std::int64_t engine_version_ = -1;                    // the version the engine was asked about
  EngineCharge engine_charge_;                          // who is charged for the engine's moves
  bool broken_ = false;                                 // a commit failed: refuse everything
  std::atomic<bool> write_failed_{false};               // a write failed: refuse later ones (writer thread)
  std::shared_ptr<const std::string> committed_state_;  // without the clock
  RoomClock committed_clock_;
  bool committed_started_ = false;
  SubscriberList subscribers_;

  User white_player_;  // id 0: anonymous (or nobody yet)
  User black_player_;
  bool rated_ = false;
  RoomClock clock_;  // also when the game started
  std::int64_t created_ms_ = 0;
  std::int64_t ended_ms_ = 0;
  EndReason end_reason_ = EndReason::None;
  std::optional<Result> forced_result_;  // resignation or time
  LobbyState lobby_ = LobbyState::None;
  std::string color_choice_;
  std::string tournament_ = "null";  // StoredGame::tournament
  RatingChanges rating_changes_;
  bool rating_pending_ = false;
  bool summary_stale_ = false;
  std::int64_t last_activity_ms_ = 0;  // at load: the last stored event
  // An open lobby game's creator: when last seen watching (created, loaded,
  // subscribed, or found watching at a sweep), and its watchers.
  std::int64_t creator_seen_ms_ = 0;
  std::vector<std::weak_ptr<Subscriber>> creator_watchers_;
  // Stored with the game (live_fields.hpp; game_room_gameplay.cpp).
  SeatPresence presence_;
  RematchOffer rematch_;
  TakebackRequest takeback_;
  std::string stored_live_;                  // the live fields as last written or read
  std::vector<std::int64_t> move_times_;     // one per move: the clock is rebuilt from them after a takeback
  std::vector<std::int64_t> move_versions_;  // one per move: StoredGame::move_versions
};

}  // namespace dvonn::server
