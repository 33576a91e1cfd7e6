// Many nodes on one PostgreSQL database: a node that hears of another
// node's change of a game it holds reads only what it lacks (the game's
// row and the moves after its own: GameStore::load_increment) and falls
// back to reading the whole game when that does not fit (a takeback
// removed moves it holds). Whatever the path, its room must be the one a
// whole load gives: each test compares the state every node serves with
// the state of a room made by GameRoom::load from GameStore::load, text
// for text (clocks included: the nodes' clock stands still unless a test
// moves it).
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "multi_node_fixture.hpp"
#include "server/rooms/engine_workers.hpp"
#include "server/rooms/game_room.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

constexpr std::int64_t kStartMs = 1'800'000'000'000;

class MultiNodeIncrementalTest : public MultiNodeFixture {
 protected:
  void SetUp() override {
    for (std::size_t i : {0u, 1u}) start_node(i, still_config());
  }
  // The nodes' clock stands still (moved by advance()), so that a state's
  // clock reads the same on every node and in the reference room.
  ServerConfig still_config() const {
    ServerConfig c = node_config();
    c.now_ms = [offset = offset_] { return kStartMs + offset->load(); };
    return c;
  }

  // The state a room made from the whole stored game serves.
  std::string full_load_state(const std::string& id) {
    GameStore store(db_);
    EngineWorkers engines(1, 1);
    RoomContext context{store, engines};
    context.now_ms = [offset = offset_] { return kStartMs + offset->load(); };
    auto stored = store.load(id);
    EXPECT_TRUE(stored);
    if (!stored) return "";
    return *GameRoom::load(*stored, context)->state();
  }
  // Every node serves the state of a whole load.
  void expect_full_load_state(const std::string& id, const std::string& when) {
    std::string expected = full_load_state(id);
    for (int node : {0, 1}) {
      auto r = get(node, "/api/games/" + id);
      ASSERT_EQ(r.status, 200) << r.body;
      EXPECT_EQ(r.body, expected) << "node " << node << " " << when;
    }
  }
  // Waits until both nodes serve version `version` of the game.
  void wait_version(const std::string& id, std::int64_t version) {
    for (int node : {0, 1}) wait_get(node, "/api/games/" + id, [&](const json& s) { return s["version"] == version; });
  }
  // A node's count of refreshes from /metrics (kind: "full" or
  // "incremental").
  std::uint64_t refreshes(int node, const std::string& kind) {
    auto r = get(node, "/metrics");
    EXPECT_EQ(r.status, 200);
    std::istringstream lines(r.body);
    const std::string name = "dvonn_room_refreshes_" + kind + "_total ";
    for (std::string line; std::getline(lines, line);)
      if (line.rfind(name, 0) == 0) return std::stoull(line.substr(name.size()));
    ADD_FAILURE() << "no " << name << "in /metrics";
    return 0;
  }
  HttpResult seat_call(int node, const std::string& id, const std::string& verb, const std::string& token) {
    return call(node, "/api/games/" + id + "/" + verb, {{"token", token}});
  }
};

// The store alone: a game held at version 3 with moves E3 F3 G3 (G3
// written by version 3).
class GameIncrementTest : public ::testing::Test {
 protected:
  GameIncrementTest() : store_(shared_postgres().fresh_database()) {
    g_.id = "incrementgame000000000";
    g_.mode = Mode::Local;
    g_.start = "start";
    g_.white_token = g_.black_token = "t";
    g_.version = 1;
    g_.moves = {"E3", "F3"};
    EXPECT_EQ(store_.commit([&](StoreWriter& w) {
      w.insert_game(g_);
      w.set_progress(g_.id, progress(1, 2));
    }),
              "");
    change(
        1, 2, [](StoreWriter& w, const std::string& id) { w.append_move(id, 3, "G3", 1000, 3); }, 3);
    change(
        2, 3, [](StoreWriter&, const std::string&) {}, 3);
  }
  static GameProgress progress(std::int64_t version, int moves) {
    GameProgress p;
    p.version = version;
    p.move_count = moves;
    return p;
  }
  // One change of the game, from version `from` to from + 1, leaving it
  // `moves` moves.
  template <typename Writes>
  void change(std::int64_t from, std::int64_t to, Writes writes, int moves) {
    ASSERT_EQ(store_.commit([&](StoreWriter& w) {
      w.advance_version(g_.id, from, to, false);
      writes(w, g_.id);
      w.set_progress(g_.id, progress(to, moves));
    }),
              "");
  }
  HeldGame held() const {
    HeldGame h;
    h.version = 3;
    h.moves = 3;
    h.last_move_version = 3;
    return h;
  }
  GameStore store_;
  StoredGame g_;
};

