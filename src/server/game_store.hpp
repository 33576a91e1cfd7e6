// Every game on disk, in SQLite: a games table (mode, seats, start, version)
// and a moves table (game, move number, move, time).
//
// Durability: WAL journal with synchronous=FULL, so a transaction is on the
// disk (fsynced) when COMMIT returns, and survives the process being killed
// and the machine losing power. A move is acknowledged only from the
// completion callback of the transaction that holds it.
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

struct sqlite3;

namespace dvonn::server {

struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One game's row and its moves, as stored.
struct StoredGame {
  std::string id;
  std::string mode;         // "engine", "online", "local"
  int level = 0;            // engine level (engine games), else 0
  std::string start;        // position string of the starting board
  std::string white_token;  // "" for an engine seat or a free online seat
  std::string black_token;
  std::string engine_color;  // "white", "black" or "" (no engine)
  std::int64_t version = 0;
  bool over = false;
  std::vector<std::string> moves;  // in order, move 1 first
};

// The writes one transaction can hold; only the writer thread uses it.
class StoreWriter {
 public:
  virtual ~StoreWriter() = default;
  virtual void insert_game(const StoredGame& game) = 0;  // with its moves
  virtual void append_move(const std::string& id, int number, const std::string& move) = 0;
  // Deletes the moves after the first `keep`.
  virtual void truncate_moves(const std::string& id, int keep) = 0;
  virtual void set_token(const std::string& id, const std::string& color, const std::string& token) = 0;
  virtual void set_progress(const std::string& id, std::int64_t version, bool over) = 0;
};

class GameStore {
 public:
  // Opens (creating if needed) the database; throws StoreError.
  explicit GameStore(const std::string& path);
  // Commits everything already submitted, then closes.
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  using Work = std::function<void(StoreWriter&)>;
  // Called on the writer thread once the work is committed (error empty) or
  // has failed and was rolled back (error says why). Keep it short.
  using Done = std::function<void(const std::string& error)>;

  // Queues work for the next transaction.
  void submit(Work work, Done done);
  // Queues work and waits for its commit; returns the error, "" on success.
  std::string commit(Work work);

  // Reads a game; nullopt if there is none with that id. Thread-safe.
  std::optional<StoredGame> load(const std::string& id);
  // Ids of engine games that are not over (their engine may be to move).
  std::vector<std::string> unfinished_engine_games();

  // Transactions committed so far (for tests and the load figures).
  std::uint64_t transactions() const { return transactions_; }

 private:
  struct Job {
    Work work;
    Done done;
  };
  void writer_loop();

  sqlite3* write_db_ = nullptr;
  sqlite3* read_db_ = nullptr;
  std::mutex read_mutex_;

  std::mutex queue_mutex_;
  std::condition_variable queue_cv_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::atomic<std::uint64_t> transactions_{0};
  std::thread writer_;
};

}  // namespace dvonn::server
