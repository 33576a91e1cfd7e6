// Ratings when rated games end, profiles, my games, the archive, live games
// and migrating a database of the first server version.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "server/accounts/engine_ratings.hpp"
#include "server/store/database.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class RatingsTest : public CommunityTest {};

TEST_F(RatingsTest, ARatedGameMovesBothRatingsInTheSameCommitAsTheEnd) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, {{"rated", true}});
  auto r = call("/api/games/" + g.id + "/resign", {{"token", g.black}});
  ASSERT_EQ(r.status, 200) << r.body;
  json changes = r.json()["rating_changes"];
  ASSERT_TRUE(changes.is_object()) << r.body;
  EXPECT_EQ(changes["white"]["before"], 1500.0);
  EXPECT_GT(changes["white"]["after"].get<double>(), 1500.0);
  EXPECT_LT(changes["black"]["after"].get<double>(), 1500.0);
  EXPECT_EQ(r.json()["players"]["white"]["rating"], changes["white"]["after"]);

  json a = get("/api/users/alice").json();
  EXPECT_EQ(a["user"]["rating"], changes["white"]["after"]);
  EXPECT_EQ(a["user"]["games"], 1);
  EXPECT_LT(a["user"]["deviation"].get<double>(), 350.0);
  EXPECT_EQ(a["record"], json({{"wins", 1}, {"draws", 0}, {"losses", 0}}));
  ASSERT_EQ(a["rating_history"].size(), 1u);
  EXPECT_EQ(a["rating_history"][0]["game"], g.id);
  EXPECT_EQ(a["rating_history"][0]["rating"], changes["white"]["after"]);
  ASSERT_EQ(a["recent_games"].size(), 1u);
  EXPECT_EQ(a["recent_games"][0]["end"], "resignation");
  json b = get("/api/users/BOB").json();
  EXPECT_EQ(b["record"]["losses"], 1);
  EXPECT_EQ(b["user"]["rating"], changes["black"]["after"]);

  // Kept across a restart, in the state too.
  restart();
  EXPECT_EQ(state(g.id)["rating_changes"], changes);
  EXPECT_EQ(get("/api/users/alice").json()["user"]["rating"], changes["white"]["after"]);

  // Unrated games change nothing.
  Started u = start_online(alice, bob);
  ASSERT_EQ(call("/api/games/" + u.id + "/resign", {{"token", u.white}}).status, 200);
  EXPECT_TRUE(state(u.id)["rating_changes"].is_null());
  EXPECT_EQ(get("/api/users/alice").json()["user"]["rating"], changes["white"]["after"]);
  EXPECT_EQ(get("/api/users/alice").json()["record"]["losses"], 1);
}

TEST_F(RatingsTest, EngineRatingsNeverChange) {
  Browser alice = signup("alice");
  auto c = call("/api/games", {{"mode", "engine"}, {"level", 2}, {"color", "white"}, {"rated", true}}, alice);
  ASSERT_EQ(c.status, 201);
  auto r = call("/api/games/" + c.json()["id"].get<std::string>() + "/resign", {{"token", c.json()["token"]}});
  ASSERT_EQ(r.status, 200) << r.body;
  json changes = r.json()["rating_changes"];
  EXPECT_EQ(changes["black"]["before"], engine_rating(2));
  EXPECT_EQ(changes["black"]["after"], engine_rating(2));
  EXPECT_LT(changes["white"]["after"].get<double>(), 1500.0);
  json engine = get("/api/users/engine-2").json();
  EXPECT_EQ(engine["user"]["rating"], engine_rating(2));
  EXPECT_EQ(engine["rating_history"].size(), 0u);
  EXPECT_EQ(engine["record"]["wins"], 1);
}

TEST_F(RatingsTest, MyGamesSortsByWhoseTurnItIs) {
  Browser alice = signup("alice"), bob = signup("bob");
  EXPECT_EQ(get("/api/me/games").status, 401);
  Started mine = start_online(alice, bob);                      // alice (white) to move
  Started theirs = start_online(bob, alice);                    // bob (white) to move
  auto open = call("/api/games", {{"mode", "online"}}, alice);  // no opponent yet
  Started done = start_online(alice, bob);
  call("/api/games/" + done.id + "/resign", {{"token", done.white}});
  json games = get("/api/me/games", alice).json();
  ASSERT_EQ(games["my_turn"].size(), 1u) << games;
  EXPECT_EQ(games["my_turn"][0]["id"], mine.id);
  EXPECT_EQ(games["my_turn"][0]["white"]["name"], "alice");
  EXPECT_EQ(games["my_turn"][0]["black"]["name"], "bob");
  EXPECT_EQ(games["my_turn"][0]["result"], "ongoing");
  EXPECT_EQ(games["my_turn"][0]["to_move"], "white");
  EXPECT_EQ(games["waiting"].size(), 2u);
  ASSERT_EQ(games["finished"].size(), 1u);
  EXPECT_EQ(games["finished"][0]["id"], done.id);
  EXPECT_EQ(games["finished"][0]["result"], "black");
  EXPECT_EQ(games["finished"][0]["end"], "resignation");
  // A move turns it round.
  ASSERT_EQ(call("/api/games/" + mine.id + "/moves", {{"token", mine.white}, {"move", "E3"}}).status, 200);
  games = get("/api/me/games", alice).json();
  EXPECT_EQ(games["my_turn"].size(), 0u);
  EXPECT_EQ(games["waiting"].size(), 3u);
  EXPECT_EQ(get("/api/me/games", bob).json()["my_turn"].size(), 2u);
  (void)theirs;
  (void)open;
}