TEST_F(GameIncrementTest, MovesAddedAreReadAlone) {
  auto same = store_.load_increment(g_.id, held());
  ASSERT_TRUE(same);
  EXPECT_TRUE(same->unchanged);
  change(
      3, 4, [](StoreWriter& w, const std::string& id) { w.append_move(id, 4, "H3", 2000, 4); }, 4);
  change(
      4, 5, [](StoreWriter& w, const std::string& id) { w.append_move(id, 5, "I3", 3000, 5); }, 5);
  auto inc = store_.load_increment(g_.id, held());
  ASSERT_TRUE(inc);
  EXPECT_FALSE(inc->unchanged);
  EXPECT_FALSE(inc->full);
  EXPECT_EQ(inc->game.version, 5);
  EXPECT_EQ(inc->game.moves, (std::vector<std::string>{"H3", "I3"}));
  EXPECT_EQ(inc->game.move_times, (std::vector<std::int64_t>{2000, 3000}));
  EXPECT_EQ(inc->game.move_versions, (std::vector<std::int64_t>{4, 5}));
  EXPECT_FALSE(store_.load_increment("nosuchgame000000000000", held()));
}

TEST_F(GameIncrementTest, AMovePlayedAgainAfterATakebackIsNotTakenForTheOneHeld) {
  // Taken back and played again, the same move at the same time: only its
  // version tells it from the one held, and everything is read again.
  change(
      3, 4, [](StoreWriter& w, const std::string& id) { w.truncate_moves(id, 2); }, 2);
  change(
      4, 5, [](StoreWriter& w, const std::string& id) { w.append_move(id, 3, "G3", 1000, 5); }, 3);
  change(
      5, 6, [](StoreWriter& w, const std::string& id) { w.append_move(id, 4, "H3", 2000, 6); }, 4);
  auto inc = store_.load_increment(g_.id, held());
  ASSERT_TRUE(inc);
  EXPECT_TRUE(inc->full);
  EXPECT_EQ(inc->game.moves, (std::vector<std::string>{"E3", "F3", "G3", "H3"}));
  EXPECT_EQ(inc->game.move_versions, (std::vector<std::int64_t>{1, 1, 5, 6}));
}

TEST_F(GameIncrementTest, MovesOfUnknownVersionAndTakebacksBelowWhatIsHeldAreReadWhole) {
  // Written by a server that does not say its version (an older one).
  change(
      3, 4, [](StoreWriter& w, const std::string& id) { w.truncate_moves(id, 2); }, 2);
  change(
      4, 5, [](StoreWriter& w, const std::string& id) { w.append_move(id, 3, "G3", 1000); }, 3);
  auto inc = store_.load_increment(g_.id, held());
  ASSERT_TRUE(inc);
  EXPECT_TRUE(inc->full);
  // Fewer moves than are held.
  change(
      5, 6, [](StoreWriter& w, const std::string& id) { w.truncate_moves(id, 1); }, 1);
  HeldGame h = held();
  h.version = 5;
  h.last_move_version = 0;
  inc = store_.load_increment(g_.id, h);
  ASSERT_TRUE(inc);
  EXPECT_TRUE(inc->full);
  EXPECT_EQ(inc->game.moves, (std::vector<std::string>{"E3"}));
}

