// One game being played: its seats, their tokens and players, the Game, its
// clock, and the clients watching it. Every change (a move from a browser or the engine, an
// undo, a join) takes the same path: room checks (seat, turn) -> rules-core
// check -> store commit -> broadcast of the new state -> reply to the sender.
// Nothing is acknowledged or broadcast before the store has committed it.
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

#include "community/game_clock.hpp"
#include "core/game.hpp"
#include "server/account_store.hpp"
#include "server/engine_workers.hpp"
#include "server/game_store.hpp"
#include "server/rating_update.hpp"
#include "server/state_json.hpp"
#include "server/subscriber.hpp"

namespace dvonn::server {

class ClockWatcher;
class GameRoom;

// What a room needs from the rest of the server.
struct RoomContext {
  GameStore& store;
  EngineWorkers& engines;
  double engine_seconds = 1.0;  // per engine move
  double hint_seconds = 1.0;
  // Called when a commit failed: the room's memory may be ahead of the
  // disk, so the registry forgets it and the next access reloads it.
  std::function<void(const std::string& id)> forget;
  // Milliseconds since the epoch (clocks, sessions); injectable for tests.
  NowMs now_ms = system_now_ms;
  // Ends games on time; null: clocks are only checked on access.
  ClockWatcher* watcher = nullptr;
  // Called after a lobby game was joined or cancelled (the lobby list
  // changed).
  std::function<void(const std::string& id)> lobby_changed;
  // The room of a game, loading it if it is not in memory (the registry's
  // find): the clock watcher goes by id, as a room may be evicted before
  // its deadline.
  std::function<std::shared_ptr<GameRoom>(const std::string& id)> find;
};

// Which seats a token controls.
enum class Role { Spectator, White, Black, Both };

// The answer to a request; status is an HTTP status (200 = done).
struct RoomReply {
  int status = 200;
  std::string error;
  std::shared_ptr<const std::string> state;  // the state JSON after the change
  std::string seat;                          // join: the seat taken
  std::string token;                         // join: its token
  nlohmann::json hint;                       // hint: move, score, exact, pv
};

// What the lobby lists of an open game.
struct LobbyEntry {
  std::string id;
  Player creator;
  std::string color;  // the creator's choice
  nlohmann::json clock;
  bool rated = false;
  std::int64_t created_ms = 0;
};
using Reply = std::function<void(const RoomReply&)>;

class GameRoom : public std::enable_shared_from_this<GameRoom> {
 public:
  // A room for a stored game (replays its moves); throws StoreError when the
  // stored data is not a valid game.
  static std::shared_ptr<GameRoom> load(const StoredGame& stored, RoomContext& context);

  const std::string& id() const { return id_; }
  Mode mode() const { return seats_.mode; }

  // The last committed state (JSON text), its clock as of now.
  std::shared_ptr<const std::string> state() const;
  // Adds a watcher and queues it the current state, in order with later
  // broadcasts.
  void subscribe(const std::shared_ptr<Subscriber>& subscriber);
  Role role_of(const std::string& token) const;
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
  void join(const Player& player, Reply reply);
  // The seat's own side resigns (online and engine games).
  void resign(const std::string& token, Reply reply);
  // Withdraws an open lobby game (its creator only).
  void cancel(std::int64_t user, Reply reply);
  // The seat ("white", "black", "both") and token a user holds; nullopt if
  // none.
  std::optional<std::pair<std::string, std::string>> seat_of(std::int64_t user) const;
  // The lobby's view of the game while it is open; nullopt otherwise.
  std::optional<LobbyEntry> lobby_entry() const;

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

  // The {"type": "state", ...} message for a state.
  static std::shared_ptr<const std::string> state_message(const std::string& state);

 private:
  GameRoom(RoomContext& context, std::string id, SeatInfo seats, Game game, std::string white_token,
           std::string black_token, std::int64_t version);
  void load_community(const StoredGame& stored);

  bool started_locked() const;
  bool over_locked() const;
  Result result_locked() const;
  // The state without its clock, and the clock's JSON at a time.
  std::string state_body_locked() const;
  nlohmann::json clock_json(const community::GameClock& clock, bool started, std::int64_t now) const;
  static std::string with_clock(const std::string& body, const nlohmann::json& clock);
  GameProgress progress_locked(std::int64_t now) const;
  // Ends the game at now: the side to move lost on time.
  void end_on_time_locked(std::int64_t now);
  void end_locked(const std::string& reason, std::optional<Result> result, std::int64_t now);
  // Registers the clock's deadline with the watcher (or removes it).
  void arm_clock_locked();

  Role role_of_locked(const std::string& token) const;
  // Who pays for engine work a seat asks for from an address.
  EngineCharge charge_locked(Role role, const std::string& address) const;
  // Checks a token against the side to move; an error reply or nullopt.
  std::optional<RoomReply> check_turn_locked(const std::string& token) const;
  // After a change to game_/seats: bumps the version, builds the state and
  // commits the writes; the reply follows the commit.
  void commit_locked(std::function<void(StoreWriter&)> writes, RoomReply reply_template, Reply reply);
  void committed(const std::string& error, std::shared_ptr<const std::string> state, RoomReply reply_template,
                 const Reply& reply, std::shared_ptr<RatingChanges> ratings, std::int64_t version);
  void play_locked(Move m, Reply reply);
  void engine_played(Move m, std::int64_t version);

  RoomContext& context_;
  const std::string id_;
  mutable std::mutex mutex_;
  SeatInfo seats_;
  Game game_;
  RemovedStacks removed_;
  std::string white_token_;  // equal to black_token_ in local games
  std::string black_token_;
  std::int64_t version_ = 0;                            // increases with every change, in memory
  std::int64_t engine_version_ = -1;                    // the version the engine was asked about
  EngineCharge engine_charge_;                          // who is charged for the engine's moves
  bool broken_ = false;                                 // a commit failed: refuse everything
  std::atomic<bool> write_failed_{false};               // a write failed: refuse later ones (writer thread)
  std::shared_ptr<const std::string> committed_state_;  // without the clock
  community::GameClock committed_clock_;
  bool committed_started_ = false;
  std::vector<std::weak_ptr<Subscriber>> subscribers_;

  Player white_player_;  // id 0: anonymous (or nobody yet)
  Player black_player_;
  bool rated_ = false;
  community::TimeControl control_;
  community::GameClock clock_;
  std::int64_t created_ms_ = 0;
  std::int64_t started_ms_ = 0;
  std::int64_t ended_ms_ = 0;
  std::string end_reason_;               // "", count, resignation, time, cancelled
  std::optional<Result> forced_result_;  // resignation or time
  int lobby_ = kLobbyNone;
  std::string color_choice_;
  RatingChanges rating_changes_;
  bool rating_pending_ = false;
  bool summary_stale_ = false;
  std::int64_t last_activity_ms_ = 0;  // at load: the last stored event
};

}  // namespace dvonn::server
