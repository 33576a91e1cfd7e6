// Game review jobs (docs/community-api.md "Game review"): a finished game's
// review is made once in the background, stored and served at once to the
// next viewer; progress reaches the game's WebSocket; jobs survive a
// restart, are bounded per address and account, refuse unfinished games and
// bad input, and leave live games' engine moves answered.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "community_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

std::string finished_record() {
  std::ifstream in(std::string(DVONN_SOURCE_DIR) + "/tests/data/review-game.txt");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class ReviewTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.review_depth = 2;
    c.review_nodes = 3000;
    c.reviews_per_address = 8;
    c.reviews_per_account = 8;
    // The job thread's priority as the engine pool's: this machine's other
    // work (builds) would otherwise leave the reviews almost no CPU. The
    // fairness test keeps the real value.
    c.review_nice = 10;
  }
  // A local game made from the finished record (over at once); upto keeps
  // only the first moves (not over).
  std::string finished_game(std::optional<int> upto = std::nullopt) {
    json request = {{"mode", "local"}, {"record", finished_record()}};
    if (upto) request["upto"] = *upto;
    auto r = call("/api/games", request);
    EXPECT_EQ(r.status, 201) << r.body;
    token_ = r.json()["token"];
    return r.json()["id"];
  }
  json wait_review(const std::string& path, double seconds = 60) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    json s;
    while (std::chrono::steady_clock::now() < until) {
      auto r = get(path);
      EXPECT_EQ(r.status, 200) << r.body;
      s = r.json();
      if (s["status"] == "done" || s["status"] == "failed") return s;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return s;
  }
  std::string token_;
};

void expect_whole_review(const json& review, std::size_t moves) {
  ASSERT_TRUE(review.is_object()) << review;
  ASSERT_EQ(review["positions"].size(), moves + 1);
  ASSERT_EQ(review["moves"].size(), moves);
  for (const json& m : review["moves"])
    EXPECT_TRUE(m["class"] == "best" || m["class"] == "good" || m["class"] == "inaccuracy" || m["class"] == "mistake" ||
                m["class"] == "blunder" || m["class"] == "forced")
        << m;
  // The last position is the game's end: exact, its score the final lead.
  EXPECT_TRUE(review["positions"].back()["exact"].get<bool>());
  EXPECT_EQ(review["positions"].back()["score"].get<double>(), 24 - 6);
  for (const char* side : {"white", "black"}) {
    const json& p = review["players"][side];
    EXPECT_GE(p["accuracy"].get<double>(), 0);
    EXPECT_LE(p["accuracy"].get<double>(), 100);
  }
}

TEST_F(ReviewTest, FinishedGameIsReviewedStoredAndServedToTheNextViewerAtOnce) {
  std::string id = finished_game();
  WsClient watcher(port_, ws_target(id));
  ASSERT_EQ(watcher.handshake_status(), 101);
  Browser ann = signup("ann");
  auto first = call("/api/games/" + id + "/review", json::object(), ann);
  ASSERT_EQ(first.status, 202) << first.body;
  EXPECT_TRUE(first.json()["status"] == "queued" || first.json()["status"] == "running");
  EXPECT_EQ(first.json()["progress"]["total"], 32);
  // Progress reaches those watching the game, up to the end.
  json progress;
  do {
    progress = watcher.next_of_type("review-progress", 60);
    ASSERT_FALSE(progress.is_null());
  } while (progress["status"] != "done");
  EXPECT_EQ(progress["progress"]["done"], 32);
  json done = wait_review("/api/games/" + id + "/review");
  ASSERT_EQ(done["status"], "done") << done;
  expect_whole_review(done["review"], 31);
  // Another viewer (no session) asks again: the stored review, at once.
  auto again = call("/api/games/" + id + "/review", json::object());
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.json()["status"], "done");
  EXPECT_EQ(again.json()["review"], done["review"]);
  EXPECT_EQ(again.json()["id"], done["id"]);
}

