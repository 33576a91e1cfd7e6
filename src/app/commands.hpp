// The `dvonn` subcommands: each registers itself on the command line and
// runs when chosen.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <vector>

namespace dvonn::app {

// Registers every subcommand on app. The returned actions run the one the
// user chose; each returns the process exit code.
struct CommandSet {
  std::vector<std::pair<CLI::App*, std::function<int()>>> commands;
  std::vector<std::shared_ptr<void>> state;  // options storage, kept alive
  int run_chosen() const;
};
CommandSet register_commands(CLI::App& app);

// Runs the whole program on argv; what main() calls.
int run_dvonn(int argc, char** argv);

}  // namespace dvonn::app
