// Ratings per time-control family and the leaderboards: rated games through
// the real API move only their family's rating, the boards list qualified
// players best first and page, bad input is refused, and a database from
// before family ratings is filled by replaying its rated games.
#include "server/archive/leaderboard.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "community_fixture.hpp"
#include "server/store/database.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

constexpr std::int64_t kDay = 24 * 3600 * 1000;

json realtime(int initial, int increment) {
  return {{"type", "realtime"}, {"initial", initial}, {"increment", increment}};
}
const json kBlitz = realtime(300, 0);  // 5+0
const json kBullet = realtime(60, 0);  // 1+0
const json kRapid = realtime(600, 5);  // 10+5

class LeaderboardTest : public CommunityTest {
 protected:
  // A rated online game of `clock` between white and black that `winner`
  // ("white" or "black") wins by the other's resignation; returns its id.
  std::string rated_game(const Browser& white, const Browser& black, const json& clock, const std::string& winner) {
    Started g = start_online(white, black, {{"rated", true}, {"clock", clock}});
    auto r = call("/api/games/" + g.id + "/resign", {{"token", winner == "white" ? g.black : g.white}});
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_TRUE(r.json()["rating_changes"].is_object()) << r.body;
    advance(1000);  // each game its own millisecond
    return g.id;
  }
  json profile(const std::string& name, const std::string& query = "") {
    auto r = get("/api/users/" + name + query);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json();
  }
  // The user's family rating row, or null.
  json family_rating(const std::string& name, const std::string& family) {
    json ratings = profile(name)["ratings"];
    for (const json& row : ratings)
      if (row["family"] == family) return row;
    return nullptr;
  }
  json board(const std::string& query) {
    auto r = get("/api/leaderboard" + query);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json();
  }
  static std::vector<std::string> names(const json& rows) {
    std::vector<std::string> out;
    for (const json& row : rows) out.push_back(row["name"]);
    return out;
  }
};

TEST_F(LeaderboardTest, ARatedGameMovesOnlyItsFamilysRating) {
  Browser alice = signup("alice"), bob = signup("bob");
  EXPECT_EQ(profile("alice")["ratings"], json::array());
  std::string g1 = rated_game(alice, bob, kBlitz, "white");
  json a = profile("alice");
  ASSERT_EQ(a["ratings"].size(), 1u);
  json blitz = a["ratings"][0];
  EXPECT_EQ(blitz["family"], "blitz");
  EXPECT_EQ(blitz["games"], 1);
  // Two new players: the family rating moves as the overall one did.
  EXPECT_EQ(blitz["rating"], a["user"]["rating"]);
  EXPECT_EQ(blitz["deviation"], a["user"]["deviation"]);
  EXPECT_EQ(blitz["provisional"], true);
  EXPECT_TRUE(blitz["rank"].is_null());  // one game: not on the board yet

  // A bullet game starts from 1500 in bullet while the overall rating goes
  // on from where blitz left it.
  std::string g2 = rated_game(alice, bob, kBullet, "white");
  json bullet = family_rating("alice", "bullet");
  ASSERT_TRUE(bullet.is_object());
  EXPECT_EQ(bullet["rating"], blitz["rating"]);
  EXPECT_EQ(bullet["games"], 1);
  EXPECT_EQ(family_rating("alice", "blitz"), blitz);
  EXPECT_GT(profile("alice")["user"]["rating"].get<double>(), bullet["rating"].get<double>());
  EXPECT_LT(family_rating("bob", "bullet")["rating"].get<double>(), 1500.0);
  // Families in the families' order.
  json families = json::array();
  json bob_ratings = profile("bob")["ratings"];
  for (const json& row : bob_ratings) families.push_back(row["family"]);
  EXPECT_EQ(families, json({"bullet", "blitz"}));

  // An unrated game changes nothing.
  Started u = start_online(alice, bob, {{"clock", kBlitz}});
  ASSERT_EQ(call("/api/games/" + u.id + "/resign", {{"token", u.black}}).status, 200);
  EXPECT_EQ(family_rating("alice", "blitz"), blitz);

  // Each family's rating history, and the overall one.
  json history = profile("alice", "?family=blitz");
  EXPECT_EQ(history["history_family"], "blitz");
  ASSERT_EQ(history["rating_history"].size(), 1u);
  EXPECT_EQ(history["rating_history"][0]["game"], g1);
  EXPECT_EQ(history["rating_history"][0]["rating"], blitz["rating"]);
  ASSERT_EQ(profile("alice", "?family=bullet")["rating_history"].size(), 1u);
  EXPECT_EQ(profile("alice", "?family=bullet")["rating_history"][0]["game"], g2);
  EXPECT_EQ(profile("alice", "?family=rapid")["rating_history"], json::array());
  EXPECT_EQ(profile("alice")["rating_history"].size(), 2u);
  EXPECT_TRUE(profile("alice")["history_family"].is_null());
}

