// Challenges: POST /api/challenges, /accept, /decline, /cancel and GET
// /api/me/challenges; the challenged hears at once over /ws/me, the
// challenger hears the answer (docs/community-api.md).
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class ChallengesTest : public CommunityTest {
 protected:
  HttpResult challenge(const Browser& from, const std::string& to, json options = json::object()) {
    options["to"] = to;
    return call("/api/challenges", options, from);
  }
  std::unique_ptr<WsClient> channel(const Browser& b) {
    auto ws = std::make_unique<WsClient>(port_, "/ws/me", Headers{{"Cookie", b.cookie}});
    EXPECT_EQ(ws->handshake_status(), 101);
    ws->next_of_type("presence");
    return ws;
  }
  std::size_t pending(const Browser& b) {
    auto r = get("/api/me/challenges", b).json();
    return r["received"].size() + r["sent"].size();
  }
};

TEST_F(ChallengesTest, AcceptedMakesAGameForBothWithTheAskedColourClockAndRating) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto anns = channel(ann), bobs = channel(bob);
  json clock = {{"type", "realtime"}, {"initial", 600}, {"increment", 5}};
  auto r = challenge(ann, "bob", {{"color", "black"}, {"clock", clock}, {"rated", true}});
  ASSERT_EQ(r.status, 201) << r.body;
  json c = r.json()["challenge"];
  EXPECT_EQ(c["from"]["name"], "ann");
  EXPECT_EQ(c["to"]["name"], "bob");
  EXPECT_EQ(c["color"], "black");
  EXPECT_EQ(c["clock"], clock);
  EXPECT_EQ(c["rated"], true);
  EXPECT_EQ(c["state"], "pending");

  // bob hears at once, and has it in his notifications and his list.
  auto live = bobs->next_of_type("challenge", 2);
  EXPECT_EQ(live["challenge"]["id"], c["id"]);
  auto note = bobs->next_of_type("notification", 2);
  EXPECT_EQ(note["notification"]["kind"], "challenge");
  EXPECT_EQ(note["notification"]["data"]["challenge"]["id"], c["id"]);
  auto list = get("/api/me/challenges", bob).json();
  ASSERT_EQ(list["received"].size(), 1u);
  EXPECT_EQ(get("/api/me/challenges", ann).json()["sent"].size(), 1u);

  // Only bob answers it.
  EXPECT_EQ(call("/api/challenges/" + c["id"].get<std::string>() + "/accept", json::object(), ann).status, 403);
  auto a = call("/api/challenges/" + c["id"].get<std::string>() + "/accept", json::object(), bob);
  ASSERT_EQ(a.status, 200) << a.body;
  std::string game = a.json()["game"];
  EXPECT_EQ(a.json()["seat"], "white");  // ann asked for black
  auto accepted = anns->next_of_type("challenge-accepted", 2);
  EXPECT_EQ(accepted["game"], game);
  EXPECT_EQ(accepted["seat"], "black");

  // Both play it: bob (white) moves, then ann (black).
  auto s = state(game);
  EXPECT_EQ(s["players"]["white"]["name"], "bob");
  EXPECT_EQ(s["players"]["black"]["name"], "ann");
  EXPECT_EQ(s["rated"], true);
  EXPECT_FALSE(s["clock"].is_null());
  auto m = call("/api/games/" + game + "/moves", {{"token", a.json()["token"]}, {"move", "E3"}});
  EXPECT_EQ(m.status, 200) << m.body;
  m = call("/api/games/" + game + "/moves", {{"token", accepted["token"]}, {"move", "F3"}});
  EXPECT_EQ(m.status, 200) << m.body;
  // Answered once only; nothing pending any more.
  EXPECT_EQ(call("/api/challenges/" + c["id"].get<std::string>() + "/accept", json::object(), bob).status, 409);
  EXPECT_EQ(pending(ann), 0u);
  EXPECT_EQ(pending(bob), 0u);
}

