#include "server/store/game_store.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string_view>

#include "server/base/random_id.hpp"
#include "server/store/game_change_feed.hpp"
#include "server/store/read_snapshot.hpp"
#include "server/store/schema.hpp"
#include "server/store/sqlite_database.hpp"
#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {
namespace {

double unix_time() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

class DatabaseWriter : public StoreWriter {
 public:
  DatabaseWriter(Database* db, std::string node_id)
      : db_(db),
        node_id_(std::move(node_id)),
        insert_game_(db,
                     "INSERT INTO games(id, mode, level, start, white_token, black_token, engine_color, version, over, "
                     "created, white_user, black_user, clock, rated, created_ms, started_ms, lobby, color_choice, "
                     "updated_ms, to_move) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, "
                     "?16, ?17, ?18, ?15, 'white')"),
        append_move_(db, "INSERT INTO moves(game_id, number, move, time, version) VALUES (?1, ?2, ?3, ?4, ?5)"),
        truncate_(db, "DELETE FROM moves WHERE game_id = ?1 AND number > ?2"),
        white_seat_(db, "UPDATE games SET white_token = ?2, white_user = ?3 WHERE id = ?1"),
        black_seat_(db, "UPDATE games SET black_token = ?2, black_user = ?3 WHERE id = ?1"),
        started_(db, "UPDATE games SET started_ms = ?2 WHERE id = ?1"),
        lobby_(db, "UPDATE games SET lobby = ?2 WHERE id = ?1"),
        progress_(db,
                  "UPDATE games SET version = ?2, over = ?3, result = ?4, score_white = ?5, score_black = ?6, "
                  "move_count = ?7, to_move = ?8, deadline_ms = ?9, updated_ms = ?10, end_reason = ?11, winner = ?12, "
                  "ended_ms = ?13, watch_ms = ?14, "
                  // The ratings of the time, kept from the end on (a rated
                  // game's update follows in the same transaction).
                  "white_rating_then = CASE WHEN ?3 = 0 THEN NULL ELSE COALESCE(white_rating_then, (SELECT u.rating "
                  "FROM users u WHERE u.id = white_user AND u.guest = 0 AND u.engine = 0)) END, "
                  "black_rating_then = CASE WHEN ?3 = 0 THEN NULL ELSE COALESCE(black_rating_then, (SELECT u.rating "
                  "FROM users u WHERE u.id = black_user AND u.guest = 0 AND u.engine = 0)) END "
                  "WHERE id = ?1"),
        // The row lock this takes holds another server's change of the
        // game until this transaction ends; it then finds the new version
        // and changes nothing (READ COMMITTED re-reads the row).
        version_(db, "UPDATE games SET version = ?3 WHERE id = ?1 AND version = ?2") {}