TEST_F(MultiNodeIncrementalTest, RandomMovesAndUndosOnTwoNodesLeaveEveryRoomAsAWholeLoad) {
  auto c = call(0, "/api/games", {{"mode", "local"}});
  ASSERT_EQ(c.status, 201) << c.body;
  const std::string id = c.json()["id"], token = c.json()["token"];
  // Both nodes hold the game.
  wait_version(id, c.json()["state"]["version"]);
  std::mt19937 random(40);
  // Changes made on each node, by kind: the other node refreshes from
  // each (moves: what it lacks; undos: the whole game).
  std::array<int, 2> moves_on{0, 0}, undos_on{0, 0};
  std::array<std::uint64_t, 2> full_before{refreshes(0, "full"), refreshes(1, "full")};
  std::array<std::uint64_t, 2> incremental_before{refreshes(0, "incremental"), refreshes(1, "incremental")};
  json state = c.json()["state"];
  for (int step = 0; step < 160 && state["phase"] != "over"; ++step) {
    const int node = static_cast<int>(random() % 2);
    const bool undo = !state["moves"].empty() && random() % 5 == 0;
    HttpResult r;
    if (undo) {
      r = call(node, "/api/games/" + id + "/undo", {{"token", token}});
    } else {
      const json& legal = state["legal"];
      ASSERT_FALSE(legal.empty());
      r = move(node, id, token, legal[random() % legal.size()]);
    }
    ASSERT_EQ(r.status, 200) << "step " << step << ": " << r.body;
    (undo ? undos_on : moves_on)[static_cast<std::size_t>(node)]++;
    state = r.json().contains("state") ? r.json()["state"] : r.json();
    wait_version(id, state["version"]);
    if (step % 20 == 0) expect_full_load_state(id, "at step " + std::to_string(step));
  }
  expect_full_load_state(id, "at the end");
  ASSERT_GT(undos_on[0] + undos_on[1], 0);
  // Each node took over the other's moves by reading what it lacked, and
  // the other's undos by reading the whole game.
  for (int node : {0, 1}) {
    const auto other = static_cast<std::size_t>(1 - node);
    EXPECT_EQ(refreshes(node, "incremental") - incremental_before[static_cast<std::size_t>(node)],
              static_cast<std::uint64_t>(moves_on[other]))
        << "node " << node;
    EXPECT_EQ(refreshes(node, "full") - full_before[static_cast<std::size_t>(node)],
              static_cast<std::uint64_t>(undos_on[other]))
        << "node " << node;
  }
}

TEST_F(MultiNodeIncrementalTest, ATakebackOnAnotherNodeIsReadWholeAndTheClockStaysRight) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob,
                        {{"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 2}}}, {"rated", false}});
  ASSERT_FALSE(g.black.empty());
  auto version = [&](int node) { return get(node, "/api/games/" + g.id).json()["version"].get<std::int64_t>(); };
  wait_version(g.id, version(1));
  // Moves a few seconds apart on alternate nodes: the clocks run.
  const std::vector<std::string> moves = {"E3", "F3", "G3", "H3", "I3", "D3"};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    advance(3000 + 700 * static_cast<std::int64_t>(i));
    const int node = static_cast<int>(i % 2);
    auto r = move(node, g.id, i % 2 ? g.black : g.white, moves[i]);
    ASSERT_EQ(r.status, 200) << moves[i] << ": " << r.body;
    wait_version(g.id, version(node));
  }
  expect_full_load_state(g.id, "after the moves");
  const std::uint64_t full_before = refreshes(1, "full");
  const std::uint64_t incremental_before = refreshes(1, "incremental");
  // Bob asks on node 1 to take his last move (D3) back; Alice accepts on
  // node 0: node 1 cannot add to what it holds and reads the whole game.
  advance(1500);
  ASSERT_EQ(seat_call(1, g.id, "takeback", g.black).status, 200);
  wait_version(g.id, version(1));
  advance(1500);
  ASSERT_EQ(seat_call(0, g.id, "takeback/accept", g.white).status, 200);
  wait_version(g.id, version(0));
  EXPECT_EQ(get(1, "/api/games/" + g.id).json()["moves"].size(), 5u);
  expect_full_load_state(g.id, "after the takeback");
  EXPECT_EQ(refreshes(1, "full"), full_before + 1);
  // The moves after the takeback are increments again.
  advance(2000);
  ASSERT_EQ(move(1, g.id, g.black, "B3").status, 200);
  wait_version(g.id, version(1));
  advance(2000);
  ASSERT_EQ(move(0, g.id, g.white, "C3").status, 200);
  wait_version(g.id, version(0));
  expect_full_load_state(g.id, "after moves past the takeback");
  EXPECT_EQ(refreshes(1, "full"), full_before + 1);
  EXPECT_EQ(refreshes(1, "incremental"), incremental_before + 1);
}

