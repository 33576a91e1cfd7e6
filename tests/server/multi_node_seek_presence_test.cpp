// Many `dvonn serve` nodes on one PostgreSQL database (issue 40): with
// nginx spreading requests without sticky sessions, a person's page
// (/ws/me) may be open on one node and their "Play now" seek reach
// another. The seek is taken while a page of theirs is open on any node
// (as the nodes' heartbeats say), and goes once none is. Always on a
// throwaway PostgreSQL cluster, whatever DVONN_TEST_DB says.
#include <gtest/gtest.h>

#include "multi_node_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

class MultiNodeSeekPresenceTest : public MultiNodeFixture {
 protected:
  void SetUp() override {
    for (std::size_t i = 0; i < 2; ++i) start_node(i);
  }
  std::unique_ptr<WsClient> page(int node, const NodePerson& p) {
    auto ws = std::make_unique<WsClient>(port(node), "/ws/me", Headers{{"Cookie", p.cookie}});
    EXPECT_EQ(ws->handshake_status(), 101);
    EXPECT_FALSE(ws->next_of_type("presence").is_null());
    return ws;
  }
  HttpResult seek(int node, const NodePerson& p) {
    return call(node, "/api/seeks", {{"control", "10+0"}, {"rated", false}}, p);
  }
  // The seek, once the other node has heard of the page (its heartbeat,
  // within a second): refused with a 409 until then.
  HttpResult seek_when_seen(int node, const NodePerson& p) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    HttpResult r = seek(node, p);
    while (r.status == 409 && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      r = seek(node, p);
    }
    return r;
  }
  json mine(int node, const NodePerson& p) { return get(node, "/api/seeks", p).json()["mine"]; }
};

TEST_F(MultiNodeSeekPresenceTest, ASeekReachingTheNodeWithoutThePageIsPairedAndTold) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob"), carol = signup(0, "carol");
  // Nobody's page open anywhere: refused, on either node.
  for (int node : {0, 1}) EXPECT_EQ(seek(node, carol).status, 409) << node;
  auto alices = page(0, alice);
  auto bobs = page(1, bob);
  auto first = seek_when_seen(1, alice);
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(mine(0, alice)["control"], "10+0");
  auto second = seek_when_seen(0, bob);
  ASSERT_EQ(second.status, 200) << second.body;
  // Each hears of the pairing on the page they have open.
  json a = alices->next_of_type("paired", 5);
  json b = bobs->next_of_type("paired", 5);
  ASSERT_FALSE(a.is_null()) << "alice was not told";
  ASSERT_FALSE(b.is_null()) << "bob was not told";
  EXPECT_EQ(a["game"], b["game"]);
  EXPECT_EQ(a["opponent"]["name"], "bob");
}

TEST_F(MultiNodeSeekPresenceTest, ASeekGoesOnceThePersonsLastPageOnAnyNodeCloses) {
  NodePerson alice = signup(0, "alice");
  auto on_zero = page(0, alice);
  // Taken on node 1 once node 0's heartbeat lists her page there.
  ASSERT_EQ(seek_when_seen(1, alice).status, 200);
  auto on_one = page(1, alice);
  // Her page on node 1, where the seek was made, closes: her page on node
  // 0 keeps it.
  on_one.reset();
  // Nothing to wait for (the seek stays): long enough for node 1 to have
  // acted on the close, and for its heartbeat to no longer list her.
  std::this_thread::sleep_for(std::chrono::milliseconds(2'500));
  EXPECT_EQ(mine(0, alice)["control"], "10+0");
  EXPECT_EQ(mine(1, alice)["control"], "10+0");
  // Her last page, on node 0, closes: the seek goes.
  on_zero.reset();
  for (int node : {0, 1}) {
    json gone = wait_get(
        node, "/api/seeks", [](const json& g) { return g["mine"].is_null(); }, 10, alice);
    EXPECT_TRUE(gone["mine"].is_null()) << node;
  }
}

TEST_F(MultiNodeSeekPresenceTest, ASeekGoesWhenTheLastPagesOnTwoNodesCloseAtOnce) {
  NodePerson alice = signup(0, "alice");
  auto on_zero = page(0, alice);
  // Taken on node 1 once node 0's heartbeat lists her page there.
  ASSERT_EQ(seek_when_seen(1, alice).status, 200);
  auto on_one = page(1, alice);
  // Node 1's heartbeat lists her page there within a second.
  std::this_thread::sleep_for(std::chrono::milliseconds(1'500));
  // Each node, as its page closes, still sees the other's in its
  // heartbeat: the leader drops the seek a few seconds on.
  on_one.reset();
  on_zero.reset();
  for (int node : {0, 1}) {
    json gone = wait_get(
        node, "/api/seeks", [](const json& g) { return g["mine"].is_null(); }, 15, alice);
    EXPECT_TRUE(gone["mine"].is_null()) << node;
  }
}

}  // namespace
}  // namespace dvonn::server::testing
