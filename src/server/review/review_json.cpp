#include "server/review/review_json.hpp"

#include <cmath>

namespace dvonn::server {
namespace {

using nlohmann::json;
using namespace dvonn::engine;

// Scores to a hundredth of a piece (the engine's unit), chances to a tenth.
double round_to(double x, double unit) { return std::round(x / unit) * unit; }

json moves_json(const std::vector<Move>& moves) {
  json a = json::array();
  for (Move m : moves) a.push_back(to_string(m));
  return a;
}

json summary_json(const PlayerSummary& s) {
  return {{"accuracy", round_to(s.accuracy, 0.1)}, {"moves", s.moves},       {"best", s.best},        {"good", s.good},
          {"inaccuracies", s.inaccuracies},        {"mistakes", s.mistakes}, {"blunders", s.blunders}};
}

}  // namespace

json position_eval_json(const PositionEval& e) {
  json j = {{"score", round_to(e.white_score, 0.01)},
            {"exact", e.exact},
            {"over", e.over},
            {"forced", e.forced},
            {"depth", e.depth},
            {"nodes", e.nodes},
            {"line", moves_json(e.line)}};
  j["best"] = e.over ? json(nullptr) : json(to_string(e.best));
  return j;
}

std::optional<PositionEval> position_eval_from_json(const json& j) {
  if (!j.is_object()) return std::nullopt;
  try {
    PositionEval e;
    e.white_score = j.at("score").get<double>();
    e.exact = j.at("exact").get<bool>();
    e.over = j.at("over").get<bool>();
    e.forced = j.at("forced").get<bool>();
    e.depth = j.at("depth").get<int>();
    e.nodes = j.at("nodes").get<std::uint64_t>();
    for (const json& m : j.at("line")) {
      auto move = parse_move(m.get<std::string>());
      if (!move) return std::nullopt;
      e.line.push_back(*move);
    }
    if (!e.over) {
      auto best = parse_move(j.at("best").get<std::string>());
      if (!best) return std::nullopt;
      e.best = *best;
    }
    return e;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

json review_json(const GameReview& review, const Game& game) {
  json positions = json::array();
  const std::vector<Position> boards = game_positions(game);
  for (std::size_t i = 0; i < review.positions.size(); ++i) {
    json p = position_eval_json(review.positions[i]);
    p["ply"] = i;
    p["to_move"] = i < boards.size() && boards[i].side_to_move() == Color::Black ? "black" : "white";
    p["win_chance"] = round_to(white_win_chance(review.positions[i].white_score, review.positions[i].exact), 0.1);
    positions.push_back(std::move(p));
  }
  json moves = json::array();
  for (std::size_t i = 0; i < review.moves.size(); ++i) {
    const ReviewedMove& m = review.moves[i];
    const PositionEval& before = review.positions[i];
    moves.push_back({{"ply", i + 1},
                     {"move", to_string(m.played)},
                     {"color", m.mover == Color::White ? "white" : "black"},
                     {"class", move_class_name(m.kind)},
                     {"best", before.over ? json(nullptr) : json(to_string(before.best))},
                     {"score_loss", round_to(m.score_loss, 0.01)},
                     {"win_chance_loss", round_to(m.win_chance_loss, 0.1)},
                     {"accuracy", round_to(m.accuracy, 0.1)}});
  }
  return {{"budget", {{"depth", review.budget.depth}, {"nodes", review.budget.nodes}}},
          {"scale",
           {{"score", "expected final piece difference, White minus Black"},
            {"win_chance_slope", kWinChanceSlope},
            {"inaccuracy", kInaccuracyLoss},
            {"mistake", kMistakeLoss},
            {"blunder", kBlunderLoss}}},
          {"positions", positions},
          {"moves", moves},
          {"players", {{"white", summary_json(review.white)}, {"black", summary_json(review.black)}}}};
}

}  // namespace dvonn::server
