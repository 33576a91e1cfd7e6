#include "server/puzzles/puzzle_service.hpp"

#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "core/position_string.hpp"
#include "server/puzzles/puzzle_json.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxAttemptMoves = 40;
constexpr std::int64_t kDayMs = 24 * 60 * 60 * 1000;

PuzzleAnswer error_answer(int status, const std::string& message) { return {status, json{{"error", message}}}; }

json line_json(const std::string& text) {
  json a = json::array();
  if (auto moves = parse_moves_text(text))
    for (Move m : *moves) a.push_back(to_string(m));
  return a;
}

long rounded(double x) { return std::lround(x); }

}  // namespace

int PuzzleService::load_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the puzzles file " + path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return load_json(text, path);
}

int PuzzleService::load_json(std::string_view text, const std::string& path) {
  json file = json::parse(text, nullptr, false);
  if (file.is_discarded() || !file.is_object() || !file.contains("puzzles") || !file["puzzles"].is_array())
    throw std::runtime_error(path + " is not a puzzles file (JSON with a \"puzzles\" array)");
  std::vector<engine::Puzzle> puzzles;
  std::vector<std::string> sources;
  int index = 0;
  for (const json& j : file["puzzles"]) {
    ++index;
    std::string error;
    std::optional<engine::Puzzle> p;
    try {
      p = puzzle_from_file_json(j, &error);
    } catch (const json::exception& e) {
      error = e.what();
    }
    if (!p) throw std::runtime_error(path + ": puzzle " + std::to_string(index) + ": " + error);
    puzzles.push_back(*p);
  }
  const std::int64_t before = store_.count();
  std::string error = store_.add(puzzles, "bundled", "", "", now_ms_());
  if (!error.empty()) throw std::runtime_error("the puzzles could not be stored: " + error);
  return static_cast<int>(store_.count() - before);
}

json PuzzleService::player_json(std::int64_t user) {
  PuzzlePlayer p = store_.player(user);
  return {{"rating", rounded(p.rating.rating)},
          {"deviation", rounded(p.rating.deviation)},
          {"attempts", p.attempts},
          {"solved", p.solved},
          {"provisional", p.rating.deviation > 110}};
}

json PuzzleService::puzzle_json(const PuzzleRow& row, const std::optional<User>& user) {
  json j = {{"id", row.id},
            {"position", row.position},
            {"side", row.side},
            {"goal", row.goal},
            {"proved", row.proved},
            {"rating", rounded(row.rating.rating)},
            {"attempts", row.attempts},
            {"solved", row.solved},
            {"game", row.game_id.empty() ? json(nullptr) : json(row.game_id)},
            {"ply", row.ply},
            {"rated", rated(user)},
            {"attempted", nullptr}};
  if (rated(user))
    if (auto a = store_.attempt_of(user->id, row.id)) j["attempted"] = {{"solved", a->solved}};
  return j;
}

PuzzleAnswer PuzzleService::next(const std::optional<User>& user, const std::string& after) {
  const bool counted = rated(user);
  const double rating = counted ? store_.player(user->id).rating.rating : 1500.0;
  auto row = store_.nearest(rating, counted ? user->id : 0, after);
  bool repeat = false;
  // All tried: the nearest again, for practice (unrated).
  if (!row && counted) row = store_.nearest(rating, 0, after), repeat = true;
  if (!row) row = store_.nearest(rating, 0, ""), repeat = true;
  if (!row) return error_answer(404, "there is no puzzle yet");
  json j = puzzle_json(*row, user);
  j["repeat"] = repeat;
  if (counted) j["player"] = player_json(user->id);
  return {200, j};
}

PuzzleAnswer PuzzleService::show(const std::string& id, const std::optional<User>& user) {
  auto row = store_.find(id);
  if (!row) return error_answer(404, "no puzzle with id " + id);
  json j = puzzle_json(*row, user);
  if (rated(user)) j["player"] = player_json(user->id);
  return {200, j};
}

