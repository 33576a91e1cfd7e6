// "Play now" (/api/seeks, the Matchmaker): seekers of the same control with
// close ratings are paired into one online game each can play, told over
// /ws/me; never a player with themself or with someone blocked; a seek
// lives only while its page is open; the engine is offered after a minute.
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "server/pairing/matchmaker.hpp"
#include "server/pairing/rating_window.hpp"
#include "server/pairing/seek_controls.hpp"
#include "server/pairing/seek_pool.hpp"
#include "server/store/game_store.hpp"
#include "server/store/sqlite_util.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

TEST(RatingWindow, StartsNarrowAndWidensUntilUnbounded) {
  EXPECT_EQ(rating_window(0), 100);
  EXPECT_EQ(rating_window(4'999), 100);
  EXPECT_EQ(rating_window(5'000), 150);
  EXPECT_EQ(rating_window(25'000), 350);
  EXPECT_TRUE(std::isinf(rating_window(30'000)));
  EXPECT_TRUE(ratings_close(1500, 1600, 0));
  EXPECT_FALSE(ratings_close(1500, 1700, 0));
  EXPECT_TRUE(ratings_close(1500, 1700, 10'000));
  EXPECT_TRUE(ratings_close(1000, 2500, 30'000));
}

TEST(SeekControls, ListsTheGridAndKnowsItsOwn) {
  EXPECT_TRUE(is_seek_control(kDefaultSeekControl));
  EXPECT_TRUE(is_seek_control("1d"));
  EXPECT_FALSE(is_seek_control("7+7"));
  EXPECT_GE(seek_controls().size(), 6u);
}

Seek seek_of(std::int64_t id, double rating, std::int64_t since, std::string control = "10+0", bool rated = false) {
  Seek s;
  s.user.id = id;
  s.user.name = "u" + std::to_string(id);
  s.control = std::move(control);
  s.rated = rated;
  s.rating = rating;
  s.since_ms = since;
  return s;
}

TEST(SeekPool, PairsSameControlAndRatedNessClosestRatingFirst) {
  SeekPool pool;
  pool.place(seek_of(1, 1500, 0));
  pool.place(seek_of(2, 1580, 1));
  pool.place(seek_of(3, 1510, 2));
  pool.place(seek_of(4, 1500, 3, "5+3"));
  pool.place(seek_of(5, 1500, 4, "10+0", true));
  auto pairs = pool.take_pairs(10, nullptr);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].first.user.id, 1);
  EXPECT_EQ(pairs[0].second.user.id, 3);  // closer than 2
  EXPECT_EQ(pool.size(), 3u);
  EXPECT_EQ(pool.waiting()["10+0"], 2);
}

TEST(SeekPool, OneSeekAUserAndNeverBlockedPairs) {
  SeekPool pool;
  pool.place(seek_of(1, 1500, 0));
  pool.place(seek_of(1, 1500, 1));  // replaces: no pair with themself
  EXPECT_EQ(pool.size(), 1u);
  EXPECT_TRUE(pool.take_pairs(10, nullptr).empty());
  pool.place(seek_of(2, 1500, 2));
  auto blocked = [](std::int64_t a, std::int64_t b) { return (a == 1 && b == 2) || (a == 2 && b == 1); };
  EXPECT_TRUE(pool.take_pairs(100'000, blocked).empty());
  EXPECT_TRUE(pool.withdraw(1).has_value());
  EXPECT_FALSE(pool.withdraw(1).has_value());
}

TEST(SeekPool, FarRatingsWaitForTheWindowAndTheEngineIsOfferedOnce) {
  SeekPool pool;
  pool.place(seek_of(1, 1500, 0));
  pool.place(seek_of(2, 1800, 0));
  EXPECT_TRUE(pool.take_pairs(1'000, nullptr).empty());
  EXPECT_EQ(pool.take_engine_offers(1'000, 60'000).size(), 0u);
  EXPECT_TRUE(pool.take_pairs(19'999, nullptr).empty());   // a window of 250
  EXPECT_EQ(pool.take_pairs(20'000, nullptr).size(), 1u);  // 300 apart, a window of 300
  pool.place(seek_of(3, 3000, 0, "3+2"));
  EXPECT_EQ(pool.take_engine_offers(60'000, 60'000).size(), 1u);
  EXPECT_EQ(pool.take_engine_offers(70'000, 60'000).size(), 0u);
}

TEST(Matchmaker, OffersTheEngineLevelOfTheNearestRating) {
  EXPECT_EQ(Matchmaker::nearest_engine_level(1500), 3);  // 1670
  EXPECT_EQ(Matchmaker::nearest_engine_level(700), 1);   // 390, not 1120
  EXPECT_EQ(Matchmaker::nearest_engine_level(900), 2);
  EXPECT_EQ(Matchmaker::nearest_engine_level(2000), 4);
  EXPECT_EQ(Matchmaker::nearest_engine_level(3000), 8);
}

class PairingTest : public CommunityTest {
 protected:
  // Runs SQL on the server's database (ratings, blocks).
  void sql(const std::string& text) {
    GameStore store(config_.db);
    ASSERT_EQ(store.commit([&](StoreWriter& w) { sql_exec(w.connection(), text.c_str()); }), "");
  }
  HttpResult seek(const Browser& b, const std::string& control, bool rated = false) {
    return call("/api/seeks", {{"control", control}, {"rated", rated}}, b);
  }
  std::unique_ptr<WsClient> channel(const Browser& b) {
    auto ws = std::make_unique<WsClient>(port_, "/ws/me", Headers{{"Cookie", b.cookie}});
    EXPECT_EQ(ws->handshake_status(), 101);
    EXPECT_FALSE(ws->next_of_type("presence").is_null());
    return ws;
  }
  json control_of(const json& grid, const std::string& control) {
    for (const auto& c : grid["controls"])
      if (c["control"] == control) return c;
    return {};
  }
};

TEST_F(PairingTest, TwoSeekersOfAControlArePairedIntoAGameBothCanPlay) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto ann_ws = channel(ann), bob_ws = channel(bob);
  auto r = seek(ann, "10+0", true);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json()["mine"]["control"], "10+0");
  EXPECT_EQ(control_of(get("/api/seeks").json(), "10+0")["waiting"], 1);
  ASSERT_EQ(seek(bob, "10+0", true).status, 200);
  json a = ann_ws->next_of_type("paired"), b = bob_ws->next_of_type("paired");
  ASSERT_FALSE(a.is_null());
  ASSERT_FALSE(b.is_null());
  EXPECT_EQ(a["game"], b["game"]);
  EXPECT_NE(a["token"], b["token"]);
  EXPECT_NE(a["seat"], b["seat"]);
  EXPECT_EQ(a["opponent"]["name"], "bob");
  EXPECT_EQ(b["opponent"]["name"], "ann");
  EXPECT_EQ(a["rated"], true);
  std::string id = a["game"];
  json s = state(id);
  EXPECT_EQ(s["mode"], "online");
  EXPECT_EQ(s["rated"], true);
  // Both seats are theirs: the seat each holds is the one they were told.
  EXPECT_EQ(get("/api/games/" + id + "/seat", ann).json()["token"], a["token"]);
  EXPECT_EQ(get("/api/games/" + id + "/seat", bob).json()["token"], b["token"]);
  // White plays the first move.
  const std::string white_token = a["seat"] == "white" ? a["token"] : b["token"];
  auto m = call("/api/games/" + id + "/moves", {{"token", white_token}, {"move", "E3"}});
  EXPECT_EQ(m.status, 200) << m.body;
  // Both seeks are gone, and the game counts as played at 10+0.
  json grid;
  for (int i = 0; i < 200; ++i) {
    grid = get("/api/seeks", ann).json();
    if (control_of(grid, "10+0")["playing"] == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(control_of(grid, "10+0")["waiting"], 0);
  EXPECT_EQ(control_of(grid, "10+0")["playing"], 1);
  EXPECT_TRUE(grid["mine"].is_null());
  // The pages were told the counts too.
  EXPECT_FALSE(ann_ws->next_of_type("seeks").is_null());
}

TEST_F(PairingTest, EveryOnlineGameInProgressCountsAsPlayedAtItsControl) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto playing_at = [&](const std::string& control) {
    return control_of(get("/api/seeks").json(), control)["playing"].get<int>();
  };
  EXPECT_EQ(playing_at("5+3"), 0);
  // A lobby game at 5+3: not counted while it waits, counted once joined,
  // not counted once over.
  auto open = call("/api/lobby",
                   {{"color", "white"}, {"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 3}}}}, ann);
  ASSERT_EQ(open.status, 201) << open.body;
  std::string id = open.json()["id"];
  EXPECT_EQ(playing_at("5+3"), 0);
  auto joined = call("/api/lobby/" + id + "/join", json::object(), bob);
  ASSERT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(playing_at("5+3"), 1);
  EXPECT_EQ(playing_at("10+0"), 0);
  auto aborted = call("/api/games/" + id + "/abort", {{"token", open.json()["token"]}});
  EXPECT_EQ(aborted.status, 200) << aborted.body;
  EXPECT_EQ(playing_at("5+3"), 0);
}

TEST_F(PairingTest, DifferentControlsOrRatedNessAreNotPaired) {
  Browser ann = signup("ann"), bob = signup("bob"), cy = guest("cyd");
  auto ann_ws = channel(ann), bob_ws = channel(bob), cy_ws = channel(cy);
  ASSERT_EQ(seek(ann, "10+0", true).status, 200);
  ASSERT_EQ(seek(bob, "5+3", true).status, 200);
  ASSERT_EQ(seek(cy, "10+0", false).status, 200);
  advance(40'000);
  EXPECT_TRUE(ann_ws->next_of_type("paired", 1).is_null());
  json grid = get("/api/seeks").json();
  EXPECT_EQ(control_of(grid, "10+0")["waiting"], 2);
  EXPECT_EQ(control_of(grid, "5+3")["waiting"], 1);
}

TEST_F(PairingTest, FarRatingsWaitUntilTheWindowWidens) {
  Browser ann = signup("ann"), bob = signup("bob");
  sql("UPDATE users SET rating = 1900 WHERE name = 'bob'");
  auto ann_ws = channel(ann), bob_ws = channel(bob);
  ASSERT_EQ(seek(ann, "3+2", true).status, 200);
  ASSERT_EQ(seek(bob, "3+2", true).status, 200);
  EXPECT_TRUE(ann_ws->next_of_type("paired", 1).is_null());
  // 400 apart: close once the first seeker has waited 30 s (unbounded).
  advance(31'000);
  json a = ann_ws->next_of_type("paired");
  ASSERT_FALSE(a.is_null());
  EXPECT_EQ(bob_ws->next_of_type("paired")["game"], a["game"]);
}

TEST_F(PairingTest, BlockedPairsAndSelfAreNeverPaired) {
  Browser ann = signup("ann"), bob = signup("bob");
  sql("INSERT INTO blocks(from_user, to_user, created_ms) SELECT b.id, a.id, 0 FROM users a, users b "
      "WHERE a.name = 'ann' AND b.name = 'bob'");
  auto ann_ws = channel(ann), ann_tab2 = channel(ann), bob_ws = channel(bob);
  ASSERT_EQ(seek(ann, "10+0").status, 200);
  ASSERT_EQ(seek(ann, "10+0").status, 200);  // again, from another tab: still one seek
  EXPECT_EQ(control_of(get("/api/seeks").json(), "10+0")["waiting"], 1);
  ASSERT_EQ(seek(bob, "10+0").status, 200);
  advance(40'000);
  EXPECT_TRUE(ann_ws->next_of_type("paired", 1.5).is_null());
  EXPECT_TRUE(bob_ws->next_of_type("paired", 0.2).is_null());
  // Someone else is welcome.
  Browser cy = guest("cyd");
  auto cy_ws = channel(cy);
  ASSERT_EQ(seek(cy, "10+0").status, 200);
  json c = cy_ws->next_of_type("paired");
  ASSERT_FALSE(c.is_null());
  EXPECT_TRUE(c["opponent"]["name"] == "ann" || c["opponent"]["name"] == "bob");
}

TEST_F(PairingTest, ClosingThePageOrCancelWithdrawsTheSeek) {
  Browser ann = signup("ann"), bob = signup("bob");
  {
    auto ann_ws = channel(ann);
    ASSERT_EQ(seek(ann, "20+10").status, 200);
    EXPECT_EQ(control_of(get("/api/seeks").json(), "20+10")["waiting"], 1);
  }
  json grid;
  for (int i = 0; i < 200; ++i) {
    grid = get("/api/seeks", ann).json();
    if (control_of(grid, "20+10")["waiting"] == 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(control_of(grid, "20+10")["waiting"], 0);
  EXPECT_TRUE(grid["mine"].is_null());
  // Without the page open, no seek.
  auto r = seek(ann, "20+10");
  EXPECT_EQ(r.status, 409);
  EXPECT_NE(r.json()["error"].get<std::string>().find("open the site"), std::string::npos);

  auto bob_ws = channel(bob);
  ASSERT_EQ(seek(bob, "20+10").status, 200);
  EXPECT_EQ(get("/api/seeks", bob).json()["mine"]["control"], "20+10");
  auto c = call("/api/seeks/cancel", json::object(), bob);
  EXPECT_EQ(c.status, 200);
  EXPECT_EQ(c.json()["withdrawn"], true);
  EXPECT_EQ(call("/api/seeks/cancel", json::object(), bob).json()["withdrawn"], false);
  EXPECT_TRUE(get("/api/seeks", bob).json()["mine"].is_null());
}

TEST_F(PairingTest, GuestsSeekCasualOnlyAndBadInputIsRefused) {
  Browser cy = guest("cyd");
  auto cy_ws = channel(cy);
  auto r = seek(cy, "10+0", true);
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.json()["error"].get<std::string>().find("sign up"), std::string::npos);
  EXPECT_EQ(seek(cy, "10+0", false).status, 200);
  EXPECT_EQ(seek(cy, "7+7").status, 400);
  EXPECT_EQ(call("/api/seeks", {{"control", 10}}, cy).status, 400);
  EXPECT_EQ(call("/api/seeks", {{"control", "10+0"}, {"rated", "yes"}}, cy).status, 400);
  EXPECT_EQ(call("/api/seeks", json::object(), cy).status, 400);
  EXPECT_EQ(call("/api/seeks", {{"control", "10+0"}}).status, 401);
  EXPECT_EQ(call("/api/seeks/cancel", json::object()).status, 401);
  // The refusals changed nothing: still the casual seek.
  json mine = get("/api/seeks", cy).json()["mine"];
  EXPECT_EQ(mine["control"], "10+0");
  EXPECT_EQ(mine["rated"], false);
}

TEST_F(PairingTest, SeeksAreRateLimited) {
  Browser ann = signup("ann");
  auto ann_ws = channel(ann);
  int refused = 0;
  for (int i = 0; i < 25; ++i)
    if (seek(ann, i % 2 ? "3+2" : "5+3").status == 429) ++refused;
  EXPECT_EQ(refused, 5);
  advance(61'000);
  EXPECT_EQ(seek(ann, "3+2").status, 200);
}

TEST_F(PairingTest, AfterAMinuteAloneTheEngineIsOffered) {
  Browser ann = signup("ann");
  sql("UPDATE users SET rating = 2010 WHERE name = 'ann'");
  auto ann_ws = channel(ann);
  ASSERT_EQ(seek(ann, "1d", true).status, 200);
  EXPECT_TRUE(ann_ws->next_of_type("seek-engine-offer", 0.6).is_null());
  advance(61'000);
  json offer = ann_ws->next_of_type("seek-engine-offer");
  ASSERT_FALSE(offer.is_null());
  EXPECT_EQ(offer["level"], 4);  // engine-4 is rated 2000
  // The seek stays open.
  EXPECT_EQ(get("/api/seeks", ann).json()["mine"]["control"], "1d");
}

}  // namespace
}  // namespace dvonn::server::testing
