// `dvonn match`: runs two CodeCup-protocol programs against each other
// under the referee and reports the score, Elo and SPRT (docs/match.md).
#pragma once

#include <CLI/CLI.hpp>

#include "app/commands.hpp"

namespace dvonn::app {

void register_match_command(CLI::App& app, CommandSet& set);

}  // namespace dvonn::app
