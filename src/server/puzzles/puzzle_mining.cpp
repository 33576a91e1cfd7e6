#include "server/puzzles/puzzle_mining.hpp"

#include <chrono>
#include <iostream>

#include "core/position_string.hpp"
#include "server/rooms/background_priority.hpp"
#include "server/store/moves_key.hpp"

namespace dvonn::server {

PuzzleMining::PuzzleMining(GameStore& games, PuzzleStore& puzzles, EngineWorkers& engines, PuzzleMiningLimits limits,
                           NowMs now_ms)
    : games_(games), puzzles_(puzzles), engines_(engines), limits_(limits), now_ms_(std::move(now_ms)) {}

PuzzleMining::~PuzzleMining() { stop(); }

void PuzzleMining::start() {
  if (limits_.run && !thread_.joinable()) thread_ = std::thread([this] { run(); });
}

void PuzzleMining::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  abort_ = true;
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void PuzzleMining::wake() {
  std::lock_guard lock(mutex_);
  woken_ = true;
  cv_.notify_all();
}

bool PuzzleMining::stopping() {
  std::lock_guard lock(mutex_);
  return stopping_;
}

std::optional<Game> PuzzleMining::stored_game(GameStore& games, const std::string& id) {
  std::optional<StoredGame> stored = games.load(id);
  if (!stored) return std::nullopt;
  auto start = parse_position(stored->start);
  if (!start) return std::nullopt;
  Game game(*start);
  for (const std::string& text : stored->moves) {
    auto m = parse_move(text);
    if (!m || !game.play(*m).empty()) return std::nullopt;
  }
  return game;
}

int PuzzleMining::mine_pending() {
  int marked = 0;
  for (const std::string& id : puzzles_.unmined_games(limits_.batch)) {
    if (stopping()) break;
    std::optional<Game> game;
    try {
      game = stored_game(games_, id);
    } catch (const StoreError&) {
      game.reset();  // a damaged game: marked below, with no puzzle
    }
    if (!game) {
      if (puzzles_.mark_mined(id, "", now_ms_()).empty()) ++marked;
      continue;
    }
    const std::string key = moves_key(*game);
    auto go_on = [this] { return wait_for_live_engines(engines_, [this] { return stopping(); }); };
    std::vector<engine::Puzzle> found = engine::mine_game(*game, limits_.budget, &abort_, go_on);
    if (abort_ || stopping()) break;  // cut short: mined again at the next start
    if (before_commit_) before_commit_(id);
    if (stopping()) break;  // stopped before the commit: the game stays unmined
    // Refused when the game's moves changed while it was mined.
    auto now = stored_game(games_, id);
    if (!now || moves_key(*now) != key) continue;
    std::string error = puzzles_.add(found, "game " + id, id, key, now_ms_());
    if (!error.empty()) {
      std::cerr << "dvonn serve: the puzzles of game " << id << " could not be stored: " << error << "\n";
      break;
    }
    ++marked;
  }
  return marked;
}

void PuzzleMining::run() {
  lower_this_thread_priority(limits_.nice);
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      cv_.wait_for(lock, std::chrono::milliseconds(limits_.interval_ms), [&] { return stopping_ || woken_; });
      if (stopping_) return;
      woken_ = false;
    }
    try {
      mine_pending();
    } catch (const std::exception& e) {
      std::cerr << "dvonn serve: puzzle mining failed: " << e.what() << "\n";
    }
  }
}

}  // namespace dvonn::server
