// The tournaments on disk (the tables of schema.cpp's tournament block):
// reads on the store's read connections, writes as functions of an open
// transaction (GameStore::commit's StoreWriter::connection()), so that a
// tournament's change and the games it creates commit together.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/base/page_cursor.hpp"
#include "server/store/database.hpp"
#include "server/store/game_store.hpp"
#include "server/tournaments/tournament_record.hpp"

namespace dvonn::server {

class TournamentStore {
 public:
  explicit TournamentStore(GameStore& store) : store_(store) {}

  // A tournament with its entrants and games; nullopt for an unknown id.
  std::optional<TournamentRecord> load(const std::string& id);
  // The ids of the tournaments not over yet (upcoming or running).
  std::vector<std::string> unfinished_ids();
  // One page of a list: upcoming and running by start time, oldest first,
  // finished (and cancelled) by end time, newest first. `after` is the
  // last row of the page before.
  struct Page {
    std::vector<Tournament> rows;
    bool more = false;
  };
  Page page(TournamentStatus status, const std::optional<PageCursor>& after, int limit);
  // How many upcoming tournaments a user created.
  int upcoming_created_by(std::int64_t user);
  // The tournament and round of a game (its page links back); nullopt for
  // other games.
  struct GameTag {
    std::string id, name;
    int round = 0;
  };
  std::optional<GameTag> tag_of(const std::string& game_id);

  // Writes, inside a transaction.
  static void insert(Database* db, const Tournament& t);
  // The state: status, round, rounds, ends_ms, round_done_ms.
  static void update(Database* db, const Tournament& t);
  // Many nodes: whether the stored tournament is still as read (status,
  // round, games made and, with `entrants`, who is in it and who withdrew),
  // first locking its row until the transaction ends, so that of two nodes
  // changing it from one state only one does. Pairings check the entrants:
  // a join landing as the leader starts the tournament makes the start read
  // it again rather than leave the joiner out; two joins at once both go.
  static bool unchanged(Database* db, const TournamentRecord& before, bool entrants);
  static void put_entrant(Database* db, const std::string& tournament, const Entrant& e);
  static void remove_entrant(Database* db, const std::string& tournament, std::int64_t user);
  // A game added, or its result (and end) updated.
  static void add_game(Database* db, const std::string& tournament, int seq, const EntrantGame& g);
  static void set_result(Database* db, const std::string& tournament, int seq, GameResult result,
                         std::int64_t ended_ms);
  // Marks a game of the games table as the tournament's.
  static void tag_game(Database* db, const std::string& game_id, const std::string& tournament, int round);

 private:
  GameStore& store_;
};

std::string_view result_name(GameResult r);  // "pending", "white", "black", "draw"
std::optional<GameResult> game_result_from(std::string_view name);

}  // namespace dvonn::server
