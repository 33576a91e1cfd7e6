#include "server/social/challenge_store.hpp"

#include "community/time_control.hpp"
#include "server/base/time_control_json.hpp"
#include "server/store/sqlite_util.hpp"
#include "server/store/user_row.hpp"

namespace dvonn::server {
namespace {

// The challenge columns and both players' (f_* and t_*), for a query on
// `challenges c`.
constexpr const char* kChallengeSelect =
    "SELECT c.id, c.color, c.clock, c.rated, c.created_ms, c.state, c.game_id,"
    " f.id AS f_id, f.name AS f_name, f.guest AS f_guest, f.rating AS f_rating,"
    " t.id AS t_id, t.name AS t_name, t.guest AS t_guest, t.rating AS t_rating"
    " FROM challenges c JOIN users f ON f.id = c.from_user JOIN users t ON t.id = c.to_user ";

Challenge read_challenge(const Statement& q) {
  Challenge c;
  c.id = q.text("id");
  c.color = q.text("color");
  c.clock = q.text("clock");
  c.rated = q.integer("rated") != 0;
  c.created_ms = q.integer("created_ms");
  c.state = q.text("state");
  c.game_id = q.text("game_id");
  c.from.id = q.integer("f_id");
  c.from.name = q.text("f_name");
  c.from.guest = q.integer("f_guest") != 0;
  c.from.rating = q.real("f_rating");
  c.to.id = q.integer("t_id");
  c.to.name = q.text("t_name");
  c.to.guest = q.integer("t_guest") != 0;
  c.to.rating = q.real("t_rating");
  return c;
}

}  // namespace

nlohmann::json challenge_json(const Challenge& c) {
  std::string error;
  community::TimeControl control = community::parse_time_control(c.clock, error);
  return {{"id", c.id},
          {"from", player_json(c.from)},
          {"to", player_json(c.to)},
          {"color", c.color},
          {"clock", time_control_json(control)},
          {"rated", c.rated},
          {"created_ms", c.created_ms},
          {"state", c.state},
          {"game", c.game_id.empty() ? nlohmann::json() : nlohmann::json(c.game_id)}};
}

std::string ChallengeStore::add(const Challenge& c) {
  return store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(),
                "INSERT INTO challenges(id, from_user, to_user, color, clock, rated, created_ms, state, game_id)"
                " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', '')",
                false);
    q.bind(1, c.id).bind(2, c.from.id).bind(3, c.to.id).bind(4, c.color).bind(5, c.clock);
    q.bind(6, std::int64_t{c.rated}).bind(7, c.created_ms).run();
  });
}

std::optional<Challenge> ChallengeStore::find(const std::string& id) {
  std::optional<Challenge> found;
  store_.read([&](Database* db) {
    Statement q(db, (std::string(kChallengeSelect) + "WHERE c.id = ?1").c_str(), false);
    q.bind(1, id);
    if (q.next()) {
      found = read_challenge(q);
      q.reset();
    }
  });
  return found;
}

bool ChallengeStore::settle(const std::string& id, const std::string& state, const std::string& game_id,
                            std::string& error) {
  bool changed = false;
  error = store_.commit([&](StoreWriter& w) {
    Statement q(w.connection(), "UPDATE challenges SET state = ?2, game_id = ?3 WHERE id = ?1 AND state = 'pending'",
                false);
    q.bind(1, id).bind(2, state).bind(3, game_id).run();
    changed = w.connection()->changes() > 0;
  });
  return changed && error.empty();
}

std::int64_t ChallengeStore::pending_from(std::int64_t user) {
  std::int64_t n = 0;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT COUNT(*) FROM challenges WHERE from_user = ?1 AND state = 'pending'", false);
    q.bind(1, user);
    if (q.next()) {
      n = q.integer(0);
      q.reset();
    }
  });
  return n;
}

bool ChallengeStore::pending_between(std::int64_t from, std::int64_t to) {
  bool found = false;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT 1 FROM challenges WHERE from_user = ?1 AND to_user = ?2 AND state = 'pending'", false);
    q.bind(1, from).bind(2, to);
    found = q.next();
    if (found) q.reset();
  });
  return found;
}

std::vector<Challenge> ChallengeStore::pending_of(std::int64_t user, const PageCursor& before, std::size_t limit) {
  std::vector<Challenge> out;
  store_.read([&](Database* db) {
    std::string sql =
        std::string(kChallengeSelect) + "WHERE (c.from_user = ?1 OR c.to_user = ?1) AND c.state = 'pending' AND " +
        PageCursor::before_sql("c.created_ms", "c.id", 2, 3) + " ORDER BY c.created_ms DESC, c.id DESC LIMIT ?4";
    Statement q(db, sql.c_str(), false);
    q.bind(1, user).bind(2, before.time).bind(3, before.id).bind(4, static_cast<std::int64_t>(limit));
    while (q.next()) out.push_back(read_challenge(q));
  });
  return out;
}

std::vector<Challenge> ChallengeStore::cancel_between(std::int64_t a, std::int64_t b, std::string& error) {
  std::vector<Challenge> pending;
  store_.read([&](Database* db) {
    Statement q(
        db,
        (std::string(kChallengeSelect) + "WHERE c.state = 'pending' AND ((c.from_user = ?1 AND c.to_user = ?2) OR"
                                         " (c.from_user = ?2 AND c.to_user = ?1))")
            .c_str(),
        false);
    q.bind(1, a).bind(2, b);
    while (q.next()) pending.push_back(read_challenge(q));
  });
  std::vector<Challenge> cancelled;
  for (Challenge& c : pending)
    if (settle(c.id, "cancelled", "", error)) {
      c.state = "cancelled";
      cancelled.push_back(c);
    }
  return cancelled;
}

std::vector<Challenge> ChallengeStore::expire(std::int64_t before, std::string& error) {
  std::vector<Challenge> old;
  store_.read([&](Database* db) {
    Statement q(db, (std::string(kChallengeSelect) + "WHERE c.state = 'pending' AND c.created_ms < ?1").c_str(), false);
    q.bind(1, before);
    while (q.next()) old.push_back(read_challenge(q));
  });
  std::vector<Challenge> expired;
  for (Challenge& c : old)
    if (settle(c.id, "expired", "", error)) {
      c.state = "expired";
      expired.push_back(c);
    }
  return expired;
}

void ChallengeStore::forget_user(Database* db, std::int64_t user) {
  Statement q(db, "DELETE FROM challenges WHERE from_user = ?1 OR to_user = ?1", false);
  q.bind(1, user).run();
}

}  // namespace dvonn::server
