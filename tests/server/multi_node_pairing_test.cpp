// Many `dvonn serve` nodes on one PostgreSQL database (issue 40, "the lobby
// works across nodes", "a pairing or a tournament round is made once,
// whichever nodes are up"): "Play now" seeks placed on different nodes
// meet, and each pair is made once; when the leader goes another node
// pairs; a tournament's rounds are made once and go on when the leader
// goes; the daily tournament is made once; an open lobby game whose
// creator watches it on one node is not expired by the leader; the
// header's online count is the sum of the nodes'. Always on a throwaway
// PostgreSQL cluster (postgres_cluster.hpp), whatever DVONN_TEST_DB says.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <thread>

#include "multi_node_fixture.hpp"
#include "postgres_cluster.hpp"
#include "server/base/now_ms.hpp"
#include "server/store/game_store.hpp"
#include "server/store/sqlite_util.hpp"
#include "server/tournaments/tournament_store.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

using Person = NodePerson;

class MultiNodePairingTest : public MultiNodeFixture {
 protected:
  static constexpr std::size_t kNodes = 3;

  void SetUp() override {
    for (std::size_t i = 0; i < kNodes; ++i) {
      ServerConfig c = node_config();
      c.tournament_sweep_ms = 20;
      c.tournament_round_pause_ms = 0;
      c.tournament_arena_rest_ms = 0;
      c.lobby_expiry_ms = 60'000;
      c.lobby_sweep_ms = 20;
      c.presence_ms = 50;
      c.daily_tournament = daily_;
      // The first node started takes the lead (NodeLeadership's lock).
      start_node(i, c);
    }
  }

  // The person's /ws/me channel on a node (their page open there).
  std::unique_ptr<WsClient> channel(int node, const Person& p) {
    auto ws = std::make_unique<WsClient>(port(node), "/ws/me", Headers{{"Cookie", p.cookie}});
    EXPECT_EQ(ws->handshake_status(), 101);
    EXPECT_FALSE(ws->next_of_type("presence").is_null());
    return ws;
  }
  HttpResult seek(int node, const Person& p, const std::string& control = "10+0") {
    return call(node, "/api/seeks", {{"control", control}, {"rated", false}}, p);
  }
  static int waiting_at(const json& grid, const std::string& control) {
    for (const auto& c : grid["controls"])
      if (c["control"] == control) return c["waiting"].get<int>();
    return -1;
  }

