// What several subcommands share: timing a computation, the --color option
// of the commands that draw the board, and the --level check of the ones
// that take a player by its level.
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <string>

namespace dvonn::app {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0);

// --color auto|always|never, into `color`.
void add_color_option(CLI::App* command, std::string& color);
// Whether to draw in colour: "always", or "auto" on a colour terminal.
bool use_color(const std::string& color);

// "" for a level engine::Player takes (kMinLevel..kTopLevel, "greedy",
// "random"), else what to say (a CLI11 check).
std::string check_level(const std::string& level);

}  // namespace dvonn::app
