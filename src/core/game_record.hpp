// Game record files: PGN-like tag pairs followed by the moves, numbered or
// not; a bare list of moves (as the CodeCup referee and Little Golem give
// them) is a record too. See docs/game-record.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.hpp"

namespace dvonn {

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<Move> moves;
  std::vector<int> move_lines;  // the line each move was read from (1-based)

  // The value of a tag, or "" when absent.
  std::string tag(std::string_view name) const;
  bool has_tag(std::string_view name) const;
  void set_tag(const std::string& name, const std::string& value);
};

// Reads a record (syntax only: the moves are checked by replay_record).
std::optional<GameRecord> parse_record(std::string_view text, std::string* error = nullptr);

// Writes a record: the Seven-Tag-Roster-like tags first, then the moves,
// numbered as White-Black pairs by who played them (White places the 49th
// piece and moves first, so number 25 has White's move only), ten numbers
// per line.
std::string format_record(const GameRecord& record);

// The record of a game, with Setup or Position, Result and Score tags set
// from the game; extra tags (White, Black, Date, ...) are kept from `tags`.
GameRecord record_of(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags = {});

// Where the record's game starts: [Position "..."], [Setup "random N"], or
// the empty board ([Setup "standard"] or no tag).
std::optional<BoardState> record_start(const GameRecord& record, std::string* error = nullptr);

// Replays the record move by move. On an illegal move returns nullopt and
// error names the move number, the move and why it is illegal.
std::optional<Game> replay_record(const GameRecord& record, std::string* error = nullptr);

// The record's Result tag value for a result: "1-0", "0-1", "1/2-1/2", "*".
const char* result_tag(Result r);

}  // namespace dvonn