TEST_F(RatingsTest, TheArchiveFiltersByPlayerAndPages) {
  Browser alice = signup("alice"), bob = signup("bob"), carol = signup("carol");
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    Started g = start_online(alice, bob);
    advance(1000);
    ASSERT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.white}}).status, 200);
    ids.push_back(g.id);
  }
  Started other = start_online(bob, carol);
  advance(1000);
  call("/api/games/" + other.id + "/resign", {{"token", other.white}});
  start_online(alice, carol);  // unfinished: not archived

  json all = get("/api/archive").json();
  EXPECT_EQ(all["games"].size(), 4u);
  EXPECT_TRUE(all["next"].is_null());
  json alices = get("/api/archive?player=ALICE").json();
  ASSERT_EQ(alices["games"].size(), 3u);
  EXPECT_EQ(alices["games"][0]["id"], ids[2]);  // newest first
  json page = get("/api/archive?player=alice&limit=2").json();
  ASSERT_EQ(page["games"].size(), 2u);
  ASSERT_TRUE(page["next"].is_string());
  json rest = get("/api/archive?player=alice&limit=2&before=" + page["next"].get<std::string>()).json();
  ASSERT_EQ(rest["games"].size(), 1u);
  EXPECT_EQ(rest["games"][0]["id"], ids[0]);
  EXPECT_TRUE(rest["next"].is_null());
  EXPECT_EQ(get("/api/archive?player=nobody").json()["games"].size(), 0u);
  EXPECT_EQ(get("/api/archive?limit=0").status, 400);
  EXPECT_EQ(get("/api/archive?limit=101").status, 400);
  EXPECT_EQ(get("/api/archive?before=soon").status, 400);
}

TEST_F(RatingsTest, LiveListsStartedGamesWithRecentMoves) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  call("/api/games", {{"mode", "online"}}, alice);  // waiting: not live
  json local = create({{"mode", "local"}});         // local: not live
  // Started, but nobody has moved: not being played yet.
  EXPECT_EQ(get("/api/live").json()["games"].size(), 0u);
  ASSERT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.white}, {"move", "C3"}}).status, 200);
  json live = get("/api/live").json();
  ASSERT_EQ(live["games"].size(), 1u) << live;
  EXPECT_EQ(live["games"][0]["id"], g.id);
  advance(2 * 3600 * 1000);
  EXPECT_EQ(get("/api/live").json()["games"].size(), 0u);
  ASSERT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.black}, {"move", "E3"}}).status, 200);
  EXPECT_EQ(get("/api/live").json()["games"].size(), 1u);
  call("/api/games/" + g.id + "/resign", {{"token", g.white}});
  EXPECT_EQ(get("/api/live").json()["games"].size(), 0u);
  EXPECT_EQ(get("/api/users/nobody").status, 404);
}

// The lists show each player's rating at the time of the game, not today's.
TEST_F(RatingsTest, ListsShowTheRatingsAtTheTimeOfEachGame) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started first = start_online(alice, bob, {{"rated", true}});
  advance(1000);
  json c1 = call("/api/games/" + first.id + "/resign", {{"token", first.black}}).json()["rating_changes"];
  ASSERT_TRUE(c1.is_object());
  advance(1000);
  Started unrated = start_online(alice, bob);
  advance(1000);
  ASSERT_EQ(call("/api/games/" + unrated.id + "/resign", {{"token", unrated.white}}).status, 200);
  advance(1000);
  Started second = start_online(alice, bob, {{"rated", true}});
  advance(1000);
  json c2 = call("/api/games/" + second.id + "/resign", {{"token", second.black}}).json()["rating_changes"];
  Started going = start_online(alice, bob);
  // A game waiting for its second player: its empty seat is free, not anonymous.
  std::string waiting = call("/api/games", {{"mode", "online"}, {"color", "white"}}, alice).json()["id"];

  auto check = [&](const json& games, const std::string& id, const json& white, const json& black) {
    for (const auto& g : games)
      if (g["id"] == id) {
        EXPECT_EQ(g["white"]["rating"], white) << id;
        EXPECT_EQ(g["black"]["rating"], black) << id;
        return;
      }
    ADD_FAILURE() << id << " not listed";
  };
  auto all_lists = [&] {
    json archive = get("/api/archive").json()["games"];
    ASSERT_EQ(archive.size(), 3u);
    check(archive, first.id, 1500.0, 1500.0);
    check(archive, unrated.id, c1["white"]["after"], c1["black"]["after"]);
    check(archive, second.id, c1["white"]["after"], c1["black"]["after"]);
    json recent = get("/api/users/alice").json()["recent_games"];
    check(recent, first.id, 1500.0, 1500.0);
    check(recent, second.id, c2["white"]["before"], c2["black"]["before"]);
    // A game still going shows the ratings of now.
    json mine = get("/api/me/games", alice).json();
    json going_list = mine["my_turn"].empty() ? mine["waiting"] : mine["my_turn"];
    check(going_list, going.id, c2["white"]["after"], c2["black"]["after"]);
    for (const auto& g : mine["waiting"]) EXPECT_EQ(g["started"], g["id"] != waiting) << g;
    EXPECT_EQ(archive[0]["started"], true);
  };
  all_lists();
  restart();
  all_lists();
}

