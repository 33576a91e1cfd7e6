// Notifications (GET /api/me/notifications, POST .../read), pushed live over
// /ws/me: a challenge, your move in a correspondence game, a friend
// started a game; and the header's presence counts (GET /api/presence and
// the presence message) (docs/community-api.md).
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class NotificationsTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.presence_ms = 50;
  }
  std::unique_ptr<WsClient> channel(const Browser& b) {
    auto ws = std::make_unique<WsClient>(port_, "/ws/me", Headers{{"Cookie", b.cookie}});
    EXPECT_EQ(ws->handshake_status(), 101);
    return ws;
  }
  json notifications(const Browser& b, const std::string& query = "") {
    auto r = get("/api/me/notifications" + query, b);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json();
  }
};

TEST_F(NotificationsTest, ChallengesAreNotifiedPagedAndMarkedRead) {
  Browser ann = signup("ann");
  for (int i = 0; i < 3; ++i) {
    Browser p = signup("pal" + std::to_string(i));
    ASSERT_EQ(call("/api/challenges", {{"to", "ann"}}, p).status, 201);
  }
  auto first = notifications(ann, "?limit=2");
  EXPECT_EQ(first["unread"], 3);
  ASSERT_EQ(first["notifications"].size(), 2u);
  EXPECT_EQ(first["notifications"][0]["kind"], "challenge");
  EXPECT_EQ(first["notifications"][0]["data"]["challenge"]["from"]["name"], "pal2");  // newest first
  EXPECT_EQ(first["notifications"][0]["read"], false);
  EXPECT_EQ(first["more"], true);
  auto second = notifications(ann, "?limit=2&after=" + std::to_string(first["next"].get<std::int64_t>()));
  ASSERT_EQ(second["notifications"].size(), 1u);
  EXPECT_EQ(second["notifications"][0]["data"]["challenge"]["from"]["name"], "pal0");
  EXPECT_EQ(second["more"], false);

  std::int64_t newest = first["notifications"][0]["id"];
  auto r = call("/api/me/notifications/read", {{"ids", {newest}}}, ann);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json()["unread"], 2);
  EXPECT_EQ(notifications(ann)["notifications"][0]["read"], true);
  // Someone else's ids change nothing of theirs.
  Browser bob = signup("bob");
  EXPECT_EQ(call("/api/me/notifications/read", {{"all", true}}, bob).status, 200);
  EXPECT_EQ(notifications(ann)["unread"], 2);
  EXPECT_EQ(call("/api/me/notifications/read", {{"all", true}}, ann).json()["unread"], 0);

  // Bad input is refused.
  EXPECT_EQ(call("/api/me/notifications/read", json::object(), ann).status, 400);
  EXPECT_EQ(call("/api/me/notifications/read", {{"ids", "1"}}, ann).status, 400);
  EXPECT_EQ(call("/api/me/notifications/read", {{"ids", {"x"}}}, ann).status, 400);
  EXPECT_EQ(call("/api/me/notifications/read", {{"all", 1}}, ann).status, 400);
  EXPECT_EQ(get("/api/me/notifications?after=x", ann).status, 400);
  EXPECT_EQ(get("/api/me/notifications?limit=1000", ann).status, 400);
  EXPECT_EQ(get("/api/me/notifications").status, 401);
}

