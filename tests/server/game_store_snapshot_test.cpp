// GameStore::load reads a game's row and its moves in one snapshot: while
// moves are committed one after the other (by this server's writer, or by
// another server on the same PostgreSQL database), every load sees a row
// and moves of one version. Read statement by statement, a row of version
// N came with the moves of N+1 now and then, and a room made of them was
// ahead of its own version (a bogus 409 at its next change). On a SQLite
// file and on a PostgreSQL database.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "postgres_cluster.hpp"
#include "server/base/now_ms.hpp"
#include "server/store/game_store.hpp"
#include "server_fixture.hpp"

namespace dvonn::server::testing {
namespace {

enum class Backend { Sqlite, Postgres };

class GameStoreSnapshotTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    dir_ = fresh_temp_dir("dvonn-snapshot-test-");
    db_ = GetParam() == Backend::Sqlite ? (dir_ / "games.db").string() : shared_postgres().fresh_database();
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::filesystem::path dir_;
  std::string db_;
};

INSTANTIATE_TEST_SUITE_P(Backends, GameStoreSnapshotTest, ::testing::Values(Backend::Sqlite, Backend::Postgres),
                         [](const auto& info) { return info.param == Backend::Sqlite ? "Sqlite" : "Postgres"; });

TEST_P(GameStoreSnapshotTest, ALoadDuringWritesSeesARowAndMovesOfOneVersion) {
  GameStore store(db_, 2);
  const std::string id = "snapshot-game";
  StoredGame game;
  game.id = id;
  game.mode = Mode::Local;
  game.start = "start";
  ASSERT_EQ(store.commit([&](StoreWriter& w) { w.insert_game(game); }), "");
  // Move N and version N in one transaction each, as a room commits them.
  constexpr int kMoves = 200;
  std::atomic<bool> written{false};
  std::thread writer([&] {
    for (int n = 1; n <= kMoves; ++n) {
      std::string error = store.commit([&](StoreWriter& w) {
        w.append_move(id, n, "E3", system_now_ms());
        GameProgress p;
        p.version = n;
        p.move_count = n;
        w.set_progress(id, p);
      });
      EXPECT_EQ(error, "") << n;
    }
    written = true;
  });
  int loads = 0, torn = 0;
  std::string first_torn;
  while (!written) {
    auto g = store.load(id);
    ASSERT_TRUE(g);
    ++loads;
    const auto moves = static_cast<std::int64_t>(g->moves.size());
    if (moves != g->version || moves != g->move_count || g->move_times.size() != g->moves.size()) {
      if (!torn++)
        first_torn = "version " + std::to_string(g->version) + ", move count " + std::to_string(g->move_count) +
                     ", moves " + std::to_string(moves);
    }
  }
  writer.join();
  EXPECT_EQ(torn, 0) << "of " << loads << " loads; the first: " << first_torn;
  EXPECT_GT(loads, 0);
  auto last = store.load(id);
  ASSERT_TRUE(last);
  EXPECT_EQ(last->version, kMoves);
  EXPECT_EQ(last->moves.size(), static_cast<std::size_t>(kMoves));
}

}  // namespace
}  // namespace dvonn::server::testing