PuzzleAnswer PuzzleService::daily(const std::optional<User>& user) {
  const std::int64_t day = now_ms_() / kDayMs;
  auto row = store_.daily(day);
  if (!row) return error_answer(404, "there is no puzzle yet");
  json j = puzzle_json(*row, user);
  j["day"] = day;
  if (rated(user)) j["player"] = player_json(user->id);
  return {200, j};
}

PuzzleAnswer PuzzleService::attempt(const std::string& id, const json& body, const std::optional<User>& user) {
  auto list = body.find("moves");
  if (list == body.end() || !list->is_array())
    return error_answer(400, "moves must be a list of moves (an empty list gives up)");
  if (list->size() > kMaxAttemptMoves)
    return error_answer(400, "moves is too long (at most " + std::to_string(kMaxAttemptMoves) + ")");
  auto row = store_.find(id);
  if (!row) return error_answer(404, "no puzzle with id " + id);
  auto start = parse_position(row->position);
  auto solution = parse_moves_text(row->solution);
  if (!start || !solution || solution->empty()) return error_answer(500, "the stored puzzle is damaged");
  std::vector<Move> moves;
  Position p = start->position;
  for (const json& m : *list) {
    std::string why;
    auto move = m.is_string() ? parse_move(m.get<std::string>(), &why) : std::nullopt;
    if (!move) return error_answer(400, "moves holds something that is not a move" + (why.empty() ? "" : ": " + why));
    why = p.explain_illegal(*move);
    if (!why.empty()) return error_answer(400, "the move " + to_string(*move) + " is not legal here: " + why);
    p.play(*move);
    moves.push_back(*move);
  }
  const bool solved = !moves.empty() && moves.front() == solution->front();
  json j = {{"id", id},
            {"correct", solved},
            {"gave_up", moves.empty()},
            {"played", moves.empty() ? json(nullptr) : json(to_string(moves.front()))},
            {"solution", line_json(row->solution)},
            {"goal", row->goal},
            {"wrong", row->wrong},
            // The answer to the natural wrong move (the one played in the
            // game, or the engine's second choice).
            {"refutation", line_json(row->refutation)},
            {"rated", false}};
  if (rated(user)) {
    RatedAttempt r = store_.rate_attempt(user->id, id, moves_text(moves), solved, now_ms_());
    j["rated"] = r.counted;
    if (r.counted) {
      j["rating"] = {{"before", rounded(r.row.rating_before)},
                     {"after", rounded(r.row.rating_after)},
                     {"change", rounded(r.row.rating_after) - rounded(r.row.rating_before)}};
      j["puzzle_rating"] = {{"before", rounded(r.row.puzzle_before)}, {"after", rounded(r.row.puzzle_after)}};
    }
    j["player"] = player_json(user->id);
  }
  return {200, j};
}

PuzzleAnswer PuzzleService::history(const User& user, const PageCursor& before, int limit) {
  auto rows = store_.history(user.id, before, limit + 1);
  const bool more = rows.size() > static_cast<std::size_t>(limit);
  if (more) rows.resize(static_cast<std::size_t>(limit));
  json list = json::array();
  for (const PuzzleAttemptRow& a : rows)
    list.push_back({{"puzzle", a.puzzle_id},
                    {"solved", a.solved},
                    {"rating_before", rounded(a.rating_before)},
                    {"rating_after", rounded(a.rating_after)},
                    {"puzzle_rating_before", rounded(a.puzzle_before)},
                    {"puzzle_rating_after", rounded(a.puzzle_after)},
                    {"time_ms", a.time_ms}});
  json next = more ? json(PageCursor{rows.back().time_ms, rows.back().puzzle_id}.text()) : json(nullptr);
  return {200, {{"player", player_json(user.id)}, {"attempts", list}, {"more", more}, {"next", next}}};
}

}  // namespace dvonn::server
