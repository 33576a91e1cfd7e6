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

  // Storage for a command's options that lives as long as the set.
  template <class T>
  std::shared_ptr<T> keep() {
    auto p = std::make_shared<T>();
    state.push_back(p);
    return p;
  }
  void add(CLI::App* command, std::function<int()> action) { commands.emplace_back(command, std::move(action)); }
};
CommandSet register_commands(CLI::App& app);

// Runs the whole program on argv; what main() calls.
int run_dvonn(int argc, char** argv);

}  // namespace dvonn::app
