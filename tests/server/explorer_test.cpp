// The placement explorer (docs/community-api.md "Placement explorer"): the
// index of the archive's placements is filled when a game ends and by the
// backfill at start (idempotent), counts and scores a hand-made set of
// games right under each filter, refuses bad input with a clear 400, offers
// the engine games as a second source, and computes the engine's view in
// the background, bounded per address and cached.
#include <gtest/gtest.h>

#include "community_fixture.hpp"
#include "core/position_string.hpp"
#include "server/base/random_id.hpp"
#include "server/explorer/engine_game_book.hpp"
#include "server/explorer/explorer_index.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

const std::string kEmpty = format_position(empty_board());

// The position after some placements from the empty board.
std::string after(const std::vector<std::string>& moves) {
  Game g;
  for (const auto& m : moves) EXPECT_EQ(g.play(*parse_move(m)), "") << m;
  return format_position(g.state());
}

std::string url(const std::string& position, const std::string& rest = "") {
  std::string out = "/api/explorer?position=";
  for (char c : position) out += c == ' ' ? std::string("%20") : std::string(1, c);
  return out + rest;
}

struct HandGame {
  std::vector<std::string> moves;
  Winner winner;
  std::string clock;
  std::optional<double> white_rating, black_rating;  // then
  Mode mode = Mode::Online;
  EndReason reason = EndReason::Resignation;
};

// Stores a finished game as the rooms would have left it.
std::string store_game(GameStore& store, const HandGame& h) {
  StoredGame g;
  g.id = new_game_id();
  g.mode = h.mode;
  g.start = kEmpty;
  g.white_token = "w";
  g.black_token = "b";
  g.moves = h.moves;
  g.clock = h.clock;
  EXPECT_EQ(store.commit([&](StoreWriter& w) {
    w.insert_game(g);
    GameProgress p;
    p.version = static_cast<std::int64_t>(h.moves.size());
    p.over = true;
    p.result = winner_name(h.winner);
    p.winner = h.winner;
    p.end_reason = h.reason;
    p.move_count = static_cast<int>(h.moves.size());
    w.set_progress(g.id, p);
    Statement q(w.connection(), "UPDATE games SET white_rating_then = ?2, black_rating_then = ?3 WHERE id = ?1", false);
    q.bind(1, g.id);
    if (h.white_rating)
      q.bind(2, *h.white_rating);
    else
      q.bind_null(2);
    if (h.black_rating)
      q.bind(3, *h.black_rating);
    else
      q.bind_null(3);
    q.run();
  }),
            "");
  return g.id;
}

const PlacementStats* find(const std::vector<PlacementStats>& rows, const std::string& move) {
  for (const auto& r : rows)
    if (r.move == move) return &r;
  return nullptr;
}

// Five games: two transpose into the same position after three placements;
// one engine game and one aborted game do not count.
std::vector<HandGame> hand_made() {
  return {
      {{"A3", "B3", "C3", "D3", "E3"}, Winner::White, "3+2", 1300, 1350},
      {{"C3", "B3", "A3", "D3", "F3"}, Winner::Black, "3+2", 1500, 1700},
      {{"A3", "B3", "C3", "E3"}, Winner::Draw, "10+5", 1900, 2000},
      {{"A3", "C3"}, Winner::White, "untimed", std::nullopt, 1500},
      {{"A3", "B3", "C3"}, Winner::White, "3+2", 1500, 1500, Mode::Engine},
      {{"A3", "B3"}, Winner::None, "3+2", 1500, 1500, Mode::Online, EndReason::Aborted},
  };
}

