// Guests (docs/community-api.md, "Players and sessions"): a guest's name is
// free again once its sessions have expired, and its games keep the name.
// (The per-address limit is in auth_abuse_test.cpp.)
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "server/accounts/session_cookie.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class GuestsTest : public CommunityTest {};

TEST_F(GuestsTest, AGuestsNameIsFreedWhenItsSessionExpires) {
  Browser visitor = guest("Visitor");
  Browser bob = signup("bob");
  auto game = start_online(visitor, bob);
  ASSERT_FALSE(game.id.empty());
  // While the session lives the name is the guest's.
  EXPECT_EQ(call("/api/auth/guest", {{"name", "visitor"}}).status, 409);
  EXPECT_EQ(call("/api/auth/signup", {{"name", "Visitor"}, {"password", "long enough"}}).status, 409);
  advance(kSessionSeconds * 1000 - 60'000);
  EXPECT_EQ(call("/api/auth/guest", {{"name", "Visitor"}}).status, 409);

  advance(120'000);  // the session has expired
  EXPECT_EQ(get("/api/me", visitor).json()["user"], nullptr);
  auto again = call("/api/auth/guest", {{"name", "Visitor"}});
  ASSERT_EQ(again.status, 201) << again.body;
  Browser second = {cookie_of(again), again.json()["user"]};
  EXPECT_EQ(get("/api/me", second).json()["user"]["name"], "Visitor");
  EXPECT_EQ(get("/api/me", visitor).json()["user"], nullptr);  // the old cookie stays dead
  // The old game still shows its guest by name.
  EXPECT_EQ(state(game.id)["players"]["white"]["name"], "Visitor");

  // A logged-out guest cannot come back either: its name is free at once.
  ASSERT_EQ(call("/api/auth/logout", json::object(), second).status, 200);
  auto taken = call("/api/auth/signup", {{"name", "Visitor"}, {"password", "long enough"}});
  EXPECT_EQ(taken.status, 201) << taken.body;
  EXPECT_EQ(get("/api/users/Visitor").json()["user"]["guest"], false);
  // A user's name is never freed.
  advance(2 * kSessionSeconds * 1000);
  EXPECT_EQ(call("/api/auth/guest", {{"name", "bob"}}).status, 409);
}

}  // namespace
}  // namespace dvonn::server::testing
