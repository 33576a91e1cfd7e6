#include "server/puzzles/puzzle_json.hpp"

#include "core/position_string.hpp"

namespace dvonn::server {

using nlohmann::json;

std::string moves_text(const std::vector<Move>& moves) {
  std::string s;
  for (Move m : moves) s += (s.empty() ? "" : " ") + to_string(m);
  return s;
}

std::optional<std::vector<Move>> parse_moves_text(const std::string& text) {
  std::vector<Move> out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    if (j > i) {
      auto m = parse_move(text.substr(i, j - i));
      if (!m) return std::nullopt;
      out.push_back(*m);
    }
    i = j + 1;
  }
  return out;
}

namespace {

json moves_json(const std::vector<Move>& moves) {
  json a = json::array();
  for (Move m : moves) a.push_back(to_string(m));
  return a;
}

bool read_moves(const json& j, const char* name, std::vector<Move>& out, std::string* error) {
  auto it = j.find(name);
  if (it == j.end() || !it->is_array()) {
    if (error) *error = std::string(name) + " must be an array of moves";
    return false;
  }
  for (const json& m : *it) {
    auto move = m.is_string() ? parse_move(m.get<std::string>()) : std::nullopt;
    if (!move) {
      if (error) *error = std::string(name) + " holds something that is not a move";
      return false;
    }
    out.push_back(*move);
  }
  return true;
}

// Whether the line can be played from p (and plays it).
bool legal_line(Position p, const std::vector<Move>& line) {
  for (Move m : line) {
    if (!p.is_legal(m)) return false;
    p.play(m);
  }
  return true;
}

}  // namespace

json puzzle_file_json(const engine::Puzzle& p, const std::string& source) {
  return {{"id", p.id},
          {"position", p.position},
          {"side", p.side == Color::White ? "white" : "black"},
          {"goal", p.goal},
          {"proved", p.proved},
          {"solution", moves_json(p.solution)},
          {"wrong", to_string(p.wrong)},
          {"played_wrong", p.played_wrong},
          {"refutation", moves_json(p.refutation)},
          {"score", p.score},
          {"wrong_score", p.wrong_score},
          {"rating", p.rating},
          {"ply", p.ply},
          {"source", source}};
}

std::optional<engine::Puzzle> puzzle_from_file_json(const json& j, std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<engine::Puzzle> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (!j.is_object()) return fail("a puzzle must be a JSON object");
  engine::Puzzle p;
  if (!j.contains("position") || !j["position"].is_string()) return fail("position must be a position string");
  p.position = j["position"].get<std::string>();
  std::string why;
  auto state = parse_position(p.position, &why);
  if (!state) return fail("the position does not parse: " + why);
  if (state->position.in_placement() || state->position.is_over())
    return fail("a puzzle's position must be in the movement phase with moves to play");
  p.side = state->position.side_to_move();
  if (!read_moves(j, "solution", p.solution, error) || !read_moves(j, "refutation", p.refutation, error))
    return std::nullopt;
  if (p.solution.empty() || !legal_line(state->position, p.solution)) return fail("the solution is not a legal line");
  auto wrong = j.contains("wrong") && j["wrong"].is_string() ? parse_move(j["wrong"].get<std::string>()) : std::nullopt;
  if (!wrong || !state->position.is_legal(*wrong) || *wrong == p.solution.front())
    return fail("wrong must be a legal move other than the solution");
  p.wrong = *wrong;
  Position after = state->position;
  after.play(p.wrong);
  if (!legal_line(after, p.refutation)) return fail("the refutation is not a legal line after the wrong move");
  p.goal = j.value("goal", "win");
  if (p.goal != "win" && p.goal != "save") return fail("goal must be \"win\" or \"save\"");
  p.proved = j.value("proved", false);
  p.played_wrong = j.value("played_wrong", false);
  p.score = j.value("score", 0.0);
  p.wrong_score = j.value("wrong_score", 0.0);
  p.ply = j.value("ply", 0);
  p.rating = j.value("rating", 1500);
  if (p.rating < 100 || p.rating > 4000) return fail("rating must be between 100 and 4000");
  p.id = engine::puzzle_id(p.position, p.solution.front());
  if (j.contains("id") && j["id"] != p.id) return fail("id is not the hash of the position and solution");
  return p;
}

}  // namespace dvonn::server