TEST(ExplorerIndex, CountsScoresAndFiltersAHandMadeSetAndBackfillsOnce) {
  auto dir = fresh_temp_dir("dvonn-explorer-");
  GameStore store((dir / "e.db").string());
  for (const HandGame& h : hand_made()) store_game(store, h);
  ExplorerIndex index(store);
  EXPECT_EQ(index.backfill(2), 6u);  // every finished game looked at, in batches
  EXPECT_EQ(index.backfill(), 0u);   // and only once
  const RatingBand all = *rating_band("all");

  auto first = index.moves_from(kEmpty, all, "all");
  ASSERT_EQ(first.size(), 2u);
  const PlacementStats* a3 = find(first, "A3");
  ASSERT_TRUE(a3);
  EXPECT_EQ(a3->games, 3);  // not the engine game, not the aborted one
  EXPECT_EQ(a3->white, 2);
  EXPECT_EQ(a3->draws, 1);
  EXPECT_EQ(a3->black, 0);
  EXPECT_EQ(a3->rated, 2);  // the untimed game has a guest
  EXPECT_DOUBLE_EQ(a3->rating_sum, 1325 + 1950);

  // A3 B3 C3 and C3 B3 A3 meet: both games' fourth placement is D3.
  auto met = index.moves_from(after({"A3", "B3", "C3"}), all, "all");
  const PlacementStats* d3 = find(met, "D3");
  ASSERT_TRUE(d3);
  EXPECT_EQ(d3->games, 2);
  EXPECT_EQ(d3->white, 1);
  EXPECT_EQ(d3->black, 1);
  ASSERT_TRUE(find(met, "E3"));
  EXPECT_EQ(find(met, "E3")->draws, 1);

  // Filters: the family and the rating band.
  auto blitz = index.moves_from(after({"A3", "B3", "C3"}), all, "blitz");
  ASSERT_EQ(blitz.size(), 1u);
  EXPECT_EQ(blitz[0].games, 2);
  auto low = index.moves_from(after({"A3", "B3", "C3"}), *rating_band("under-1400"), "all");
  ASSERT_EQ(low.size(), 1u);
  EXPECT_EQ(low[0].move, "D3");
  EXPECT_EQ(low[0].white, 1);
  auto high = index.moves_from(kEmpty, *rating_band("1800-up"), "all");
  ASSERT_EQ(high.size(), 1u);
  EXPECT_EQ(high[0].games, 1);
  EXPECT_TRUE(index.moves_from(kEmpty, *rating_band("1800-up"), "bullet").empty());

  // A game indexed again (it ended, then the backfill ran) adds nothing.
  std::string id = store_game(store, {{"G3"}, Winner::Black, "untimed", 1500, 1500});
  EXPECT_EQ(index.index_game(id), "");
  EXPECT_EQ(index.index_game(id), "");
  EXPECT_EQ(index.backfill(), 0u);
  EXPECT_EQ(find(index.moves_from(kEmpty, all, "all"), "G3")->games, 1);
}

TEST(ExplorerIndex, TheAnswerScoresForTheMoverAndSortsByGames) {
  std::string error;
  auto at = explorer_position(after({"A3"}), error);
  ASSERT_TRUE(at) << error;
  std::vector<PlacementStats> rows = {{"B3", 1, 1, 0, 0, 0, 0}, {"C3", 4, 1, 2, 1, 6000, 4}};
  json j = explorer_json(*at, "players", "all", "all", rows);
  EXPECT_EQ(j["to_move"], "black");
  ASSERT_EQ(j["moves"].size(), 2u);
  EXPECT_EQ(j["moves"][0]["move"], "C3");   // most played first
  EXPECT_EQ(j["moves"][0]["score"], 50.0);  // Black: 1 win, 2 draws of 4
  EXPECT_EQ(j["moves"][0]["rating"], 1500);
  EXPECT_EQ(j["moves"][1]["score"], 0.0);
  EXPECT_TRUE(j["moves"][1]["rating"].is_null());
  EXPECT_EQ(j["total"]["games"], 5);
}

TEST(EngineGameSet, GeneratesTheSameGamesForASeedAndReadsThemBack) {
  EngineGameSettings s{.games = 2, .seed = 7, .random_share = 0.5, .depth = 1, .nodes = 200};
  auto a = generate_engine_games(s);
  auto b = generate_engine_games(s);
  ASSERT_EQ(a.size(), 2u);
  std::string text = format_engine_games(a, s);
  EXPECT_EQ(text, format_engine_games(b, s));
  std::string error;
  auto back = parse_engine_games(text, &error);
  ASSERT_TRUE(back) << error;
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[0].placements.size(), 49u);
  EXPECT_EQ(format_engine_games(*back, s), text);
  EngineGameBook book(*back);
  auto first = book.moves_from(kEmpty);
  std::int64_t games = 0;
  for (const auto& m : first) games += m.games;
  EXPECT_EQ(games, 2);
  // Bad sets say where.
  EXPECT_FALSE(parse_engine_games("white A3 A3\n", &error));
  EXPECT_NE(error.find("line 1"), std::string::npos) << error;
  EXPECT_FALSE(parse_engine_games("# c\nwon A3\n", &error));
  EXPECT_NE(error.find("line 2"), std::string::npos) << error;
  // The bundled set parses.
  EXPECT_TRUE(parse_engine_games(bundled_engine_games_text(), &error)) << error;
}

class ExplorerTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.explorer_depth = 1;
    c.explorer_nodes = 300;
    c.explorer_games = "white A3 B3 C3 D3\nblack A3 C3 B3 E3\nblack C3 B3 A3\n";
  }
};

