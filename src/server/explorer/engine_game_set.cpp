#include "server/explorer/engine_game_set.hpp"

#include <random>
#include <sstream>

#include "engine/engine.hpp"

namespace dvonn::server {
namespace {

Move random_move(const Position& p, std::mt19937_64& rng) {
  MoveList list;
  p.generate(list);
  return list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size))];
}

Result result_from(std::string_view word) {
  if (word == "white") return Result::WhiteWins;
  if (word == "black") return Result::BlackWins;
  if (word == "draw") return Result::Draw;
  return Result::Ongoing;
}

}  // namespace

std::vector<EngineGame> generate_engine_games(const EngineGameSettings& s,
                                              const std::function<void(int, int)>& progress) {
  std::vector<EngineGame> out;
  engine::Engine engine(engine::kTopLevel, 8);
  for (int i = 0; i < s.games; ++i) {
    // Each game from its own seed: a game does not depend on the others.
    std::mt19937_64 rng(s.seed * 1'000'003ull + static_cast<std::uint64_t>(i));
    std::uniform_real_distribution<double> chance(0.0, 1.0);
    engine.new_game();
    Game game;
    EngineGame record;
    while (!game.position().is_over()) {
      const Position& p = game.position();
      Move m;
      if (p.in_placement() && chance(rng) < s.random_share) {
        m = random_move(p, rng);
      } else {
        engine::SearchLimits limits;
        limits.depth = s.depth;
        limits.nodes = s.nodes;
        m = engine.search(p, limits).lines.at(0).move;
      }
      if (p.in_placement()) record.placements.push_back(m);
      game.play(m);
    }
    record.result = game.result();
    out.push_back(std::move(record));
    if (progress) progress(i + 1, s.games);
  }
  return out;
}

std::string format_engine_games(const std::vector<EngineGame>& games, const EngineGameSettings& s) {
  std::ostringstream out;
  out << "# The placement explorer's engine games (docs/engine.md \"The explorer's engine games\").\n"
      << "# Made by: dvonn explorer generate --games " << s.games << " --seed " << s.seed << " --random "
      << s.random_share << " --depth " << s.depth << " --nodes " << s.nodes << "\n"
      << "# Each line: the result, then the game's placements from the empty board.\n";
  for (const EngineGame& g : games) {
    out << result_name(g.result);
    for (Move m : g.placements) out << ' ' << to_string(m);
    out << '\n';
  }
  return out.str();
}

std::optional<std::vector<EngineGame>> parse_engine_games(std::string_view text, std::string* error) {
  std::vector<EngineGame> games;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  auto fail = [&](const std::string& why) {
    if (error) *error = "line " + std::to_string(number) + ": " + why;
    return std::nullopt;
  };
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string word;
    words >> word;
    EngineGame g;
    g.result = result_from(word);
    if (g.result == Result::Ongoing) return fail("the result must be white, black or draw, not \"" + word + "\"");
    Game game;
    while (words >> word) {
      std::string why;
      auto m = parse_move(word, &why);
      if (!m) return fail(why);
      if (!game.position().in_placement() || !m->is_place()) return fail(word + " is not a placement");
      why = game.play(*m);
      if (!why.empty()) return fail(word + ": " + why);
      g.placements.push_back(*m);
    }
    if (g.placements.empty()) return fail("a game without placements");
    games.push_back(std::move(g));
  }
  return games;
}

}  // namespace dvonn::server