  void insert_game(const StoredGame& g) override {
    double now = unix_time();
    std::int64_t created_ms = g.created_ms ? g.created_ms : static_cast<std::int64_t>(now * 1000);
    insert_game_.bind(1, g.id)
        .bind(2, std::string(mode_name(g.mode)))
        .bind(3, std::int64_t{g.level})
        .bind(4, g.start)
        .bind(5, g.white_token)
        .bind(6, g.black_token)
        .bind(7, std::string(g.engine_color ? color_name(*g.engine_color) : ""))
        .bind(8, g.version)
        .bind(9, std::int64_t{g.over})
        .bind(10, now)
        .bind(11, g.white_user)
        .bind(12, g.black_user)
        .bind(13, g.clock)
        .bind(14, std::int64_t{g.rated})
        .bind(15, created_ms)
        .bind(16, g.started_ms)
        .bind(17, lobby_state_int(g.lobby))
        .bind(18, g.color_choice)
        .run();
    for (std::size_t i = 0; i < g.moves.size(); ++i)
      append_move(g.id, static_cast<int>(i) + 1, g.moves[i], i < g.move_times.size() ? g.move_times[i] : created_ms,
                  g.version);
    announce(g.id, g.version, g.lobby != LobbyState::None);
  }
  void append_move(const std::string& id, int number, const std::string& move, std::int64_t time_ms,
                   std::int64_t version) override {
    append_move_.bind(1, id)
        .bind(2, std::int64_t{number})
        .bind(3, move)
        .bind(4, static_cast<double>(time_ms) / 1000.0)
        .bind(5, version)
        .run();
  }
  void truncate_moves(const std::string& id, int keep) override {
    truncate_.bind(1, id).bind(2, std::int64_t{keep}).run();
  }
  void set_seat(const std::string& id, Color color, const std::string& token, std::int64_t user) override {
    (color == Color::White ? white_seat_ : black_seat_).bind(1, id).bind(2, token).bind(3, user).run();
  }
  void set_started(const std::string& id, std::int64_t started_ms) override {
    started_.bind(1, id).bind(2, started_ms).run();
  }
  void set_lobby(const std::string& id, LobbyState lobby) override {
    lobby_.bind(1, id).bind(2, lobby_state_int(lobby)).run();
  }
  void set_progress(const std::string& id, const GameProgress& p) override {
    progress_.bind(1, id)
        .bind(2, p.version)
        .bind(3, std::int64_t{p.over})
        .bind(4, p.result)
        .bind(5, std::int64_t{p.score_white})
        .bind(6, std::int64_t{p.score_black})
        .bind(7, std::int64_t{p.move_count})
        .bind(8, p.to_move);
    if (p.deadline_ms)
      progress_.bind(9, *p.deadline_ms);
    else
      progress_.bind_null(9);
    progress_.bind(10, p.updated_ms)
        .bind(11, std::string(end_reason_name(p.end_reason)))
        .bind(12, std::string(winner_name(p.winner)))
        .bind(13, p.ended_ms);
    if (p.watch_ms)
      progress_.bind(14, *p.watch_ms);
    else
      progress_.bind_null(14);
    progress_.run();
  }
  void advance_version(const std::string& id, std::int64_t from, std::int64_t to, bool lobby) override {
    try {
      version_.bind(1, id).bind(2, from).bind(3, to).run();
    } catch (const StoreError& e) {
      // Two nodes' transactions locking two games in opposite orders:
      // PostgreSQL ends one of them, whose change of this game lost.
      if (std::string_view(e.what()).find("deadlock detected") == std::string_view::npos) throw;
      throw VersionConflict("game " + id + ": lost a deadlock to another server's change");
    }
    if (db_->changes() == 0)
      throw VersionConflict("game " + id + ": changed meanwhile by another server (version " + std::to_string(from) +
                            " is no longer the stored one)");
    announce(id, to, lobby);
  }
  void set_live_fields(const std::string& id, const std::string& text) override {
    // Prepared per call: offers and requests are rare next to moves.
    Statement(db_,
              "INSERT INTO game_live_fields(game_id, fields) VALUES (?1, ?2)"
              " ON CONFLICT(game_id) DO UPDATE SET fields = excluded.fields",
              false)
        .bind(1, id)
        .bind(2, text)
        .run();
  }
  Database* connection() override { return db_; }

 private:
  // PostgreSQL delivers a NOTIFY at commit, and drops it with a rolled
  // back savepoint or transaction: the other servers hear of committed
  // changes only. SQLite has one server: nobody to tell.
  void announce(const std::string& id, std::int64_t version, bool lobby) {
    if (!db_->postgres()) return;
    if (!notify_) notify_.emplace(db_, "SELECT pg_notify(?1, ?2)");
    GameChange change{id, version, lobby};
    notify_->bind(1, std::string(kGameChannel)).bind(2, format_game_change(node_id_, change)).run();
  }

  Database* db_;
  std::string node_id_;
  Statement insert_game_, append_move_, truncate_, white_seat_, black_seat_, started_, lobby_, progress_, version_;
  std::optional<Statement> notify_;
};

}  // namespace

