// `dvonn serve`: the web game server (src/server/).
#pragma once

#include "app/commands.hpp"

namespace dvonn::app {

void register_serve_command(CLI::App& app, CommandSet& set);

}  // namespace dvonn::app