TEST_F(ExplorerTest, AGameThatEndsJoinsTheIndex) {
  Browser ann = signup("ann"), bob = signup("bob");
  auto g = start_online(ann, bob);
  ASSERT_FALSE(g.id.empty());
  // White (ann) and Black (bob) in turn.
  std::vector<std::string> moves = {"E3", "F3", "G3", "H3"};
  for (const std::string& m : moves) {
    bool white = (&m - moves.data()) % 2 == 0;
    auto r = call("/api/games/" + g.id + "/moves", {{"token", white ? g.white : g.black}, {"move", m}});
    ASSERT_EQ(r.status, 200) << r.body;
  }
  auto r = call("/api/games/" + g.id + "/resign", {{"token", g.white}});
  ASSERT_EQ(r.status, 200) << r.body;
  json j;
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until) {
    auto a = get(url(after({"E3", "F3"})));
    ASSERT_EQ(a.status, 200) << a.body;
    j = a.json();
    if (!j["moves"].empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(j["moves"].size(), 1u) << j;
  EXPECT_EQ(j["moves"][0]["move"], "G3");
  EXPECT_EQ(j["moves"][0]["games"], 1);
  EXPECT_EQ(j["total"]["games"], 1);
  EXPECT_EQ(j["source"], "players");
}

TEST_F(ExplorerTest, BadInputIsRefusedWithAClearMessage) {
  struct Case {
    std::string target, says;
  };
  for (const Case& c : std::vector<Case>{
           {"/api/explorer?position=nonsense", "does not parse"},
           {"/api/explorer?source=everyone", "source must be"},
           {"/api/explorer?band=2000", "band must be one of"},
           {"/api/explorer?family=fast", "family must be one of"},
           {"/api/explorer/engine?position=x", "does not parse"},
       }) {
    auto r = get(c.target);
    EXPECT_EQ(r.status, 400) << c.target << ": " << r.body;
    EXPECT_NE(r.json().value("error", "").find(c.says), std::string::npos) << c.target << ": " << r.body;
  }
  // A position past the placement phase: every piece placed.
  Game full;
  while (full.position().in_placement()) {
    MoveList list;
    full.position().generate(list);
    ASSERT_EQ(full.play(list[0]), "");
  }
  auto r = get(url(format_position(full.state())));
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_NE(r.json().value("error", "").find("past the placement phase"), std::string::npos) << r.body;
}

TEST_F(ExplorerTest, TheEngineSourceCountsTheEngineGames) {
  auto r = get(url(kEmpty, "&source=engine&band=1800-up&family=blitz"));
  ASSERT_EQ(r.status, 200) << r.body;
  json j = r.json();
  EXPECT_EQ(j["source"], "engine");
  EXPECT_EQ(j["band"], "all");  // the engine games have no ratings
  EXPECT_EQ(j["total"]["games"], 3);
  EXPECT_EQ(j["moves"][0]["move"], "A3");
  EXPECT_EQ(j["moves"][0]["games"], 2);
  EXPECT_EQ(j["moves"][0]["score"], 50.0);
  // A3 C3 B3 transposes into A3 B3 C3 (C3 B3 A3 too, but ends there).
  j = get(url(after({"A3", "B3", "C3"}), "&source=engine")).json();
  ASSERT_EQ(j["moves"].size(), 2u);
  EXPECT_EQ(j["moves"][0]["move"], "D3");
  EXPECT_EQ(j["moves"][1]["move"], "E3");
  EXPECT_EQ(j["total"]["games"], 2);
  // The players' source has none of them.
  EXPECT_EQ(get(url(kEmpty)).json()["total"]["games"], 0);
}

TEST_F(ExplorerTest, TheEngineViewArrivesAndIsCached) {
  const std::string at = after({"A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3", "I3", "J3", "K3"});
  std::string target = "/api/explorer/engine?position=" + at;
  for (auto& c : target)
    if (c == ' ') c = '+';
  auto r = get(target);
  ASSERT_TRUE(r.status == 202 || r.status == 200) << r.body;
  json j;
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < until) {
    r = get(target);
    j = r.json();
    if (r.status == 200) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(j["status"], "done");
  EXPECT_EQ(j["moves"].size(), 49u - 11u);  // every legal placement
  double best = j["moves"][0]["score"];
  for (const json& m : j["moves"]) EXPECT_LE(m["score"].get<double>(), best) << m;
  // The next viewer gets it at once, the same.
  auto again = get(target);
  EXPECT_EQ(again.status, 200);
  EXPECT_EQ(again.json(), j);
}

class ExplorerQueueTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.explorer_run = false;  // views stay queued
    c.explorer_views_per_address = 3;
    c.explorer_views_per_account = 2;
  }
};

TEST_F(ExplorerQueueTest, EngineViewsAreBoundedPerAccountAndPerAddress) {
  Browser ann = signup("ann");
  auto ask = [&](const std::vector<std::string>& moves, const Browser& who) {
    std::string target = "/api/explorer/engine?position=" + after(moves);
    for (auto& c : target)
      if (c == ' ') c = '+';
    return get(target, who);
  };
  EXPECT_EQ(ask({"A3"}, ann).status, 202);
  EXPECT_EQ(ask({"A3"}, ann).status, 202);  // the same position again costs nothing
  EXPECT_EQ(ask({"B3"}, ann).status, 202);
  auto r = ask({"C3"}, ann);  // ann's two are on their way
  EXPECT_EQ(r.status, 429) << r.body;
  EXPECT_NE(r.json().value("error", "").find("wait for one to finish"), std::string::npos) << r.body;
  EXPECT_EQ(ask({"D3"}, Browser{}).status, 202);  // the address's third
  EXPECT_EQ(ask({"E3"}, Browser{}).status, 429);  // the address's fourth
}

}  // namespace
}  // namespace dvonn::server::testing
