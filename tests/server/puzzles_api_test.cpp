// Puzzles (docs/community-api.md "Puzzles"): a puzzle is shown without its
// answer; an attempt is judged by its first move and answered with the
// solution and the refutation of the natural wrong move; a registered
// player's first attempt moves both Glicko-2 ratings (player and puzzle),
// later ones do not; the daily puzzle is the same for everyone all day and
// after a restart; bad input and floods are refused with a clear 4xx.
#include <gtest/gtest.h>

#include "core/position_string.hpp"
#include "puzzles_fixture.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

TEST_F(PuzzlesTest, TheFixtureHasPuzzles) { ASSERT_GE(test_puzzles().size(), 3u); }

TEST_F(PuzzlesTest, APuzzleIsShownWithoutItsSolution) {
  const auto& p = puzzle(0);
  auto r = get(path(p));
  ASSERT_EQ(r.status, 200) << r.body;
  json j = r.json();
  EXPECT_EQ(j["id"], p.id);
  EXPECT_EQ(j["position"], p.position);
  EXPECT_EQ(j["side"], p.side == Color::White ? "white" : "black");
  EXPECT_EQ(j["goal"], p.goal);
  EXPECT_EQ(j["rating"], p.rating);
  EXPECT_FALSE(j.contains("solution"));
  EXPECT_FALSE(j.contains("refutation"));
  EXPECT_EQ(r.body.find(to_string(p.solution.front()) + "\""), std::string::npos);
  EXPECT_FALSE(j["rated"].get<bool>());
}

TEST_F(PuzzlesTest, AnAttemptIsJudgedByItsFirstMoveWithTheLines) {
  const auto& p = puzzle(0);
  auto right = attempt(p, {to_string(p.solution.front())});
  ASSERT_EQ(right.status, 200) << right.body;
  EXPECT_TRUE(right.json()["correct"].get<bool>());
  EXPECT_FALSE(right.json()["rated"].get<bool>());  // a visitor: unrated
  EXPECT_EQ(right.json()["solution"].size(), p.solution.size());
  EXPECT_EQ(right.json()["solution"][0], to_string(p.solution.front()));

  auto wrong = attempt(p, {to_string(p.wrong)});
  ASSERT_EQ(wrong.status, 200) << wrong.body;
  json w = wrong.json();
  EXPECT_FALSE(w["correct"].get<bool>());
  EXPECT_EQ(w["played"], to_string(p.wrong));
  EXPECT_EQ(w["wrong"], to_string(p.wrong));
  ASSERT_EQ(w["refutation"].size(), p.refutation.size());
  // The refutation is the opponent's answer after the wrong move: legal.
  Position after = parse_position(p.position)->position;
  after.play(p.wrong);
  for (const json& m : w["refutation"]) {
    auto move = parse_move(m.get<std::string>());
    ASSERT_TRUE(move && after.is_legal(*move)) << m;
    after.play(*move);
  }
  // Giving up (no move) shows the solution and is wrong.
  auto gave_up = attempt(p, json::array());
  ASSERT_EQ(gave_up.status, 200) << gave_up.body;
  EXPECT_FALSE(gave_up.json()["correct"].get<bool>());
  EXPECT_TRUE(gave_up.json()["gave_up"].get<bool>());
}

