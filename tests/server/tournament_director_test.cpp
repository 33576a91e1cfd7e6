// The director runs whole tournaments through the real API: a Swiss of
// five over three rounds, a round-robin of four, an arena until its clock
// runs out, an engine entrant, late joins and withdrawals, and a restart in
// the middle of a round on the same database.
#include <gmock/gmock.h>

#include <map>
#include <set>

#include "tournament_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

// Plays every pending game of a round: the player whose name comes first
// alphabetically wins (the other resigns).
void play_round(TournamentTest& t, const json& pairings, std::map<std::string, Browser>& by_name) {
  for (const auto& p : pairings) {
    if (p["black"].is_null() || p["game"].is_null() || !p["result"].is_null()) continue;
    std::string white = p["white"], black = p["black"];
    std::string loser = std::max(white, black);
    if (!by_name.count(loser)) continue;  // an engine: it does not resign
    t.resign(p["game"], by_name[loser]);
  }
}

class TournamentDirectorTest : public TournamentTest {};

TEST_F(TournamentDirectorTest, SwissOfFiveOverThreeRoundsToTheEnd) {
  std::map<std::string, Browser> by_name;
  std::vector<Browser> players;
  for (std::string name : {"ann", "bob", "cyd", "dee", "eve"}) {
    by_name[name] = signup(name);
    players.push_back(by_name[name]);
  }
  std::string id = create(by_name["ann"], swiss(3));
  join_all(id, players);
  // The creator starts it early; the paired players hear of it on /ws/me.
  WsClient channel(port_, "/ws/me", {{"Cookie", by_name["bob"].cookie}});
  ASSERT_EQ(call("/api/tournaments/" + id + "/start", json::object(), by_name["ann"]).status, 200);
  std::set<std::string> byes;
  std::set<std::pair<std::string, std::string>> met;
  for (int round = 1; round <= 3; ++round) {
    json v = wait_view(id, [&](const json& v) { return v["tournament"]["round"] == round; });
    json pairings = round_of(v, round);
    ASSERT_EQ(pairings.size(), 3u) << v.dump();
    for (const auto& p : pairings) {
      if (p["black"].is_null()) {
        EXPECT_EQ(p["result"], "bye");
        EXPECT_TRUE(byes.insert(p["white"]).second) << "a second bye for " << p["white"];
        continue;
      }
      std::string white = p["white"], black = p["black"];
      std::pair<std::string, std::string> pair = std::minmax(white, black);
      EXPECT_TRUE(met.insert(pair).second)
          << pair.first << " and " << pair.second << " met twice: " << v["rounds"].dump();
      // A tournament game says which tournament and round it is.
      json s = state(p["game"]);
      EXPECT_EQ(s["tournament"]["id"], id);
      EXPECT_EQ(s["tournament"]["name"], "Friday blitz");
      EXPECT_EQ(s["tournament"]["round"], round);
      EXPECT_TRUE(s["rated"].get<bool>());
    }
    if (round == 1) {
      json paired = channel.next_of_type("paired");
      bool bob_plays = false;
      for (const auto& p : pairings) bob_plays |= p["white"] == "bob" || p["black"] == "bob";
      if (bob_plays) {
        EXPECT_EQ(paired["tournament"]["id"], id);
        EXPECT_EQ(paired["tournament"]["round"], 1);
        EXPECT_EQ(paired["control"], "5+3");
        EXPECT_FALSE(paired["token"].get<std::string>().empty());
      }
    }
    play_round(*this, pairings, by_name);
  }
  json v = wait_view(id, [](const json& v) { return v["tournament"]["status"] == "finished"; });
  EXPECT_FALSE(v["tournament"]["ends_ms"].is_null());
  double total = 0;
  for (const auto& s : v["standings"]) total += s["points"].get<double>();
  EXPECT_EQ(total, 9.0);  // three rounds of two games and a bye
  // ann beats everyone she meets: 3 points, first.
  EXPECT_EQ(v["standings"][0]["name"], "ann");
  EXPECT_EQ(v["standings"][0]["points"], 3.0);
  EXPECT_EQ(v["standings"][0]["rank"], 1);
  // eve loses every game she plays.
  for (const auto& s : v["standings"])
    if (s["name"] == "eve") {
      EXPECT_LE(s["points"].get<double>(), 1.0);
    }
  EXPECT_EQ(v["rounds"].size(), 3u);
  // Listed among the finished.
  auto list = get("/api/tournaments?status=finished");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.json()["tournaments"][0]["id"], id);
}

