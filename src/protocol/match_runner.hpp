// A match: many refereed games between two programs, colours swapped in
// pairs, several games at once, records written as the games end, and the
// statistics kept up to date (see docs/match.md).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "protocol/match_stats.hpp"
#include "protocol/referee.hpp"

namespace dvonn::protocol {

struct MatchSettings {
  std::array<PlayerSpec, 2> engines;  // the first is "us" in every statistic
  int games = 2;
  RefereeSettings referee;  // its random_setup_seed is set per pair
  bool random_setup = false;
  // > 0: start each pair after this many random placements from the empty
  // board (random_opening), so full games still vary; not with random_setup.
  int random_openings = 0;
  // When not empty, pair k starts from openings[k % size] (an openings
  // file); not with random setups or random openings.
  std::vector<BoardState> openings;
  std::uint64_t seed = 1;  // the random setups derive from it
  int concurrency = 1;     // games played at once
  std::string out_dir;     // record files go here; "" writes none
  // When set, no new game starts once the SPRT has reached a verdict.
  std::optional<SprtSettings> sprt;
};

// One finished game, from the match's point of view.
struct MatchGame {
  int index = 0;  // 0-based; games 2k and 2k+1 form pair k
  bool first_is_white = true;
  RefereedGame game;
  std::string record_path;   // "" when no record was written
  std::string record_error;  // why the record could not be written, if so
  // The first engine's result: 1, 0.5 or 0.
  double first_score() const;
};

struct MatchTotals {
  WinDrawLoss first;              // from the first engine's side
  int games_by_rules = 0;         // games that ended by the rules, not by forfeit
  long piece_difference_sum = 0;  // first engine's pieces minus the second's, over those games
  std::array<int, 2> forfeits{};  // forfeits lost by the first, second engine
  bool stopped_by_sprt = false;
  double mean_piece_difference() const {
    return games_by_rules ? static_cast<double>(piece_difference_sum) / games_by_rules : 0.0;
  }
};

struct MatchReport {
  std::vector<MatchGame> games;  // in index order
  MatchTotals totals;
};

// The random setup seed of a pair: a hash of the match seed and the pair.
std::uint64_t pair_seed(std::uint64_t match_seed, int pair);

// The number `{seed}` stands for in an engine command in game `index`
// (0-based): 1..2147483647 (a positive C int, as PrimaDvonna's --seed=
// takes), different from game to game and fixed by the match seed, so
// deterministic programs still play varied games and a match can be
// repeated.
std::uint64_t game_seed(std::uint64_t match_seed, int index);

// The command with every `{seed}` replaced by that number.
std::string command_for_game(const std::string& command, std::uint64_t seed);

// The record file of a finished game: White, Black, Date, Setup, Result,
// Score and, for a forfeit, Termination.
std::string record_text(const MatchGame& game, const MatchSettings& settings);

// Checks the settings; returns what is wrong, or "" when they are usable.
std::string check_match_settings(const MatchSettings& settings);

// Plays the match. on_game runs (under a lock, in finishing order) after each
// game with the totals so far; it may print progress.
MatchReport run_match(const MatchSettings& settings,
                      const std::function<void(const MatchGame&, const MatchTotals&)>& on_game = {});

}  // namespace dvonn::protocol