TEST_F(PuzzlesTest, AFirstAttemptMovesBothRatingsAndOnlyTheFirstCounts) {
  Browser ann = signup("ann");
  const auto& a = puzzle(0);
  auto r = attempt(a, {to_string(a.solution.front())}, ann);
  ASSERT_EQ(r.status, 200) << r.body;
  json j = r.json();
  ASSERT_TRUE(j["rated"].get<bool>()) << j;
  EXPECT_EQ(j["rating"]["before"], 1500);
  EXPECT_GT(j["rating"]["after"].get<int>(), 1500);
  EXPECT_EQ(j["rating"]["change"], j["rating"]["after"].get<int>() - 1500);
  EXPECT_EQ(j["puzzle_rating"]["before"], a.rating);
  EXPECT_LT(j["puzzle_rating"]["after"].get<int>(), a.rating);  // solved: the puzzle looks easier
  const int after_first = j["rating"]["after"];
  EXPECT_EQ(j["player"]["rating"], after_first);
  EXPECT_EQ(j["player"]["attempts"], 1);
  EXPECT_EQ(j["player"]["solved"], 1);

  // Again (a retry): judged, not rated; nothing moves.
  auto again = attempt(a, {to_string(a.wrong)}, ann);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_FALSE(again.json()["rated"].get<bool>());
  EXPECT_EQ(again.json()["player"]["rating"], after_first);
  EXPECT_EQ(get(path(a)).json()["rating"], j["puzzle_rating"]["after"]);
  EXPECT_EQ(get(path(a), ann).json()["attempted"]["solved"], true);

  // A miss: the player goes down, the puzzle up.
  const auto& b = puzzle(1);
  auto miss = attempt(b, {to_string(b.wrong)}, ann);
  ASSERT_EQ(miss.status, 200) << miss.body;
  EXPECT_TRUE(miss.json()["rated"].get<bool>());
  EXPECT_LT(miss.json()["rating"]["after"].get<int>(), after_first);
  EXPECT_GT(miss.json()["puzzle_rating"]["after"].get<int>(), b.rating);

  // The history, newest first, paged.
  auto h = get("/api/me/puzzles?limit=1", ann);
  ASSERT_EQ(h.status, 200) << h.body;
  EXPECT_EQ(h.json()["attempts"].size(), 1u);
  EXPECT_EQ(h.json()["attempts"][0]["puzzle"], b.id);
  EXPECT_FALSE(h.json()["attempts"][0]["solved"].get<bool>());
  EXPECT_EQ(h.json()["player"]["attempts"], 2);
  ASSERT_TRUE(h.json()["more"].get<bool>());
  auto h2 = get("/api/me/puzzles?limit=1&before=" + h.json()["next"].get<std::string>(), ann);
  ASSERT_EQ(h2.status, 200) << h2.body;
  ASSERT_EQ(h2.json()["attempts"].size(), 1u);
  EXPECT_EQ(h2.json()["attempts"][0]["puzzle"], a.id);
  EXPECT_FALSE(h2.json()["more"].get<bool>());

  // Kept across a restart (loading the puzzles again changes nothing).
  restart();
  EXPECT_EQ(get(path(a)).json()["rating"], j["puzzle_rating"]["after"]);
  EXPECT_EQ(get("/api/me/puzzles", ann).json()["player"]["attempts"], 2);
}

TEST_F(PuzzlesTest, NextGivesAPuzzleNotTriedYetAndGuestsAreNotRated) {
  Browser bob = signup("bob");
  auto first = get("/api/puzzles/next", bob);
  ASSERT_EQ(first.status, 200) << first.body;
  const std::string id = first.json()["id"];
  EXPECT_EQ(first.json()["player"]["rating"], 1500);
  for (const auto& p : test_puzzles()) {
    if (p.id == id) {
      ASSERT_EQ(attempt(p, {to_string(p.solution.front())}, bob).status, 200);
    }
  }
  auto second = get("/api/puzzles/next", bob);
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_NE(second.json()["id"], id);
  // `after` skips the puzzle on screen, for visitors too.
  auto visitor = get("/api/puzzles/next?after=" + id);
  ASSERT_EQ(visitor.status, 200) << visitor.body;
  EXPECT_NE(visitor.json()["id"], id);
  EXPECT_FALSE(visitor.json().contains("player"));

  Browser g = guest("gus");
  const auto& p = puzzle(0);
  auto r = attempt(p, {to_string(p.solution.front())}, g);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_FALSE(r.json()["rated"].get<bool>());
  EXPECT_FALSE(r.json().contains("rating"));
}

