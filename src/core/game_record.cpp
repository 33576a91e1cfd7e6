#include "core/game_record.hpp"

#include <cctype>
#include <charconv>

#include "core/error_out.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"

namespace dvonn {
namespace {

using detail::fail;

std::string at_line(int line) { return "line " + std::to_string(line) + ": "; }

bool is_result_token(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

// Parses `[Name "value"]`; the line has been trimmed.
bool parse_tag(std::string_view line, int number, GameRecord& rec, std::string* error) {
  size_t i = 1;
  size_t name_start = i;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  std::string name(line.substr(name_start, i - name_start));
  if (name.empty()) return fail(error, at_line(number) + "a tag pair must start with a name, as in [White \"Alice\"]");
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != '"')
    return fail(error, at_line(number) + "tag " + name + ": the value must be in double quotes");
  ++i;
  std::string value;
  bool closed = false;
  while (i < line.size()) {
    char c = line[i++];
    if (c == '\\' && i < line.size()) {
      value += line[i++];
    } else if (c == '"') {
      closed = true;
      break;
    } else {
      value += c;
    }
  }
  if (!closed) return fail(error, at_line(number) + "tag " + name + ": the value has no closing quote");
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != ']' || i + 1 != line.size())
    return fail(error, at_line(number) + "tag " + name + ": expected ']' to end the tag pair");
  if (rec.has_tag(name)) return fail(error, at_line(number) + "tag " + name + " appears twice");
  rec.tags.emplace_back(std::move(name), std::move(value));
  return true;
}

std::string escape(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

}  // namespace

std::string GameRecord::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return {};
}

bool GameRecord::has_tag(std::string_view name) const {
  for (const auto& kv : tags)
    if (kv.first == name) return true;
  return false;
}

void GameRecord::set_tag(const std::string& name, const std::string& value) {
  for (auto& kv : tags)
    if (kv.first == name) {
      kv.second = value;
      return;
    }
  tags.emplace_back(name, value);
}

const char* result_tag(Result r) {
  switch (r) {
    case Result::WhiteWins:
      return "1-0";
    case Result::BlackWins:
      return "0-1";
    case Result::Draw:
      return "1/2-1/2";
    case Result::Ongoing:
      return "*";
  }
  return "*";
}

std::optional<GameRecord> parse_record(std::string_view text, std::string* error) {
  GameRecord rec;
  bool in_moves = false;
  bool in_comment = false;
  bool seen_result = false;
  int line_number = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    ++line_number;
    // Trim.
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) line.remove_prefix(1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
    if (line.empty() && !in_comment) continue;
    if (!in_comment && line.front() == '[') {
      if (in_moves) {
        fail(error, at_line(line_number) + "a tag pair after the moves; tags come first");
        return std::nullopt;
      }
      if (!parse_tag(line, line_number, rec, error)) return std::nullopt;
      continue;
    }
    in_moves = true;
    size_t i = 0;
    while (i < line.size()) {
      if (in_comment) {
        size_t close = line.find('}', i);
        if (close == std::string_view::npos) {
          i = line.size();
        } else {
          in_comment = false;
          i = close + 1;
        }
        continue;
      }
      char c = line[i];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
        continue;
      }
      if (c == '{') {
        in_comment = true;
        ++i;
        continue;
      }
      if (c == ';') break;  // comment to the end of the line
      size_t j = i;
      while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j])) && line[j] != '{' && line[j] != ';')
        ++j;
      std::string_view token = line.substr(i, j - i);
      i = j;
      if (seen_result) {
        fail(error,
             at_line(line_number) + "\"" + std::string(token) + "\" after the result; the result ends the moves");
        return std::nullopt;
      }
      if (is_result_token(token)) {
        seen_result = true;
        continue;
      }
      // Move numbers: "12." or "12..." alone, or glued to the move ("12.E3").
      size_t k = 0;
      while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
      if (k > 0 && k < token.size() && token[k] == '.') {
        while (k < token.size() && token[k] == '.') ++k;
        token.remove_prefix(k);
        if (token.empty()) continue;
      }
      std::string why;
      auto m = parse_move(token, &why);
      if (!m) {
        fail(error, at_line(line_number) + "move " + std::to_string(rec.moves.size() + 1) + ": " + why);
        return std::nullopt;
      }
      rec.moves.push_back(*m);
      rec.move_lines.push_back(line_number);
    }
  }
  if (in_comment) {
    fail(error, "a comment opened with '{' is never closed");
    return std::nullopt;
  }
  return rec;
}

