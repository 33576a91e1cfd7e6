// The statistics of a profile on a hand-made set of games with known
// answers (src/server/archive/profile_stats.hpp).
#include "server/archive/profile_stats.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "community/time_control_family.hpp"
#include "server/store/schema.hpp"
#include "server/store/sqlite_database.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

TEST(ProfileStatsTest, WinningStreaksCountRunsOfWins) {
  WinningStreaks s;
  for (int outcome : {1, 1, 0, 1, 1, 1, -1, 1}) s.add(outcome);
  EXPECT_EQ(s.longest, 3);
  EXPECT_EQ(s.current, 1);
  WinningStreaks none;
  EXPECT_EQ(none.longest, 0);
  EXPECT_EQ(none.current, 0);
  none.add(-1);
  none.add(0);
  EXPECT_EQ(none.longest, 0);
}

TEST(ProfileStatsTest, TimeControlFamiliesByExpectedLength) {
  auto family = [](const std::string& text) {
    std::string error;
    auto control = community::parse_time_control(text, error);
    EXPECT_EQ(error, "") << text;
    return std::string(community::time_control_family(control));
  };
  EXPECT_EQ(family("untimed"), "untimed");
  EXPECT_EQ(family("3d"), "correspondence");
  EXPECT_EQ(family("1+0"), "bullet");
  EXPECT_EQ(family("2+0"), "bullet");      // 120 s
  EXPECT_EQ(family("1+2"), "bullet");      // 60 + 80 = 140 s
  EXPECT_EQ(family("3+0"), "blitz");       // 180 s
  EXPECT_EQ(family("5+3"), "blitz");       // 300 + 120 = 420 s
  EXPECT_EQ(family("8+0"), "rapid");       // 480 s
  EXPECT_EQ(family("10+5"), "rapid");      // 600 + 200 = 800 s
  EXPECT_EQ(family("25+0"), "classical");  // 1500 s
}

class ProfileStatsDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    database_ = std::make_unique<SqliteDatabase>(":memory:");
    db_ = database_.get();
    create_schema(db_);
    sql_exec(db_,
             "INSERT INTO users(id, name, name_key, password_hash, guest, created_ms) VALUES "
             "(1, 'alice', 'alice', '', 0, 0), (2, 'bob', 'bob', '', 0, 0), (3, 'carol', 'carol', '', 0, 0)");
  }

  // A game of alice's: she plays `color` against `opponent`.
  void game(int n, const std::string& color, int opponent, const std::string& clock, const std::string& winner,
            const std::string& end, int score_white, int score_black, int over = 1) {
    int white = color == "white" ? 1 : opponent, black = color == "white" ? opponent : 1;
    std::string sql =
        "INSERT INTO games(id, mode, level, start, white_token, black_token, engine_color, version, over, created, "
        "white_user, black_user, clock, winner, end_reason, score_white, score_black, updated_ms, result) VALUES ('g" +
        std::to_string(n) + "', 'online', 0, '', 'w', 'b', 'none', 1, " + std::to_string(over) + ", 0, " +
        std::to_string(white) + ", " + std::to_string(black) + ", '" + clock + "', '" + winner + "', '" + end + "', " +
        std::to_string(score_white) + ", " + std::to_string(score_black) + ", " + std::to_string(1000 * n) + ", 'x')";
    sql_exec(db_, sql.c_str());
  }

  std::unique_ptr<SqliteDatabase> database_;
  Database* db_ = nullptr;
};

TEST_F(ProfileStatsDbTest, KnownAnswers) {
  // Alice: win, win, win, draw, loss, win, win (oldest first).
  game(1, "white", 2, "1+0", "white", "count", 10, 5);        // +5, bullet
  game(2, "black", 2, "5+3", "black", "count", 3, 8);         // +5, blitz
  game(3, "white", 3, "10+5", "white", "resignation", 9, 9);  // no difference
  game(4, "white", 3, "10+5", "draw", "count", 7, 7);         // 0, rapid
  game(5, "black", 2, "30+0", "white", "count", 20, 1);       // -19, classical
  game(6, "white", 3, "3d", "white", "time", 1, 1);           // correspondence
  game(7, "black", 2, "untimed", "black", "count", 4, 6);     // +2, untimed
  // Not counted: aborted, cancelled, unfinished.
  game(8, "white", 2, "untimed", "", "aborted", 0, 0);
  game(9, "white", 3, "untimed", "", "cancelled", 0, 0);
  game(10, "black", 2, "untimed", "", "", 0, 0, 0);

  json s = profile_stats(db_, 1);
  EXPECT_EQ(s["streaks"], (json{{"longest", 3}, {"current", 2}}));
  EXPECT_EQ(s["difference"]["games"], 5);
  EXPECT_DOUBLE_EQ(s["difference"]["average"].get<double>(), -7.0 / 5);
  EXPECT_EQ(s["as_white"], (json{{"games", 4}, {"wins", 3}, {"losses", 0}, {"draws", 1}}));
  EXPECT_EQ(s["as_black"], (json{{"games", 3}, {"wins", 2}, {"losses", 1}, {"draws", 0}}));
  json families = json::object();
  for (const auto& row : s["by_clock"]) families[row["family"].get<std::string>()] = row;
  ASSERT_EQ(s["by_clock"].size(), 6u);
  EXPECT_EQ(s["by_clock"][0]["family"], "bullet");
  EXPECT_EQ(families["bullet"]["wins"], 1);
  EXPECT_EQ(families["blitz"]["wins"], 1);
  EXPECT_EQ(families["rapid"]["games"], 2);
  EXPECT_EQ(families["rapid"]["wins"], 1);
  EXPECT_EQ(families["rapid"]["draws"], 1);
  EXPECT_EQ(families["classical"]["losses"], 1);
  EXPECT_EQ(families["correspondence"]["wins"], 1);
  EXPECT_EQ(families["untimed"]["games"], 1);
  ASSERT_EQ(s["opponents"].size(), 2u);
  EXPECT_EQ(s["opponents"][0]["player"]["name"], "bob");
  EXPECT_EQ(s["opponents"][0]["games"], 4);
  EXPECT_EQ(s["opponents"][0]["wins"], 3);
  EXPECT_EQ(s["opponents"][0]["losses"], 1);
  EXPECT_EQ(s["opponents"][1]["player"]["name"], "carol");
  EXPECT_EQ(s["opponents"][1]["games"], 3);
  EXPECT_EQ(s["opponents"][1]["draws"], 1);

  // Bob's side of the same games.
  json b = profile_stats(db_, 2);
  EXPECT_EQ(b["as_white"]["games"].get<int>() + b["as_black"]["games"].get<int>(), 4);
  EXPECT_EQ(b["streaks"]["longest"], 1);  // game 5
  EXPECT_EQ(b["streaks"]["current"], 0);
  EXPECT_DOUBLE_EQ(b["difference"]["average"].get<double>(), (-5 - 5 + 19 - 2) / 4.0);
}

TEST_F(ProfileStatsDbTest, NoGamesNoAverage) {
  json s = profile_stats(db_, 3);
  EXPECT_TRUE(s["difference"]["average"].is_null());
  EXPECT_EQ(s["difference"]["games"], 0);
  EXPECT_EQ(s["streaks"]["longest"], 0);
  EXPECT_TRUE(s["opponents"].empty());
  for (const auto& row : s["by_clock"]) EXPECT_EQ(row["games"], 0);
}

}  // namespace
}  // namespace dvonn::server