// A free read connection, taken for as long as the lease lives.
class GameStore::Lease {
 public:
  explicit Lease(GameStore& store) : store_(store) {
    std::unique_lock lock(store_.read_mutex_);
    store_.read_cv_.wait(lock, [this] { return !store_.free_readers_.empty(); });
    db = store_.free_readers_.back();
    store_.free_readers_.pop_back();
  }
  ~Lease() {
    {
      std::lock_guard lock(store_.read_mutex_);
      store_.free_readers_.push_back(db);
    }
    store_.read_cv_.notify_one();
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Database* db = nullptr;

 private:
  GameStore& store_;
};

GameStore::GameStore(const std::string& path, int readers) : path_(path), node_id_(new_seat_token().substr(0, 12)) {
  write_db_ = open_database(path);
  if (write_db_->postgres()) {
    // Servers starting side by side on one database: one at a time creates
    // or migrates the schema (PostgreSQL's DDL is transactional).
    sql_exec(write_db_.get(), "BEGIN; SELECT pg_advisory_xact_lock(4054)");
    try {
      create_schema(write_db_.get());
      sql_exec(write_db_.get(), "COMMIT");
    } catch (...) {
      sql_exec(write_db_.get(), "ROLLBACK");
      throw;
    }
  } else {
    // WAL: readers never block the writer and a commit appends to one file.
    // synchronous=FULL: COMMIT returns only after the WAL is fsynced, so an
    // acknowledged move survives kill -9 and power loss alike (NORMAL would
    // survive kill -9 only). Group commit keeps the fsync count low.
    sql_exec(write_db_.get(), "PRAGMA journal_mode=WAL");
    sql_exec(write_db_.get(), "PRAGMA synchronous=FULL");
    sql_exec(write_db_.get(), "PRAGMA foreign_keys=ON");
    // The writer's cost per move (none of these touches durability):
    // each job's savepoint keeps the pages the job changes in a
    // sub-journal, in memory rather than through a temporary file (two
    // writes a page a job); 16 MiB of page cache hold the pages moves
    // change (the games' rows and indexes, the end of each game's moves),
    // which the default 2 MiB re-read from the disk; and a checkpoint every
    // 10,000 WAL pages (40 MiB) rather than 1,000 copies a page that many
    // commits changed once.
    sql_exec(write_db_.get(), "PRAGMA temp_store=MEMORY");
    sql_exec(write_db_.get(), "PRAGMA cache_size=-16384");
    sql_exec(write_db_.get(), "PRAGMA wal_autocheckpoint=10000");
    create_schema(write_db_.get());
  }
  for (int i = 0; i < std::max(1, readers); ++i) readers_.push_back(open_database(path));
  for (auto& db : readers_) free_readers_.push_back(db.get());
  completer_ = std::thread([this] { completer_loop(); });
  writer_ = std::thread([this] { writer_loop(); });
}

GameStore::~GameStore() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_cv_.notify_all();
  writer_.join();
  {
    std::lock_guard lock(done_mutex_);
    done_stopping_ = true;
  }
  done_cv_.notify_all();
  completer_.join();
}

void GameStore::submit(Work work, Done done) {
  {
    std::lock_guard lock(queue_mutex_);
    queue_.push_back({std::move(work), std::move(done)});
  }
  queue_cv_.notify_one();
}

std::string GameStore::commit(Work work) {
  std::promise<std::string> result;
  auto future = result.get_future();
  submit(std::move(work), [&result](const std::string& error) { result.set_value(error); });
  return future.get();
}

void GameStore::check_file() {
  auto* sqlite = dynamic_cast<SqliteDatabase*>(write_db_.get());
  if (!sqlite) return;  // PostgreSQL: no file of ours to lose
  if (!file_lost_ && sqlite->file_moved() && !file_lost_.exchange(true))
    std::cerr << "dvonn serve: the database file " << path_
              << " was moved or deleted while the server ran: every write is refused from now on; "
                 "put the file back and restart the server\n";
  if (file_lost_) throw StoreError("the database file was moved or deleted");
}

namespace {

void call_done(const GameStore::Done& done, const std::string& error) {
  // An exception escaping this thread would end the process; one
  // callback's failure must not keep the others from being called.
  try {
    done(error);
  } catch (const std::exception& e) {
    std::cerr << "dvonn serve: after a commit: " << e.what() << "\n";
  }
}

}  // namespace

