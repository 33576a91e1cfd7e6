#include "engine/selfplay.hpp"

#include <algorithm>
#include <random>

#include "core/random_setup.hpp"
#include "engine/baseline.hpp"
#include "engine/time_manager.hpp"

namespace dvonn::engine {

double GameOutcome::white_points() const {
  if (white_flagged != black_flagged) return white_flagged ? 0.0 : 1.0;
  return white > black ? 1.0 : white < black ? 0.0 : 0.5;
}

GameOutcome play_game(Player& white, Player& black, const GameSetup& setup) {
  GameOutcome out;
  std::mt19937_64 rng(setup.seed);
  Position p = setup.random_setup ? random_setup(setup.seed).position : Position();
  if (!setup.random_setup) {
    for (int i = 0; i < setup.random_placements && p.in_placement(); ++i) {
      Move m = random_move(p, rng);
      out.positions.push_back(p);
      out.moves.push_back(m);
      p.play(m);
    }
  }
  white.new_game();
  black.new_game();
  double clock[2] = {setup.seconds_per_game, setup.seconds_per_game};
  double longest[2] = {0, 0};
  while (!p.is_over()) {
    const int side = p.side_to_move() == Color::White ? 0 : 1;
    Player& player = side == 0 ? white : black;
    Deadline timer;
    Move m = player.choose(p, clock[side]);
    double used = timer.elapsed();
    clock[side] -= used;
    longest[side] = std::max(longest[side], used);
    if (!p.is_legal(m)) {  // cannot happen; count it as a flag so it shows
      (side == 0 ? out.white_flagged : out.black_flagged) = true;
      break;
    }
    out.positions.push_back(p);
    out.moves.push_back(m);
    p.play(m);
  }
  Score s = p.score();
  out.white = s.white;
  out.black = s.black;
  out.white_seconds = setup.seconds_per_game - clock[0];
  out.black_seconds = setup.seconds_per_game - clock[1];
  out.white_max_move = longest[0];
  out.black_max_move = longest[1];
  if (clock[0] < 0) out.white_flagged = true;
  if (clock[1] < 0) out.black_flagged = true;
  return out;
}

MatchResult play_match(int level_a, int level_b, int games, GameSetup setup,
                       const std::function<void(int, const GameOutcome&, bool)>& on_game, const Weights* weights_a,
                       const Weights* weights_b) {
  MatchResult r;
  Player a(level_name(level_a), 16, setup.seed * 2 + 1), b(level_name(level_b), 16, setup.seed * 2 + 2);
  if (weights_a && a.engine()) a.engine()->set_weights(*weights_a);
  if (weights_b && b.engine()) b.engine()->set_weights(*weights_b);
  const std::uint64_t base_seed = setup.seed;
  for (int g = 0; g < games; ++g) {
    const bool a_white = g % 2 == 0;
    setup.seed = base_seed * 1000003u + static_cast<std::uint64_t>(g / 2);  // same opening for the pair
    GameOutcome o = a_white ? play_game(a, b, setup) : play_game(b, a, setup);
    double pa = a_white ? o.white_points() : 1.0 - o.white_points();
    r.points_a += pa;
    ++r.games;
    (pa == 1.0 ? r.wins_a : pa == 0.0 ? r.losses_a : r.draws)++;
    r.flags_a += a_white ? o.white_flagged : o.black_flagged;
    r.flags_b += a_white ? o.black_flagged : o.white_flagged;
    r.max_move_a = std::max(r.max_move_a, a_white ? o.white_max_move : o.black_max_move);
    r.max_move_b = std::max(r.max_move_b, a_white ? o.black_max_move : o.white_max_move);
    if (on_game) on_game(g, o, a_white);
  }
  return r;
}

}  // namespace dvonn::engine