TEST_F(ReviewTest, AnImportedRecordIsReviewedUnderItsOwnId) {
  auto r = call("/api/reviews", {{"record", finished_record()}});
  ASSERT_EQ(r.status, 202) << r.body;
  std::string id = r.json()["id"];
  json done = wait_review("/api/reviews/" + id);
  ASSERT_EQ(done["status"], "done") << done;
  EXPECT_TRUE(done["game"].is_null());
  expect_whole_review(done["review"], 31);
  // The same record again: the same review, done.
  auto again = call("/api/reviews", {{"record", finished_record()}});
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.json()["id"], id);
}

TEST_F(ReviewTest, TheRequesterHearsTheProgressOnTheirOwnChannel) {
  Browser ann = signup("ann");
  WsClient me(port_, "/ws/me", {{"Cookie", ann.cookie}});
  ASSERT_EQ(me.handshake_status(), 101);
  auto r = call("/api/reviews", {{"record", finished_record()}}, ann);
  ASSERT_EQ(r.status, 202) << r.body;
  json progress;
  do {
    progress = me.next_of_type("review-progress", 60);
    ASSERT_FALSE(progress.is_null());
    EXPECT_EQ(progress["id"], r.json()["id"]);
  } while (progress["status"] != "done");
  expect_whole_review(progress["review"], 31);
}

TEST_F(ReviewTest, AnUnfinishedGameIsRefused) {
  std::string id = finished_game(10);
  auto r = call("/api/games/" + id + "/review", json::object());
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_NE(r.json()["error"].get<std::string>().find("not over"), std::string::npos);
  auto status = get("/api/games/" + id + "/review");
  EXPECT_EQ(status.status, 200);
  EXPECT_EQ(status.json()["status"], "none");
}

TEST_F(ReviewTest, BadInputIsRefusedWithAClearMessage) {
  EXPECT_EQ(call("/api/games/nosuchgame0000000000000/review", json::object()).status, 404);
  EXPECT_EQ(get("/api/games/nosuchgame0000000000000/review").status, 404);
  EXPECT_EQ(call("/api/games/../review", json::object()).status, 404);
  EXPECT_EQ(get("/api/reviews/nosuchreview00000000000").status, 404);
  auto garbage = call("/api/reviews", {{"record", "1. E3 E3 2. Z9"}});
  EXPECT_EQ(garbage.status, 400) << garbage.body;
  EXPECT_FALSE(garbage.json()["error"].get<std::string>().empty());
  EXPECT_EQ(call("/api/reviews", {{"record", 5}}).status, 400);
  EXPECT_EQ(call("/api/reviews", json::object()).status, 400);
  EXPECT_EQ(call("/api/reviews", {{"record", "[Event \"x\"]\n"}}).status, 400);
  EXPECT_EQ(call("/api/reviews", {{"record", std::string(40000, 'E')}}).status, 413);
  EXPECT_EQ(http_request(port_, "POST", "/api/reviews", "{not json").status, 400);
}

TEST_F(ReviewTest, AReviewOfMovesThatChangedIsNotServed) {
  std::string id = finished_game();
  ASSERT_EQ(call("/api/games/" + id + "/review", json::object()).status, 202);
  ASSERT_EQ(wait_review("/api/games/" + id + "/review")["status"], "done");
  // Undo in a local game changes its moves: the review of the old moves is
  // not that game's any more.
  auto undo = call("/api/games/" + id + "/undo", {{"token", token_}});
  ASSERT_EQ(undo.status, 200) << undo.body;
  auto status = get("/api/games/" + id + "/review");
  EXPECT_EQ(status.json()["status"], "none") << status.body;
  EXPECT_TRUE(status.json()["review"].is_null());
  EXPECT_EQ(call("/api/games/" + id + "/review", json::object()).status, 409);
}

