// /api/tournaments and /ws/tournament: creating, listing (paged), joining
// with a password, and every refusal (each changing nothing).
#include <gmock/gmock.h>

#include "tournament_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

class TournamentApiTest : public TournamentTest {};

TEST_F(TournamentApiTest, CreateGetAndList) {
  Browser ann = signup("ann");
  auto r = call("/api/tournaments", swiss(5), ann);
  ASSERT_EQ(r.status, 201) << r.body;
  json t = r.json()["tournament"];
  std::string id = t["id"];
  EXPECT_EQ(id.size(), 8u);
  EXPECT_EQ(t["name"], "Friday blitz");
  EXPECT_EQ(t["kind"], "swiss");
  EXPECT_EQ(t["clock"]["type"], "realtime");
  EXPECT_EQ(t["clock"]["initial"], 300);
  EXPECT_EQ(t["clock"]["increment"], 3);
  EXPECT_EQ(t["rated"], true);
  EXPECT_EQ(t["rounds"], 5);
  EXPECT_TRUE(t["duration_minutes"].is_null());
  EXPECT_TRUE(t["ends_ms"].is_null());
  EXPECT_EQ(t["status"], "upcoming");
  EXPECT_EQ(t["round"], 0);
  EXPECT_EQ(t["players"], 0);
  EXPECT_EQ(t["private"], false);
  EXPECT_EQ(t["created_by"], "ann");

  json v = view(id, ann);
  EXPECT_EQ(v["tournament"], t);
  EXPECT_TRUE(v["entrants"].empty());
  EXPECT_TRUE(v["rounds"].empty());
  EXPECT_EQ(v["you"], (json{{"joined", false}, {"can_manage", true}, {"game", nullptr}}));
  EXPECT_EQ(view(id)["you"]["can_manage"], false);

  ASSERT_EQ(call("/api/tournaments/" + id + "/join", json::object(), ann).status, 200);
  v = view(id, ann);
  EXPECT_EQ(v["tournament"]["players"], 1);
  EXPECT_EQ(v["entrants"][0]["name"], "ann");
  EXPECT_EQ(v["entrants"][0]["engine"], false);
  EXPECT_EQ(v["standings"][0]["name"], "ann");
  EXPECT_TRUE(v["you"]["joined"].get<bool>());

  // An arena: duration, no rounds, an end.
  json arena = swiss(1, {{"kind", "arena"}, {"duration_minutes", 60}});
  arena.erase("rounds");
  r = call("/api/tournaments", arena, ann);
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_TRUE(r.json()["tournament"]["rounds"].is_null());
  EXPECT_EQ(r.json()["tournament"]["duration_minutes"], 60);
  EXPECT_EQ(r.json()["tournament"]["ends_ms"], r.json()["tournament"]["starts_ms"].get<std::int64_t>() + 3'600'000);

  auto list = get("/api/tournaments?status=upcoming");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.json()["tournaments"].size(), 2u);
  EXPECT_EQ(list.json()["more"], false);
  EXPECT_TRUE(list.json()["next"].is_null());
  EXPECT_TRUE(get("/api/tournaments?status=running").json()["tournaments"].empty());
  EXPECT_TRUE(get("/api/tournaments?status=finished").json()["tournaments"].empty());
}