TEST_F(ChallengesTest, DeclinedAndCancelledAreHeardLive) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto anns = channel(ann), bobs = channel(bob);
  auto r = challenge(ann, "bob");
  ASSERT_EQ(r.status, 201) << r.body;
  std::string id = r.json()["challenge"]["id"];
  EXPECT_EQ(r.json()["challenge"]["color"], "random");
  EXPECT_TRUE(r.json()["challenge"]["clock"].is_null());
  EXPECT_EQ(call("/api/challenges/" + id + "/decline", json::object(), bob).status, 200);
  EXPECT_EQ(anns->next_of_type("challenge-declined", 2)["challenge"]["state"], "declined");
  EXPECT_EQ(call("/api/challenges/" + id + "/cancel", json::object(), ann).status, 409);

  r = challenge(ann, "bob");
  ASSERT_EQ(r.status, 201);
  id = r.json()["challenge"]["id"];
  EXPECT_EQ(call("/api/challenges/" + id + "/cancel", json::object(), bob).status, 403);
  EXPECT_EQ(call("/api/challenges/" + id + "/cancel", json::object(), ann).status, 200);
  EXPECT_EQ(bobs->next_of_type("challenge-cancelled", 2)["challenge"]["id"], id);
  EXPECT_EQ(call("/api/challenges/" + id + "/accept", json::object(), bob).status, 409);
  // A stranger does not even learn that it exists.
  Browser cat = signup("cat");
  EXPECT_EQ(call("/api/challenges/" + id + "/accept", json::object(), cat).status, 404);
  EXPECT_EQ(call("/api/challenges/nosuch/accept", json::object(), bob).status, 404);
}

TEST_F(ChallengesTest, BadChallengesAreRefusedAndNothingIsStored) {
  Browser ann = signup("ann"), bob = signup("bob");
  Browser gus = guest("gus");
  EXPECT_EQ(challenge(ann, "ann").status, 400);
  EXPECT_EQ(challenge(ann, "nobody").status, 404);
  EXPECT_EQ(challenge(ann, "engine-3").status, 400);
  EXPECT_EQ(challenge(ann, "gus", {{"rated", true}}).status, 400);
  EXPECT_EQ(challenge(gus, "ann", {{"rated", true}}).status, 400);
  EXPECT_EQ(challenge(ann, "bob", {{"color", "green"}}).status, 400);
  EXPECT_EQ(challenge(ann, "bob", {{"clock", {{"type", "realtime"}, {"initial", 1}}}}).status, 400);
  EXPECT_EQ(challenge(ann, "bob", {{"rated", "yes"}}).status, 400);
  EXPECT_EQ(call("/api/challenges", {{"to", 7}}, ann).status, 400);
  EXPECT_EQ(call("/api/challenges", json::object(), ann).status, 400);
  EXPECT_EQ(call("/api/challenges", {{"to", "bob"}}).status, 401);
  EXPECT_EQ(pending(ann), 0u);
  EXPECT_EQ(pending(bob), 0u);
  // A guest may be challenged to an unrated game.
  EXPECT_EQ(challenge(ann, "gus").status, 201);
  // One at a time to the same player.
  EXPECT_EQ(challenge(ann, "bob").status, 201);
  EXPECT_EQ(challenge(ann, "bob").status, 409);
}

TEST_F(ChallengesTest, AtMostFivePendingAndFloodingIsRefused) {
  Browser ann = signup("ann");
  for (int i = 0; i < 6; ++i) signup("pal" + std::to_string(i));
  for (int i = 0; i < 5; ++i) EXPECT_EQ(challenge(ann, "pal" + std::to_string(i)).status, 201);
  EXPECT_EQ(challenge(ann, "pal5").status, 409);
  EXPECT_EQ(get("/api/me/challenges", ann).json()["sent"].size(), 5u);
  // Cancelling and sending again soon hits the rate limit.
  int limited = 0;
  for (int i = 0; i < 12; ++i) {
    auto list = get("/api/me/challenges", ann).json()["sent"];
    ASSERT_FALSE(list.empty());
    std::string id = list[0]["id"];
    std::string to = list[0]["to"]["name"];
    ASSERT_EQ(call("/api/challenges/" + id + "/cancel", json::object(), ann).status, 200);
    auto r = challenge(ann, to);
    if (r.status == 429) {
      ++limited;
      break;
    }
    ASSERT_EQ(r.status, 201) << r.body;
  }
  EXPECT_EQ(limited, 1);
}