TEST_F(TournamentDirectorTest, RoundRobinOfFourEveryoneMeetsEveryone) {
  std::map<std::string, Browser> by_name;
  std::vector<Browser> players;
  for (std::string name : {"amy", "ben", "cat", "dan"}) {
    by_name[name] = signup(name);
    players.push_back(by_name[name]);
  }
  json body = swiss(1, {{"kind", "round_robin"}});
  body.erase("rounds");
  std::string id = create(by_name["amy"], body);
  join_all(id, players);
  EXPECT_TRUE(view(id)["tournament"]["rounds"].is_null());
  // Its time comes: the sweep starts it.
  advance(3'600'000);
  std::set<std::pair<std::string, std::string>> met;
  for (int round = 1; round <= 3; ++round) {
    json v = wait_view(id, [&](const json& v) { return v["tournament"]["round"] == round; });
    EXPECT_EQ(v["tournament"]["rounds"], 3);
    EXPECT_EQ(v["tournament"]["status"], "running");
    json pairings = round_of(v, round);
    ASSERT_EQ(pairings.size(), 2u);
    for (const auto& p : pairings) {
      std::string white = p["white"], black = p["black"];
      met.insert(std::minmax(white, black));
    }
    play_round(*this, pairings, by_name);
  }
  EXPECT_EQ(met.size(), 6u);
  // Nobody joins a round-robin once it started.
  auto late = call("/api/tournaments/" + id + "/join", json::object(), signup("eli"));
  EXPECT_EQ(late.status, 409);
  json v = wait_view(id, [](const json& v) { return v["tournament"]["status"] == "finished"; });
  std::map<std::string, double> points;
  for (const auto& s : v["standings"]) points[s["name"]] = s["points"];
  EXPECT_EQ(points["amy"], 3.0);
  EXPECT_EQ(points["ben"], 2.0);
  EXPECT_EQ(points["cat"], 1.0);
  EXPECT_EQ(points["dan"], 0.0);
  EXPECT_EQ(v["standings"][0]["name"], "amy");
  EXPECT_EQ(v["standings"][3]["name"], "dan");
}

