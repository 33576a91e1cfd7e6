// Your account (docs/community-api.md, "Your account"): changing the
// password, downloading your games, deleting the account; and the profile's
// statistics over HTTP.

#include <sstream>

#include "community_fixture.hpp"
#include "core/game_record.hpp"
#include "server/store/database.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class AccountSettingsTest : public CommunityTest {
 protected:
  // A finished game: white plays E3, black plays the first legal move
  // listed, then `loser` resigns. Returns its id.
  std::string finished_game(const Browser& white, const Browser& black, const std::string& loser) {
    Started g = start_online(white, black);
    EXPECT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.white}, {"move", "E3"}}).status, 200);
    json s = state(g.id);
    EXPECT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.black}, {"move", s["legal"][0]}}).status, 200);
    auto r = call("/api/games/" + g.id + "/resign", {{"token", loser == "white" ? g.white : g.black}});
    EXPECT_EQ(r.status, 200) << r.body;
    return g.id;
  }
  int login_status(const std::string& name, const std::string& password) {
    return call("/api/auth/login", {{"name", name}, {"password", password}}).status;
  }
  bool logged_in(const Browser& b) { return !get("/api/me", b).json()["user"].is_null(); }
};

// The records of an export file: each starts at its [Event tag.
std::vector<std::string> split_records(const std::string& file) {
  std::vector<std::string> records;
  std::istringstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("[Event ")) records.emplace_back();
    if (!records.empty()) records.back() += line + "\n";
  }
  return records;
}

TEST_F(AccountSettingsTest, ChangePasswordLogsOutTheOtherSessions) {
  Browser here = signup("alice", "old password");
  auto other = call("/api/auth/login", {{"name", "alice"}, {"password", "old password"}});
  ASSERT_EQ(other.status, 200);
  Browser there{cookie_of(other), other.json()["user"]};
  ASSERT_TRUE(logged_in(there));

  // Wrong old password: refused, nothing changed.
  auto wrong = call("/api/me/password", {{"old", "not my password"}, {"new", "new password"}}, here);
  EXPECT_EQ(wrong.status, 403) << wrong.body;
  EXPECT_TRUE(logged_in(there));
  EXPECT_EQ(login_status("alice", "new password"), 401);
  // Bad input.
  EXPECT_EQ(call("/api/me/password", {{"old", "old password"}, {"new", "short"}}, here).status, 400);
  EXPECT_EQ(call("/api/me/password", {{"old", "old password"}, {"new", 12345678}}, here).status, 400);
  EXPECT_EQ(call("/api/me/password", {{"new", "new password"}}, here).status, 400);
  EXPECT_EQ(call("/api/me/password", {{"old", "old password"}, {"new", "new password"}}).status, 401);
  EXPECT_TRUE(logged_in(there));
  EXPECT_EQ(login_status("alice", "old password"), 200);

  auto changed = call("/api/me/password", {{"old", "old password"}, {"new", "new password"}}, here);
  EXPECT_EQ(changed.status, 200) << changed.body;
  EXPECT_TRUE(logged_in(here));
  EXPECT_FALSE(logged_in(there));
  EXPECT_EQ(login_status("alice", "old password"), 401);
  EXPECT_EQ(login_status("alice", "new password"), 200);

  // Guests have no password.
  Browser g = guest("visitor");
  EXPECT_EQ(call("/api/me/password", {{"old", ""}, {"new", "new password"}}, g).status, 403);
}

