// A server with a few puzzles of its own: proved puzzles mined from small
// random endgames (engine/puzzle_miner.hpp), written to a puzzles file the
// server loads at start, as `dvonn serve --puzzles FILE` does.
#pragma once

#include <fstream>
#include <random>
#include <vector>

#include "community_fixture.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "engine/puzzle_miner.hpp"
#include "engine/solver.hpp"
#include "server/puzzles/puzzle_json.hpp"

namespace dvonn::server::testing {

// Proved puzzles from random endgames with at most 7 stacks (mined once
// for all the tests).
inline const std::vector<engine::Puzzle>& test_puzzles() {
  static const std::vector<engine::Puzzle> puzzles = [] {
    std::vector<engine::Puzzle> found;
    for (std::uint64_t seed = 1; seed < 400 && found.size() < 4; ++seed) {
      std::mt19937_64 rng(seed);
      Game g(random_setup(seed));
      while (!g.position().is_over() && engine::live_stacks(g.position()) > 7) {
        MoveList list;
        g.position().generate(list);
        g.play(list[static_cast<int>(rng() % list.size)]);
      }
      engine::Puzzle p;
      if (engine::mine_position(g.state(), 60, nullptr, engine::PuzzleBudget{}, p) && p.proved && !p.refutation.empty())
        found.push_back(p);
    }
    return found;
  }();
  return puzzles;
}

class PuzzlesTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    const std::string file = (dir_ / "puzzles.json").string();
    nlohmann::json list = nlohmann::json::array();
    for (const auto& p : test_puzzles()) list.push_back(puzzle_file_json(p, "test"));
    std::ofstream(file) << nlohmann::json{{"puzzles", list}}.dump();
    c.puzzle_files = {file};
  }
  const engine::Puzzle& puzzle(std::size_t i) { return test_puzzles().at(i); }
  std::string path(const engine::Puzzle& p) { return "/api/puzzles/" + p.id; }
  HttpResult attempt(const engine::Puzzle& p, const nlohmann::json& moves, const Browser& b = {}) {
    return call(path(p) + "/attempt", {{"moves", moves}}, b);
  }
  // A legal move of the puzzle other than its solution.
  static Move other_move(const engine::Puzzle& p) {
    auto st = parse_position(p.position);
    MoveList list;
    st->position.generate(list);
    for (Move m : list)
      if (m != p.solution.front() && m != p.wrong) return m;
    return p.wrong;
  }
};

}  // namespace dvonn::server::testing