TEST_F(TournamentDirectorTest, ArenaRepairsUntilItsClockRunsOut) {
  std::map<std::string, Browser> by_name;
  std::vector<Browser> players;
  for (std::string name : {"ivy", "jay", "kim"}) {
    by_name[name] = signup(name);
    players.push_back(by_name[name]);
  }
  json body = swiss(1, {{"kind", "arena"}, {"duration_minutes", 10}});
  body.erase("rounds");
  std::string id = create(by_name["ivy"], body);
  join_all(id, players);
  // Arena players are paired while their page is open.
  std::vector<std::unique_ptr<WsClient>> pages;
  for (const Browser& b : players)
    pages.push_back(std::make_unique<WsClient>(port_, "/ws/me", Headers{{"Cookie", b.cookie}}));
  ASSERT_EQ(call("/api/tournaments/" + id + "/start", json::object(), by_name["ivy"]).status, 200);
  for (int game = 1; game <= 3; ++game) {
    json v = wait_view(id, [&](const json& v) {
      return v["games"].size() == static_cast<std::size_t>(game) && v["games"][0]["result"].is_null();
    });
    EXPECT_TRUE(v["rounds"].empty());
    const json& g = v["games"][0];
    std::string loser = std::max(g["white"].get<std::string>(), g["black"].get<std::string>());
    resign(g["game"], by_name[loser]);
    wait_view(id, [&](const json& v) {
      return !v["games"][0]["result"].is_null() || v["games"].size() > static_cast<std::size_t>(game);
    });
  }
  // The arena's time runs out: the game still going counts (its clock ends
  // it), nothing new starts.
  json v = wait_view(id, [&](const json& v) { return v["games"].size() == 4u; });
  advance(11 * 60'000);
  v = wait_view(id, [](const json& v) { return v["tournament"]["status"] == "finished"; });
  EXPECT_EQ(v["games"].size(), 4u);
  EXPECT_FALSE(v["games"][0]["result"].is_null());
  double total = 0;
  for (const auto& s : v["standings"]) {
    total += s["points"].get<double>();
    EXPECT_FALSE(s["sheet"].get<std::string>().empty());
    if (s["name"] == "ivy") {
      EXPECT_EQ(s["losses"], 0);
    }
  }
  EXPECT_GE(total, 6.0);  // three wins, at least 2 each
}

TEST_F(TournamentDirectorTest, EngineEntrantPlaysAPerson) {
  Browser host = signup("hal");
  std::string id = create(host, swiss(1));
  ASSERT_EQ(call("/api/tournaments/" + id + "/join", json::object(), host).status, 200);
  auto added = call("/api/tournaments/" + id + "/engines", {{"level", 1}}, host);
  ASSERT_EQ(added.status, 200) << added.body;
  EXPECT_EQ(call("/api/tournaments/" + id + "/engines", {{"level", 1}}, host).status, 409);
  json v = view(id);
  ASSERT_EQ(v["entrants"].size(), 2u);
  EXPECT_TRUE(v["entrants"][1]["engine"].get<bool>());
  EXPECT_EQ(v["entrants"][1]["name"], "engine-1");
  ASSERT_EQ(call("/api/tournaments/" + id + "/start", json::object(), host).status, 200);
  v = wait_view(id, [](const json& v) { return !v["you"].is_null() && v["tournament"]["round"] == 1; });
  json pairings = round_of(v, 1);
  ASSERT_EQ(pairings.size(), 1u);
  std::string game = pairings[0]["game"];
  json s = state(game);
  EXPECT_EQ(s["mode"], "engine");
  EXPECT_EQ(s["tournament"]["id"], id);
  EXPECT_EQ(view(id, host)["you"]["game"], game);
  resign(game, host);
  v = wait_view(id, [](const json& v) { return v["tournament"]["status"] == "finished"; });
  EXPECT_EQ(v["standings"][0]["name"], "engine-1");
  EXPECT_EQ(v["standings"][0]["points"], 1.0);
}

TEST_F(TournamentDirectorTest, RoundRobinTakesOneEngine) {
  Browser host = signup("rae");
  json body = swiss(1, {{"kind", "round_robin"}});
  body.erase("rounds");
  std::string id = create(host, body);
  ASSERT_EQ(call("/api/tournaments/" + id + "/engines", {{"level", 2}}, host).status, 200);
  auto second = call("/api/tournaments/" + id + "/engines", {{"level", 3}}, host);
  EXPECT_EQ(second.status, 409);
  EXPECT_THAT(second.json()["error"].get<std::string>(), HasSubstr("one engine"));
  EXPECT_EQ(view(id)["entrants"].size(), 1u);
}

TEST_F(TournamentDirectorTest, LateJoinAndWithdraw) {
  std::map<std::string, Browser> by_name;
  std::vector<Browser> players;
  for (std::string name : {"lea", "max", "ned", "ora"}) {
    by_name[name] = signup(name);
    players.push_back(by_name[name]);
  }
  std::string id = create(by_name["lea"], swiss(3));
  join_all(id, players);
  ASSERT_EQ(call("/api/tournaments/" + id + "/start", json::object(), by_name["lea"]).status, 200);
  json v = wait_view(id, [](const json& v) { return v["tournament"]["round"] == 1; });
  // ora withdraws during round 1 (her game goes on); pat joins late.
  ASSERT_EQ(call("/api/tournaments/" + id + "/withdraw", json::object(), by_name["ora"]).status, 200);
  EXPECT_EQ(call("/api/tournaments/" + id + "/withdraw", json::object(), by_name["ora"]).status, 409);
  by_name["pat"] = signup("pat");
  ASSERT_EQ(call("/api/tournaments/" + id + "/join", json::object(), by_name["pat"]).status, 200);
  EXPECT_TRUE(view(id, by_name["pat"])["you"]["joined"].get<bool>());
  EXPECT_FALSE(view(id, by_name["ora"])["you"]["joined"].get<bool>());
  play_round(*this, round_of(v, 1), by_name);
  v = wait_view(id, [](const json& v) { return v["tournament"]["round"] == 2; });
  std::set<std::string> round2;
  for (const auto& p : round_of(v, 2)) {
    round2.insert(p["white"]);
    if (!p["black"].is_null()) round2.insert(p["black"]);
  }
  EXPECT_EQ(round2, (std::set<std::string>{"lea", "max", "ned", "pat"}));
  // Half the rounds are played: too late to join.
  auto late = call("/api/tournaments/" + id + "/join", json::object(), signup("quin"));
  EXPECT_EQ(late.status, 409);
  EXPECT_THAT(late.json()["error"].get<std::string>(), HasSubstr("too late"));
  // The withdrawn keep their place in the table.
  bool ora_listed = false;
  for (const auto& e : v["entrants"])
    if (e["name"] == "ora") ora_listed = e["withdrawn"].get<bool>();
  EXPECT_TRUE(ora_listed);
}

TEST_F(TournamentDirectorTest, TooFewEntrantsCancelsAtTheStart) {
  Browser host = signup("sol");
  std::string id = create(host, swiss(2, {{"starts_ms", now() + 60'000}}));
  ASSERT_EQ(call("/api/tournaments/" + id + "/join", json::object(), host).status, 200);
  EXPECT_EQ(call("/api/tournaments/" + id + "/start", json::object(), host).status, 409);
  advance(61'000);
  json v = wait_view(id, [](const json& v) { return v["tournament"]["status"] == "cancelled"; });
  EXPECT_TRUE(v["rounds"].empty());
}

TEST_F(TournamentDirectorTest, RestartMidRoundLosesNothing) {
  std::map<std::string, Browser> by_name;
  std::vector<Browser> players;
  for (std::string name : {"uma", "vic", "wes", "xia"}) {
    by_name[name] = signup(name);
    players.push_back(by_name[name]);
  }
  std::string id = create(by_name["uma"], swiss(2));
  join_all(id, players);
  ASSERT_EQ(call("/api/tournaments/" + id + "/start", json::object(), by_name["uma"]).status, 200);
  json v = wait_view(id, [](const json& v) { return v["tournament"]["round"] == 1; });
  json pairings = round_of(v, 1);
  ASSERT_EQ(pairings.size(), 2u);
  // One game ends before the restart, the other while the server is down
  // (its first move never came: its clock ends it at the restart).
  const json& first = pairings[0];
  resign(first["game"], by_name[std::max(first["white"].get<std::string>(), first["black"].get<std::string>())]);
  wait_view(id, [](const json& v) { return !v["rounds"][0]["pairings"][0]["result"].is_null(); });
  stop();
  advance(10 * 60'000);
  start();
  v = wait_view(id, [](const json& v) { return v["tournament"]["round"] == 2; });
  EXPECT_EQ(v["tournament"]["status"], "running");
  json r1 = round_of(v, 1);
  ASSERT_EQ(r1.size(), 2u);
  EXPECT_EQ(r1[0]["game"], first["game"]);
  EXPECT_EQ(r1[0]["result"], first["white"] < first["black"] ? "1-0" : "0-1");
  EXPECT_FALSE(r1[1]["result"].is_null());
  // Round 2 goes on to the end after the restart.
  play_round(*this, round_of(v, 2), by_name);
  v = wait_view(id, [](const json& v) { return v["tournament"]["status"] == "finished"; });
  EXPECT_EQ(v["entrants"].size(), 4u);
  EXPECT_EQ(v["standings"].size(), 4u);
}

}  // namespace
}  // namespace dvonn::server::testing