TEST_F(LeaderboardTest, EnginesKeepTheirRatingAndStayOffTheBoards) {
  Browser alice = signup("alice");
  for (int i = 0; i < 5; ++i) {
    auto c = call("/api/games", {{"mode", "engine"}, {"level", 1}, {"color", "white"}, {"rated", true}}, alice);
    ASSERT_EQ(c.status, 201) << c.body;
    auto r = call("/api/games/" + c.json()["id"].get<std::string>() + "/resign", {{"token", c.json()["token"]}});
    ASSERT_EQ(r.status, 200) << r.body;
    advance(1000);
  }
  json untimed = family_rating("alice", "untimed");
  ASSERT_TRUE(untimed.is_object());
  EXPECT_EQ(untimed["games"], 5);
  EXPECT_LT(untimed["deviation"].get<double>(), kBoardMaxDeviation);
  EXPECT_EQ(profile("engine-1")["ratings"], json::array());
  json b = board("?family=untimed");
  EXPECT_EQ(names(b["players"]), std::vector<std::string>{"alice"});
  EXPECT_EQ(b["players"][0]["rank"], 1);
  EXPECT_EQ(untimed["rank"], 1);
}

TEST_F(LeaderboardTest, BoardsListQualifiedPlayersBestFirstAndPage) {
  Browser alice = signup("alice"), bob = signup("bob"), carol = signup("carol"), dave = signup("dave");
  Browser eve = signup("eve"), frank = signup("frank");
  // Six blitz games in each pair, results mixed (the deviation drops under
  // the board's limit after five or so such games).
  for (const char* w : {"white", "black", "white", "white", "black", "white"}) rated_game(alice, bob, kBlitz, w);
  for (const char* w : {"black", "white", "black", "white", "white", "black"}) rated_game(carol, dave, kBlitz, w);
  // Too few games: eve and frank are rated but not on the board.
  for (const char* w : {"white", "black"}) rated_game(eve, frank, kBlitz, w);
  EXPECT_TRUE(family_rating("eve", "blitz").is_object());

  json all = board("?family=blitz");
  EXPECT_EQ(all["family"], "blitz");
  EXPECT_EQ(all["total"], 4);
  EXPECT_EQ(all["more"], false);
  EXPECT_TRUE(all["next"].is_null());
  EXPECT_EQ(all["rules"], Leaderboard::rules());
  ASSERT_EQ(all["players"].size(), 4u);
  // Best first, by each player's blitz rating.
  std::vector<std::pair<double, std::string>> expected;
  for (const char* name : {"alice", "bob", "carol", "dave"})
    expected.emplace_back(family_rating(name, "blitz")["rating"].get<double>(), name);
  std::sort(expected.rbegin(), expected.rend());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const json& row = all["players"][i];
    EXPECT_EQ(row["rank"], i + 1);
    EXPECT_EQ(row["name"], expected[i].second);
    EXPECT_EQ(row["rating"], expected[i].first);
    EXPECT_EQ(row["games"], 6);
    EXPECT_LT(row["deviation"].get<double>(), kBoardMaxDeviation);
    EXPECT_EQ(row["provisional"], row["deviation"].get<double>() > kProvisionalDeviation);
    // Every game was within the week: the trend is the whole change.
    EXPECT_NEAR(row["trend"].get<double>(), row["rating"].get<double>() - 1500.0, 1e-9);
    EXPECT_EQ(family_rating(row["name"], "blitz")["rank"], i + 1);
  }
  EXPECT_TRUE(family_rating("eve", "blitz")["rank"].is_null());

  // Pages by offset.
  json first = board("?family=blitz&limit=3");
  std::vector<std::string> order = names(all["players"]);
  EXPECT_EQ(names(first["players"]), std::vector<std::string>(order.begin(), order.begin() + 3));
  EXPECT_EQ(first["more"], true);
  EXPECT_EQ(first["next"], 3);
  json second = board("?family=blitz&limit=3&offset=3");
  ASSERT_EQ(second["players"].size(), 1u);
  EXPECT_EQ(second["players"][0], all["players"][3]);
  EXPECT_EQ(second["more"], false);
  EXPECT_EQ(board("?family=blitz&offset=10")["players"], json::array());
  EXPECT_EQ(board("?family=bullet")["players"], json::array());

  // The overview: every family's top, in order.
  json overview = board("");
  ASSERT_EQ(overview["families"].size(), 6u);
  EXPECT_EQ(overview["families"][0]["family"], "bullet");
  EXPECT_EQ(overview["families"][1]["family"], "blitz");
  EXPECT_EQ(overview["families"][1]["players"], all["players"]);
  EXPECT_EQ(overview["families"][1]["total"], 4);
  EXPECT_EQ(overview["families"][5]["family"], "untimed");
  json two = board("?limit=2");
  EXPECT_EQ(two["families"][1]["players"].size(), 2u);
  EXPECT_EQ(two["families"][1]["more"], true);

  // A week later the trend counts only the games since then.
  advance(8 * kDay);
  json later = board("?family=blitz");
  for (const json& row : later["players"]) EXPECT_EQ(row["trend"], 0.0);
  rated_game(alice, bob, kBlitz, "white");
  json before = family_rating("alice", "blitz");
  json history = profile("alice", "?family=blitz")["rating_history"];
  double previous = history[history.size() - 2]["rating"];
  bool seen = false;
  json now_board = board("?family=blitz");
  for (const json& row : now_board["players"]) {
    if (row["name"] != "alice") continue;
    seen = true;
    EXPECT_NEAR(row["trend"].get<double>(), before["rating"].get<double>() - previous, 1e-9);
  }
  EXPECT_TRUE(seen);

  // Inactive for longer than the board's window: off it; carol and dave
  // first (their last game is older).
  advance((kBoardActiveDays - 8) * kDay + 1000);
  EXPECT_THAT(names(board("?family=blitz")["players"]), ::testing::UnorderedElementsAre("alice", "bob"));
  advance(30 * kDay);
  EXPECT_EQ(board("?family=blitz")["players"], json::array());
  EXPECT_EQ(board("?family=blitz")["total"], 0);
}