// Jobs that stay queued (review_run false): the bounds per account and
// address.
class ReviewQueueTest : public ReviewTest {
 protected:
  void configure(ServerConfig& c) override {
    ReviewTest::configure(c);
    c.review_run = false;
    c.reviews_per_address = 2;
    c.reviews_per_account = 1;
  }
};

TEST_F(ReviewQueueTest, EachAccountAndAddressHasItsShareOfJobs) {
  std::string a = finished_game(), b = finished_game(), c = finished_game();
  Browser ann = signup("ann");
  ASSERT_EQ(call("/api/games/" + a + "/review", json::object(), ann).status, 202);
  // Asking again for the same game is not another job.
  EXPECT_EQ(call("/api/games/" + a + "/review", json::object(), ann).status, 202);
  auto second = call("/api/games/" + b + "/review", json::object(), ann);
  EXPECT_EQ(second.status, 429) << second.body;
  // Someone else at the same address has the address's second job ...
  ASSERT_EQ(call("/api/games/" + b + "/review", json::object()).status, 202);
  // ... and then the address has its share.
  EXPECT_EQ(call("/api/games/" + c + "/review", json::object()).status, 429);
  EXPECT_EQ(get("/api/games/" + a + "/review").json()["status"], "queued");
}

// A bigger budget, so a review takes a while.
class ReviewSlowTest : public ReviewTest {
 protected:
  void configure(ServerConfig& c) override {
    ReviewTest::configure(c);
    c.review_depth = 30;
    c.review_nodes = 150'000;
  }
};

TEST_F(ReviewSlowTest, ARestartInTheMiddleResumesWhereTheJobStopped) {
  std::string id = finished_game();
  ASSERT_EQ(call("/api/games/" + id + "/review", json::object()).status, 202);
  json s;
  for (int i = 0; i < 3000; ++i) {
    s = get("/api/games/" + id + "/review").json();
    if (s["progress"]["done"].get<int>() >= 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GE(s["progress"]["done"].get<int>(), 2) << s;
  restart();
  json after = get("/api/games/" + id + "/review").json();
  // What was done before the restart was kept ...
  EXPECT_GE(after["progress"]["done"].get<int>(), s["progress"]["done"].get<int>()) << after;
  // ... and the job goes on to the end.
  json done = wait_review("/api/games/" + id + "/review", 300);
  ASSERT_EQ(done["status"], "done") << done;
  expect_whole_review(done["review"], 31);
}

// At the server's own priority for reviews.
class ReviewFairnessTest : public ReviewSlowTest {
 protected:
  void configure(ServerConfig& c) override {
    ReviewSlowTest::configure(c);
    c.review_nice = ServerConfig{}.review_nice;
  }
};

TEST_F(ReviewFairnessTest, LiveEngineMovesAreStillAnsweredWhileAReviewRuns) {
  std::string id = finished_game();
  ASSERT_EQ(call("/api/games/" + id + "/review", json::object()).status, 202);
  for (int i = 0; i < 3000 && get("/api/games/" + id + "/review").json()["status"] != "running"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  // An engine game: the engine (white) opens, then answers our placement.
  auto g = call("/api/games", {{"mode", "engine"}, {"level", 1}, {"color", "black"}});
  ASSERT_EQ(g.status, 201) << g.body;
  std::string game = g.json()["id"];
  std::string token = g.json()["token"];
  json s = wait_state(
      game, [](const json& st) { return st["moves"].size() >= 1; }, 30);
  ASSERT_EQ(s["moves"].size(), 1u) << s;
  std::string reply = s["legal"][0];
  ASSERT_EQ(call("/api/games/" + game + "/moves", {{"token", token}, {"move", reply}}).status, 200);
  s = wait_state(
      game, [](const json& st) { return st["moves"].size() >= 3; }, 30);
  EXPECT_EQ(s["moves"].size(), 3u) << s;
  // The review was still at work meanwhile.
  EXPECT_NE(get("/api/games/" + id + "/review").json()["status"], "queued");
}

}  // namespace
}  // namespace dvonn::server::testing
