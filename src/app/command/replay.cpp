// `dvonn replay FILE`: checks a game record move by move and prints the
// final board and result (docs/game-record.md).
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/board_view.hpp"
#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "core/game_record.hpp"

namespace dvonn::app {
namespace {

struct ReplayOptions {
  std::string file;
  bool json = false;
};

int run_replay(const ReplayOptions& o) {
  std::string error;
  std::string name = o.file == "-" ? "standard input" : o.file;
  auto rec = parse_record(read_text(o.file), &error);
  if (!rec) throw InputError(name + ": " + error);
  auto game = replay_record(*rec, &error);
  if (!game) throw InputError(name + ": " + error);
  const Position& p = game->position();
  Result r = game->result();
  if (r != Result::Ongoing && rec->has_tag("Result") && rec->tag("Result") != "*" &&
      rec->tag("Result") != result_tag(r))
    throw InputError(name + ": the Result tag says " + rec->tag("Result") + " but the final position gives " +
                     result_tag(r));
  Score s = p.score();
  if (o.json) {
    std::string to_move = p.is_over() ? "none" : color_name(p.side_to_move());
    nlohmann::json j = {{"moves", game->moves().size()},
                        {"phase", phase_name(p.phase())},
                        {"to_move", to_move},
                        {"score", {{"white", s.white}, {"black", s.black}}},
                        {"result", result_name(r)}};
    std::cout << j.dump() << "\n";
    return 0;
  }
  BoardViewOptions opt;
  opt.color = stdout_is_color_terminal();
  std::cout << render_board(game->state(), opt);
  std::cout << game->moves().size() << " moves, all legal. Result: " << result_name(r) << " (" << result_tag(r)
            << ")\n";
  return 0;
}

}  // namespace

void register_replay_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<ReplayOptions>();
  auto* c = app.add_subcommand("replay", "Check a game record move by move; print the final board and result");
  c->add_option("FILE", o->file, "The record file, or - for standard input")->required();
  c->add_flag("--json", o->json, "Print the outcome as one JSON object");
  set.add(c, [o] { return run_replay(*o); });
}

}  // namespace dvonn::app