TEST_F(AccountSettingsTest, ExportHoldsEveryFinishedGameAndParsesBack) {
  Browser alice = signup("alice");
  Browser bob = signup("bob");
  std::vector<std::string> ids = {finished_game(alice, bob, "white"), finished_game(bob, alice, "white"),
                                  finished_game(alice, bob, "black")};
  Started ongoing = start_online(alice, bob);  // not finished: not in the file

  EXPECT_EQ(get("/api/me/games/export").status, 401);
  auto r = get("/api/me/games/export", alice);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("Content-Disposition"), "attachment; filename=\"dvonn-games-alice.txt\"");
  EXPECT_NE(r.header("Content-Type").find("text/plain"), std::string::npos);
  auto records = split_records(r.body);
  ASSERT_EQ(records.size(), ids.size()) << r.body;
  for (std::size_t i = 0; i < records.size(); ++i) {
    std::string error;
    auto record = parse_record(records[i], &error);
    ASSERT_TRUE(record) << error << "\n" << records[i];
    EXPECT_EQ(record->tag("Site"), "game " + ids[i]);  // oldest first
    EXPECT_FALSE(record->tag("Date").empty());
    EXPECT_FALSE(record->tag("TimeControl").empty());
    EXPECT_EQ(record->moves.size(), 2u);
    auto game = replay_record(*record, &error);
    EXPECT_TRUE(game) << error;
  }
  auto first = parse_record(records[0]);
  EXPECT_EQ(first->tag("White"), "alice");
  EXPECT_EQ(first->tag("Black"), "bob");
  EXPECT_EQ(first->tag("Result"), "0-1");
  EXPECT_EQ(r.body.find(ongoing.id), std::string::npos);

  // A user with no finished games gets an empty file.
  Browser carol = signup("carol");
  auto empty = get("/api/me/games/export", carol);
  EXPECT_EQ(empty.status, 200);
  EXPECT_EQ(empty.body, "");
}

TEST_F(AccountSettingsTest, DeleteAccountKeepsItsGamesUnderDeletedPlayer) {
  Browser alice = signup("alice", "alice password");
  Browser bob = signup("bob");
  std::string id = finished_game(alice, bob, "black");

  // Bad input and wrong passwords change nothing.
  EXPECT_EQ(call("/api/me/delete", {{"password", "alice password"}}, alice).status, 400);
  EXPECT_EQ(call("/api/me/delete", {{"password", "alice password"}, {"confirm", "delete"}}, alice).status, 400);
  EXPECT_EQ(call("/api/me/delete", {{"confirm", "DELETE"}}, alice).status, 400);
  EXPECT_EQ(call("/api/me/delete", {{"password", "wrong password"}, {"confirm", "DELETE"}}, alice).status, 403);
  EXPECT_EQ(call("/api/me/delete", {{"password", "alice password"}, {"confirm", "DELETE"}}).status, 401);
  EXPECT_TRUE(logged_in(alice));
  EXPECT_EQ(get("/api/users/alice").status, 200);

  // Unfinished games first.
  Started open = start_online(alice, bob);
  EXPECT_EQ(call("/api/me/delete", {{"password", "alice password"}, {"confirm", "DELETE"}}, alice).status, 409);
  ASSERT_EQ(call("/api/games/" + open.id + "/resign", {{"token", open.white}}).status, 200);

  auto second = call("/api/auth/login", {{"name", "alice"}, {"password", "alice password"}});
  ASSERT_EQ(second.status, 200);
  Browser there{cookie_of(second), second.json()["user"]};

  auto r = call("/api/me/delete", {{"password", "alice password"}, {"confirm", "DELETE"}}, alice);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_NE(r.header("Set-Cookie").find("Max-Age=0"), std::string::npos) << r.header("Set-Cookie");
  EXPECT_FALSE(logged_in(alice));
  EXPECT_FALSE(logged_in(there));
  EXPECT_EQ(login_status("alice", "alice password"), 401);
  EXPECT_EQ(get("/api/users/alice").status, 404);
  EXPECT_EQ(get("/api/users/alice/stats").status, 404);
  EXPECT_EQ(get("/api/users/deleted%20player").status, 404);

  // Bob's games still list the game, with the seat as "deleted player".
  auto archive = get("/api/archive?player=bob").json();
  bool found = false;
  for (const auto& g : archive["games"])
    if (g["id"] == id) {
      found = true;
      EXPECT_EQ(g["white"]["name"], "deleted player");
      EXPECT_EQ(g["white"]["deleted"], true);
    }
  EXPECT_TRUE(found) << archive.dump();
  // The game itself (it was in memory) and its record too.
  json s = state(id);
  EXPECT_EQ(s["players"]["white"]["name"], "deleted player") << s.dump();
  EXPECT_EQ(s["players"]["white"]["deleted"], true);
  EXPECT_NE(get("/api/games/" + id + "/record").body.find("[White \"deleted player\"]"), std::string::npos);
  auto stats = get("/api/users/bob/stats").json();
  ASSERT_EQ(stats["stats"]["opponents"].size(), 1u) << stats.dump();
  EXPECT_EQ(stats["stats"]["opponents"][0]["player"]["deleted"], true);

  // The name is free again.
  Browser again = signup("alice", "another password");
  EXPECT_EQ(again.user["name"], "alice");
  EXPECT_EQ(get("/api/users/alice").json()["record"]["wins"], 0);
}

