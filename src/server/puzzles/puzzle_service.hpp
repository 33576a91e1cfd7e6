// What the puzzle API answers (docs/community-api.md "Puzzles"): the next
// puzzle for a player, a puzzle without its solution, judging an attempt
// (right or wrong, the solution line, the refutation of the wrong move,
// and for a registered player both Glicko-2 ratings before and after),
// the daily puzzle and a player's history. Also loads the bundled set.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/base/now_ms.hpp"
#include "server/base/user.hpp"
#include "server/puzzles/puzzle_store.hpp"

namespace dvonn::server {

struct PuzzleAnswer {
  int status = 200;
  nlohmann::json body;
};

class PuzzleService {
 public:
  PuzzleService(PuzzleStore& store, NowMs now_ms) : store_(store), now_ms_(std::move(now_ms)) {}

  // Adds the puzzles of a `dvonn puzzles` JSON file (those already there
  // stay as they are: loading twice adds nothing). Returns how many it
  // added, or throws std::runtime_error saying what is wrong with the file.
  int load_file(const std::string& path);
  // The same for a file's text; name is what errors call it.
  int load_json(std::string_view text, const std::string& name);

  // GET /api/puzzles/next?after=ID: the puzzle nearest the player's puzzle
  // rating (1500 for a visitor) not tried yet, other than `after`.
  PuzzleAnswer next(const std::optional<User>& user, const std::string& after);
  // GET /api/puzzles/{id}: the position and the task, not the answer.
  PuzzleAnswer show(const std::string& id, const std::optional<User>& user);
  // GET /api/puzzles/daily.
  PuzzleAnswer daily(const std::optional<User>& user);
  // POST /api/puzzles/{id}/attempt {"moves": [...]}: the first move
  // decides; no move at all is giving up (wrong).
  PuzzleAnswer attempt(const std::string& id, const nlohmann::json& body, const std::optional<User>& user);
  // GET /api/me/puzzles: the rating and a page of attempts, newest first.
  PuzzleAnswer history(const User& user, const PageCursor& before, int limit);

  // Whether the user's attempts are rated (registered players, not guests).
  static bool rated(const std::optional<User>& user) { return user && !user->guest && user->id != 0; }

 private:
  nlohmann::json puzzle_json(const PuzzleRow& row, const std::optional<User>& user);
  nlohmann::json player_json(std::int64_t user);

  PuzzleStore& store_;
  NowMs now_ms_;
};

}  // namespace dvonn::server
