// One game being played: its seats and their tokens, the Game, and the
// clients watching it. Every change (a move from a browser or the engine, an
// undo, a join) takes the same path: room checks (seat, turn) -> rules-core
// check -> store commit -> broadcast of the new state -> reply to the sender.
// Nothing is acknowledged or broadcast before the store has committed it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "server/engine_workers.hpp"
#include "server/game_store.hpp"
#include "server/state_json.hpp"
#include "server/subscriber.hpp"

namespace dvonn::server {

// What a room needs from the rest of the server.
struct RoomContext {
  GameStore& store;
  EngineWorkers& engines;
  double engine_seconds = 1.0;  // per engine move
  double hint_seconds = 1.0;
  // Called when a commit failed: the room's memory may be ahead of the
  // disk, so the registry forgets it and the next access reloads it.
  std::function<void(const std::string& id)> forget;
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
using Reply = std::function<void(const RoomReply&)>;

class GameRoom : public std::enable_shared_from_this<GameRoom> {
 public:
  // A room for a stored game (replays its moves); throws StoreError when the
  // stored data is not a valid game.
  static std::shared_ptr<GameRoom> load(const StoredGame& stored, RoomContext& context);

  const std::string& id() const { return id_; }
  Mode mode() const { return seats_.mode; }

  // The last committed state (JSON text).
  std::shared_ptr<const std::string> state() const;
  // Adds a watcher and queues it the current state, in order with later
  // broadcasts.
  void subscribe(const std::shared_ptr<Subscriber>& subscriber);
  Role role_of(const std::string& token) const;
  // The game record, for download.
  std::string record() const;

  // Each calls reply once, possibly later and on another thread.
  void move(const std::string& token, const std::string& move_text, Reply reply);
  void undo(const std::string& token, Reply reply);
  void hint(const std::string& token, Reply reply);
  void join(Reply reply);

  // Starts the engine thinking if it is to move (after creation or a
  // restart); does nothing otherwise.
  void resume_engine();

  // The {"type": "state", ...} message for a state.
  static std::shared_ptr<const std::string> state_message(const std::string& state);

 private:
  GameRoom(RoomContext& context, std::string id, SeatInfo seats, Game game, std::string white_token,
           std::string black_token, std::int64_t version);

  Role role_of_locked(const std::string& token) const;
  // Checks a token against the side to move; an error reply or nullopt.
  std::optional<RoomReply> check_turn_locked(const std::string& token) const;
  // After a change to game_/seats: bumps the version, builds the state and
  // commits the writes; the reply follows the commit.
  void commit_locked(std::function<void(StoreWriter&)> writes, RoomReply reply_template, Reply reply);
  void committed(const std::string& error, std::shared_ptr<const std::string> state, RoomReply reply_template,
                 const Reply& reply);
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
  std::int64_t version_ = 0;          // increases with every change, in memory
  std::int64_t engine_version_ = -1;  // the version the engine was asked about
  bool broken_ = false;               // a commit failed: refuse everything
  std::shared_ptr<const std::string> committed_state_;
  std::vector<std::weak_ptr<Subscriber>> subscribers_;
};

}  // namespace dvonn::server