TEST_F(AccountSettingsTest, DeleteForgetsRelations) {
  signup("alice", "alice password");
  signup("bob");
  signup("carol");
  // Follows and blocks to and from alice, and one between the others
  // (written into the database: their API is another part of the issue).
  auto sql = [&](const std::string& text) {
    auto db = open_database(config_.db);  // SQLite or PostgreSQL
    Statement st(db.get(), text, false);
    std::int64_t out = -1;
    if (st.next()) out = st.integer(0);
    st.reset();
    return out;
  };
  stop();
  const std::string a = "(SELECT id FROM users WHERE name = 'alice')", b = "(SELECT id FROM users WHERE name = 'bob')",
                    c = "(SELECT id FROM users WHERE name = 'carol')";
  sql("INSERT INTO follows VALUES (" + a + ", " + b + ", 0), (" + b + ", " + a + ", 0), (" + b + ", " + c + ", 0)");
  sql("INSERT INTO blocks VALUES (" + c + ", " + a + ", 0)");
  start();
  auto login = call("/api/auth/login", {{"name", "alice"}, {"password", "alice password"}});
  ASSERT_EQ(login.status, 200);
  Browser alice{cookie_of(login), login.json()["user"]};
  ASSERT_EQ(call("/api/me/delete", {{"password", "alice password"}, {"confirm", "DELETE"}}, alice).status, 200);
  stop();
  EXPECT_EQ(sql("SELECT COUNT(*) FROM follows"), 1);  // bob -> carol stays
  EXPECT_EQ(sql("SELECT COUNT(*) FROM blocks"), 0);
  EXPECT_EQ(sql("SELECT COUNT(*) FROM users WHERE name = 'deleted player' AND password_hash = ''"), 1);
  start();
}

TEST_F(AccountSettingsTest, GuestDeletesWithConfirmationOnly) {
  Browser g = guest("visitor");
  EXPECT_EQ(call("/api/me/delete", json::object(), g).status, 400);
  auto r = call("/api/me/delete", {{"confirm", "DELETE"}}, g);
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_FALSE(logged_in(g));
  EXPECT_EQ(guest("visitor").user["name"], "visitor");
}

TEST_F(AccountSettingsTest, StatsOfAProfile) {
  Browser alice = signup("alice");
  Browser bob = signup("bob");
  finished_game(alice, bob, "black");  // alice wins
  finished_game(bob, alice, "white");  // alice wins
  finished_game(alice, bob, "white");  // alice loses
  auto r = get("/api/users/alice/stats");
  ASSERT_EQ(r.status, 200) << r.body;
  json s = r.json()["stats"];
  EXPECT_EQ(r.json()["user"]["name"], "alice");
  EXPECT_EQ(s["as_white"], (json{{"games", 2}, {"wins", 1}, {"losses", 1}, {"draws", 0}}));
  EXPECT_EQ(s["as_black"], (json{{"games", 1}, {"wins", 1}, {"losses", 0}, {"draws", 0}}));
  EXPECT_EQ(s["streaks"], (json{{"longest", 2}, {"current", 0}}));
  EXPECT_EQ(s["opponents"][0]["player"]["name"], "bob");
  EXPECT_EQ(s["opponents"][0]["games"], 3);
  EXPECT_EQ(s["difference"]["games"], 0);  // resigned: no final count
  EXPECT_EQ(get("/api/users/nobody/stats").status, 404);
  EXPECT_EQ(get("/api/users/" + std::string(80, 'a') + "/stats").status, 404);
  Browser g = guest("visitor");
  EXPECT_EQ(get("/api/users/visitor/stats").status, 200);
}

}  // namespace
}  // namespace dvonn::server::testing
