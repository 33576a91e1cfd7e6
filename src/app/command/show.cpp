// `dvonn show`: draws the board of a position in the terminal.
#include <iostream>

#include "app/board_view.hpp"
#include "app/command/support.hpp"
#include "app/commands.hpp"
#include "app/position_source.hpp"
#include "core/position_string.hpp"

namespace dvonn::app {
namespace {

struct ShowOptions {
  PositionSource source;
  bool stacks = false;
  std::string color = "auto";
  bool position_string = false;
};

int run_show(const ShowOptions& o) {
  Game game = o.source.load();
  BoardViewOptions opt;
  opt.color = use_color(o.color);
  opt.list_stacks = o.stacks;
  if (!game.moves().empty()) {
    Move last = game.moves().back();
    if (!last.is_pass()) opt.highlight = bit(last.to) | (last.is_step() ? bit(last.from) : 0);
  }
  std::cout << render_board(game.state(), opt);
  if (o.position_string) std::cout << "position: " << format_position(game.state()) << "\n";
  return 0;
}

}  // namespace

void register_show_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<ShowOptions>();
  auto* c = app.add_subcommand("show", "Draw the board in the terminal");
  c->add_flag("--stacks", o->stacks, "Also list the colours inside every stack");
  c->add_flag("--position-string", o->position_string, "Also print the position string");
  add_color_option(c, o->color);
  o->source.add_options(c);
  set.add(c, [o] { return run_show(*o); });
}

}  // namespace dvonn::app
