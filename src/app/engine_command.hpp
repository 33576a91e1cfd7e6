// `dvonn engine`: a CodeCup 2011 player on standard input and output, at an
// engine level or as one of the baseline players (docs/protocol.md).
#pragma once

#include <CLI/CLI.hpp>

#include "app/commands.hpp"

namespace dvonn::app {

void register_engine_command(CLI::App& app, CommandSet& set);

}  // namespace dvonn::app
