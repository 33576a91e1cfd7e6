#include "server/archive/profile_stats.hpp"

#include <map>

#include "community/time_control_family.hpp"
#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

// The user's counted games, one row each: the user's color, the opponent
// (0: an anonymous seat), the outcome for the user (1, 0, -1) and the
// final difference (own pieces minus the opponent's).
constexpr const char* kMine =
    "WITH mine AS (SELECT g.id AS id, g.clock AS clock, g.updated_ms AS updated_ms, g.end_reason AS end_reason, "
    "CASE WHEN g.white_user = ?1 THEN 'white' ELSE 'black' END AS color, "
    "CASE WHEN g.white_user = ?1 THEN g.black_user ELSE g.white_user END AS opponent, "
    "CASE WHEN g.winner = 'draw' THEN 0 WHEN g.winner = CASE WHEN g.white_user = ?1 THEN 'white' ELSE 'black' END "
    "THEN 1 ELSE -1 END AS outcome, "
    "CASE WHEN g.white_user = ?1 THEN g.score_white - g.score_black ELSE g.score_black - g.score_white END AS diff "
    "FROM games g WHERE (g.white_user = ?1 OR g.black_user = ?1) AND g.over = 1 AND "
    "g.end_reason NOT IN ('cancelled', 'aborted') AND g.winner <> '') ";

constexpr const char* kCounts =
    "COUNT(*) AS games, COALESCE(SUM(CASE WHEN outcome = 1 THEN 1 ELSE 0 END), 0) AS wins, "
    "COALESCE(SUM(CASE WHEN outcome = -1 THEN 1 ELSE 0 END), 0) AS losses, "
    "COALESCE(SUM(CASE WHEN outcome = 0 THEN 1 ELSE 0 END), 0) AS draws";

json counts_of(const Statement& q) {
  return {{"games", q.integer("games")},
          {"wins", q.integer("wins")},
          {"losses", q.integer("losses")},
          {"draws", q.integer("draws")}};
}

json no_games() { return {{"games", 0}, {"wins", 0}, {"losses", 0}, {"draws", 0}}; }

void add_counts(json& into, const json& more) {
  for (const char* key : {"games", "wins", "losses", "draws"})
    into[key] = into[key].get<std::int64_t>() + more[key].get<std::int64_t>();
}

}  // namespace

json profile_stats(Database* db, std::int64_t user) {
  using community::time_control_families;
  using community::time_control_family;
  // By family: the database groups by the stored clock text, which maps
  // to one family each.
  std::map<std::string, json> families;
  for (const auto& f : time_control_families()) families[f] = no_games();
  {
    Statement q(db, (std::string(kMine) + "SELECT clock, " + kCounts + " FROM mine GROUP BY clock").c_str(), false);
    q.bind(1, user);
    while (q.next()) {
      std::string error;
      auto control = community::parse_time_control(q.text("clock"), error);
      add_counts(families[time_control_family(control)], counts_of(q));
    }
  }
  json by_clock = json::array();
  for (const auto& f : time_control_families()) {
    json row = families[f];
    row["family"] = f;
    by_clock.push_back(row);
  }

  json colors = {{"white", no_games()}, {"black", no_games()}};
  {
    Statement q(db, (std::string(kMine) + "SELECT color, " + kCounts + " FROM mine GROUP BY color").c_str(), false);
    q.bind(1, user);
    while (q.next()) colors[q.text("color")] = counts_of(q);
  }

  // Only games ended by the count: a resigned or timed-out game's count is
  // the position of the moment, not a final one.
  json difference = {{"average", nullptr}, {"games", 0}};
  {
    Statement q(db,
                (std::string(kMine) + "SELECT AVG(diff) AS average, COUNT(*) AS games FROM mine WHERE end_reason = "
                                      "'count'")
                    .c_str(),
                false);
    q.bind(1, user);
    if (q.next()) {
      if (q.integer("games") > 0) difference = {{"average", q.real("average")}, {"games", q.integer("games")}};
      q.reset();
    }
  }

  WinningStreaks streaks;
  {
    Statement q(db, (std::string(kMine) + "SELECT outcome FROM mine ORDER BY updated_ms, id").c_str(), false);
    q.bind(1, user);
    while (q.next()) streaks.add(static_cast<int>(q.integer(0)));
  }

  json opponents = json::array();
  {
    std::vector<std::pair<std::int64_t, json>> rows;
    Statement q(db,
                (std::string(kMine) + "SELECT opponent, " + kCounts +
                 " FROM mine WHERE opponent <> 0 AND opponent <> ?1 GROUP BY opponent ORDER BY games DESC, "
                 "MAX(updated_ms) DESC LIMIT ?2")
                    .c_str(),
                false);
    q.bind(1, user).bind(2, std::int64_t{kTopOpponents});
    while (q.next()) rows.emplace_back(q.integer("opponent"), counts_of(q));
    for (auto& [id, counts] : rows) {
      auto opponent = read_user(db, id);
      if (!opponent) continue;
      counts["player"] = player_json(*opponent);
      opponents.push_back(counts);
    }
  }

  return {{"by_clock", by_clock},
          {"as_white", colors["white"]},
          {"as_black", colors["black"]},
          {"difference", difference},
          {"streaks", {{"longest", streaks.longest}, {"current", streaks.current}}},
          {"opponents", opponents}};
}

}  // namespace dvonn::server
