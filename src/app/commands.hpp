// The `dvonn` subcommands. Each lives in its own file under src/app/command/
// and registers itself on the command line through the function named
// after it below; commands.cpp calls them in the order `dvonn help` lists
// them and runs the one the user chose.
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

// One per subcommand (src/app/command/NAME.cpp).
// The rules core's commands.
void register_perft_command(CLI::App& app, CommandSet& set);
void register_replay_command(CLI::App& app, CommandSet& set);
void register_legal_command(CLI::App& app, CommandSet& set);
void register_show_command(CLI::App& app, CommandSet& set);
void register_play_command(CLI::App& app, CommandSet& set);
void register_bench_command(CLI::App& app, CommandSet& set);
// `dvonn serve`: the web game server (src/server/).
void register_serve_command(CLI::App& app, CommandSet& set);
// `dvonn admin`: moderation of a server's chat (reports, messages, bans).
void register_admin_command(CLI::App& app, CommandSet& set);
// `dvonn db copy`: a server's database copied between SQLite and PostgreSQL.
void register_db_command(CLI::App& app, CommandSet& set);
// The engine's commands: best moves of a position, the search benchmark and
// its node signature, in-process matches between levels, fitting the
// evaluation weights.
void register_analyze_command(CLI::App& app, CommandSet& set);
void register_bench_search_command(CLI::App& app, CommandSet& set);
void register_selfplay_command(CLI::App& app, CommandSet& set);
// `dvonn puzzles`: puzzles mined from game records or engine games.
void register_puzzles_command(CLI::App& app, CommandSet& set);
void register_tune_command(CLI::App& app, CommandSet& set);
// `dvonn explorer generate`: the placement explorer's engine games.
void register_explorer_command(CLI::App& app, CommandSet& set);
// The protocol layer's: a CodeCup 2011 player on standard input and output
// (docs/protocol.md), and matches between two such programs under the
// referee (docs/match.md).
void register_engine_command(CLI::App& app, CommandSet& set);
void register_match_command(CLI::App& app, CommandSet& set);

// Runs the whole program on argv; what main() calls.
int run_dvonn(int argc, char** argv);

}  // namespace dvonn::app
