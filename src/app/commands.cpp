#include "app/commands.hpp"

#include <iostream>

#include "app/position_source.hpp"
#include "app/version.hpp"

namespace dvonn::app {

CommandSet register_commands(CLI::App& app) {
  CommandSet set;
  register_perft_command(app, set);
  register_replay_command(app, set);
  register_legal_command(app, set);
  register_show_command(app, set);
  register_play_command(app, set);
  register_bench_command(app, set);
  register_serve_command(app, set);
  register_admin_command(app, set);
  register_db_command(app, set);
  register_analyze_command(app, set);
  register_bench_search_command(app, set);
  register_selfplay_command(app, set);
  register_puzzles_command(app, set);
  register_tune_command(app, set);
  register_explorer_command(app, set);
  register_engine_command(app, set);
  register_match_command(app, set);
  {
    auto* c = app.add_subcommand("help", "List the subcommands");
    CLI::App* root = &app;
    set.add(c, [root] {
      std::cout << root->get_formatter()->make_help(root, "dvonn", CLI::AppFormatMode::Normal);
      return 0;
    });
  }
  return set;
}

int CommandSet::run_chosen() const {
  for (const auto& [cmd, action] : commands)
    if (cmd->parsed()) return action();
  return 0;
}

int run_dvonn(int argc, char** argv) {
  CLI::App app{"dvonn: play, study and compute the board game DVONN"};
  app.set_version_flag("--version", version_string(), "Print the version and the git commit it was built from");
  app.require_subcommand(1);
  CommandSet set = register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "dvonn: " << e.what() << "\nRun 'dvonn help' for the commands, 'dvonn COMMAND --help' for options.\n";
    return 2;
  }
  try {
    return set.run_chosen();
  } catch (const InputError& e) {
    std::cerr << "dvonn: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dvonn::app
