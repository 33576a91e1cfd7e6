#include "server/explorer/engine_game_book.hpp"

#include "core/position_string.hpp"

namespace dvonn::server {

EngineGameBook::EngineGameBook(const std::vector<EngineGame>& games) : games_(games.size()) {
  for (const EngineGame& g : games) {
    Game game;
    for (Move m : g.placements) {
      PlacementStats& s = by_position_[format_position(game.state())][to_string(m)];
      s.move = to_string(m);
      ++s.games;
      s.white += g.result == Result::WhiteWins;
      s.draws += g.result == Result::Draw;
      s.black += g.result == Result::BlackWins;
      if (!game.play(m).empty()) break;  // parse_engine_games checked them
    }
  }
}

std::vector<PlacementStats> EngineGameBook::moves_from(const std::string& position) const {
  std::vector<PlacementStats> out;
  auto it = by_position_.find(position);
  if (it == by_position_.end()) return out;
  for (const auto& [move, s] : it->second) out.push_back(s);
  return out;
}

}  // namespace dvonn::server
