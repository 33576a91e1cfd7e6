#include "server/rooms/move_delta.hpp"

#include <charconv>
#include <cstdint>

namespace dvonn::server {
namespace {

// A sent state cut at its fields, in state_json's order (then the clock and
// the live fields, which the room appends). Every cut is at a key that no
// earlier value can hold: strings in the state are JSON-escaped, so a key's
// quotes cannot appear inside one, and no nested object before a cut has
// a key of that name.
struct SentState {
  std::string_view head;     // {"id":...,"seats":{...},   (unchanged by a move)
  std::string_view play;     // "phase":...,"score":{...}
  std::string_view moves;    // [...]
  std::string_view board;    // ,"stacks":{...},...,"position":"..."
  std::int64_t version = 0;  // "version"
  std::string_view people;   // ,"players":...,"rated":...       (unchanged)
  std::string_view status;   // ,"started":...,"end":...
  std::string_view ratings;  // ,"rating_changes":...,"tournament":...   (unchanged)
  std::string_view live;     // ,"clock":...,"away":...
};

std::optional<SentState> cut(std::string_view s) {
  SentState c;
  auto at = [&](std::string_view key, std::size_t from) { return s.find(key, from); };
  constexpr auto npos = std::string_view::npos;
  if (s.size() < 2 || s.front() != '{' || s.back() != '}') return std::nullopt;
  std::size_t phase = at(R"("phase":)", 0);
  std::size_t moves = at(R"(,"moves":[)", phase);
  if (phase == npos || moves == npos) return std::nullopt;
  std::size_t moves_begin = moves + 9;  // the '['
  std::size_t moves_end = s.find(']', moves_begin);
  if (moves_end == npos || s.substr(moves_end + 1, 10) != R"(,"stacks":)") return std::nullopt;
  std::size_t version = at(R"(,"version":)", moves_end);
  if (version == npos) return std::nullopt;
  std::size_t number = version + 11;
  std::size_t players = at(R"(,"players":)", number);
  if (players == npos) return std::nullopt;
  auto [end, error] = std::from_chars(s.data() + number, s.data() + players, c.version);
  if (error != std::errc{} || end != s.data() + players) return std::nullopt;
  std::size_t started = at(R"(,"started":)", players);
  std::size_t ratings = at(R"(,"rating_changes":)", started == npos ? s.size() : started);
  std::size_t clock = at(R"(,"clock":)", ratings == npos ? s.size() : ratings);
  if (started == npos || ratings == npos || clock == npos) return std::nullopt;
  c.head = s.substr(0, phase);
  c.play = s.substr(phase, moves - phase);
  c.moves = s.substr(moves_begin, moves_end + 1 - moves_begin);
  c.board = s.substr(moves_end + 1, version - moves_end - 1);
  c.people = s.substr(players, started - players);
  c.status = s.substr(started, ratings - started);
  c.ratings = s.substr(ratings, clock - ratings);
  c.live = s.substr(clock, s.size() - 1 - clock);
  return c;
}

// The move `after` appends to `before` (both JSON arrays of move names), or
// "" when `after` is not `before` and one more move.
std::string_view appended_move(std::string_view before, std::string_view after) {
  std::string_view start = before.substr(0, before.size() - 1);  // without ']'
  if (!after.starts_with(start)) return {};
  std::string_view rest = after.substr(start.size());  // "M"] or ,"M"]
  if (before != "[]") {
    if (!rest.starts_with(',')) return {};
    rest.remove_prefix(1);
  }
  if (rest.size() < 4 || rest.front() != '"' || rest.substr(rest.size() - 2) != "\"]") return {};
  std::string_view move = rest.substr(1, rest.size() - 3);
  if (move.find_first_of(",\"") != std::string_view::npos) return {};
  return move;
}

}  // namespace

std::optional<std::string> move_delta_message(std::string_view before, std::string_view after) {
  auto b = cut(before);
  auto a = cut(after);
  if (!b || !a) return std::nullopt;
  if (a->version != b->version + 1 || a->head != b->head || a->people != b->people || a->ratings != b->ratings)
    return std::nullopt;
  // The end of a game goes out whole (with its result and its ratings).
  if (a->board.find(R"(,"result":"ongoing")") == std::string_view::npos ||
      a->status.find(R"(,"end":null)") == std::string_view::npos)
    return std::nullopt;
  std::string_view move = appended_move(b->moves, a->moves);
  if (move.empty()) return std::nullopt;
  std::string version = std::to_string(a->version);
  std::string m;
  m.reserve(64 + a->play.size() + a->board.size() + a->status.size() + a->live.size());
  m += R"({"type":"move","version":)";
  m += version;
  m += R"(,"move":")";
  m += move;
  m += R"(","state":{)";
  m += a->play;
  m += a->board;
  m += R"(,"version":)";
  m += version;
  m += a->status;
  m += a->live;
  m += "}}";
  return m;
}

}  // namespace dvonn::server
