#include "server/tournaments/tournament_kind.hpp"

namespace dvonn::server {

std::string_view to_string(TournamentKind kind) {
  switch (kind) {
    case TournamentKind::Swiss:
      return "swiss";
    case TournamentKind::RoundRobin:
      return "round_robin";
    case TournamentKind::Arena:
      return "arena";
  }
  return "swiss";
}

std::optional<TournamentKind> tournament_kind_from(std::string_view name) {
  for (auto kind : {TournamentKind::Swiss, TournamentKind::RoundRobin, TournamentKind::Arena}) {
    if (to_string(kind) == name) return kind;
  }
  return std::nullopt;
}

}  // namespace dvonn::server
