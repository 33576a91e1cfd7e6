// Unit tests of the server's small parts: ids and tokens, rate limits,
// content types, the store.
#include <gtest/gtest.h>

#include <set>

#include "server/base/random_id.hpp"
#include "server/http/rate_limiter.hpp"
#include "server/http/static_files.hpp"
#include "server/rooms/state_json.hpp"
#include "server/store/game_store.hpp"
#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

TEST(RandomId, IdsAreUrlSafeAndDistinct) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    std::string id = new_game_id();
    EXPECT_TRUE(looks_like_game_id(id)) << id;
    EXPECT_TRUE(seen.insert(id).second);
  }
  EXPECT_FALSE(looks_like_game_id("short"));
  EXPECT_FALSE(looks_like_game_id("AAAAAAAAAAAAAAAAAAAA/."));
}

TEST(RandomId, TokensAre128BitsOfHex) {
  std::string t = new_seat_token();
  EXPECT_EQ(t.size(), 32u);
  EXPECT_EQ(t.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(t, new_seat_token());
  EXPECT_TRUE(constant_time_equal(t, t));
  std::string u = t;
  u.back() = u.back() == 'a' ? 'b' : 'a';
  EXPECT_FALSE(constant_time_equal(t, u));
  EXPECT_FALSE(constant_time_equal(t, t.substr(1)));
}

TEST(TokenBucket, AllowsBurstsThenTheRate) {
  TokenBucket b(10, 5);
  auto t0 = Clock::now();
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(b.take(t0));
  EXPECT_FALSE(b.take(t0));
  EXPECT_TRUE(b.take(t0 + std::chrono::milliseconds(150)));
  EXPECT_FALSE(b.take(t0 + std::chrono::milliseconds(150)));
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(b.take(t0 + std::chrono::seconds(10)));
}

TEST(AddressRateLimiter, CountsEachAddressApart) {
  AddressRateLimiter l(1, 2);
  auto t0 = Clock::now();
  EXPECT_TRUE(l.allow("a", t0));
  EXPECT_TRUE(l.allow("a", t0));
  EXPECT_FALSE(l.allow("a", t0));
  EXPECT_TRUE(l.allow("b", t0));
  AddressRateLimiter off(0, 0);
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(off.allow("a", t0));
}

TEST(StaticFiles, ContentTypes) {
  EXPECT_EQ(content_type_for("/index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type_for("/a/b.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_for("/s.css"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type_for("/x.svg"), "image/svg+xml");
  EXPECT_EQ(content_type_for("/x.png"), "image/png");
  EXPECT_EQ(content_type_for("/x.json"), "application/json");
}

TEST(StaticFiles, EmbeddedTableHasPathsFromTheRoot) {
  for (const EmbeddedFile& f : embedded_web_files()) {
    EXPECT_EQ(f.path.substr(0, 1), "/");
    EXPECT_EQ(f.path.find(".."), std::string_view::npos);
  }
}

TEST(StateJson, IsValidJsonWithEveryDocumentedField) {
  Game game;
  ASSERT_EQ(game.play(*parse_move("E3")), "");
  SeatInfo seats;
  seats.mode = Mode::Engine;
  seats.level = 3;
  seats.engine_color = Color::Black;
  seats.white_taken = true;
  auto j = nlohmann::json::parse(state_json("odd \"id\"\n", seats, game, {}, 7));
  EXPECT_EQ(j["id"], "odd \"id\"\n");
  for (const char* key : {"id", "mode", "level", "seats", "phase", "to_move", "placed", "next_piece", "score", "moves",
                          "stacks", "last_move", "removed", "legal", "result", "position", "version"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["seats"]["black"], (nlohmann::json{{"kind", "engine"}, {"level", 3}, {"taken", true}}));
  EXPECT_EQ(j["seats"]["white"], (nlohmann::json{{"kind", "human"}, {"taken", true}}));
  EXPECT_EQ(j["moves"], nlohmann::json::array({"E3"}));
  EXPECT_EQ(j["stacks"], (nlohmann::json{{"E3", "d"}}));
  EXPECT_EQ(j["next_piece"], "dvonn");
  EXPECT_EQ(j["to_move"], "black");
  EXPECT_EQ(j["legal"].size(), 48u);
  EXPECT_EQ(j["version"], 7);
}

TEST(GameStore, CommitsLoadsTruncatesAndSurvivesReopening) {
  auto dir = fresh_temp_dir("dvonn-store-test-");
  std::string path = (dir / "s.db").string();
  {
    GameStore store(path);
    StoredGame g;
    g.id = new_game_id();
    g.mode = Mode::Local;
    g.start = "start";
    g.white_token = g.black_token = "t";
    g.moves = {"E3", "F3"};
    EXPECT_EQ(store.commit([&](StoreWriter& w) { w.insert_game(g); }), "");
    EXPECT_EQ(store.commit([&](StoreWriter& w) {
      w.append_move(g.id, 3, "G3", 1764470000123);
      GameProgress progress;
      progress.version = 5;
      w.set_progress(g.id, progress);
    }),
              "");
    // A failing job is rolled back alone.
    EXPECT_NE(store.commit([&](StoreWriter& w) { w.insert_game(g); }), "");
    EXPECT_EQ(store.commit([&](StoreWriter& w) { w.truncate_moves(g.id, 2); }), "");
    auto loaded = store.load(g.id);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->moves, (std::vector<std::string>{"E3", "F3"}));
    EXPECT_EQ(loaded->version, 5);
    ASSERT_EQ(loaded->move_times.size(), 2u);
    EXPECT_FALSE(store.load("nope"));
  }
  GameStore again(path);
  EXPECT_EQ(again.unfinished_engine_games().size(), 0u);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

}  // namespace
}  // namespace dvonn::server::testing
