#include "server/tournaments/tournament_record.hpp"

#include <algorithm>

namespace dvonn::server {

std::string_view to_string(TournamentStatus status) {
  switch (status) {
    case TournamentStatus::Upcoming:
      return "upcoming";
    case TournamentStatus::Running:
      return "running";
    case TournamentStatus::Finished:
      return "finished";
    case TournamentStatus::Cancelled:
      return "cancelled";
  }
  return "upcoming";
}

std::optional<TournamentStatus> tournament_status_from(std::string_view name) {
  for (auto s :
       {TournamentStatus::Upcoming, TournamentStatus::Running, TournamentStatus::Finished, TournamentStatus::Cancelled})
    if (to_string(s) == name) return s;
  return std::nullopt;
}

const Entrant* TournamentRecord::entrant(std::int64_t user) const {
  auto it = std::find_if(entrants.begin(), entrants.end(), [user](const Entrant& e) { return e.user.id == user; });
  return it == entrants.end() ? nullptr : &*it;
}

Entrant* TournamentRecord::entrant(std::int64_t user) {
  return const_cast<Entrant*>(std::as_const(*this).entrant(user));
}

int TournamentRecord::active_count() const {
  return static_cast<int>(
      std::count_if(entrants.begin(), entrants.end(), [](const Entrant& e) { return !e.withdrawn; }));
}

}  // namespace dvonn::server