TEST_F(ChallengesTest, BlockingStopsChallengesAndCancelsThosePending) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto anns = channel(ann);
  auto r = challenge(ann, "bob");
  ASSERT_EQ(r.status, 201);
  std::string id = r.json()["challenge"]["id"];
  ASSERT_EQ(call("/api/users/ann/block", {{"on", true}}, bob).status, 200);
  EXPECT_EQ(anns->next_of_type("challenge-cancelled", 2)["challenge"]["id"], id);
  EXPECT_EQ(pending(ann), 0u);
  EXPECT_EQ(pending(bob), 0u);
  EXPECT_EQ(call("/api/challenges/" + id + "/accept", json::object(), bob).status, 409);
  EXPECT_EQ(challenge(ann, "bob").status, 403);
  EXPECT_EQ(challenge(bob, "ann").status, 403);
  ASSERT_EQ(call("/api/users/ann/block", {{"on", false}}, bob).status, 200);
  EXPECT_EQ(challenge(ann, "bob").status, 201);
}

TEST_F(ChallengesTest, PendingChallengesArePaged) {
  Browser ann = signup("ann");
  for (int i = 0; i < 3; ++i) {
    Browser p = signup("queen" + std::to_string(i));
    ASSERT_EQ(challenge(p, "ann").status, 201);
    advance(5);
  }
  auto first = get("/api/me/challenges?limit=2", ann).json();
  ASSERT_EQ(first["received"].size(), 2u);
  EXPECT_EQ(first["received"][0]["from"]["name"], "queen2");  // newest first
  EXPECT_EQ(first["more"], true);
  auto second = get("/api/me/challenges?limit=2&before=" + first["next"].get<std::string>(), ann).json();
  ASSERT_EQ(second["received"].size(), 1u);
  EXPECT_EQ(second["received"][0]["from"]["name"], "queen0");
  EXPECT_EQ(second["more"], false);
  EXPECT_EQ(get("/api/me/challenges?before=x", ann).status, 400);
}

// Challenges swept with the lobby, so that a test sees the sweep soon.
class ExpiringChallengesTest : public ChallengesTest {
 protected:
  void configure(ServerConfig& c) override {
    ChallengesTest::configure(c);
    c.lobby_sweep_ms = 20;
  }
};

TEST_F(ExpiringChallengesTest, AChallengeUnansweredForADayExpires) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto anns = channel(ann), bobs = channel(bob);
  auto r = challenge(ann, "bob");
  ASSERT_EQ(r.status, 201) << r.body;
  std::string id = r.json()["challenge"]["id"];
  advance(23 * 3'600'000LL);  // still pending after 23 hours
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(pending(bob), 1u);
  advance(3'600'000LL + 1000);  // a day and a second
  auto heard = bobs->next_of_type("challenge-cancelled", 5);
  EXPECT_EQ(heard["challenge"]["id"], id);
  EXPECT_EQ(heard["challenge"]["state"], "expired");
  EXPECT_EQ(anns->next_of_type("challenge-cancelled", 5)["challenge"]["state"], "expired");
  EXPECT_EQ(pending(bob), 0u);
  EXPECT_EQ(pending(ann), 0u);
  EXPECT_EQ(call("/api/challenges/" + id + "/accept", json::object(), bob).status, 409);
  // A new one may be sent at once.
  EXPECT_EQ(challenge(ann, "bob").status, 201);
}

}  // namespace
}  // namespace dvonn::server::testing