// A database from before the ratings of the time were stored: its finished
// games get them from the rating history when it is opened.
TEST_F(RatingsTest, OlderDatabasesGetTheRatingsOfTheTimeFromTheHistory) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started first = start_online(alice, bob, {{"rated", true}});
  advance(1000);
  json c1 = call("/api/games/" + first.id + "/resign", {{"token", first.black}}).json()["rating_changes"];
  advance(1000);
  Started unrated = start_online(alice, bob);
  advance(1000);
  ASSERT_EQ(call("/api/games/" + unrated.id + "/resign", {{"token", unrated.white}}).status, 200);
  stop();
  {
    auto db = open_database(config_.db);  // SQLite or PostgreSQL
    for (const char* sql :
         {"ALTER TABLE games DROP COLUMN white_rating_then", "ALTER TABLE games DROP COLUMN black_rating_then"})
      ASSERT_NO_THROW(db->exec(sql)) << sql;
  }
  start();
  json archive = get("/api/archive").json()["games"];
  ASSERT_EQ(archive.size(), 2u);
  for (const auto& g : archive) {
    json want_w = g["id"] == first.id ? json(1500.0) : c1["white"]["after"];
    json want_b = g["id"] == first.id ? json(1500.0) : c1["black"]["after"];
    EXPECT_EQ(g["white"]["rating"], want_w);
    EXPECT_EQ(g["black"]["rating"], want_b);
  }
}

// On a SQLite file and on a PostgreSQL database (the same migrations).
class Migration : public ::testing::TestWithParam<bool> {};

INSTANTIATE_TEST_SUITE_P(Backends, Migration, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "Postgres" : "Sqlite"; });

TEST_P(Migration, ADatabaseOfTheFirstVersionStillLoads) {
  auto dir = fresh_temp_dir("dvonn-migrate-test-");
  std::string path = GetParam() ? shared_postgres().fresh_database() : (dir / "old.db").string();
  {
    const char* old_schema =
        "CREATE TABLE games(id TEXT PRIMARY KEY, mode TEXT NOT NULL, level INTEGER NOT NULL, start TEXT NOT NULL,"
        " white_token TEXT NOT NULL, black_token TEXT NOT NULL, engine_color TEXT NOT NULL, version INTEGER NOT "
        "NULL, over INTEGER NOT NULL, created REAL NOT NULL) WITHOUT ROWID;"
        "CREATE TABLE moves(game_id TEXT NOT NULL REFERENCES games(id), number INTEGER NOT NULL, move TEXT NOT "
        "NULL, time REAL NOT NULL, PRIMARY KEY(game_id, number)) WITHOUT ROWID;"
        "INSERT INTO games VALUES('AAAAAAAAAAAAAAAAAAAAAA', 'local', 0, '9/10/11/10/9 place w', 'tok', 'tok', '', 2, "
        "0, "
        "1764470000.5);"
        "INSERT INTO moves VALUES('AAAAAAAAAAAAAAAAAAAAAA', 1, 'E3', 1764470001.0);"
        "INSERT INTO moves VALUES('AAAAAAAAAAAAAAAAAAAAAA', 2, 'F3', 1764470002.0);";
    ASSERT_NO_THROW(open_database(path)->exec(old_schema));
  }
  ServerConfig c = test_config(dir);
  c.db = path;
  {
    Server s(c);
    s.start();
    auto r = http_request(s.port(), "GET", "/api/games/AAAAAAAAAAAAAAAAAAAAAA");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.json()["moves"], json::array({"E3", "F3"}));
    EXPECT_TRUE(r.json()["players"]["white"].is_null());
    auto m = post(s.port(), "/api/games/AAAAAAAAAAAAAAAAAAAAAA/moves", {{"token", "tok"}, {"move", "G3"}});
    EXPECT_EQ(m.status, 200) << m.body;
    EXPECT_EQ(http_request(s.port(), "GET", "/api/archive").json()["games"].size(), 0u);
  }
  Server again(c);
  again.start();
  auto r = http_request(again.port(), "GET", "/api/games/AAAAAAAAAAAAAAAAAAAAAA");
  EXPECT_EQ(r.json()["moves"].size(), 3u);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

}  // namespace
}  // namespace dvonn::server::testing
