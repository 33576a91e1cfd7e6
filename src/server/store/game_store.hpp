// Every game on disk, in SQLite or PostgreSQL (database.hpp): a games table (mode, seats, players, clock,
// start, version, how it ended, a summary for the lists) and a moves table
// (game, move number, move, time); users, sessions and rating history are in
// the same database (schema.cpp).
//
// Durability: WAL journal with synchronous=FULL, so a transaction is on the
// disk (fsynced) when COMMIT returns, and survives the process being killed
// and the machine losing power. A move is acknowledged only from the
// completion callback of the transaction that holds it.
//
// On PostgreSQL the same contract holds: synchronous_commit is on, so COMMIT
// returns once the server has flushed its WAL.
//
// Throughput: writes go to one writer thread, which groups whatever is
// waiting into one transaction (group commit): one fsync then covers many
// games' moves, so a busy server pays far less than one fsync per move.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/move.hpp"
#include "server/base/game_model.hpp"
#include "server/base/store_error.hpp"
#include "server/base/user.hpp"
#include "server/store/database.hpp"

namespace dvonn::server {

// A change of a game that lost to another server's change of it (many
// servers on one PostgreSQL database): the version the room had is no
// longer the stored one. Nothing of the change is written.
struct VersionConflict : StoreError {
  using StoreError::StoreError;
};

// One game's row and its moves, as stored.
struct StoredGame {
  std::string id;
  Mode mode = Mode::Local;
  int level = 0;            // engine level (engine games), else 0
  std::string start;        // position string of the starting board
  std::string white_token;  // "" for an engine seat or a free online seat
  std::string black_token;
  std::optional<Color> engine_color;  // the engine's seat (engine games)
  std::int64_t version = 0;
  bool over = false;
  std::vector<std::string> moves;        // in order, move 1 first
  std::vector<std::int64_t> move_times;  // ms since the epoch, one per move
  // One per move: the game's version whose change wrote it (moves.version;
  // 0: unknown, written by an older server). A node holding moves 1..N
  // knows its move N is still the stored one when both say the same
  // version (a takeback deletes moves; a move played again is written by
  // a later version): GameStore::load_increment.
  std::vector<std::int64_t> move_versions;

  // Players (0: an anonymous seat). load() fills the User rows.
  std::int64_t white_user = 0;
  std::int64_t black_user = 0;
  User white_player;
  User black_player;
  std::string clock = "untimed";  // format_time_control
  bool rated = false;
  std::int64_t created_ms = 0;
  std::int64_t started_ms = 0;  // both seats taken; 0 while waiting
  std::int64_t ended_ms = 0;
  EndReason end_reason = EndReason::None;
  Winner winner = Winner::None;
  LobbyState lobby = LobbyState::None;
  std::string color_choice;     // lobby games: the creator's choice
  std::int64_t move_count = 0;  // as the summary last said
  // Rating changes of the game (rated games that ended): before/after.
  bool has_rating_changes = false;
  double white_before = 0, white_after = 0, black_before = 0, black_after = 0;
  // The tournament the game is part of, as JSON text {"id", "name",
  // "round"} (server/tournaments marks the game); "null" for other games.
  std::string tournament = "null";
  // What the two people of an online game asked of each other and who is
  // away (a rematch offer, a takeback request), as JSON text
  // (rooms/live_fields.hpp); "" when nothing. Stored so that every node
  // shows and answers them (many servers on one database).
  std::string live_fields;
};

// What a node holds of a game in memory (a room), for load_increment.
struct HeldGame {
  std::int64_t version = 0;
  std::int64_t moves = 0;              // moves 1..moves
  std::int64_t last_move_version = 0;  // StoredGame::move_versions of move `moves`
  std::int64_t white_user = 0;
  std::int64_t black_user = 0;
  bool over = false;
  bool has_rating_changes = false;
};

// What changed of a stored game since a node's HeldGame (many nodes: after
// another node's change, a node reads what it lacks instead of the whole
// game, GameStore::load_increment).
struct GameIncrement {
  // The held game is the stored one (nothing to read).
  bool unchanged = false;
  // The increment does not fit what is held (a takeback removed held
  // moves, a move held was written by an unknown version): `game` is the
  // whole stored game, read as by load().
  bool full = false;
  // Otherwise `game` has the row's fields and live fields as stored, but
  // only the moves after the held ones (moves, move_times, move_versions);
  // its tournament is not read (a game's tournament is set when it is
  // made), its players only when players_read (their ids changed, or the
  // game ended: ratings), its rating changes only when ratings_read.
  bool players_read = false;
  bool ratings_read = false;
  StoredGame game;
};

// What the lists (my games, archive, live) show of a game, kept up to date
// with every change.
struct GameProgress {
  std::int64_t version = 0;
  bool over = false;
  std::string result = "ongoing";
  int score_white = 0;
  int score_black = 0;
  int move_count = 0;
  std::string to_move = "white";
  std::optional<std::int64_t> deadline_ms;
  // When the server must next look at the game (games.watch_ms).
  std::optional<std::int64_t> watch_ms;
  std::int64_t updated_ms = 0;
  EndReason end_reason = EndReason::None;
  Winner winner = Winner::None;
  std::int64_t ended_ms = 0;
};

// The writes one transaction can hold; only the writer thread uses it.
class StoreWriter {
 public:
  virtual ~StoreWriter() = default;
  virtual void insert_game(const StoredGame& game) = 0;  // with its moves
  // version: the game's version this change gives it (StoredGame::move_versions;
  // 0: unknown).
  virtual void append_move(const std::string& id, int number, const std::string& move, std::int64_t time_ms,
                           std::int64_t version = 0) = 0;
  // Deletes the moves after the first `keep`.
  virtual void truncate_moves(const std::string& id, int keep) = 0;
  // A seat taken: its token and its player (0: anonymous).
  virtual void set_seat(const std::string& id, Color color, const std::string& token, std::int64_t user) = 0;
  virtual void set_started(const std::string& id, std::int64_t started_ms) = 0;
  virtual void set_lobby(const std::string& id, LobbyState lobby) = 0;
  virtual void set_progress(const std::string& id, const GameProgress& progress) = 0;
  // The game's stored version goes from `from` to `to` in this transaction;
  // throws VersionConflict when it is not `from` (another server changed
  // the game first). On PostgreSQL the other servers hear of the change
  // when it commits (GameChangeFeed); `lobby`: the game is (or was) in the
  // lobby, whose lists change with it.
  virtual void advance_version(const std::string& id, std::int64_t from, std::int64_t to, bool lobby) = 0;
  // StoredGame::live_fields of a game.
  virtual void set_live_fields(const std::string& id, const std::string& text) = 0;
  // The open connection, for writes of other stores in the same
  // transaction (accounts, ratings).
  virtual Database* connection() = 0;
};

class GameStore {
 public:
  // Opens (creating if needed) the database, with `readers` connections for
  // reads (WAL: they read at once, side by side, while the writer writes);
  // throws StoreError. `path`: a SQLite file, or a PostgreSQL URI or libpq
  // keyword string (is_postgres_target).
  explicit GameStore(const std::string& path, int readers = 1);
  // Commits everything already submitted, then closes.
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  using Work = std::function<void(StoreWriter&)>;
  // Called once the work is committed (error empty) or has failed and was
  // rolled back (error says why), in the order the work was submitted: for a
  // transaction that committed whole, on the store's completion thread (the
  // writer meanwhile starts the next transaction); when anything in it
  // failed, on the writer thread before its next transaction. Keep it short.
  using Done = std::function<void(const std::string& error)>;