TEST_F(MultiNodeIncrementalTest, TheEndOfARatedGameOnAnotherNodeBringsItsRatingsAndPlayers) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob,
                        {{"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 2}}}, {"rated", true}});
  ASSERT_FALSE(g.black.empty());
  auto version = [&](int node) { return get(node, "/api/games/" + g.id).json()["version"].get<std::int64_t>(); };
  wait_version(g.id, version(1));
  for (std::size_t i = 0; i < 4; ++i) {
    advance(2500);
    const int node = static_cast<int>(i % 2);
    ASSERT_EQ(move(node, g.id, i % 2 ? g.black : g.white, std::vector<std::string>{"E3", "F3", "G3", "H3"}[i]).status,
              200);
    wait_version(g.id, version(node));
  }
  const std::uint64_t incremental_before = refreshes(1, "incremental");
  const std::uint64_t full_before = refreshes(1, "full");
  advance(1000);
  ASSERT_EQ(seat_call(0, g.id, "resign", g.white).status, 200);
  wait_version(g.id, version(0));
  auto ended = get(1, "/api/games/" + g.id).json();
  EXPECT_EQ(ended["end"], "resignation");
  EXPECT_TRUE(ended["rating_changes"].is_object()) << ended.dump();
  expect_full_load_state(g.id, "after the resignation");
  EXPECT_EQ(refreshes(1, "incremental"), incremental_before + 1);
  EXPECT_EQ(refreshes(1, "full"), full_before);
  // A rematch offered on node 1 (live fields only) reaches node 0 as an
  // increment too.
  ASSERT_EQ(seat_call(1, g.id, "rematch", g.black).status, 200);
  wait_version(g.id, version(1));
  expect_full_load_state(g.id, "after the rematch offer");
}

TEST_F(MultiNodeIncrementalTest, AnAbortOnAnotherNodeIsTakenOverAsAWholeLoadWould) {
  NodePerson alice = signup(0, "alice"), bob = signup(1, "bob");
  Game g = start_across(alice, bob,
                        {{"clock", {{"type", "realtime"}, {"initial", 300}, {"increment", 2}}}, {"rated", true}});
  ASSERT_FALSE(g.black.empty());
  auto version = [&](int node) { return get(node, "/api/games/" + g.id).json()["version"].get<std::int64_t>(); };
  wait_version(g.id, version(1));
  advance(1000);
  ASSERT_EQ(move(0, g.id, g.white, "E3").status, 200);
  wait_version(g.id, version(0));
  advance(1000);
  ASSERT_EQ(seat_call(1, g.id, "abort", g.black).status, 200);
  wait_version(g.id, version(1));
  EXPECT_EQ(get(0, "/api/games/" + g.id).json()["end"], "aborted");
  expect_full_load_state(g.id, "after the abort");
}

}  // namespace
}  // namespace dvonn::server::testing