namespace {

// The side that plays each move, replayed from the record's start; shorter
// than the moves when the start or a move cannot be replayed.
std::vector<Color> movers_of(const GameRecord& rec) {
  std::vector<Color> who;
  auto start = record_start(rec);
  if (!start) return who;
  Game game(*start);
  for (Move m : rec.moves) {
    Color side = game.position().side_to_move();
    if (!game.play(m).empty()) break;
    who.push_back(side);
  }
  return who;
}

}  // namespace

std::string format_record(const GameRecord& rec) {
  static const char* kOrder[] = {"Event", "Site",  "Date",     "Round",  "White",
                                 "Black", "Setup", "Position", "Result", "Score"};
  std::string out;
  auto write_tag = [&out](const std::string& k, const std::string& v) { out += "[" + k + " \"" + escape(v) + "\"]\n"; };
  for (const char* name : kOrder)
    if (rec.has_tag(name)) write_tag(name, rec.tag(name));
  for (const auto& [k, v] : rec.tags) {
    bool known = false;
    for (const char* name : kOrder) known = known || k == name;
    if (!known) write_tag(k, v);
  }
  if (!rec.tags.empty()) out += "\n";
  // Numbered by colour, as the web UI's move list: each White move starts a
  // number, so White's 49th placement and first stack move get one each
  // ("25. H3 26. A1B2 K5J5") and a Black move with no White move before it
  // is written "N... move".
  std::vector<Color> who = movers_of(rec);
  int number = 0;
  bool white_open = false;  // the current number has White's move and no Black one yet
  for (size_t i = 0; i < rec.moves.size(); ++i) {
    Color side = i < who.size() ? who[i] : i == 0 ? Color::White : opponent(who[i - 1]);
    if (i == who.size()) who.push_back(side);
    if (side == Color::Black && white_open) {
      out += " " + to_string(rec.moves[i]);
      white_open = false;
      continue;
    }
    ++number;
    if (i > 0) out += (number % 10 == 1) ? "\n" : " ";
    out += std::to_string(number) + (side == Color::White ? ". " : "... ") + to_string(rec.moves[i]);
    white_open = side == Color::White;
  }
  std::string result = rec.has_tag("Result") ? rec.tag("Result") : "*";
  if (!is_result_token(result)) result = "*";
  if (!rec.moves.empty()) out += " ";
  out += result + "\n";
  return out;
}

GameRecord record_of(const Game& game, const std::vector<std::pair<std::string, std::string>>& tags) {
  GameRecord rec;
  rec.tags = tags;
  if (!(game.start() == empty_board()) && !rec.has_tag("Setup")) rec.set_tag("Position", format_position(game.start()));
  rec.moves = game.moves();
  Result r = game.result();
  rec.set_tag("Result", result_tag(r));
  if (r != Result::Ongoing) {
    Score s = game.position().score();
    rec.set_tag("Score", std::to_string(s.white) + "-" + std::to_string(s.black));
  }
  return rec;
}

std::optional<BoardState> record_start(const GameRecord& rec, std::string* error) {
  if (rec.has_tag("Position") && rec.has_tag("Setup") && rec.tag("Setup") != "position") {
    fail(error, "the record has both a Setup and a Position tag; keep one");
    return std::nullopt;
  }
  if (rec.has_tag("Position")) return parse_position(rec.tag("Position"), error);
  std::string setup = rec.tag("Setup");
  if (setup.empty() || setup == "standard") return empty_board();
  if (setup.rfind("random ", 0) == 0) {
    std::string_view digits = std::string_view(setup).substr(7);
    std::uint64_t seed = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
    if (ec == std::errc() && end == digits.data() + digits.size() && !digits.empty()) return random_setup(seed);
  }
  fail(error,
       "Setup tag \"" + setup + "\" is not understood; use \"standard\" or \"random SEED\" (SEED a whole number)");
  return std::nullopt;
}

std::optional<Game> replay_record(const GameRecord& rec, std::string* error) {
  auto start = record_start(rec, error);
  if (!start) return std::nullopt;
  Game game(*start);
  for (size_t i = 0; i < rec.moves.size(); ++i) {
    std::string why = game.play(rec.moves[i]);
    if (!why.empty()) {
      std::string line = i < rec.move_lines.size() ? " (line " + std::to_string(rec.move_lines[i]) + ")" : "";
      fail(error, "move " + std::to_string(i + 1) + line + ": " + why);
      return std::nullopt;
    }
  }
  return game;
}

}  // namespace dvonn
