#include "app/command/support.hpp"

#include "app/board_view.hpp"
#include "engine/player.hpp"

namespace dvonn::app {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

void add_color_option(CLI::App* command, std::string& color) {
  command->add_option("--color", color, "ANSI colours: auto (on a terminal), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
}

bool use_color(const std::string& color) {
  return color == "always" || (color == "auto" && stdout_is_color_terminal());
}

std::string check_level(const std::string& level) {
  return engine::is_level(level) ? std::string() : "the levels are " + engine::level_choices();
}

}  // namespace dvonn::app
