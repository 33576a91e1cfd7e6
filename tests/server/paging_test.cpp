// Lists a page at a time: every list (my games, a profile's rating history,
// the archive, the live games) holds at most a page, says whether there is
// more and how to ask for it; bad paging parameters get a 400 that says why.
#include <gtest/gtest.h>

#include <set>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class PagingTest : public CommunityTest {
 protected:
  // The unfinished games of a page of /api/me/games, in order.
  static std::vector<std::string> unfinished_ids(const json& page) {
    std::vector<std::string> ids;
    for (const char* list : {"my_turn", "waiting"})
      for (const auto& g : page[list]) ids.push_back(g["id"]);
    return ids;
  }
  std::set<std::string> local_games(const Browser& b, int n) {
    std::set<std::string> ids;
    for (int i = 0; i < n; ++i) {
      auto r = call("/api/games", {{"mode", "local"}}, b);
      EXPECT_EQ(r.status, 201) << r.body;
      if (r.status == 201) ids.insert(r.json()["id"].get<std::string>());
    }
    return ids;
  }
};

TEST_F(PagingTest, MyGamesComeAPageAtATimeAndTheNextPageContinuesIt) {
  Browser alice = guest("alice");
  std::set<std::string> made = local_games(alice, 7);
  ASSERT_EQ(made.size(), 7u);

  std::vector<std::string> seen;
  json page = get("/api/me/games?limit=3", alice).json();
  EXPECT_EQ(unfinished_ids(page).size(), 3u);
  EXPECT_EQ(page["more"], true);
  EXPECT_EQ(page["next"], 3);
  // The counts cover every game, whatever the page.
  EXPECT_EQ(page["counts"]["my_turn"], 7);
  EXPECT_EQ(page["counts"]["waiting"], 0);
  for (auto& id : unfinished_ids(page)) seen.push_back(id);

  page = get("/api/me/games?limit=3&offset=3", alice).json();
  EXPECT_EQ(unfinished_ids(page).size(), 3u);
  EXPECT_EQ(page["more"], true);
  EXPECT_EQ(page["next"], 6);
  for (auto& id : unfinished_ids(page)) seen.push_back(id);

  page = get("/api/me/games?limit=3&offset=6", alice).json();
  EXPECT_EQ(unfinished_ids(page).size(), 1u);
  EXPECT_EQ(page["more"], false);
  EXPECT_TRUE(page["next"].is_null());
  EXPECT_EQ(page["counts"]["my_turn"], 7);
  for (auto& id : unfinished_ids(page)) seen.push_back(id);

  // Each game once, all of them.
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()), made);
  EXPECT_EQ(seen.size(), made.size());
}

TEST_F(PagingTest, WithoutALimitMyGamesHoldTheDefaultPage) {
  Browser alice = guest("alice");
  ASSERT_EQ(local_games(alice, 53).size(), 53u);
  json page = get("/api/me/games", alice).json();
  EXPECT_EQ(unfinished_ids(page).size(), 50u);
  EXPECT_EQ(page["more"], true);
  EXPECT_EQ(page["counts"]["my_turn"], 53);
  json rest = get("/api/me/games?offset=" + std::to_string(page["next"].get<int>()), alice).json();
  EXPECT_EQ(unfinished_ids(rest).size(), 3u);
  EXPECT_EQ(rest["more"], false);
}

TEST_F(PagingTest, BadPagingParametersGetA400ThatSaysWhyAndChangeNothing) {
  Browser alice = guest("alice");
  local_games(alice, 2);
  std::string before = get("/api/me/games", alice).body;
  struct Case {
    std::string target, word;
  };
  const Case cases[] = {
      {"/api/me/games?limit=0", "limit"},
      {"/api/me/games?limit=101", "limit"},
      {"/api/me/games?limit=two", "limit"},
      {"/api/me/games?limit=", "limit"},
      {"/api/me/games?offset=-1", "offset"},
      {"/api/me/games?offset=1.5", "offset"},
      {"/api/me/games?offset=100001", "offset"},
      {"/api/users/alice?limit=0", "limit"},
      {"/api/users/alice?limit=501", "limit"},
      {"/api/users/alice?before=yesterday", "before"},
      {"/api/archive?limit=101", "limit"},
      {"/api/archive?before=x", "before"},
      {"/api/live?limit=0", "limit"},
      {"/api/live?before=soon", "before"},
  };
  for (const auto& c : cases) {
    auto r = get(c.target, alice);
    EXPECT_EQ(r.status, 400) << c.target << ": " << r.body;
    if (r.status == 400) {
      EXPECT_NE(r.json()["error"].get<std::string>().find(c.word), std::string::npos) << r.body;
    }
  }
  EXPECT_EQ(get("/api/me/games", alice).body, before);
}

