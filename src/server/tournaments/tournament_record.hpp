// One tournament as the server keeps it: its settings and state, its
// entrants and its games (with their game ids), as stored in SQLite
// (tournament_store.hpp) and run by the director (tournament_director.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/base/user.hpp"
#include "server/tournaments/tournament_game.hpp"
#include "server/tournaments/tournament_kind.hpp"

namespace dvonn::server {

enum class TournamentStatus { Upcoming, Running, Finished, Cancelled };
std::string_view to_string(TournamentStatus status);  // "upcoming", "running", "finished", "cancelled"
std::optional<TournamentStatus> tournament_status_from(std::string_view name);

struct Tournament {
  std::string id;  // 8 characters
  std::string name;
  TournamentKind kind = TournamentKind::Swiss;
  std::string clock;  // community::format_time_control
  bool rated = false;
  int rounds = 0;            // Swiss: as asked; round-robin: from the schedule at the start; arena: 0
  int duration_minutes = 0;  // arena only
  std::int64_t starts_ms = 0;
  std::int64_t ends_ms = 0;  // arena: start + duration; others: when finished; 0: not yet
  TournamentStatus status = TournamentStatus::Upcoming;
  int round = 0;                // the current round (0 before the start)
  std::string password_hash;    // "" for a public tournament
  std::int64_t created_by = 0;  // 0: the server (the daily tournament)
  std::string created_by_name;  // read with the row
  std::int64_t created_ms = 0;
  std::int64_t round_done_ms = 0;  // when the last round's games were all over (the pause)
  int players = 0;                 // entrants not withdrawn (read with the row for lists)
};

struct Entrant {
  User user;
  std::int64_t joined_ms = 0;
  bool withdrawn = false;
};

// A game of the tournament as stored: the algorithms' view plus its game.
struct EntrantGame {
  TournamentGame game;
  std::string game_id;  // "" for a bye (or a game not played: two engines)
};

struct TournamentRecord {
  Tournament t;
  std::vector<Entrant> entrants;   // in order of joining
  std::vector<EntrantGame> games;  // in order of pairing

  const Entrant* entrant(std::int64_t user) const;
  Entrant* entrant(std::int64_t user);
  int active_count() const;  // not withdrawn
};

}  // namespace dvonn::server