void GameStore::writer_loop() {
  DatabaseWriter writer(write_db_.get(), node_id_);
  Database* db = write_db_.get();
  // IMMEDIATE: SQLite takes the write lock at once (PostgreSQL locks rows
  // as it writes them).
  Statement begin(db, db->postgres() ? "BEGIN" : "BEGIN IMMEDIATE");
  Statement commit(db, "COMMIT");
  // Prepared once: parsing them again for every job was a good part of the
  // writer's SQL work per move.
  Statement savepoint(db, "SAVEPOINT job");
  Statement rollback_job(db, "ROLLBACK TO job");
  Statement release_job(db, "RELEASE job");
  for (;;) {
    std::deque<Job> batch;
    {
      std::unique_lock lock(queue_mutex_);
      queue_cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      batch.swap(queue_);
    }
    std::vector<std::string> errors(batch.size());
    // Changes that lost to another node's (VersionConflict): answered with
    // a 409, not storage errors.
    std::vector<bool> lost(batch.size(), false);
    try {
      check_file();
      begin.run();
      // Each job in its own savepoint: a failing job (say, a duplicate id)
      // is rolled back alone and the others in the batch still commit.
      for (std::size_t i = 0; i < batch.size(); ++i) {
        savepoint.run();
        try {
          batch[i].work(writer);
        } catch (const VersionConflict& e) {
          errors[i] = e.what();
          lost[i] = true;
          rollback_job.run();
        } catch (const std::exception& e) {
          errors[i] = e.what();
          rollback_job.run();
        }
        release_job.run();
      }
      commit.run();
      // Committed to a file that was removed meanwhile: nobody finds it
      // again, so nothing in it may be acknowledged.
      check_file();
      ++transactions_;
      for (std::size_t i = 0; i < errors.size(); ++i)
        if (!errors[i].empty() && !lost[i]) std::cerr << "dvonn serve: a write was rolled back: " << errors[i] << "\n";
    } catch (const std::exception& e) {
      // The whole transaction is lost: nothing in it may be acknowledged.
      try {
        sql_exec(db, "ROLLBACK");
      } catch (const std::exception&) {
        // No transaction open (BEGIN itself failed): nothing to undo.
      }
      std::cerr << "dvonn serve: a commit failed, " << batch.size() << " writes rolled back: " << e.what() << "\n";
      for (auto& error : errors) error = std::string("could not save: ") + e.what();
    }
    for (std::size_t i = 0; i < errors.size(); ++i) failed_writes_ += !errors[i].empty() && !lost[i];
    if (std::all_of(errors.begin(), errors.end(), [](const std::string& e) { return e.empty(); })) {
      // All committed: the completion thread answers, in order, while this
      // thread goes on to the next transaction.
      std::vector<Done> dones;
      dones.reserve(batch.size());
      for (auto& job : batch)
        if (job.done) dones.push_back(std::move(job.done));
      {
        std::lock_guard lock(done_mutex_);
        done_queue_.push_back(std::move(dones));
        ++done_pending_;
      }
      done_cv_.notify_all();
      continue;
    }
    // A failure: answered here, after every earlier completion and before
    // the next transaction (a game whose change failed must refuse its later
    // changes before any of them is written).
    {
      std::unique_lock lock(done_mutex_);
      done_cv_.wait(lock, [this] { return done_pending_ == 0; });
    }
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (batch[i].done) call_done(batch[i].done, errors[i]);
  }
}

void GameStore::completer_loop() {
  for (;;) {
    std::vector<Done> dones;
    {
      std::unique_lock lock(done_mutex_);
      done_cv_.wait(lock, [this] { return done_stopping_ || !done_queue_.empty(); });
      if (done_queue_.empty()) return;  // stopping, and everything is answered
      dones = std::move(done_queue_.front());
      done_queue_.pop_front();
    }
    for (auto& done : dones) call_done(done, "");
    {
      std::lock_guard lock(done_mutex_);
      --done_pending_;
    }
    done_cv_.notify_all();
  }
}

