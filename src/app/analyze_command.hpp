// The engine's subcommands: `dvonn analyze` (best moves of a position),
// `dvonn bench-search` (the search benchmark and its node signature),
// `dvonn selfplay` (in-process matches between levels) and `dvonn tune`
// (fitting the evaluation weights to self-play games).
#pragma once

#include <CLI/CLI.hpp>

#include "app/commands.hpp"

namespace dvonn::app {

void register_analyze_command(CLI::App& app, CommandSet& set);

}  // namespace dvonn::app
