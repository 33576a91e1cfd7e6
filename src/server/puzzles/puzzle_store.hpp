// The puzzles in the game database (tables puzzles, puzzle_attempts,
// puzzle_ratings, puzzle_mined, puzzle_daily: schema.cpp). Writes go
// through the GameStore's writer and are committed before the call
// returns. A user's first attempt at a puzzle is the rated one: the check
// that it is the first, both Glicko-2 updates and the writes happen in one
// transaction on the writer thread, so two attempts at once cannot both
// count.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "community/glicko2.hpp"
#include "engine/puzzle_miner.hpp"
#include "server/base/page_cursor.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

struct PuzzleRow {
  std::string id;
  std::string position;
  std::string side;  // "white" or "black"
  std::string goal;  // "win" or "save"
  bool proved = false;
  std::string solution;  // moves, space-separated
  std::string wrong;
  std::string refutation;
  bool played_wrong = false;
  std::string source;
  std::string game_id;
  int ply = 0;
  community::Glicko2Rating rating;
  int attempts = 0;
  int solved = 0;
};

struct PuzzleAttemptRow {
  std::string puzzle_id;
  std::string moves;
  bool solved = false;
  double rating_before = 0, rating_after = 0;
  double puzzle_before = 0, puzzle_after = 0;
  std::int64_t time_ms = 0;
};

struct PuzzlePlayer {
  community::Glicko2Rating rating;
  int attempts = 0;
  int solved = 0;
};

// What a rated attempt changed (counted false: not the user's first).
struct RatedAttempt {
  bool counted = false;
  PuzzleAttemptRow row;
  double deviation_after = 0;
};

class PuzzleStore {
 public:
  explicit PuzzleStore(GameStore& store) : store_(store) {}

  // Adds the puzzles not there yet (same id: same position and answer);
  // with a game id, also marks the game mined at moves_key, in the same
  // transaction. Returns the storage error, "" once committed.
  std::string add(const std::vector<engine::Puzzle>& puzzles, const std::string& source, const std::string& game_id,
                  const std::string& moves_key, std::int64_t now);

  std::optional<PuzzleRow> find(const std::string& id);
  std::int64_t count();
  // The puzzle nearest `rating` that `user` (0: nobody) has not tried,
  // other than `skip`; ties by id. nullopt when none is left.
  std::optional<PuzzleRow> nearest(double rating, std::int64_t user, const std::string& skip);
  // The puzzle of a UTC day (days since the epoch), chosen the first time
  // it is asked for from the puzzles there then, and kept.
  std::optional<PuzzleRow> daily(std::int64_t day);

  PuzzlePlayer player(std::int64_t user);
  std::optional<PuzzleAttemptRow> attempt_of(std::int64_t user, const std::string& puzzle_id);
  // Records the user's attempt if it is the first: both ratings move
  // (Glicko-2, the puzzle as the opponent). throws StoreError.
  RatedAttempt rate_attempt(std::int64_t user, const std::string& puzzle_id, const std::string& moves, bool solved,
                            std::int64_t now);
  // The user's attempts, newest first, before the cursor.
  std::vector<PuzzleAttemptRow> history(std::int64_t user, const PageCursor& before, int limit);

  // Finished games not mined yet (at most limit), oldest first.
  std::vector<std::string> unmined_games(int limit);
  // Marks a game mined with no puzzle (its moves could not be read).
  std::string mark_mined(const std::string& game_id, const std::string& moves_key, std::int64_t now);

  static void forget_user(Database* db, std::int64_t user);

 private:
  GameStore& store_;
};

}  // namespace dvonn::server
