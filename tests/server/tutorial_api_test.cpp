// The tutorial's progress in an account: GET and POST /api/me/tutorial
// (docs/community-api.md, "Tutorial progress"): kept per registered user,
// across sessions and restarts; unknown steps, bad bodies, guests and
// anonymous callers refused without a change.
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class TutorialApiTest : public CommunityTest {
 protected:
  HttpResult finish(const Browser& who, const json& body) { return call("/api/me/tutorial", body, who); }
  json done(const Browser& who) {
    auto r = get("/api/me/tutorial", who);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json()["done"];
  }
};

TEST_F(TutorialApiTest, ANewAccountHasFinishedNothing) {
  Browser ann = signup("ann");
  EXPECT_EQ(done(ann), json::array());
}

TEST_F(TutorialApiTest, FinishedStepsAreKeptInTheTutorialsOrder) {
  Browser ann = signup("ann");
  auto r = finish(ann, {{"step", "moving"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json()["done"], json({"moving"}));
  ASSERT_EQ(finish(ann, {{"step", "placing"}}).status, 200);
  // Again: nothing changes.
  r = finish(ann, {{"step", "moving"}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json()["done"], json({"placing", "moving"}));
  EXPECT_EQ(done(ann), json({"placing", "moving"}));
}

TEST_F(TutorialApiTest, ProgressFollowsTheAccountToAnotherSessionAndARestart) {
  Browser ann = signup("ann");
  ASSERT_EQ(finish(ann, {{"step", "ending"}}).status, 200);
  auto login = post(port_, "/api/auth/login", {{"name", "ann"}, {"password", "correct horse"}});
  ASSERT_EQ(login.status, 200) << login.body;
  Browser other{cookie_of(login), login.json()["user"]};
  EXPECT_EQ(done(other), json({"ending"}));
  restart();
  EXPECT_EQ(done(other), json({"ending"}));
  // Each account its own.
  Browser bob = signup("bob");
  EXPECT_EQ(done(bob), json::array());
}

TEST_F(TutorialApiTest, BadRequestsAreRefusedAndChangeNothing) {
  Browser ann = signup("ann");
  ASSERT_EQ(finish(ann, {{"step", "placing"}}).status, 200);
  for (const json& body : {json{{"step", "flying"}}, json{{"step", "PLACING"}}, json{{"step", 3}}, json{{"step", ""}},
                           json{{"steps", "moving"}}, json::object(), json{{"step", std::string(5000, 'x')}}}) {
    auto r = finish(ann, body);
    EXPECT_EQ(r.status, 400) << body.dump() << " " << r.body;
    EXPECT_TRUE(r.json().contains("error")) << r.body;
  }
  auto malformed = http_request(port_, "POST", "/api/me/tutorial", "{\"step\":", Headers{{"Cookie", ann.cookie}});
  EXPECT_EQ(malformed.status, 400) << malformed.body;
  auto list = http_request(port_, "POST", "/api/me/tutorial", "[\"moving\"]", Headers{{"Cookie", ann.cookie}});
  EXPECT_EQ(list.status, 400) << list.body;
  EXPECT_EQ(done(ann), json({"placing"}));
}

TEST_F(TutorialApiTest, AnonymousCallersAndGuestsAreRefused) {
  EXPECT_EQ(get("/api/me/tutorial").status, 401);
  EXPECT_EQ(call("/api/me/tutorial", {{"step", "placing"}}).status, 401);
  Browser guest = this->guest("visitor");
  auto r = get("/api/me/tutorial", guest);
  EXPECT_EQ(r.status, 403) << r.body;
  EXPECT_EQ(finish(guest, {{"step", "placing"}}).status, 403);
}

TEST_F(TutorialApiTest, ADeletedAccountTakesItsProgressWithIt) {
  Browser ann = signup("ann");
  ASSERT_EQ(finish(ann, {{"step", "passing"}}).status, 200);
  auto r = call("/api/me/delete", {{"password", "correct horse"}, {"confirm", "DELETE"}}, ann);
  ASSERT_EQ(r.status, 200) << r.body;
  Browser again = signup("ann");
  EXPECT_EQ(done(again), json::array());
}

}  // namespace
}  // namespace dvonn::server::testing