namespace {

// A game's row and live fields, without its moves, players, tournament and
// rating changes.
std::optional<StoredGame> read_game_row(Database* db, const std::string& id) {
  // Prepared per call: loads are rare (once per game per server start).
  Statement game(db,
                 "SELECT mode, level, start, white_token, black_token, engine_color, version, over, white_user, "
                 "black_user, clock, rated, created_ms, started_ms, ended_ms, end_reason, winner, lobby, color_choice, "
                 "move_count, "
                 // In the same statement (one snapshot): the live fields of
                 // another version would show what this one did not ask.
                 "COALESCE((SELECT fields FROM game_live_fields WHERE game_id = games.id), '') AS live_fields "
                 "FROM games WHERE id = ?1",
                 false);
  game.bind(1, id);
  if (!game.next()) return std::nullopt;
  StoredGame g;
  g.id = id;
  // What the database holds is checked here, at the edge: past it the
  // server deals in typed values only.
  auto bad = [&](const std::string& what, const std::string& value) {
    return StoreError("game " + id + ": unknown " + what + " " + value);
  };
  auto mode = parse_mode(game.text("mode"));
  if (!mode) throw bad("mode", game.text("mode"));
  g.mode = *mode;
  g.level = static_cast<int>(game.integer("level"));
  g.start = game.text("start");
  g.white_token = game.text("white_token");
  g.black_token = game.text("black_token");
  g.engine_color = parse_color(game.text("engine_color"));
  if (!g.engine_color && !game.text("engine_color").empty()) throw bad("engine colour", game.text("engine_color"));
  g.version = game.integer("version");
  g.over = game.integer("over") != 0;
  g.white_user = game.integer("white_user");
  g.black_user = game.integer("black_user");
  g.clock = game.text("clock");
  g.rated = game.integer("rated") != 0;
  g.created_ms = game.integer("created_ms");
  g.started_ms = game.integer("started_ms");
  g.ended_ms = game.integer("ended_ms");
  auto end_reason = parse_end_reason(game.text("end_reason"));
  if (!end_reason) throw bad("end reason", game.text("end_reason"));
  g.end_reason = *end_reason;
  auto winner = parse_winner(game.text("winner"));
  if (!winner) throw bad("winner", game.text("winner"));
  g.winner = *winner;
  auto lobby = lobby_state_from_int(game.integer("lobby"));
  if (!lobby) throw bad("lobby state", std::to_string(game.integer("lobby")));
  g.lobby = *lobby;
  g.color_choice = game.text("color_choice");
  g.move_count = game.integer("move_count");
  g.live_fields = game.text("live_fields");
  game.reset();
  return g;
}

// Appends the moves numbered from `first` on to g (moves, times, versions);
// false when they do not follow on from move first - 1 (a gap).
bool read_moves(Database* db, StoredGame& g, std::int64_t first) {
  Statement moves(
      db, "SELECT number, move, time, version FROM moves WHERE game_id = ?1 AND number >= ?2 ORDER BY number", false);
  moves.bind(1, g.id).bind(2, first);
  bool follows = true;
  for (std::int64_t expected = first; moves.next(); ++expected) {
    follows = follows && moves.integer("number") == expected;
    g.moves.push_back(moves.text("move"));
    g.move_times.push_back(static_cast<std::int64_t>(moves.real("time") * 1000.0 + 0.5));
    g.move_versions.push_back(moves.integer("version"));
  }
  return follows;
}

void read_players(Database* db, StoredGame& g) {
  g.white_player = read_user(db, g.white_user).value_or(User{});
  g.black_player = read_user(db, g.black_user).value_or(User{});
}

void read_rating_changes(Database* db, StoredGame& g) {
  Statement changes(db, "SELECT color, before, after FROM rating_history WHERE game_id = ?1", false);
  changes.bind(1, g.id);
  while (changes.next()) {
    g.has_rating_changes = true;
    if (changes.text("color") == "white") {
      g.white_before = changes.real("before");
      g.white_after = changes.real("after");
    } else {
      g.black_before = changes.real("before");
      g.black_after = changes.real("after");
    }
  }
}

// A game's row, moves, players, tournament and rating changes, as read on
// `db` (in one snapshot: GameStore::load).
std::optional<StoredGame> read_game(Database* db, const std::string& id) {
  auto row = read_game_row(db, id);
  if (!row) return std::nullopt;
  StoredGame& g = *row;
  read_moves(db, g, 1);
  read_players(db, g);
  Statement tournament(db,
                       "SELECT t.id AS id, t.name AS name, g.tournament_round AS round FROM games g"
                       " JOIN tournaments t ON t.id = g.tournament_id WHERE g.id = ?1",
                       false);
  tournament.bind(1, id);
  if (tournament.next()) {
    g.tournament =
        nlohmann::json{
            {"id", tournament.text("id")}, {"name", tournament.text("name")}, {"round", tournament.integer("round")}}
            .dump();
    tournament.reset();
  }
  read_rating_changes(db, g);
  return row;
}

// What changed of a game since `held`, as read on `db` (in one snapshot).
std::optional<GameIncrement> read_increment(Database* db, const std::string& id, const HeldGame& held) {
  auto row = read_game_row(db, id);
  if (!row) return std::nullopt;
  GameIncrement inc;
  if (row->version == held.version) {
    inc.unchanged = true;
    return inc;
  }
  inc.game = std::move(*row);
  StoredGame& g = inc.game;
  // From the last move held on (or from the first): the held moves are
  // still stored as held only if that move was written by the version that
  // wrote the held one (a takeback deletes the moves after those it keeps).
  bool fits = g.version > held.version && read_moves(db, g, std::max<std::int64_t>(held.moves, 1));
  if (fits && held.moves > 0) {
    fits = !g.moves.empty() && held.last_move_version != 0 && g.move_versions.front() == held.last_move_version;
    if (fits) {
      g.moves.erase(g.moves.begin());
      g.move_times.erase(g.move_times.begin());
      g.move_versions.erase(g.move_versions.begin());
    }
  }
  // The summary's count of moves is written with each change: a stored
  // game that does not agree with it is not one to add to.
  fits = fits && g.move_count == held.moves + static_cast<std::int64_t>(g.moves.size());
  if (!fits) {
    inc.full = true;
    g = *read_game(db, id);
    return inc;
  }
  if (g.white_user != held.white_user || g.black_user != held.black_user || (g.over && !held.over)) {
    read_players(db, g);
    inc.players_read = true;
  }
  if (g.over && !held.has_rating_changes) {
    read_rating_changes(db, g);
    inc.ratings_read = true;
  }
  return inc;
}

}  // namespace