  // A Swiss of two rounds made on node 1, starting in an hour; its id ("" if
  // refused, which fails the test).
  std::string swiss_of_two_rounds(const Person& creator) {
    json body = {
        {"name", "Two nodes"}, {"kind", "swiss"}, {"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 3}}},
        {"rated", false},      {"rounds", 2},     {"starts_ms", now() + 3'600'000}};
    auto c = call(1, "/api/tournaments", body, creator);
    EXPECT_EQ(c.status, 201) << c.body;
    return c.status == 201 ? c.json()["tournament"]["id"].get<std::string>() : "";
  }

  bool daily_ = false;
};

TEST_F(MultiNodePairingTest, TwoSeekersOnTwoNodesGetOneGameAndBothAreTold) {
  Person alice = signup(1, "alice"), bob = signup(2, "bob");
  auto alices = channel(1, alice);
  auto bobs = channel(2, bob);
  ASSERT_EQ(seek(1, alice).status, 200);
  // Her seek counts on every node's grid, and is hers on any node.
  wait_get(2, "/api/seeks", [](const json& g) { return waiting_at(g, "10+0") == 1; });
  EXPECT_EQ(get(0, "/api/seeks", alice).json()["mine"]["control"], "10+0");
  ASSERT_EQ(seek(2, bob).status, 200);
  json a = alices->next_of_type("paired", 5);
  json b = bobs->next_of_type("paired", 5);
  ASSERT_FALSE(a.is_null()) << "alice was not told";
  ASSERT_FALSE(b.is_null()) << "bob was not told";
  EXPECT_EQ(a["game"], b["game"]);
  EXPECT_NE(a["seat"], b["seat"]);
  EXPECT_EQ(a["opponent"]["name"], "bob");
  EXPECT_EQ(b["opponent"]["name"], "alice");
  // The game is stored: each plays it on their own node.
  const std::string id = a["game"];
  for (int node : {1, 2}) EXPECT_EQ(get(node, "/api/games/" + id).status, 200);
  EXPECT_TRUE(alices->next_of_type("paired", 0.5).is_null()) << "a second pairing";
  wait_get(0, "/api/seeks", [](const json& g) { return waiting_at(g, "10+0") == 0; });
}

TEST_F(MultiNodePairingTest, EachPairIsMadeOnceWithThreeNodes) {
  // Six people seek at once on three nodes: three games, each person in one.
  std::vector<Person> people;
  std::vector<std::unique_ptr<WsClient>> channels;
  for (int i = 0; i < 6; ++i) {
    people.push_back(signup(i % 3, "player" + std::to_string(i)));
    channels.push_back(channel(i % 3, people.back()));
  }
  std::vector<std::thread> seekers;
  for (int i = 0; i < 6; ++i) seekers.emplace_back([&, i] { EXPECT_EQ(seek(i % 3, people[i]).status, 200); });
  for (auto& t : seekers) t.join();
  std::map<std::string, std::set<std::string>> games;  // id -> seats taken
  for (int i = 0; i < 6; ++i) {
    json m = channels[i]->next_of_type("paired", 5);
    ASSERT_FALSE(m.is_null()) << people[i].name << " was not paired";
    EXPECT_TRUE(games[m["game"]].insert(m["seat"]).second) << "two people on one seat of " << m["game"];
  }
  EXPECT_EQ(games.size(), 3u);
  for (int i = 0; i < 6; ++i)
    EXPECT_TRUE(channels[i]->next_of_type("paired", 0.3).is_null()) << people[i].name << " was paired twice";
}

TEST_F(MultiNodePairingTest, WhenTheLeaderGoesAnotherNodePairs) {
  Person alice = signup(1, "alice"), bob = signup(2, "bob");
  auto alices = channel(1, alice);
  auto bobs = channel(2, bob);
  stop_node(0);  // the leader
  ASSERT_EQ(seek(1, alice).status, 200);
  ASSERT_EQ(seek(2, bob).status, 200);
  json a = alices->next_of_type("paired", 5);
  json b = bobs->next_of_type("paired", 5);
  ASSERT_FALSE(a.is_null()) << "nobody paired once the leader went";
  ASSERT_FALSE(b.is_null());
  EXPECT_EQ(a["game"], b["game"]);
}

TEST_F(MultiNodePairingTest, AGoneNodesSeeksAreNotPaired) {
  Person alice = signup(1, "alice"), bob = signup(2, "bob");
  auto bobs = channel(2, bob);
  // Alice's seek was placed on a node last seen a minute ago (killed:
  // nothing of it withdrew her seek).
  {
    GameStore store(db_);
    ASSERT_EQ(store.commit([&](StoreWriter& w) {
      const std::int64_t then = system_now_ms() - 60'000;
      sql_exec(w.connection(), "INSERT INTO nodes(id, seen_ms, started_ms, online) VALUES ('gone', " +
                                   std::to_string(then) + ", " + std::to_string(then) + ", 1)");
      sql_exec(w.connection(),
               "INSERT INTO seeks(user_id, name, guest, user_rating, deviation, control, rated, rating, since_ms,"
               " engine_offered, node) SELECT id, name, 0, 1500, 350, '3+2', 0, 1500, " +
                   std::to_string(now()) + ", 0, 'gone' FROM users WHERE name = 'alice'");
    }),
              "");
  }
  EXPECT_EQ(waiting_at(get(0, "/api/seeks").json(), "3+2"), 0);
  ASSERT_EQ(seek(2, bob, "3+2").status, 200);
  EXPECT_TRUE(bobs->next_of_type("paired", 1.5).is_null()) << "paired with the seek of a node gone";
  EXPECT_EQ(waiting_at(get(0, "/api/seeks").json(), "3+2"), 1);
  EXPECT_TRUE(get(1, "/api/seeks", alice).json()["mine"].is_null());
}

TEST_F(MultiNodePairingTest, ATournamentRoundIsMadeOnceAndGoesOnWhenTheLeaderGoes) {
  // Four players on nodes 1 and 2 (node 0 leads), each with their page.
  std::vector<Person> people;
  std::vector<std::unique_ptr<WsClient>> pages;
  for (int i = 0; i < 4; ++i) {
    people.push_back(signup(1 + i % 2, std::string(1, static_cast<char>('a' + i)) + "player"));
    pages.push_back(channel(1 + i % 2, people.back()));
  }
  const std::string id = swiss_of_two_rounds(people[0]);
  ASSERT_FALSE(id.empty());
  // Joined on two nodes; the leader starts it at its time.
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(call(1 + i % 2, "/api/tournaments/" + id + "/join", json::object(), people[i]).status, 200);
  advance(3'600'000);
  std::map<std::string, int> seats;  // game -> people told
  std::vector<json> told(4);
  for (int i = 0; i < 4; ++i) {
    told[i] = pages[i]->next_of_type("paired", 5);
    ASSERT_FALSE(told[i].is_null()) << people[i].name << ": round 1 was not made; the tournament: "
                                    << get(2, "/api/tournaments/" + id).body;
    EXPECT_EQ(told[i]["tournament"]["round"], 1);
    ++seats[told[i]["game"]];
  }
  EXPECT_EQ(seats.size(), 2u);
  for (int i = 0; i < 4; ++i)
    EXPECT_TRUE(pages[i]->next_of_type("paired", 0.3).is_null()) << people[i].name << ": round 1 made twice";
  json v = get(2, "/api/tournaments/" + id).json();
  EXPECT_EQ(v["tournament"]["round"], 1);

  // The leader goes; the white players resign on their nodes: another
  // node makes round 2.
  stop_node(0);
  for (int i = 0; i < 4; ++i)
    if (told[i]["seat"] == "white") {
      auto r = call(1 + i % 2, "/api/games/" + told[i]["game"].get<std::string>() + "/resign",
                    {{"token", told[i]["token"]}}, people[i]);
      ASSERT_EQ(r.status, 200) << r.body;
    }
  seats.clear();
  for (int i = 0; i < 4; ++i) {
    json m = pages[i]->next_of_type("paired", 10);
    ASSERT_FALSE(m.is_null()) << people[i].name << ": round 2 was not made once the leader went; the tournament: "
                              << get(2, "/api/tournaments/" + id).body;
    EXPECT_EQ(m["tournament"]["round"], 2);
    ++seats[m["game"]];
  }
  EXPECT_EQ(seats.size(), 2u);
  for (int i = 0; i < 4; ++i)
    EXPECT_TRUE(pages[i]->next_of_type("paired", 0.3).is_null()) << people[i].name << ": round 2 made twice";
}

// The leader read three entrants; a fourth joined on another node before
// it saved the first round: the round is refused (made again from what is
// stored at the next sweep), while a join saved over a stale read goes.
TEST_F(MultiNodePairingTest, APairingDecidedOnEntrantsThatChangedSinceIsRefused) {
  std::vector<Person> people;
  for (int i = 0; i < 4; ++i)
    people.push_back(signup(1 + i % 2, std::string(1, static_cast<char>('a' + i)) + "player"));
  const std::string id = swiss_of_two_rounds(people[0]);
  ASSERT_FALSE(id.empty());
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(call(1 + i % 2, "/api/tournaments/" + id + "/join", json::object(), people[i]).status, 200);
  GameStore store(db_);
  TournamentStore tournaments(store);
  auto read = tournaments.load(id);
  ASSERT_TRUE(read);
  ASSERT_EQ(read->entrants.size(), 3u);
  auto check = [&](bool entrants) {
    bool same = false;
    EXPECT_EQ(store.commit([&](StoreWriter& w) { same = TournamentStore::unchanged(w.connection(), *read, entrants); }),
              "");
    return same;
  };
  EXPECT_TRUE(check(true));
  ASSERT_EQ(call(2, "/api/tournaments/" + id + "/join", json::object(), people[3]).status, 200);
  EXPECT_FALSE(check(true)) << "a pairing of three would leave out the fourth, who joined";
  EXPECT_TRUE(check(false));
  // A withdrawal counts too.
  read = tournaments.load(id);
  ASSERT_TRUE(read);
  EXPECT_TRUE(check(true));
  ASSERT_EQ(call(1, "/api/tournaments/" + id + "/withdraw", json::object(), people[0]).status, 200);
  EXPECT_FALSE(check(true));
}

TEST_F(MultiNodePairingTest, AnArenaPairsPeopleWhosePagesAreOnOtherNodes) {
  // The leader (node 0) has no page of theirs open: the nodes' heartbeats
  // say who is online where.
  Person ivy = signup(1, "ivy"), jay = signup(2, "jay");
  auto ivys = channel(1, ivy);
  auto jays = channel(2, jay);
  json body = {{"name", "Arena of two nodes"},
               {"kind", "arena"},
               {"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 3}}},
               {"rated", false},
               {"duration_minutes", 10},
               {"starts_ms", now() + 3'600'000}};
  auto c = call(1, "/api/tournaments", body, ivy);
  ASSERT_EQ(c.status, 201) << c.body;
  std::string id = c.json()["tournament"]["id"];
  ASSERT_EQ(call(1, "/api/tournaments/" + id + "/join", json::object(), ivy).status, 200);
  ASSERT_EQ(call(2, "/api/tournaments/" + id + "/join", json::object(), jay).status, 200);
  advance(3'600'000);
  json a = ivys->next_of_type("paired", 5);
  json b = jays->next_of_type("paired", 5);
  ASSERT_FALSE(a.is_null()) << "the arena did not pair people online on other nodes";
  ASSERT_FALSE(b.is_null());
  EXPECT_EQ(a["game"], b["game"]);
  EXPECT_TRUE(ivys->next_of_type("paired", 0.5).is_null()) << "paired twice";
}

class MultiNodeDailyTest : public MultiNodePairingTest {
 protected:
  void SetUp() override {
    daily_ = true;
    MultiNodePairingTest::SetUp();
  }
};

TEST_F(MultiNodeDailyTest, TheDailyTournamentIsMadeOnce) {
  auto daily_count = [](const json& list) {
    int n = 0;
    for (const auto& t : list["tournaments"]) n += t["created_by"].is_null() && t["name"] == "Daily arena";
    return n;
  };
  json list = wait_get(1, "/api/tournaments?status=upcoming", [&](const json& l) { return daily_count(l) >= 1; });
  // A few sweeps later, on every node: still one.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  for (int node = 0; node < 3; ++node) EXPECT_EQ(daily_count(get(node, "/api/tournaments?status=upcoming").json()), 1);
  // The leader goes: the next one does not make a second.
  stop_node(0);
  std::this_thread::sleep_for(std::chrono::milliseconds(2'500));
  EXPECT_EQ(daily_count(get(1, "/api/tournaments?status=upcoming").json()), 1);
}

TEST_F(MultiNodePairingTest, AnOpenGameWhoseCreatorWatchesOnAnotherNodeDoesNotExpire) {
  Person anna = signup(1, "anna"), bert = signup(2, "bert");
  auto watched = call(1, "/api/lobby", {{"color", "white"}}, anna);
  ASSERT_EQ(watched.status, 201) << watched.body;
  auto left = call(2, "/api/lobby", {{"color", "black"}}, bert);
  ASSERT_EQ(left.status, 201) << left.body;
  const std::string keep = watched.json()["id"], gone = left.json()["id"];
  // Anna watches her game on node 1; the leader is node 0.
  WsClient page(port(1), "/ws?game=" + keep + "&token=" + watched.json()["token"].get<std::string>());
  ASSERT_EQ(page.handshake_status(), 101);
  page.next();
  wait_get(0, "/api/lobby", [](const json& l) { return l["open"].size() == 2; });
  // The clock moves on in steps, as time does: node 1 notes her at least
  // every quarter of the expiry time.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  advance(40'000);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  advance(21'000);
  json open = wait_get(0, "/api/lobby", [](const json& l) { return l["open"].size() == 1; });
  EXPECT_EQ(open["open"][0]["id"], keep);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // more sweeps
  for (int node = 0; node < 3; ++node) {
    json l = get(node, "/api/lobby").json();
    ASSERT_EQ(l["open"].size(), 1u) << "node " << node << ": " << l.dump();
    EXPECT_EQ(l["open"][0]["id"], keep);
  }
}

TEST_F(MultiNodePairingTest, TheOnlineCountIsEveryNodes) {
  std::vector<std::unique_ptr<WsClient>> pages;
  for (int i = 0; i < 3; ++i) pages.push_back(channel(i, signup(i, "player" + std::to_string(i))));
  for (int node = 0; node < 3; ++node)
    wait_get(
        node, "/api/presence", [](const json& p) { return p["online"] == 3; }, 5);
  // A page closes on node 2: every node counts two within a few seconds.
  pages[2].reset();
  for (int node = 0; node < 2; ++node)
    wait_get(
        node, "/api/presence", [](const json& p) { return p["online"] == 2; }, 5);
}

}  // namespace
}  // namespace dvonn::server::testing