  // Queues work for the next transaction.
  void submit(Work work, Done done);
  // Queues work and waits for its commit; returns the error, "" on success.
  std::string commit(Work work);

  // Reads a game (in one snapshot: its row and moves agree); nullopt if
  // there is none with that id. Thread-safe.
  std::optional<StoredGame> load(const std::string& id);
  // What changed of a game since `held` (in one snapshot, as load); nullopt
  // if there is no such game. Thread-safe.
  std::optional<GameIncrement> load_increment(const std::string& id, const HeldGame& held);
  // A game's stored version (a cheap read: is a room's memory of it
  // behind?); nullopt if there is no such game.
  std::optional<std::int64_t> stored_version(const std::string& id);
  // Ids of engine games that are not over (their engine may be to move).
  std::vector<std::string> unfinished_engine_games();
  // Ids of unfinished timed games that have started (their clocks run).
  std::vector<std::string> running_timed_games();
  // Ids of unfinished games due (games.watch_ms) before `before_ms`: a
  // clock's flag fell or a first move is overdue.
  std::vector<std::string> games_due(std::int64_t before_ms);
  // Runs a read on a free read connection (waiting for one when every
  // connection is in use).
  void read(const std::function<void(Database*)>& fn);
  // Tests: runs at the start of every read() (to hold one up). Set before
  // the store is used.
  void set_read_hook(std::function<void()> hook) { read_hook_ = std::move(hook); }

  // This server among the servers on one database (random, new at every
  // start): the change feed skips the changes it made itself.
  const std::string& node_id() const { return node_id_; }

  // Transactions committed so far (for tests and the load figures).
  std::uint64_t transactions() const { return transactions_; }
  // Writes rolled back so far (storage errors; for /metrics).
  std::uint64_t failed_writes() const { return failed_writes_; }
  // Whether the database file was moved or deleted under the server (its
  // folder removed, say): SQLite would go on writing to the unlinked file,
  // which nobody finds again, so from then on every write fails instead.
  bool file_lost() const { return file_lost_; }

 private:
  struct Job {
    Work work;
    Done done;
  };
  void writer_loop();
  // Runs the completions of committed transactions, in order (completer_).
  void completer_loop();
  // Throws StoreError (and notes it, logging once) when the file at the
  // database's path is no longer the file the writer writes to.
  void check_file();

  class Lease;  // one read connection, while a read runs

  std::unique_ptr<Database> write_db_;
  std::vector<std::unique_ptr<Database>> readers_;  // every read connection
  std::vector<Database*> free_readers_;             // those not in use
  std::mutex read_mutex_;
  std::condition_variable read_cv_;
  std::function<void()> read_hook_;

  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::atomic<std::uint64_t> transactions_{0};
  std::atomic<std::uint64_t> failed_writes_{0};
  std::atomic<bool> file_lost_{false};
  std::string path_;
  std::string node_id_;
  std::thread writer_;

  // Completions of committed transactions, in commit order: sending the
  // states of a transaction's moves overlaps the next transaction.
  std::mutex done_mutex_;
  std::condition_variable done_cv_;
  std::deque<std::vector<Done>> done_queue_;
  std::size_t done_pending_ = 0;  // batches queued or running
  bool done_stopping_ = false;
  std::thread completer_;
};

}  // namespace dvonn::server
