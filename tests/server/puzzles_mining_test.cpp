// Mining finished games for puzzles (server/puzzles/puzzle_mining.hpp): a
// finished game is mined once and marked in the transaction that stores
// its puzzles; a mining stopped before its commit leaves the game unmined
// for the next start; a game whose moves changed while it was mined has
// its result refused and is mined again with its new moves. And the
// bundled set loads, twice without adding anything; a bad puzzles file is
// refused with a message naming what is wrong. And the server mines a game
// that ends, in the background.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include "community_fixture.hpp"
#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "server/base/random_id.hpp"
#include "server/puzzles/bundled_puzzles.hpp"
#include "server/puzzles/puzzle_mining.hpp"
#include "server/puzzles/puzzle_service.hpp"

namespace dvonn::server::testing {
namespace {

Game finished_game() {
  std::ifstream in(std::string(DVONN_SOURCE_DIR) + "/tests/data/review-game.txt");
  std::stringstream s;
  s << in.rdbuf();
  auto record = parse_record(s.str());
  auto game = record ? replay_record(*record) : std::nullopt;
  EXPECT_TRUE(game);
  return game ? *game : Game();
}

class PuzzleMiningTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fresh_temp_dir("dvonn-puzzle-mining-");
    store_ = std::make_unique<GameStore>((dir_ / "games.db").string());
    puzzles_ = std::make_unique<PuzzleStore>(*store_);
  }
  void TearDown() override {
    puzzles_.reset();
    store_.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::unique_ptr<PuzzleMining> mining() {
    PuzzleMiningLimits limits;
    limits.budget.nodes = 20'000;
    limits.budget.depth = 4;
    limits.run = false;
    return std::make_unique<PuzzleMining>(*store_, *puzzles_, engines_, limits, [] { return std::int64_t{1000}; });
  }
  std::string store_game(const Game& game, bool over) {
    StoredGame g;
    g.id = new_game_id();
    g.mode = Mode::Local;
    g.start = format_position(game.start());
    g.white_token = g.black_token = "t";
    g.over = over;
    for (Move m : game.moves()) g.moves.push_back(to_string(m));
    EXPECT_EQ(store_->commit([&](StoreWriter& w) { w.insert_game(g); }), "");
    return g.id;
  }

  std::filesystem::path dir_;
  std::unique_ptr<GameStore> store_;
  std::unique_ptr<PuzzleStore> puzzles_;
  EngineWorkers engines_{1, 8};
};

TEST_F(PuzzleMiningTest, AFinishedGameIsMinedOnceAndAGameInProgressNot) {
  Game game = finished_game();
  const std::string done = store_game(game, true);
  store_game(game, false);
  auto m = mining();
  EXPECT_EQ(puzzles_->unmined_games(10), std::vector<std::string>{done});
  EXPECT_EQ(m->mine_pending(), 1);
  EXPECT_TRUE(puzzles_->unmined_games(10).empty());
  const std::int64_t count = puzzles_->count();
  EXPECT_EQ(m->mine_pending(), 0);
  EXPECT_EQ(puzzles_->count(), count);
}

TEST_F(PuzzleMiningTest, AStopBeforeTheCommitLeavesTheGameForTheNextStart) {
  const std::string id = store_game(finished_game(), true);
  {
    auto m = mining();
    m->set_before_commit([&](const std::string&) { m->stop(); });
    EXPECT_EQ(m->mine_pending(), 0);
  }
  EXPECT_EQ(puzzles_->count(), 0);
  EXPECT_EQ(puzzles_->unmined_games(10), std::vector<std::string>{id});
  // The next start mines it.
  EXPECT_EQ(mining()->mine_pending(), 1);
  EXPECT_TRUE(puzzles_->unmined_games(10).empty());
}

TEST_F(PuzzleMiningTest, AGameWhoseMovesChangedIsRefusedAndMinedAgain) {
  Game game = finished_game();
  const std::string id = store_game(game, true);
  auto m = mining();
  bool changed = false;
  m->set_before_commit([&](const std::string& game_id) {
    if (changed) return;
    changed = true;
    EXPECT_EQ(store_->commit([&](StoreWriter& w) { w.truncate_moves(game_id, 10); }), "");
  });
  EXPECT_EQ(m->mine_pending(), 0);
  EXPECT_EQ(puzzles_->count(), 0);
  EXPECT_EQ(puzzles_->unmined_games(10), std::vector<std::string>{id});
  // Mined again, with the moves it has now.
  EXPECT_EQ(m->mine_pending(), 1);
  EXPECT_TRUE(puzzles_->unmined_games(10).empty());
}

TEST_F(PuzzleMiningTest, TheBundledSetLoadsAndLoadingAgainAddsNothing) {
  PuzzleService service(*puzzles_, [] { return std::int64_t{1000}; });
  const int added = service.load_json(bundled_puzzles_json(), "the bundled puzzles");
  EXPECT_GE(added, 20);
  EXPECT_EQ(puzzles_->count(), added);
  EXPECT_EQ(service.load_json(bundled_puzzles_json(), "the bundled puzzles"), 0);
  EXPECT_EQ(puzzles_->count(), added);
}

TEST_F(PuzzleMiningTest, ABadPuzzlesFileIsRefusedWithAMessage) {
  PuzzleService service(*puzzles_, [] { return std::int64_t{1000}; });
  auto refusal = [&](const std::string& text) {
    try {
      service.load_json(text, "f.json");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal("not json").find("not a puzzles file"), std::string::npos);
  EXPECT_NE(refusal(R"({"puzzles": [{"position": "9/10/11/10/9 pos w"}]})").find("does not parse"), std::string::npos);
  EXPECT_NE(refusal(R"({"puzzles": [{"position": "9/10/11/10/9 place w"}]})").find("movement phase"),
            std::string::npos);
  const std::string pos = "bwwwbbdbb/dwbdbbwwbb/bbbbwwbwwww/wbwbbbwwww/wwwbbwbbw move w";
  EXPECT_NE(refusal(R"({"puzzles": [{"position": ")" + pos + R"(", "solution": ["A1A2"], "refutation": []}]})")
                .find("solution is not a legal line"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"puzzles": [{"position": ")" + pos + R"(", "solution": 3}]})").find("solution must be"),
            std::string::npos);
  EXPECT_EQ(puzzles_->count(), 0);
}

// The server's own mining: a game that ends is mined in the background
// (the thread started with the server, woken by the game's end), and the
// server stops cleanly with the thread.
class ServerMiningTest : public CommunityTest {
 protected:
  void configure(ServerConfig& c) override {
    CommunityTest::configure(c);
    c.puzzle_mining = true;
    c.puzzle_mining_interval_ms = 50;
    c.puzzle_nodes = 5'000;
    // The engine pool's priority: this machine's other work (builds) would
    // otherwise leave the miner almost no CPU.
    c.puzzle_nice = 10;
  }
};

TEST_F(ServerMiningTest, AFinishedGameIsMinedInTheBackground) {
  std::ifstream in(std::string(DVONN_SOURCE_DIR) + "/tests/data/review-game.txt");
  std::stringstream record;
  record << in.rdbuf();
  auto r = call("/api/games", {{"mode", "local"}, {"record", record.str()}});
  ASSERT_EQ(r.status, 201) << r.body;
  const std::string id = r.json()["id"];
  // Read from a second connection to the same database.
  GameStore reader(config_.db);
  PuzzleStore puzzles(reader);
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool mined = false;
  while (!mined && std::chrono::steady_clock::now() < until) {
    auto left = puzzles.unmined_games(10);
    mined = std::find(left.begin(), left.end(), id) == left.end();
    if (!mined) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(mined);
  // Mined once: a restart leaves it mined and the server serves on.
  restart();
  auto left = puzzles.unmined_games(10);
  EXPECT_EQ(std::find(left.begin(), left.end(), id), left.end());
  EXPECT_EQ(get("/api/games/" + id).status, 200);
}

}  // namespace
}  // namespace dvonn::server::testing