TEST_F(LeaderboardTest, DeletedAccountsLeaveTheBoard) {
  Browser alice = signup("alice"), bob = signup("bob");
  for (const char* w : {"white", "black", "white", "black", "white"}) rated_game(alice, bob, kRapid, w);
  EXPECT_EQ(board("?family=rapid")["total"], 2);
  auto r = call("/api/me/delete", {{"password", "correct horse"}, {"confirm", "DELETE"}}, bob);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(names(board("?family=rapid")["players"]), std::vector<std::string>{"alice"});
}

TEST_F(LeaderboardTest, BadInputIsRefusedWithTheFamilies) {
  signup("alice");
  for (const char* query : {"?family=hyperbullet", "?family=", "?family=BLITZ"}) {
    auto r = get(std::string("/api/leaderboard") + query);
    EXPECT_EQ(r.status, 400) << query;
    EXPECT_THAT(r.json()["error"].get<std::string>(), HasSubstr("bullet, blitz, rapid")) << query;
    EXPECT_EQ(r.json()["families"], json({"bullet", "blitz", "rapid", "classical", "correspondence", "untimed"}));
  }
  for (const char* query :
       {"?family=blitz&limit=0", "?family=blitz&limit=101", "?family=blitz&limit=x", "?family=blitz&offset=-1",
        "?family=blitz&offset=1.5", "?family=blitz&offset=100001", "?limit=11", "?offset=10"}) {
    auto r = get(std::string("/api/leaderboard") + query);
    EXPECT_EQ(r.status, 400) << query << ": " << r.body;
    EXPECT_TRUE(r.json().contains("error")) << query;
  }
  auto r = get("/api/users/alice?family=lightning");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json()["families"].size(), 6u);
  EXPECT_EQ(get("/api/users/nobody?family=blitz").status, 404);
  EXPECT_EQ(post(port_, "/api/leaderboard", json::object()).status, 405);
}