TEST_F(PagingTest, TheRatingHistoryOfAProfileIsPagedBackInTime) {
  Browser alice = signup("alice"), bob = signup("bob");
  for (int i = 0; i < 3; ++i) {
    Started g = start_online(alice, bob, {{"rated", true}});
    ASSERT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.black}}).status, 200);
    advance(1000);  // each game ends at a time of its own
  }
  json all = get("/api/users/alice").json();
  ASSERT_EQ(all["rating_history"].size(), 3u);
  EXPECT_EQ(all["more"], false);
  EXPECT_EQ(all["record"]["wins"], 3);

  json latest = get("/api/users/alice?limit=2").json();
  ASSERT_EQ(latest["rating_history"].size(), 2u);
  EXPECT_EQ(latest["more"], true);
  // The latest two, oldest first.
  EXPECT_EQ(latest["rating_history"][0], all["rating_history"][1]);
  EXPECT_EQ(latest["rating_history"][1], all["rating_history"][2]);
  // The cursor is the oldest point shown: its time and game.
  EXPECT_EQ(latest["next"], std::to_string(all["rating_history"][1]["time"].get<std::int64_t>()) + "." +
                                all["rating_history"][1]["game"].get<std::string>());

  json earlier = get("/api/users/alice?limit=2&before=" + latest["next"].get<std::string>()).json();
  ASSERT_EQ(earlier["rating_history"].size(), 1u);
  EXPECT_EQ(earlier["rating_history"][0], all["rating_history"][0]);
  EXPECT_EQ(earlier["more"], false);
  EXPECT_TRUE(earlier["next"].is_null());
  // The rest of the profile is the same on every page.
  EXPECT_EQ(earlier["record"], all["record"]);
}

TEST_F(PagingTest, LiveGamesArePagedLikeTheArchive) {
  Browser alice = guest("alice"), bob = guest("bob");
  std::set<std::string> started;
  for (int i = 0; i < 3; ++i) {
    Started g = start_online(alice, bob);
    ASSERT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.white}, {"move", "E3"}}).status, 200);
    started.insert(g.id);
    advance(10);  // a time of its own
  }
  json page = get("/api/live?limit=2").json();
  ASSERT_EQ(page["games"].size(), 2u);
  EXPECT_EQ(page["more"], true);
  json rest = get("/api/live?limit=2&before=" + page["next"].get<std::string>()).json();
  ASSERT_EQ(rest["games"].size(), 1u);
  EXPECT_EQ(rest["more"], false);
  std::set<std::string> seen = {page["games"][0]["id"], page["games"][1]["id"], rest["games"][0]["id"]};
  EXPECT_EQ(seen, started);
  // The archive says the same way whether there is more.
  json archive = get("/api/archive").json();
  EXPECT_EQ(archive["more"], false);
}

// Many rows in one millisecond (a frozen clock): paging by time alone
// skipped the rest of a page's last millisecond; by (time, id) every page
// continues exactly where the last one stopped, whatever the page size.
class SameMillisecondTest : public PagingTest {
 protected:
  void configure(ServerConfig& c) override {
    PagingTest::configure(c);
    const std::int64_t frozen = c.now_ms();
    c.now_ms = [frozen] { return frozen; };
  }
  // Every entry of `list` over all pages of `target` (which takes
  // &limit=N&before=...), checking that no entry comes twice.
  std::vector<std::string> all_pages(const std::string& target, const char* list, const char* key, int limit) {
    std::vector<std::string> seen;
    std::string before;
    for (int pages = 0; pages < 200; ++pages) {
      std::string url = target + "&limit=" + std::to_string(limit) + (before.empty() ? "" : "&before=" + before);
      auto r = get(url);
      EXPECT_EQ(r.status, 200) << url << ": " << r.body;
      if (r.status != 200) break;
      json page = r.json();
      for (const auto& entry : page[list]) seen.push_back(entry[key].get<std::string>());
      if (page["next"].is_null()) {
        EXPECT_EQ(page["more"], false);
        return seen;
      }
      before = page["next"].get<std::string>();
    }
    ADD_FAILURE() << target << ": no last page";
    return seen;
  }
};

TEST_F(SameMillisecondTest, EveryListReachesEveryRowOfOneMillisecond) {
  Browser alice = signup("alice"), bob = signup("bob");
  constexpr int kFinished = 23, kLive = 11;
  std::set<std::string> finished, live;
  for (int i = 0; i < kFinished; ++i) {
    Started g = start_online(alice, bob, {{"rated", true}});
    ASSERT_EQ(call("/api/games/" + g.id + "/resign", {{"token", g.black}}).status, 200);
    finished.insert(g.id);
  }
  for (int i = 0; i < kLive; ++i) {
    Started g = start_online(alice, bob);
    ASSERT_EQ(call("/api/games/" + g.id + "/moves", {{"token", g.white}, {"move", "E3"}}).status, 200);
    live.insert(g.id);
  }
  for (int limit : {1, 4, 10, 30}) {
    std::vector<std::string> archived = all_pages("/api/archive?player=alice", "games", "id", limit);
    EXPECT_EQ(archived.size(), finished.size()) << "limit " << limit;
    EXPECT_EQ(std::set<std::string>(archived.begin(), archived.end()), finished) << "limit " << limit;

    std::vector<std::string> watched = all_pages("/api/live?", "games", "id", limit);
    EXPECT_EQ(watched.size(), live.size()) << "limit " << limit;
    EXPECT_EQ(std::set<std::string>(watched.begin(), watched.end()), live) << "limit " << limit;

    std::vector<std::string> points = all_pages("/api/users/alice?", "rating_history", "game", limit);
    EXPECT_EQ(points.size(), finished.size()) << "limit " << limit;
    EXPECT_EQ(std::set<std::string>(points.begin(), points.end()), finished) << "limit " << limit;
  }
  // A cursor that is not one is refused, naming the parameter.
  for (const char* bad : {"12.", "12.a%20b", "x.abc", ".abc", "12.abc.def"}) {
    auto r = get(std::string("/api/archive?before=") + bad);
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_NE(r.body.find("before"), std::string::npos) << bad;
  }
}

}  // namespace
}  // namespace dvonn::server::testing
