#include "app/position_source.hpp"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"

namespace dvonn::app {

void PositionSource::add_options(CLI::App* command) {
  auto* m = command->add_option("--moves", moves, "The game so far, as moves from the start (\"E3 F4 ... A1B2\")");
  auto* p = command->add_option("--position", position, "A position string (see docs/position-string.md)");
  auto* r = command->add_option("--record", record, "A game record file (see docs/game-record.md), or - for stdin");
  auto* s = command->add_option("--random-setup", random_seed, "Start from the random setup with this seed");
  p->excludes(r)->excludes(s);
  r->excludes(s);
  (void)m;
}

std::string read_text(const std::string& path) {
  if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), {});
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void play_moves(Game& game, const std::string& moves) {
  GameRecord rec;
  std::string error;
  // The bare move list goes through the record reader, so it may also
  // carry move numbers.
  auto parsed = parse_record(moves, &error);
  if (!parsed) throw InputError("--moves: " + error);
  for (std::size_t i = 0; i < parsed->moves.size(); ++i) {
    std::string why = game.play(parsed->moves[i]);
    if (!why.empty()) throw InputError("--moves: move " + std::to_string(i + 1) + ": " + why);
  }
}

Game PositionSource::load() const {
  std::string error;
  Game game;
  if (!position.empty()) {
    auto st = parse_position(position, &error);
    if (!st) throw InputError("--position: " + error);
    game = Game(*st);
  } else if (!record.empty()) {
    auto rec = parse_record(read_text(record), &error);
    if (!rec) throw InputError(record + ": " + error);
    auto g = replay_record(*rec, &error);
    if (!g) throw InputError(record + ": " + error);
    game = *g;
  } else if (random_seed) {
    game = Game(random_setup(*random_seed));
  }
  if (!moves.empty()) play_moves(game, moves);
  return game;
}

}  // namespace dvonn::app
