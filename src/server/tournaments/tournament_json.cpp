#include "server/tournaments/tournament_json.hpp"

#include <algorithm>
#include <map>

#include "community/time_control.hpp"
#include "server/base/time_control_json.hpp"
#include "server/tournaments/standings.hpp"

namespace dvonn::server {

using nlohmann::json;

namespace {

json result_json(const TournamentGame& g) {
  if (g.black == 0) return "bye";
  switch (g.result) {
    case GameResult::WhiteWins:
      return "1-0";
    case GameResult::BlackWins:
      return "0-1";
    case GameResult::Draw:
      return "½-½";
    case GameResult::Pending:
      break;
  }
  return nullptr;
}

double rating_of(const User& u) { return u.guest ? 1500.0 : u.rating; }

}  // namespace

json tournament_summary_json(const Tournament& t) {
  std::string error;
  community::TimeControl control = community::parse_time_control(t.clock, error);
  const bool arena = t.kind == TournamentKind::Arena;
  return {{"id", t.id},
          {"name", t.name},
          {"kind", std::string(to_string(t.kind))},
          {"clock", time_control_json(control)},
          {"rated", t.rated},
          {"rounds", arena || (t.kind == TournamentKind::RoundRobin && t.rounds == 0) ? json() : json(t.rounds)},
          {"duration_minutes", arena ? json(t.duration_minutes) : json()},
          {"starts_ms", t.starts_ms},
          {"ends_ms", t.ends_ms ? json(t.ends_ms) : json()},
          {"status", std::string(to_string(t.status))},
          {"round", t.round},
          {"players", t.players},
          {"private", !t.password_hash.empty()},
          {"created_by", t.created_by ? json(t.created_by_name) : json()}};
}

json tournament_view_json(const TournamentRecord& r) {
  std::map<std::int64_t, const User*> users;
  for (const Entrant& e : r.entrants) users[e.user.id] = &e.user;
  auto name = [&](std::int64_t id) -> json {
    auto it = users.find(id);
    return it == users.end() ? json() : json(it->second->name);
  };
  Tournament t = r.t;
  t.players = r.active_count();
  json entrants = json::array();
  for (const Entrant& e : r.entrants)
    entrants.push_back({{"name", e.user.name},
                        {"rating", e.user.guest ? json() : json(e.user.rating)},
                        {"engine", e.user.engine},
                        {"withdrawn", e.withdrawn}});
  std::vector<std::pair<std::int64_t, double>> rated;
  std::vector<TournamentGame> games;
  for (const Entrant& e : r.entrants) rated.emplace_back(e.user.id, rating_of(e.user));
  for (const EntrantGame& g : r.games) games.push_back(g.game);
  json table = json::array();
  for (const StandingRow& s : standings(r.t.kind, rated, games)) {
    auto it = users.find(s.id);
    table.push_back({{"rank", s.rank},
                     {"name", name(s.id)},
                     {"rating", it == users.end() || it->second->guest ? json() : json(it->second->rating)},
                     {"points", s.points},
                     {"buchholz", s.buchholz},
                     {"sonneborn_berger", s.sonneborn_berger},
                     {"games", s.games},
                     {"wins", s.wins},
                     {"draws", s.draws},
                     {"losses", s.losses},
                     {"on_fire", s.on_fire},
                     {"sheet", s.sheet}});
  }
  json rounds = json::array();
  json arena_games = json::array();
  if (r.t.kind == TournamentKind::Arena) {
    int shown = 0;
    for (auto it = r.games.rbegin(); it != r.games.rend() && shown < 100; ++it, ++shown)
      arena_games.push_back({{"white", name(it->game.white)},
                             {"black", name(it->game.black)},
                             {"game", it->game_id.empty() ? json() : json(it->game_id)},
                             {"result", result_json(it->game)}});
  } else {
    std::map<int, json> by_round;
    for (const EntrantGame& g : r.games) {
      json& pairings = by_round[g.game.round];
      if (pairings.is_null()) pairings = json::array();
      pairings.push_back({{"white", name(g.game.white)},
                          {"black", g.game.black ? name(g.game.black) : json()},
                          {"game", g.game_id.empty() ? json() : json(g.game_id)},
                          {"result", result_json(g.game)}});
    }
    for (auto& [round, pairings] : by_round) rounds.push_back({{"round", round}, {"pairings", pairings}});
  }
  return {{"tournament", tournament_summary_json(t)},
          {"entrants", entrants},
          {"standings", table},
          {"rounds", rounds},
          {"games", arena_games}};
}

}  // namespace dvonn::server
