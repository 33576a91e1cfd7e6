// The engine's public face: what the CLI, the CodeCup player, the match
// referee and the web server use. Everything behind it (evaluation, search,
// transposition table, time management, solver) lives in src/engine/.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/position.hpp"

namespace dvonn::engine {

struct Weights;  // evaluation.hpp

// Level 1 (a beginner can win) to kTopLevel (full strength).
inline constexpr int kMinLevel = 1;
inline constexpr int kTopLevel = 8;

struct SearchLimits {
  double seconds = 0;       // wall-clock budget for this search; 0 = none
  int depth = 0;            // maximum depth in plies; 0 = none
  std::uint64_t nodes = 0;  // node budget; 0 = none
  int multipv = 1;          // how many best moves to report
  // Set from another thread to stop the search early (may be null).
  const std::atomic<bool>* stop = nullptr;
};

struct ScoredLine {
  Move move;
  // Expected final piece difference (side to move's count minus the
  // opponent's), exact when `exact` is set (the position is solved).
  double score = 0;
  bool exact = false;
  std::vector<Move> pv;  // starts with move
};

struct SearchReport {
  int depth = 0;  // last completed iteration
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<ScoredLine> lines;  // best first; lines[0].move is the move to play
};

// The time a move may take: either this side's clock for the rest of the
// game (the engine plans its own share of it, with a safety margin, and
// never overruns it) or a fixed budget for this one move (the web server's
// engine seats).
struct PlayLimits {
  double game_seconds_left = 0;
  double move_seconds = 0;  // used when game_seconds_left is 0
  // Set from another thread to stop early (may be null).
  const std::atomic<bool>* stop = nullptr;
  static PlayLimits game_clock(double seconds_left) { return {seconds_left, 0, nullptr}; }
  static PlayLimits per_move(double seconds) { return {0, seconds, nullptr}; }
};

struct PlayReport {
  Move move = Move::pass();
  int depth = 0;        // plies of the last completed iteration (0: no search, e.g. a forced or random move)
  bool solved = false;  // chosen by the exact endgame solver
  std::uint64_t nodes = 0;
};

// Where the Dvonn pieces go: the fixed preference (dvonn_placement_score),
// close together (dvonn_cluster_score), at random, or at random off the
// middle row (an experiment that did not pay: docs/engine.md). play() at
// the top level draws them (docs/strength.md);
// search() and the lower levels take the fixed preference.
enum class DvonnRule { Table, Cluster, Random, RandomOffMiddle };

// Data for measuring what the placement features are worth, and diverse
// games from the empty board (docs/engine.md, "Placement variety"): while
// placing a coloured piece, play() searches the `lines` best placements and
// plays one of those whose score is within `margin_centipieces` of the
// best, uniformly at random. Off (margin 0) by default: play stays
// deterministic for a given clock.
struct PlacementVariety {
  double margin_centipieces = 0;
  int lines = 6;
  bool on() const { return margin_centipieces > 0 && lines > 1; }
};

// The same for the movement model's features: in the middle game (while
// `most_stacks` down to `fewest_stacks` stacks of colour are on the board)
// play() searches the `lines` best moves to a fixed `depth` from an empty
// table of its own, and plays one of those within `margin_centipieces` of
// the best, uniformly at random. The fixed depth and the fresh table make
// the search repeatable (Engine::movement_choices), which a timed search
// is not. Off by default.
struct MovementVariety {
  double margin_centipieces = 0;
  int lines = 6;
  int depth = 4;
  int most_stacks = 38, fewest_stacks = 20;
  bool on() const { return margin_centipieces > 0 && lines > 1 && depth > 0; }
  // Whether a move in this position is drawn.
  bool applies(const Position& position) const;
};

// The lines of `lines` (best first, as a search reports them) a varied
// placement or move draws from: those within the margin of the first.
std::vector<ScoredLine> lines_within_margin(const std::vector<ScoredLine>& lines, double margin_centipieces);

class Engine {
 public:
  explicit Engine(int level = kTopLevel, std::size_t hash_megabytes = 64);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  int level() const;
  // Forget everything learned from earlier searches (new game).
  void new_game();

  // Searches within the limits; calls on_iteration (if given) after each
  // completed depth. Always returns at least one legal line when the
  // position has a legal move (a forced pass included).
  SearchReport search(const Position& position, const SearchLimits& limits,
                      const std::function<void(const SearchReport&)>& on_iteration = {});

  // The one way to play a move at this engine's level: the CLI, the CodeCup
  // player, self-play and the web server all come here, so no caller can
  // skip the level's handicap (depth, random moves, clock share, solver).
  // search() stays full-strength analysis (hints, `dvonn analyze`).
  PlayReport play(const Position& position, const PlayLimits& limits);

  // Search threads (default 1), for play() and search(): the extra threads
  // help the main one by taking moves of its principal-variation nodes once
  // their first move is searched (split_pool.hpp); all share the
  // transposition table.
  void set_threads(int threads);
  int threads() const;

  // An aspiration window of this half-width (centipieces) around the last
  // iteration's score for play()'s movement searches (0, the default: an
  // open window). An experiment of issue 41; negative values count as 0.
  void set_aspiration(int centipieces);

  // Reverse futility pruning with this margin a ply (centipieces) for
  // play()'s searches (0, the default: none). An experiment of issue 41;
  // negative values count as 0.
  void set_futility(int centipieces);

  // Turns placement variety on (or off with a margin of 0); `seed` seeds
  // its draws, apart from the level's own random moves.
  void set_placement_variety(const PlacementVariety& variety, std::uint64_t seed);
  // The placements play() draws from under `variety` in this position,
  // searched as play() searches them but without a clock (the level's
  // depth while placing), best first; empty when the next placement is not
  // a coloured one. This is how a game played with variety is read back
  // (`dvonn tune --placement-worth`).
  std::vector<ScoredLine> placement_choices(const Position& position, const PlacementVariety& variety);

  // Turns movement variety on (or off with a margin of 0), its draws
  // seeded by `seed`, apart from placement variety's.
  void set_movement_variety(const MovementVariety& variety, std::uint64_t seed);
  // The moves play() draws from under `variety` in this position, best
  // first (the same search: fixed depth, one thread, an empty table); empty
  // where the variety does not apply.
  std::vector<ScoredLine> movement_choices(const Position& position, const MovementVariety& variety);

  // Replaces the evaluation weights (default: the tuned default_weights()),
  // for tuning experiments that pit two weight sets against each other.
  void set_weights(const Weights& weights);

  // Replaces the level's chance of a random move (LevelSettings), its
  // draws seeded by `seed`, to measure where a level's handicap should sit
  // (docs/strength.md).
  void set_random_move(double chance, std::uint64_t seed);

  // How play() and search() place the Dvonn pieces, replacing the
  // defaults (play(): the level's, LevelSettings::random_dvonn; search():
  // DvonnRule::Table); `seed` seeds DvonnRule::Random's draws.
  void set_dvonn_rule(DvonnRule rule, std::uint64_t seed);
  // Seeds the draws alone, keeping the rule (Player passes its seed here).
  void seed_dvonn_draws(std::uint64_t seed);
  // The rule play() follows.
  DvonnRule dvonn_rule() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dvonn::engine