// A database of the server before family ratings: its tables as they were
// (no family tables) with rated games in them. Opened by this server, the
// family ratings are filled by a replay equal to what live updates gave.
TEST_F(LeaderboardTest, AnOlderDatabaseIsFilledByReplayingItsRatedGames) {
  Browser alice = signup("alice"), bob = signup("bob"), carol = signup("carol");
  for (const char* w : {"white", "black", "white", "white", "black", "white"}) rated_game(alice, bob, kBlitz, w);
  for (const char* w : {"black", "white", "white"}) rated_game(bob, carol, kBlitz, w);
  rated_game(carol, alice, kBullet, "black");
  rated_game(alice, carol, realtime(900, 10), "black");  // classical
  Started corr = start_online(bob, alice, {{"rated", true}, {"clock", {{"type", "correspondence"}, {"days", 3}}}});
  ASSERT_EQ(call("/api/games/" + corr.id + "/resign", {{"token", corr.black}}).status, 200);
  advance(1000);
  auto e = call("/api/games", {{"mode", "engine"}, {"level", 3}, {"color", "black"}, {"rated", true}}, carol);
  ASSERT_EQ(e.status, 201) << e.body;
  ASSERT_EQ(call("/api/games/" + e.json()["id"].get<std::string>() + "/resign", {{"token", e.json()["token"]}}).status,
            200);
  // An unrated game and an aborted rated one are not replayed.
  Started casual = start_online(alice, bob, {{"clock", kBlitz}});
  ASSERT_EQ(call("/api/games/" + casual.id + "/resign", {{"token", casual.white}}).status, 200);
  Started aborted = start_online(alice, bob, {{"rated", true}, {"clock", kBlitz}});
  auto a = call("/api/games/" + aborted.id + "/abort", {{"token", aborted.white}});
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_TRUE(a.json()["rating_changes"].is_null()) << a.body;

  std::map<std::string, json> live;
  for (const char* name : {"alice", "bob", "carol"}) {
    json p = profile(name);
    live[name] = {{"ratings", p["ratings"]}, {"overall", p["user"]}};
    for (const char* family : {"blitz", "bullet", "classical", "correspondence", "untimed"})
      live[name][family] = profile(name, std::string("?family=") + family)["rating_history"];
  }
  ASSERT_EQ(live["alice"]["ratings"].size(), 4u);  // bullet, blitz, classical, correspondence
  ASSERT_EQ(live["carol"]["ratings"].size(), 4u);  // bullet, blitz, classical, untimed

  // Back to the old schema.
  stop();
  ASSERT_NO_THROW(open_database(config_.db)->exec("DROP TABLE family_ratings; DROP TABLE family_rating_history;"));

  start();
  for (const char* name : {"alice", "bob", "carol"}) {
    json p = profile(name);
    EXPECT_EQ(p["ratings"], live[name]["ratings"]) << name;
    EXPECT_EQ(p["user"], live[name]["overall"]) << name;
    for (const char* family : {"blitz", "bullet", "classical", "correspondence", "untimed"})
      EXPECT_EQ(profile(name, std::string("?family=") + family)["rating_history"], live[name][family])
          << name << " " << family;
  }
  // Filled once: a later start replays nothing and keeps later games.
  std::string g = rated_game(alice, bob, kBullet, "white");
  json after = family_rating("alice", "bullet");
  restart();
  EXPECT_EQ(family_rating("alice", "bullet"), after);
  EXPECT_EQ(profile("alice", "?family=bullet")["rating_history"].back()["game"], g);
}

}  // namespace
}  // namespace dvonn::server::testing
