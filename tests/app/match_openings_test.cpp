// `dvonn match --openings`: pairs start from the positions of a file, and a
// bad file is refused with the line that is wrong; the adapter that lets a
// program without the Setup extension start from such a position; the
// script that scores the placements of recorded games.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

std::string temp_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("dvonn-openings-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

std::string read(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

const std::string kOpening = "bwwwbbdbb/dwbdbbwwbb/bbbbwwbwwww/wbwbbbwwww/wwwbbwbbw move w";

TEST(MatchOpenings, PairsStartFromTheFilesPositions) {
  const std::string dir = temp_dir("good");
  write(dir + "/openings.txt", "# one position\n\n" + kOpening + "\n");
  const std::string engine = std::string(DVONN_BINARY) + " engine --level greedy";
  CommandResult r =
      run_dvonn("match --engine \"" + engine + "\" --engine \"" + engine +
                "\" --games 2 --time-per-game 2 --openings " + dir + "/openings.txt --out " + dir + "/games");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 openings from"), std::string::npos) << r.output;
  for (const char* game : {"/games/game-0001.dvonn", "/games/game-0002.dvonn"}) {
    const std::string record = read(dir + game);
    EXPECT_NE(record.find("[Position \"" + kOpening + "\"]"), std::string::npos) << record;
  }
  std::filesystem::remove_all(dir);
}

TEST(MatchOpenings, ABadLineIsRefusedWithItsNumber) {
  const std::string dir = temp_dir("bad");
  write(dir + "/openings.txt", kOpening + "\n" + "9/10/11/10/9 sideways w\n");
  EXPECT_TRUE(refused("match --engine x --engine y --openings " + dir + "/openings.txt", "line 2"));
  write(dir + "/empty.txt", "# nothing\n");
  EXPECT_TRUE(refused("match --engine x --engine y --openings " + dir + "/empty.txt", "no position"));
  write(dir + "/good.txt", kOpening + "\n");
  EXPECT_TRUE(refused("match --engine x --engine y --random-openings 5 --openings " + dir + "/good.txt", "not both"));
  std::filesystem::remove_all(dir);
}

TEST(StateArgAdapter, TurnsTheSetupLineIntoAStateArgument) {
  // The program behind the adapter prints its last argument and echoes its
  // input: the Setup line becomes the argument, everything else is relayed.
  const std::string dir = temp_dir("adapter");
  write(dir + "/echo.py", "import sys\nprint(sys.argv[-1])\nfor line in sys.stdin:\n    print(line, end='')\n");
  write(dir + "/input.txt", "Setup 2d6/7d2/11/10/d8 place b\nStart\nQuit\n");
  const std::string cmd = std::string("python3 ") + DVONN_SOURCE_DIR + "/scripts/state_arg_adapter.py -- python3 " +
                          dir + "/echo.py < " + dir + "/input.txt > " + dir + "/out.txt 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << read(dir + "/out.txt");
  // Black to place (digit B), then the 49 spaces row by row: the three Dvonn
  // pieces (B) at C1, H2 and C5, everything else empty (A).
  const std::string state = "B" + std::string("AAB") + std::string(6, 'A') + std::string(7, 'A') + "B" + "AA" +
                            std::string(11, 'A') + std::string(10, 'A') + "B" + std::string(8, 'A');
  EXPECT_EQ(read(dir + "/out.txt"), "--state=" + state + "\nStart\nQuit\n");
  // Without a Setup line the program starts as it is and gets every line.
  write(dir + "/input.txt", "Start\nQuit\n");
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(read(dir + "/out.txt"), dir + "/echo.py\nStart\nQuit\n");
  std::filesystem::remove_all(dir);
}

TEST(MovementStartScore, ScoresEachRecordFromThePlayersSide) {
  const std::string dir = temp_dir("start-score");
  const std::string engine = std::string(DVONN_BINARY) + " engine --level greedy";
  CommandResult r = run_dvonn(
      "match --engine \"" + engine + "\" --engine \"" + engine +
      "\" --name one --name two --games 2 --time-per-game 2 --random-openings 3 --seed 5 --out " + dir + "/games");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string script = std::string("python3 ") + DVONN_SOURCE_DIR + "/scripts/movement_start_score.py --dvonn " +
                             DVONN_BINARY + " --time 0.05 ";
  // The same games from each player's side: both are scored and compared
  // game by game.
  const std::string cmd = script + dir + "/games one " + dir + "/games two > " + dir + "/out.txt 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << read(dir + "/out.txt");
  const std::string out = read(dir + "/out.txt");
  EXPECT_NE(out.find("one: 2 games"), std::string::npos) << out;
  EXPECT_NE(out.find("two: 2 games"), std::string::npos) << out;
  EXPECT_NE(out.find("game by game over 2 games"), std::string::npos) << out;
  // A name no record has is refused, saying so.
  const std::string bad = script + dir + "/games nobody > " + dir + "/bad.txt 2>&1";
  EXPECT_NE(std::system(bad.c_str()), 0);
  EXPECT_NE(read(dir + "/bad.txt").find("no finished game records with a player named nobody"), std::string::npos)
      << read(dir + "/bad.txt");
  std::filesystem::remove_all(dir);
}

TEST(PlacementTest, PositionsAfterPlacementAndTheScoreOfTheirSide) {
  const std::string dir = temp_dir("placement");
  const std::string engine = std::string(DVONN_BINARY) + " engine --level greedy";
  CommandResult r = run_dvonn("match --engine \"" + engine + "\" --engine \"" + engine +
                              "\" --name one --name two --games 2 --time-per-game 2 --seed 3 --out " + dir + "/games");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string script = std::string("python3 ") + DVONN_SOURCE_DIR + "/scripts/placement_test.py ";
  std::string cmd = script + "openings --dvonn " + DVONN_BINARY + " --player one " + dir + "/games " + dir +
                    "/open.txt > " + dir + "/out.txt 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << read(dir + "/out.txt");
  EXPECT_NE(read(dir + "/out.txt").find("2 positions written"), std::string::npos) << read(dir + "/out.txt");
  // "one" was White in the first game and Black in the second.
  EXPECT_EQ(read(dir + "/open.txt.sides"), "w\nb\n");
  const std::string open = read(dir + "/open.txt");
  EXPECT_NE(open.find(" move w\n"), std::string::npos) << open;
  r = run_dvonn("match --engine \"" + engine + "\" --engine \"" + engine +
                "\" --games 4 --time-per-game 2 --openings " + dir + "/open.txt --seed 1 --out " + dir + "/finished");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  cmd = script + "score " + dir + "/open.txt " + dir + "/finished > " + dir + "/score.txt 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << read(dir + "/score.txt");
  EXPECT_NE(read(dir + "/score.txt").find("/4 = "), std::string::npos) << read(dir + "/score.txt");
  // Games that started from a position are refused: their first 49 moves
  // are not the placements.
  r = run_dvonn("match --engine \"" + engine + "\" --engine \"" + engine +
                "\" --name one --name two --games 2 --time-per-game 2 --random-openings 3 --seed 3 --out " + dir +
                "/random");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  cmd = script + "openings --dvonn " + DVONN_BINARY + " --player one " + dir + "/random " + dir + "/o2.txt > " + dir +
        "/bad.txt 2>&1";
  EXPECT_NE(std::system(cmd.c_str()), 0);
  EXPECT_NE(read(dir + "/bad.txt").find("not a game from the empty board"), std::string::npos)
      << read(dir + "/bad.txt");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dvonn::test