std::optional<StoredGame> GameStore::load(const std::string& id) {
  Lease lease(*this);
  // One snapshot: read statement by statement, a game's row of version N
  // could come with the moves of version N+1 committed in between (by this
  // server's writer or another server), and the room made of them would be
  // ahead of its own version.
  ReadSnapshot snapshot(lease.db);
  return read_game(lease.db, id);
}

std::optional<GameIncrement> GameStore::load_increment(const std::string& id, const HeldGame& held) {
  Lease lease(*this);
  ReadSnapshot snapshot(lease.db);
  return read_increment(lease.db, id, held);
}

std::optional<std::int64_t> GameStore::stored_version(const std::string& id) {
  Lease lease(*this);
  Statement q(lease.db, "SELECT version FROM games WHERE id = ?1", false);
  q.bind(1, id);
  if (!q.next()) return std::nullopt;
  std::int64_t version = q.integer(0);
  q.reset();
  return version;
}

std::vector<std::string> GameStore::unfinished_engine_games() {
  Lease lease(*this);
  Statement q(lease.db, "SELECT id FROM games WHERE mode = 'engine' AND over = 0", false);
  std::vector<std::string> ids;
  while (q.next()) ids.push_back(q.text(0));
  return ids;
}

std::vector<std::string> GameStore::running_timed_games() {
  Lease lease(*this);
  Statement q(lease.db, "SELECT id FROM games WHERE over = 0 AND clock <> 'untimed' AND started_ms > 0", false);
  std::vector<std::string> ids;
  while (q.next()) ids.push_back(q.text(0));
  return ids;
}

std::vector<std::string> GameStore::games_due(std::int64_t before_ms) {
  Lease lease(*this);
  Statement q(lease.db, "SELECT id FROM games WHERE over = 0 AND watch_ms < ?1 ORDER BY watch_ms", false);
  q.bind(1, before_ms);
  std::vector<std::string> ids;
  while (q.next()) ids.push_back(q.text(0));
  return ids;
}

void GameStore::read(const std::function<void(Database*)>& fn) {
  if (read_hook_) read_hook_();
  Lease lease(*this);
  fn(lease.db);
}

}  // namespace dvonn::server