TEST_F(PuzzlesTest, TheDailyPuzzleIsTheSameAllDayAndAfterARestart) {
  auto a = get("/api/puzzles/daily");
  ASSERT_EQ(a.status, 200) << a.body;
  auto b = get("/api/puzzles/daily", signup("cyd"));
  EXPECT_EQ(b.json()["id"], a.json()["id"]);
  EXPECT_EQ(b.json()["day"], a.json()["day"]);
  EXPECT_FALSE(a.json().contains("solution"));
  restart();
  EXPECT_EQ(get("/api/puzzles/daily").json()["id"], a.json()["id"]);
  advance(24LL * 60 * 60 * 1000);
  auto next_day = get("/api/puzzles/daily");
  ASSERT_EQ(next_day.status, 200);
  EXPECT_EQ(next_day.json()["day"], a.json()["day"].get<std::int64_t>() + 1);
}

TEST_F(PuzzlesTest, BadInputIsRefusedWithAClearMessageAndChangesNothing) {
  Browser di = signup("dina");
  const auto& p = puzzle(0);
  auto expect_error = [](const HttpResult& r, int status, const std::string& words) {
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_NE(r.json().value("error", "").find(words), std::string::npos) << r.body;
  };
  expect_error(call(path(p) + "/attempt", json::object(), di), 400, "moves must be a list");
  expect_error(call(path(p) + "/attempt", {{"moves", "A1B2"}}, di), 400, "moves must be a list");
  expect_error(attempt(p, {"Z9"}, di), 400, "not a move");
  expect_error(attempt(p, {7}, di), 400, "not a move");
  expect_error(attempt(p, json::array({"PASS"}), di), 400, "not legal");
  expect_error(attempt(p, json(std::vector<std::string>(41, "A1B1")), di), 400, "too long");
  expect_error(get("/api/puzzles/0123456789abcdef"), 404, "no puzzle");
  expect_error(get("/api/puzzles/not-an-id"), 404, "no puzzle");
  expect_error(call("/api/puzzles/0123456789abcdef/attempt", {{"moves", json::array()}}), 404, "no puzzle");
  expect_error(get("/api/puzzles/next?after=zz"), 400, "after must be");
  expect_error(get("/api/me/puzzles"), 401, "");
  expect_error(get("/api/me/puzzles?before=x.y.z", di), 400, "before");
  expect_error(get("/api/me/puzzles?limit=0", di), 400, "limit");
  auto r = http_request(port_, "POST", path(p) + "/attempt", "not json", {{"Cookie", di.cookie}});
  EXPECT_EQ(r.status, 400) << r.body;
  // None of it was an attempt.
  EXPECT_EQ(get("/api/me/puzzles", di).json()["player"]["attempts"], 0);
  EXPECT_TRUE(get(path(p), di).json()["attempted"].is_null());
}

class PuzzlesFloodTest : public PuzzlesTest {
 protected:
  void configure(ServerConfig& c) override {
    PuzzlesTest::configure(c);
    c.puzzle_attempts_per_minute = 5;
  }
};

TEST_F(PuzzlesFloodTest, AFloodOfAttemptsIsRefused) {
  Browser ed = signup("eddy");
  const auto& p = puzzle(0);
  int refused = 0;
  for (int i = 0; i < 12; ++i) {
    auto r = attempt(p, {to_string(p.solution.front())}, ed);
    if (r.status == 429) {
      ++refused;
      EXPECT_NE(r.json().value("error", "").find("too many"), std::string::npos);
    } else {
      EXPECT_EQ(r.status, 200) << r.body;
    }
  }
  EXPECT_GE(refused, 5);
  // Another player is not held up by it.
  EXPECT_EQ(attempt(p, {to_string(p.solution.front())}, signup("fay")).status, 200);
}

}  // namespace
}  // namespace dvonn::server::testing
