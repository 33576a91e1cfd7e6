// The explorer's "Players" source (docs/community-api.md "Placement
// explorer"): every placement of the archive's finished games, keyed by the
// position before it (its position string, so transpositions meet), with
// the game's result, the players' average rating and its time-control
// family (tables explorer_games and explorer_moves, schema.cpp).
//
// The archive's games: online games between people that ended with a
// result (not cancelled or aborted). Engine games and local games are left
// out (the bundled engine games are the "Engine" source). A game is
// indexed when it ends (index_game) and, for games that ended before the
// index existed or while it was not told, by backfill() at start; both are
// idempotent (explorer_games notes each game looked at, whether or not it
// counts). Reads and writes go through the GameStore (committed before the
// call returns).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "server/explorer/explorer_query.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

class ExplorerIndex {
 public:
  explicit ExplorerIndex(GameStore& store) : store_(store) {}

  // Indexes a finished game (nothing for one not over or already indexed);
  // returns the storage error, "" once committed.
  std::string index_game(const std::string& game_id);
  // Indexes every finished game not indexed yet, batch by batch; returns
  // how many games it looked at. Set from another thread, stop ends it
  // after the batch under way (the rest waits for the next start).
  std::size_t backfill(std::size_t batch = 200, const std::atomic<bool>* stop = nullptr);

  // The placements played from a position in the games of a band and a
  // family ("" or "all": every family).
  std::vector<PlacementStats> moves_from(const std::string& position, const RatingBand& band,
                                         const std::string& family);

 private:
  struct Row {
    std::string position, move;
    int ply = 0;
    int result = 0;  // 1 White won, 0 a draw, -1 Black won
  };
  struct Indexed {
    std::string game_id;
    std::vector<Row> rows;
    bool has_rating = false;
    double rating = 0;
    std::string family;
  };
  // What a game adds to the index (no rows: it does not count); false when
  // it is not over (or gone).
  bool read_game(const std::string& game_id, Indexed& out);
  std::string write(const std::vector<Indexed>& games);

  GameStore& store_;
};

}  // namespace dvonn::server
