// `dvonn legal`: the legal moves of a position, one per line.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/position_source.hpp"

namespace dvonn::app {
namespace {

struct LegalOptions {
  PositionSource source;
  bool json = false;
};

int run_legal(const LegalOptions& o) {
  Game game = o.source.load();
  MoveList list;
  game.position().generate(list);
  std::vector<std::string> names;
  for (Move m : list) names.push_back(to_string(m));
  std::sort(names.begin(), names.end());
  if (o.json) {
    std::cout << nlohmann::json(names).dump() << "\n";
    return 0;
  }
  for (auto& n : names) std::cout << n << "\n";
  return 0;
}

}  // namespace

void register_legal_command(CLI::App& app, CommandSet& set) {
  auto o = set.keep<LegalOptions>();
  auto* c = app.add_subcommand("legal", "List the legal moves of a position, one per line");
  c->add_flag("--json", o->json, "Print a JSON array");
  o->source.add_options(c);
  set.add(c, [o] { return run_legal(*o); });
}

}  // namespace dvonn::app