TEST_F(NotificationsTest, YourMoveInACorrespondenceGameIsNotifiedLive) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto game = start_online(ann, bob, {{"clock", {{"type", "correspondence"}, {"days", 3}}}});
  ASSERT_FALSE(game.id.empty());
  auto anns = channel(ann);
  // ann (white) moves: bob's turn, and he hears of it.
  auto bobs = channel(bob);
  ASSERT_EQ(call("/api/games/" + game.id + "/moves", {{"token", game.white}, {"move", "E3"}}).status, 200);
  auto note = bobs->next_of_type("notification", 5);
  ASSERT_FALSE(note.is_null());
  EXPECT_EQ(note["notification"]["kind"], "your-move");
  EXPECT_EQ(note["notification"]["data"]["game"], game.id);
  EXPECT_EQ(note["notification"]["data"]["opponent"]["name"], "ann");
  ASSERT_EQ(call("/api/games/" + game.id + "/moves", {{"token", game.black}, {"move", "F3"}}).status, 200);
  EXPECT_EQ(anns->next_of_type("notification", 5)["notification"]["kind"], "your-move");
  // One unread per game: ann's next move adds nothing for bob while he has
  // not read the first; once he has, her move after that notifies again.
  ASSERT_EQ(call("/api/games/" + game.id + "/moves", {{"token", game.white}, {"move", "G3"}}).status, 200);
  ASSERT_EQ(call("/api/games/" + game.id + "/moves", {{"token", game.black}, {"move", "H3"}}).status, 200);
  ASSERT_EQ(call("/api/me/notifications/read", {{"all", true}}, bob).status, 200);
  ASSERT_EQ(call("/api/games/" + game.id + "/moves", {{"token", game.white}, {"move", "I3"}}).status, 200);
  auto again = bobs->next_of_type("notification", 5);
  EXPECT_EQ(again["notification"]["kind"], "your-move");
  EXPECT_GT(again["notification"]["id"].get<std::int64_t>(), note["notification"]["id"].get<std::int64_t>());
  auto list = notifications(bob);
  EXPECT_EQ(list["notifications"].size(), 2u);
  EXPECT_EQ(list["unread"], 1);
}

TEST_F(NotificationsTest, RealTimeMovesAreNotNotified) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto game = start_online(ann, bob, {{"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 0}}}});
  ASSERT_EQ(call("/api/games/" + game.id + "/moves", {{"token", game.white}, {"move", "E3"}}).status, 200);
  // A later notification (a challenge) arrives; no your-move came before it.
  Browser cat = signup("cat");
  ASSERT_EQ(call("/api/challenges", {{"to", "bob"}}, cat).status, 201);
  auto list = notifications(bob)["notifications"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["kind"], "challenge");
}

TEST_F(NotificationsTest, FollowersHearThatAFriendStartedAGameUnlessBlocked) {
  Browser ann = signup("ann"), bob = signup("bob"), fan = signup("fan"), foe = signup("foe");
  ASSERT_EQ(call("/api/users/ann/follow", {{"on", true}}, fan).status, 200);
  ASSERT_EQ(call("/api/users/ann/follow", {{"on", true}}, foe).status, 200);
  ASSERT_EQ(call("/api/users/bob/block", {{"on", true}}, foe).status, 200);
  auto fans = channel(fan);
  auto game = start_online(ann, bob);
  auto note = fans->next_of_type("notification", 5);
  ASSERT_FALSE(note.is_null());
  EXPECT_EQ(note["notification"]["kind"], "friend-started");
  EXPECT_EQ(note["notification"]["data"]["game"], game.id);
  EXPECT_EQ(note["notification"]["data"]["player"]["name"], "ann");
  EXPECT_EQ(note["notification"]["data"]["opponent"]["name"], "bob");
  // foe blocks ann's opponent: not told about that game.
  ASSERT_EQ(call("/api/challenges", {{"to", "foe"}}, fan).status, 201);  // a marker after it
  auto foes = notifications(foe)["notifications"];
  ASSERT_EQ(foes.size(), 1u);
  EXPECT_EQ(foes[0]["kind"], "challenge");
}

TEST_F(NotificationsTest, PresenceCountsPlayersOnlineAndGamesInPlay) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto none = get("/api/presence").json();
  EXPECT_EQ(none["online"], 0);
  EXPECT_EQ(none["playing"], 0);
  auto anns = channel(ann);
  auto hello = anns->next_of_type("presence");
  EXPECT_EQ(hello["online"], 1);
  EXPECT_TRUE(hello.contains("playing"));
  start_online(ann, bob);
  // Pushed when it changes.
  json pushed;
  for (int i = 0; i < 100 && (pushed.is_null() || pushed["playing"] != 1); ++i)
    pushed = anns->next_of_type("presence", 5);
  EXPECT_EQ(pushed["playing"], 1);
  EXPECT_EQ(pushed["online"], 1);
  auto now = get("/api/presence").json();
  EXPECT_EQ(now["online"], 1);
  EXPECT_EQ(now["playing"], 1);
}

}  // namespace
}  // namespace dvonn::server::testing
