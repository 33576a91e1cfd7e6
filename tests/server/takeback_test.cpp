// Takebacks in casual online games (docs/community-api.md "Rematch,
// takeback, claim"): a player asks to undo its last move (and the reply
// after it), the opponent sees it live and accepts or declines.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gameplay_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class TakebackTest : public GameplayTest {};

TEST_F(TakebackTest, AcceptedUndoesTheAskersMoveAndTheReplyAndIsStored) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob, realtime(300, false));
  auto black_ws = watch(g.id, g.black);
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  auto asked = seat_call(g.id, "takeback", g.white);
  ASSERT_EQ(asked.status, 200) << asked.body;
  EXPECT_EQ(asked.json()["takeback"]["from"], "white");
  // The opponent sees it live.
  EXPECT_FALSE(state_where(*black_ws, [](const json& s) { return !s["takeback"].is_null(); }).is_null());
  // The asker cannot accept its own request.
  EXPECT_EQ(seat_call(g.id, "takeback/accept", g.white).status, 409);
  auto accepted = seat_call(g.id, "takeback/accept", g.black);
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  json s = accepted.json();
  EXPECT_EQ(s["moves"], json::array());  // white's E3 and black's F3
  EXPECT_EQ(s["to_move"], "white");
  EXPECT_TRUE(s["takeback"].is_null());
  // A second accept finds nothing to answer.
  EXPECT_EQ(seat_call(g.id, "takeback/accept", g.black).status, 409);
  // Play goes on, and the takeback is on disk.
  ASSERT_EQ(move(g.id, g.white, "C3").status, 200);
  restart();
  EXPECT_EQ(state(g.id)["moves"], json::array({"C3"}));
}

TEST_F(TakebackTest, TheAskersOwnLastMoveAloneWhenNoReplyCameAndDeclineKeepsIt) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started g = start_online(alice, bob);
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  ASSERT_EQ(move(g.id, g.black, "F3").status, 200);
  ASSERT_EQ(seat_call(g.id, "takeback", g.black).status, 200);
  auto declined = seat_call(g.id, "takeback/decline", g.white);
  ASSERT_EQ(declined.status, 200) << declined.body;
  EXPECT_EQ(declined.json()["moves"].size(), 2u);
  EXPECT_TRUE(declined.json()["takeback"].is_null());
  ASSERT_EQ(seat_call(g.id, "takeback", g.black).status, 200);
  auto accepted = seat_call(g.id, "takeback/accept", g.white);
  ASSERT_EQ(accepted.status, 200);
  EXPECT_EQ(accepted.json()["moves"], json::array({"E3"}));
  EXPECT_EQ(accepted.json()["to_move"], "black");
}

TEST_F(TakebackTest, RefusedCasesChangeNothing) {
  Browser alice = signup("alice"), bob = signup("bob");
  Started rated = start_online(alice, bob, {{"rated", true}});
  ASSERT_EQ(move(rated.id, rated.white, "E3").status, 200);
  auto r = seat_call(rated.id, "takeback", rated.white);
  EXPECT_EQ(r.status, 409);
  EXPECT_THAT(r.body, HasSubstr("rated"));

  Started g = start_online(alice, bob);
  // Nothing to take back yet.
  EXPECT_EQ(seat_call(g.id, "takeback", g.black).status, 409);
  ASSERT_EQ(move(g.id, g.white, "E3").status, 200);
  EXPECT_EQ(seat_call(g.id, "takeback", g.black).status, 409);  // black has not moved
  EXPECT_EQ(seat_call(g.id, "takeback", "").status, 403);
  EXPECT_EQ(seat_call(g.id, "takeback/accept", g.black).status, 409);  // nothing asked
  ASSERT_EQ(seat_call(g.id, "takeback", g.white).status, 200);
  auto twice = seat_call(g.id, "takeback", g.white);
  EXPECT_EQ(twice.status, 409);
  EXPECT_THAT(twice.body, HasSubstr("waiting"));
  // Three a game per player.
  ASSERT_EQ(seat_call(g.id, "takeback/decline", g.black).status, 200);
  ASSERT_EQ(seat_call(g.id, "takeback", g.white).status, 200);
  ASSERT_EQ(seat_call(g.id, "takeback/decline", g.black).status, 200);
  ASSERT_EQ(seat_call(g.id, "takeback", g.white).status, 200);
  ASSERT_EQ(seat_call(g.id, "takeback/decline", g.black).status, 200);
  EXPECT_EQ(seat_call(g.id, "takeback", g.white).status, 429);
  json s = state(g.id);
  EXPECT_EQ(s["moves"], json::array({"E3"}));
  EXPECT_TRUE(s["takeback"].is_null());
  // Not after the end.
  ASSERT_EQ(seat_call(g.id, "resign", g.black).status, 200);
  EXPECT_EQ(seat_call(g.id, "takeback", g.black).status, 409);
}

}  // namespace
}  // namespace dvonn::server::testing