TEST_F(TournamentApiTest, ListIsPagedByStartTime) {
  std::vector<Browser> creators = {signup("paula"), signup("pablo")};
  std::vector<std::string> ids;
  for (int i = 0; i < 7; ++i)
    ids.push_back(create(creators[i % 2], swiss(1, {{"starts_ms", now() + 3'600'000 + (7 - i) * 60'000}})));
  std::vector<std::string> seen;
  std::string next;
  for (int page = 0; page < 5; ++page) {
    auto r = get("/api/tournaments?status=upcoming&limit=3" + (next.empty() ? "" : "&next=" + next));
    ASSERT_EQ(r.status, 200) << r.body;
    json body = r.json();
    for (const auto& t : body["tournaments"]) seen.push_back(t["id"]);
    if (!r.json()["more"].get<bool>()) {
      EXPECT_TRUE(r.json()["next"].is_null());
      break;
    }
    next = r.json()["next"];
  }
  // Oldest start first: the last created starts first.
  std::vector<std::string> expected(ids.rbegin(), ids.rend());
  EXPECT_EQ(seen, expected);
}

TEST_F(TournamentApiTest, PrivateTournamentNeedsItsPassword) {
  Browser host = signup("host");
  Browser guest_player = signup("gina");
  std::string id = create(host, swiss(3, {{"password", "s3cret"}}));
  EXPECT_EQ(view(id)["tournament"]["private"], true);
  auto none = call("/api/tournaments/" + id + "/join", json::object(), guest_player);
  EXPECT_EQ(none.status, 403);
  EXPECT_THAT(none.json()["error"].get<std::string>(), HasSubstr("password"));
  EXPECT_EQ(call("/api/tournaments/" + id + "/join", {{"password", "wrong"}}, guest_player).status, 403);
  EXPECT_EQ(view(id)["tournament"]["players"], 0);
  EXPECT_EQ(call("/api/tournaments/" + id + "/join", {{"password", "s3cret"}}, guest_player).status, 200);
  EXPECT_EQ(view(id)["tournament"]["players"], 1);
  // The password is not shown anywhere.
  EXPECT_EQ(view(id).dump().find("s3cret"), std::string::npos);
}

TEST_F(TournamentApiTest, RefusesBadCreatesWithoutChangingAnything) {
  Browser ann = signup("ann");
  EXPECT_EQ(call("/api/tournaments", swiss(3)).status, 401);
  Browser g = guest("visitor");
  EXPECT_EQ(call("/api/tournaments", swiss(3), g).status, 403);
  struct Case {
    json change;
    const char* says;
  };
  std::vector<Case> cases = {
      {{{"name", "ab"}}, "name"},
      {{{"name", std::string(61, 'x')}}, "name"},
      {{{"name", 42}}, "name"},
      {{{"kind", "knockout"}}, "kind"},
      {{{"rounds", 0}}, "rounds"},
      {{{"rounds", 16}}, "rounds"},
      {{{"rounds", "3"}}, "rounds"},
      {{{"clock", nullptr}}, "clock"},
      {{{"clock", {{"type", "correspondence"}, {"days", 3}}}}, "real-time"},
      {{{"clock", {{"type", "realtime"}, {"initial", -1}, {"increment", 0}}}}, ""},
      {{{"rated", "yes"}}, "rated"},
      {{{"starts_ms", 0}}, "starts_ms"},
      {{{"starts_ms", "soon"}}, "starts_ms"},
      {{{"password", std::string(65, 'p')}}, "password"},
      {{{"password", 7}}, "password"},
      {{{"kind", "arena"}, {"duration_minutes", 5}}, "duration_minutes"},
      {{{"kind", "arena"}, {"duration_minutes", 721}}, "duration_minutes"},
      {{{"kind", "arena"}, {"clock", {{"type", "correspondence"}, {"days", 1}}}, {"duration_minutes", 60}},
       "real-time"},
  };
  for (const Case& c : cases) {
    json body = swiss(3);
    body.update(c.change);
    auto r = call("/api/tournaments", body, ann);
    EXPECT_EQ(r.status, 400) << c.change.dump() << " " << r.body;
    EXPECT_THAT(r.json().value("error", ""), HasSubstr(c.says)) << c.change.dump();
  }
  json far = swiss(3, {{"starts_ms", now() + 31LL * 86'400'000}});
  EXPECT_EQ(call("/api/tournaments", far, ann).status, 400);
  EXPECT_EQ(call("/api/tournaments", json::array(), ann).status, 400);
  EXPECT_TRUE(get("/api/tournaments").json()["tournaments"].empty());
  // Five upcoming at most per creator.
  for (int i = 0; i < 5; ++i) create(ann, swiss(3));
  auto sixth = call("/api/tournaments", swiss(3), ann);
  EXPECT_EQ(sixth.status, 429);
  EXPECT_EQ(get("/api/tournaments?limit=100").json()["tournaments"].size(), 5u);
}

TEST_F(TournamentApiTest, RefusesBadRequestsOnATournament) {
  Browser ann = signup("ann");
  Browser bob = signup("bob");
  Browser g = guest("visitor");
  std::string id = create(ann, swiss(3));
  const std::string base = "/api/tournaments/" + id;
  // Unknown ids, of any shape.
  for (std::string bad : std::vector<std::string>{"nosuchid", "x", "../../etc", std::string(100, 'a')}) {
    EXPECT_EQ(get("/api/tournaments/" + bad).status, 404) << bad;
    EXPECT_EQ(call("/api/tournaments/" + bad + "/join", json::object(), bob).status, 404) << bad;
  }
  // Anonymous: 401 for every action.
  for (std::string action : {"join", "withdraw", "start", "cancel"})
    EXPECT_EQ(call(base + "/" + action, json::object()).status, 401) << action;
  // Only the creator manages it.
  EXPECT_EQ(call(base + "/start", json::object(), bob).status, 403);
  EXPECT_EQ(call(base + "/cancel", json::object(), bob).status, 403);
  EXPECT_EQ(call(base + "/engines", {{"level", 3}}, bob).status, 403);
  // Bad engine levels.
  for (json level : {json(0), json(9), json("3"), json(nullptr)})
    EXPECT_EQ(call(base + "/engines", {{"level", level}}, ann).status, 400) << level.dump();
  // Guests join unrated tournaments only.
  auto guest_join = call(base + "/join", json::object(), g);
  EXPECT_EQ(guest_join.status, 403);
  EXPECT_THAT(guest_join.json()["error"].get<std::string>(), HasSubstr("guests"));
  EXPECT_EQ(call(base + "/join", {{"password", 5}}, bob).status, 400);
  // Withdrawing without having joined; joining twice.
  EXPECT_EQ(call(base + "/withdraw", json::object(), bob).status, 409);
  ASSERT_EQ(call(base + "/join", json::object(), bob).status, 200);
  EXPECT_EQ(call(base + "/join", json::object(), bob).status, 409);
  // Starting with fewer than two.
  EXPECT_EQ(call(base + "/start", json::object(), ann).status, 409);
  EXPECT_EQ(view(id)["tournament"]["status"], "upcoming");
  // Cancelled: nothing more.
  ASSERT_EQ(call(base + "/cancel", json::object(), ann).status, 200);
  EXPECT_EQ(view(id)["tournament"]["status"], "cancelled");
  EXPECT_EQ(call(base + "/cancel", json::object(), ann).status, 409);
  EXPECT_EQ(call(base + "/join", json::object(), ann).status, 409);
  EXPECT_EQ(call(base + "/start", json::object(), ann).status, 409);
  // Lists: a bad status, limit or cursor.
  EXPECT_EQ(get("/api/tournaments?status=cancelled").status, 400);
  EXPECT_EQ(get("/api/tournaments?status=soon").status, 400);
  EXPECT_EQ(get("/api/tournaments?limit=0").status, 400);
  EXPECT_EQ(get("/api/tournaments?next=garbage").status, 400);
  // A guest may join an unrated one.
  std::string casual = create(ann, swiss(3, {{"rated", false}}));
  EXPECT_EQ(call("/api/tournaments/" + casual + "/join", json::object(), g).status, 200);
}

TEST_F(TournamentApiTest, CancelAfterTheStartIsRefused) {
  Browser ann = signup("ann");
  Browser bob = signup("bob");
  std::string id = create(ann, swiss(1));
  join_all(id, {ann, bob});
  ASSERT_EQ(call("/api/tournaments/" + id + "/start", json::object(), ann).status, 200);
  EXPECT_EQ(call("/api/tournaments/" + id + "/cancel", json::object(), ann).status, 409);
  EXPECT_EQ(call("/api/tournaments/" + id + "/engines", {{"level", 2}}, ann).status, 409);
  EXPECT_EQ(view(id)["tournament"]["status"], "running");
}

TEST_F(TournamentApiTest, WatchersSeeEveryChangeLive) {
  WsClient unknown(port_, "/ws/tournament?id=nosuchid");
  EXPECT_EQ(unknown.handshake_status(), 404);
  WsClient junk(port_, "/ws/tournament?id=../x");
  EXPECT_EQ(junk.handshake_status(), 404);
  Browser ann = signup("ann");
  Browser bob = signup("bob");
  std::string id = create(ann, swiss(1));
  WsClient watcher(port_, "/ws/tournament?id=" + id);
  ASSERT_EQ(watcher.handshake_status(), 101);
  json first = watcher.next_of_type("tournament");
  EXPECT_EQ(first["tournament"]["id"], id);
  EXPECT_FALSE(first.contains("you"));
  EXPECT_TRUE(first["entrants"].empty());
  ASSERT_EQ(call("/api/tournaments/" + id + "/join", json::object(), bob).status, 200);
  json joined = watcher.next_of_type("tournament");
  ASSERT_EQ(joined["entrants"].size(), 1u);
  EXPECT_EQ(joined["entrants"][0]["name"], "bob");
  ASSERT_EQ(call("/api/tournaments/" + id + "/join", json::object(), ann).status, 200);
  watcher.next_of_type("tournament");
  ASSERT_EQ(call("/api/tournaments/" + id + "/start", json::object(), ann).status, 200);
  json started = watcher.next_of_type("tournament");
  EXPECT_EQ(started["tournament"]["status"], "running");
  EXPECT_EQ(started["rounds"][0]["pairings"].size(), 1u);
}

TEST_F(TournamentApiTest, TestServersMakeNoDailyTournament) {
  advance(2 * 86'400'000);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(get("/api/tournaments").json()["tournaments"].empty());
}

class DailyTournamentTest : public TournamentTest {
 protected:
  void configure(ServerConfig& c) override {
    TournamentTest::configure(c);
    c.daily_tournament = true;
  }
};

TEST_F(DailyTournamentTest, TheServerCreatesTheDailyArenaADayAhead) {
  json list;
  for (int i = 0; i < 200 && (list.is_null() || list["tournaments"].empty()); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    list = get("/api/tournaments").json();
  }
  ASSERT_EQ(list["tournaments"].size(), 1u);
  json t = list["tournaments"][0];
  EXPECT_EQ(t["name"], "Daily arena");
  EXPECT_EQ(t["kind"], "arena");
  EXPECT_EQ(t["duration_minutes"], 60);
  EXPECT_EQ(t["rated"], true);
  EXPECT_EQ(t["clock"]["initial"], 300);
  EXPECT_EQ(t["clock"]["increment"], 3);
  EXPECT_TRUE(t["created_by"].is_null());
  std::int64_t starts = t["starts_ms"];
  EXPECT_EQ(starts % 86'400'000, 18 * 3'600'000);
  EXPECT_GT(starts, now());
  EXPECT_LE(starts, now() + 86'400'000);
  // Nobody but the server manages it.
  Browser ann = signup("ann");
  EXPECT_EQ(call("/api/tournaments/" + t["id"].get<std::string>() + "/cancel", json::object(), ann).status, 403);
  // One a day: a restart makes no second one.
  restart();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(get("/api/tournaments").json()["tournaments"].size(), 1u);
}

}  // namespace
}  // namespace dvonn::server::testing
