// Following and blocking players: POST /api/users/{name}/follow and /block,
// GET /api/me/friends (online, playing) and /api/me/blocks, paged, and what
// the profile says of them (docs/community-api.md).
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class FriendsTest : public CommunityTest {
 protected:
  HttpResult follow(const Browser& who, const std::string& name, bool on = true) {
    return call("/api/users/" + name + "/follow", {{"on", on}}, who);
  }
  HttpResult block(const Browser& who, const std::string& name, bool on = true) {
    return call("/api/users/" + name + "/block", {{"on", on}}, who);
  }
};

TEST_F(FriendsTest, FollowUnfollowAndTheProfileSaysSo) {
  Browser ann = signup("ann"), bob = signup("bob");
  EXPECT_EQ(get("/api/users/bob", ann).json()["following"], false);
  auto r = follow(ann, "BOB");  // names are case-insensitive
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json()["following"], true);
  EXPECT_EQ(follow(ann, "bob").status, 200);  // again: nothing changes
  auto profile = get("/api/users/bob", ann).json();
  EXPECT_EQ(profile["following"], true);
  EXPECT_EQ(profile["blocked"], false);
  // Nobody else's profile view changes; without a session there is none.
  EXPECT_EQ(get("/api/users/bob", bob).json().contains("following"), false);
  EXPECT_EQ(get("/api/users/bob").json().contains("following"), false);
  auto friends = get("/api/me/friends", ann).json();
  ASSERT_EQ(friends["friends"].size(), 1u);
  EXPECT_EQ(friends["friends"][0]["name"], "bob");
  EXPECT_EQ(follow(ann, "bob", false).json()["following"], false);
  EXPECT_TRUE(get("/api/me/friends", ann).json()["friends"].empty());
}

TEST_F(FriendsTest, BadFollowsAreRefusedAndChangeNothing) {
  Browser ann = signup("ann");
  signup("bob");
  EXPECT_EQ(follow(ann, "nobody").status, 404);
  EXPECT_EQ(follow(ann, "ann").status, 400);
  EXPECT_EQ(call("/api/users/bob/follow", {{"on", "yes"}}, ann).status, 400);
  EXPECT_EQ(call("/api/users/bob/follow", json::object(), ann).status, 400);
  EXPECT_EQ(call("/api/users/bob/follow", {{"on", true}}).status, 401);
  EXPECT_EQ(get("/api/me/friends?limit=0", ann).status, 400);
  EXPECT_TRUE(get("/api/me/friends", ann).json()["friends"].empty());
}

TEST_F(FriendsTest, TheFriendsListIsPagedAndSaysWhoIsOnlineAndPlaying) {
  Browser ann = signup("ann");
  std::vector<Browser> others;
  for (const char* name : {"cat", "bob", "dan", "eve"}) {
    others.push_back(signup(name));
    ASSERT_EQ(follow(ann, name).status, 200);
  }
  // bob is online; cat plays a real-time game with dan.
  WsClient bobs(port_, "/ws/me", {{"Cookie", others[1].cookie}});
  ASSERT_EQ(bobs.handshake_status(), 101);
  bobs.next_of_type("presence");
  auto game =
      start_online(others[0], others[2], {{"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 2}}}});
  ASSERT_FALSE(game.id.empty());

  auto first = get("/api/me/friends?limit=2", ann).json();
  ASSERT_EQ(first["friends"].size(), 2u);
  EXPECT_EQ(first["friends"][0]["name"], "bob");
  EXPECT_EQ(first["friends"][0]["online"], true);
  EXPECT_TRUE(first["friends"][0]["playing"].is_null());
  EXPECT_EQ(first["friends"][1]["name"], "cat");
  EXPECT_EQ(first["friends"][1]["online"], false);
  EXPECT_EQ(first["friends"][1]["playing"], game.id);
  EXPECT_EQ(first["more"], true);
  auto second = get("/api/me/friends?limit=2&after=" + first["next"].get<std::string>(), ann).json();
  ASSERT_EQ(second["friends"].size(), 2u);
  EXPECT_EQ(second["friends"][0]["name"], "dan");
  EXPECT_EQ(second["friends"][0]["playing"], game.id);
  EXPECT_EQ(second["friends"][1]["name"], "eve");
  EXPECT_EQ(second["more"], false);
  EXPECT_TRUE(second["next"].is_null());
}

TEST_F(FriendsTest, BlockingUnfollowsBothWaysAndIsListed) {
  Browser ann = signup("ann"), bob = signup("bob");
  ASSERT_EQ(follow(ann, "bob").status, 200);
  ASSERT_EQ(follow(bob, "ann").status, 200);
  auto r = block(ann, "bob");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_TRUE(get("/api/me/friends", ann).json()["friends"].empty());
  EXPECT_TRUE(get("/api/me/friends", bob).json()["friends"].empty());
  auto blocks = get("/api/me/blocks", ann).json();
  ASSERT_EQ(blocks["blocks"].size(), 1u);
  EXPECT_EQ(blocks["blocks"][0]["name"], "bob");
  EXPECT_EQ(get("/api/users/bob", ann).json()["blocked"], true);
  // Neither follows the other while the block stands.
  EXPECT_EQ(follow(bob, "ann").status, 403);
  EXPECT_EQ(follow(ann, "bob").status, 403);
  ASSERT_EQ(block(ann, "bob", false).status, 200);
  EXPECT_TRUE(get("/api/me/blocks", ann).json()["blocks"].empty());
  EXPECT_EQ(follow(bob, "ann").status, 200);
}

TEST_F(FriendsTest, FollowingIsRateLimited) {
  Browser ann = signup("ann");
  signup("bob");
  int limited = 0;
  for (int i = 0; i < 40; ++i) limited += follow(ann, "bob", i % 2 == 0).status == 429;
  EXPECT_GT(limited, 0);
}

TEST_F(FriendsTest, ABlockedPlayerCannotJoinTheOthersGames) {
  Browser ann = signup("ann"), bob = signup("bob"), cy = signup("cyd");
  ASSERT_EQ(block(bob, "ann").status, 200);
  // A lobby game of ann's: bob (who blocked her) cannot take the seat,
  // nor through the game's link; cy can.
  auto open = call("/api/lobby", {{"color", "white"}}, ann);
  ASSERT_EQ(open.status, 201) << open.body;
  std::string id = open.json()["id"];
  auto refused = call("/api/lobby/" + id + "/join", json::object(), bob);
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_NE(refused.json()["error"].get<std::string>().find("blocked"), std::string::npos);
  EXPECT_EQ(call("/api/games/" + id + "/join", json::object(), bob).status, 403);
  EXPECT_EQ(state(id)["started"], false);  // still open
  EXPECT_EQ(call("/api/lobby/" + id + "/join", json::object(), cy).status, 200);
  // The other way round too: ann's block of bob's game.
  auto bobs = call("/api/lobby", {{"color", "white"}}, bob);
  ASSERT_EQ(bobs.status, 201) << bobs.body;
  EXPECT_EQ(call("/api/lobby/" + bobs.json()["id"].get<std::string>() + "/join", json::object(), ann).status, 403);
  // Unblocked, they may meet again.
  ASSERT_EQ(block(bob, "ann", false).status, 200);
  EXPECT_EQ(call("/api/lobby/" + bobs.json()["id"].get<std::string>() + "/join", json::object(), ann).status, 200);
}

}  // namespace
}  // namespace dvonn::server::testing
