// The server's words for a game: its mode, the creator's seat, where a lobby
// game stands, how it ended and who won. Typed inside the server; their
// string (and lobby integer) forms are for the edges only, the database and
// the JSON, and keep the spellings both have always had.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/move.hpp"

namespace dvonn::server {

enum class Mode { Engine, Online, Local };
const char* mode_name(Mode m);  // "engine", "online", "local"
std::optional<Mode> parse_mode(std::string_view text);

// The seats a token holds: a local game's token holds both.
enum class Seat { White, Black, Both };
const char* seat_name(Seat s);  // "white", "black", "both"
std::optional<Seat> parse_seat(std::string_view text);
inline Seat seat_of_color(Color c) { return c == Color::White ? Seat::White : Seat::Black; }
inline bool seat_holds(Seat s, Color c) { return s == Seat::Both || s == seat_of_color(c); }

// "white" or "black"; "" (and anything else) is no colour.
std::optional<Color> parse_color(std::string_view text);

// A game listed in the lobby, stored as these integers.
enum class LobbyState { None = 0, Open = 1, Taken = 2, Cancelled = 3 };
std::optional<LobbyState> lobby_state_from_int(std::int64_t value);
inline std::int64_t lobby_state_int(LobbyState s) { return static_cast<std::int64_t>(s); }

// Aborted: ended before both sides moved, by a player or by a first move
// that did not come; no result and no rating change.
// Abandoned: a real-time player left and the opponent claimed the win.
enum class EndReason { None, Count, Resignation, Time, Cancelled, Aborted, Abandoned };
const char* end_reason_name(EndReason r);  // "", "count", "resignation", "time", "cancelled", "aborted",
                                           // "abandoned"
std::optional<EndReason> parse_end_reason(std::string_view text);

enum class Winner { None, White, Black, Draw };
const char* winner_name(Winner w);  // "", "white", "black", "draw"
std::optional<Winner> parse_winner(std::string_view text);

// What the state says about the seats.
struct SeatInfo {
  Mode mode = Mode::Local;
  int level = 0;                      // engine games
  std::optional<Color> engine_color;  // engine games
  bool white_taken = false;
  bool black_taken = false;
};

}  // namespace dvonn::server
