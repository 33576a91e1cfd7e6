// /ws/me, a signed-in user's channel (UserHub), and the relations between
// users (RelationStore): what chat, pairing, challenges and notifications
// build on.
#include <gtest/gtest.h>

#include <cctype>

#include "community_fixture.hpp"
#include "server/accounts/relation_store.hpp"
#include "server/base/user_hub.hpp"
#include "server/store/game_store.hpp"
#include "server/store/sqlite_util.hpp"
#include "test_client.hpp"

namespace dvonn::server::testing {
namespace {

class UserChannelTest : public CommunityTest {};

TEST_F(UserChannelTest, NeedsASessionAndCountsThoseOnline) {
  WsClient nobody(port_, "/ws/me");
  EXPECT_EQ(nobody.handshake_status(), 401);
  WsClient forged(port_, "/ws/me", {{"Cookie", "dvonn_session=" + std::string(64, 'a')}});
  EXPECT_EQ(forged.handshake_status(), 401);

  Browser ann = signup("ann");
  WsClient first(port_, "/ws/me", {{"Cookie", ann.cookie}});
  ASSERT_EQ(first.handshake_status(), 101);
  auto hello = first.next_of_type("presence");
  EXPECT_EQ(hello["online"], 1);
  // A second tab of the same user is the same person online.
  WsClient second(port_, "/ws/me", {{"Cookie", ann.cookie}});
  EXPECT_EQ(second.next_of_type("presence")["online"], 1);
  Browser bob = guest("bob");
  WsClient bobs(port_, "/ws/me", {{"Cookie", bob.cookie}});
  EXPECT_EQ(bobs.next_of_type("presence")["online"], 2);

  // Only ping is understood; anything else gets a clear error.
  bobs.send(nlohmann::json{{"type", "move"}, {"move", "E3"}});
  auto error = bobs.next_of_type("error");
  EXPECT_EQ(error["message"], "/ws/me accepts only ping");
  bobs.send(nlohmann::json{{"type", "ping"}});
  EXPECT_EQ(bobs.next_of_type("pong")["type"], "pong");
}

TEST(UserHub, SendsToEveryTabAndReportsTheLastOneLeaving) {
  struct Inbox : Subscriber {
    std::vector<std::string> got;
    void deliver(std::shared_ptr<const std::string> m) override { got.push_back(*m); }
  };
  UserHub hub;
  std::vector<std::int64_t> offline;
  hub.on_offline([&](std::int64_t u) { offline.push_back(u); });
  auto a1 = std::make_shared<Inbox>(), a2 = std::make_shared<Inbox>();
  hub.add(7, a1);
  hub.add(7, a2);
  EXPECT_EQ(hub.online_count(), 1u);
  EXPECT_TRUE(hub.online(7));
  EXPECT_FALSE(hub.online(8));
  EXPECT_TRUE(hub.send(7, {{"type", "x"}}));
  EXPECT_FALSE(hub.send(8, {{"type", "x"}}));
  EXPECT_EQ(a1->got.back(), R"({"type":"x"})");
  EXPECT_EQ(a2->got.back(), R"({"type":"x"})");
  hub.remove(7, a1.get());
  EXPECT_TRUE(offline.empty());  // a tab is still open
  EXPECT_TRUE(hub.online(7));
  a2.reset();  // closed without a remove: expired
  hub.remove(7, nullptr);
  EXPECT_EQ(offline, std::vector<std::int64_t>{7});
  EXPECT_FALSE(hub.online(7));
  EXPECT_EQ(hub.online_count(), 0u);
}

TEST(RelationStore, FollowsAndBlocksAreKeptListedAndForgotten) {
  auto dir = fresh_temp_dir("dvonn-relations-");
  {
    GameStore store((dir / "r.db").string());
    std::int64_t t = 1000;
    RelationStore relations(store, [&] { return t; });
    // Three users to relate.
    ASSERT_EQ(store.commit([](StoreWriter& w) {
      Database* db = w.connection();
      for (const char* name : {"Cy", "ann", "Bob"}) {
        std::string key = name;
        for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        sql_exec(db, ("INSERT INTO users(name, name_key, password_hash, guest, created_ms) VALUES ('" +
                      std::string(name) + "', '" + key + "', '', 0, 0)")
                         .c_str());
      }
    }),
              "");
    // ids 1 Cy, 2 ann, 3 Bob
    EXPECT_EQ(relations.set(2, 1, Relation::Follow, true), "");
    EXPECT_EQ(relations.set(2, 3, Relation::Follow, true), "");
    EXPECT_EQ(relations.set(2, 3, Relation::Follow, true), "");  // twice: still one
    EXPECT_EQ(relations.count(2, Relation::Follow), 2);
    EXPECT_TRUE(relations.has(2, 3, Relation::Follow));
    EXPECT_FALSE(relations.has(3, 2, Relation::Follow));
    auto page = relations.list(2, Relation::Follow, "", 1);
    ASSERT_EQ(page.size(), 1u);
    EXPECT_EQ(page[0].name, "Bob");  // by name, whatever the case
    page = relations.list(2, Relation::Follow, "bob", 5);
    ASSERT_EQ(page.size(), 1u);
    EXPECT_EQ(page[0].name, "Cy");
    EXPECT_EQ(relations.followers(3), std::vector<std::int64_t>{2});

    EXPECT_FALSE(relations.blocked_either(1, 3));
    EXPECT_EQ(relations.set(3, 1, Relation::Block, true), "");
    EXPECT_TRUE(relations.blocked_either(1, 3));
    EXPECT_TRUE(relations.blocked_either(3, 1));
    EXPECT_EQ(relations.set(3, 1, Relation::Block, false), "");
    EXPECT_FALSE(relations.blocked_either(1, 3));

    EXPECT_EQ(store.commit([](StoreWriter& w) { RelationStore::forget_user(w.connection(), 3); }), "");
    EXPECT_EQ(relations.count(2, Relation::Follow), 1);
    EXPECT_TRUE(relations.followers(3).empty());
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dvonn::server::testing
