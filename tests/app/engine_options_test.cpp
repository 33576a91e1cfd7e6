// `dvonn engine`'s experiment options: bad weights are refused with what is
// wrong, and nothing is played.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>

#include "app/position_source.hpp"
#include "app/weights_text.hpp"
#include "run_command.hpp"

namespace dvonn::test {
namespace {

TEST(EngineOptions, BadWeightsAreRefusedWithWhatIsWrong) {
  EXPECT_TRUE(refused("engine --weights 1,2,3", "MOVEMENT/PLACEMENT"));
  EXPECT_TRUE(refused("engine --weights 1,2/3", "expected 32 weights"));
  EXPECT_TRUE(refused("engine --weights x/1", "not a number"));
  EXPECT_TRUE(refused("engine --level greedy --threads 2", "numbered level"));
  EXPECT_TRUE(refused("engine --threads 0"));
}

TEST(EngineOptions, PlacementVarietyIsRefusedWhereItCannotApply) {
  EXPECT_TRUE(refused("engine --level random --placement-variety 10", "numbered level"));
  EXPECT_TRUE(refused("engine --placement-variety -1", "--placement-variety"));
  EXPECT_TRUE(refused("engine --placement-variety 10 --placement-lines 1", "--placement-lines"));
}

TEST(EngineOptions, MovementVarietyIsRefusedWhereItCannotApply) {
  EXPECT_TRUE(refused("engine --level greedy --movement-variety 10", "numbered level"));
  EXPECT_TRUE(refused("engine --movement-variety 10 --movement-lines 1", "--movement-lines"));
  EXPECT_TRUE(refused("engine --movement-variety 10 --movement-depth 9", "--movement-depth"));
}

TEST(EngineOptions, RandomMoveReplacesTheLevelsChance) {
  CommandResult r;
  EXPECT_TRUE(refused("engine --level greedy --random-move 0.5", "numbered level"));
  EXPECT_TRUE(refused("engine --random-move 1.5", "--random-move"));
  // Level 8 always picks the same move here; with every move random, the
  // seeds pick different legal ones.
  const std::string position = "d8/10/1d9/10/5d3 place b";
  CommandResult legal = run_dvonn("legal --position \"" + position + "\"");
  ASSERT_EQ(legal.exit_code, 0) << legal.output;
  std::set<std::string> searched, random;
  for (int seed = 1; seed <= 6; ++seed) {
    for (const char* chance : {"0", "1"}) {
      r = run_dvonn("engine --time-per-game 1 --random-move " + std::string(chance) + " --seed " + std::to_string(seed),
                    "Setup " + position + "\nStart\nQuit\n");
      ASSERT_EQ(r.exit_code, 0) << r.output;
      const std::string move = first_line(r);
      EXPECT_NE(legal.output.find(move + "\n"), std::string::npos) << move;
      (chance[0] == '0' ? searched : random).insert(move);
    }
  }
  EXPECT_EQ(searched.size(), 1u);
  EXPECT_GE(random.size(), 3u);
}

TEST(EngineOptions, SearchExperimentsTakeCentipiecesOnANumberedLevel) {
  // --aspiration and --futility: a margin in centipieces, for a level
  // that searches; with one the player still answers with a move.
  for (const char* option : {"--aspiration", "--futility"}) {
    const std::string o = option;
    EXPECT_TRUE(refused("engine " + o + " -5", o));
    EXPECT_TRUE(refused("engine " + o + " wide", o));
    EXPECT_TRUE(refused("engine --level greedy " + o + " 25", "numbered level"));
    EXPECT_TRUE(refused("engine --level random " + o + " 300", "numbered level"));
    CommandResult r = run_dvonn("engine --time-per-game 1 " + o + " 300", "Start\nQuit\n");
    ASSERT_EQ(r.exit_code, 0) << o << ": " << r.output;
    EXPECT_EQ(first_line(r).size(), 2u) << o << ": " << r.output;
  }
}

TEST(EngineOptions, DvonnPlacementIsRefusedWhereItCannotApply) {
  EXPECT_TRUE(refused("engine --dvonn-placement spread", "--dvonn-placement"));
  EXPECT_TRUE(refused("engine --level greedy --dvonn-placement cluster", "numbered level"));
  // The first Dvonn piece: the table's C3 (level 7's default), the cluster
  // rule's elsewhere.
  CommandResult r = run_dvonn("engine --time-per-game 1 --dvonn-placement table", "Start\nQuit\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(first_line(r), "C3");
  r = run_dvonn("engine --level 7 --time-per-game 1", "Start\nQuit\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(first_line(r), "C3");
  r = run_dvonn("engine --time-per-game 1 --dvonn-placement cluster", "Start\nQuit\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(first_line(r), "C3");
  for (const char* seed : {"1", "2", "3"}) {
    r = run_dvonn(std::string("engine --time-per-game 1 --dvonn-placement off-middle --seed ") + seed, "Start\nQuit\n");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    ASSERT_EQ(first_line(r).size(), 2u) << r.output;
    EXPECT_NE(first_line(r)[1], '3') << first_line(r);
  }
}

TEST(EngineOptions, LevelEightDrawsItsDvonnPiecesFromTheSeed) {
  // Level 8's default: the same seed places the same piece, different seeds
  // spread over the board.
  std::set<std::string> drawn;
  for (int seed = 1; seed <= 6; ++seed) {
    const std::string command = "engine --time-per-game 1 --seed " + std::to_string(seed);
    CommandResult r = run_dvonn(command, "Start\nQuit\n");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const std::string move = first_line(r);
    EXPECT_EQ(run_dvonn(command, "Start\nQuit\n").output.substr(0, move.size()), move) << command;
    drawn.insert(move);
  }
  EXPECT_GE(drawn.size(), 3u);  // 6 draws from 49 spaces
}

TEST(EngineOptions, PlacementVarietyPlaysLegalPlacementsThatVaryWithTheSeed) {
  // After the three Dvonn pieces: Black places the first coloured piece.
  const std::string position = "d8/10/1d9/10/5d3 place b";
  std::set<std::string> moves;
  for (int seed = 1; seed <= 6; ++seed) {
    CommandResult r = run_dvonn("engine --placement-variety 1000 --seed " + std::to_string(seed),
                                "Setup " + position + "\nStart\nQuit\n");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    moves.insert(first_line(r));
  }
  CommandResult legal = run_dvonn("legal --position \"" + position + "\"");
  ASSERT_EQ(legal.exit_code, 0) << legal.output;
  for (const std::string& m : moves) EXPECT_NE(legal.output.find(m + "\n"), std::string::npos) << m;
  EXPECT_GE(moves.size(), 2u);
}

TEST(EngineOptions, TimeLogAndOverheadOptions) {
  EXPECT_TRUE(refused("engine --move-overhead -0.5", "--move-overhead"));
  // One dvonn-time line for the move played: phase, placed pieces, seconds, seconds left.
  CommandResult r = run_dvonn("engine --log-times --move-overhead 0.002 --reserve-overhead --time-per-game 2",
                              "Setup d8/10/1d9/10/5d3 place b\nStart\nQuit\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto at = r.output.find("dvonn-time place 3 ");
  ASSERT_NE(at, std::string::npos) << r.output;
  std::istringstream fields(r.output.substr(at + 19));
  double seconds = -1, left = -1;
  fields >> seconds >> left;
  EXPECT_GE(seconds, 0.0);
  // 2 s less the safety margin (0.15 s) and the reserve for 22 + 20 moves to come.
  EXPECT_NEAR(left, 2 - 0.15 - 0.002 * 42, 0.01) << r.output;
  // The reserve is the default; --no-reserve-overhead plans with the whole clock.
  r = run_dvonn("engine --log-times --no-reserve-overhead --time-per-game 2",
                "Setup d8/10/1d9/10/5d3 place b\nStart\nQuit\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto plain = r.output.find("dvonn-time place 3 ");
  ASSERT_NE(plain, std::string::npos) << r.output;
  std::istringstream plain_fields(r.output.substr(plain + 19));
  plain_fields >> seconds >> left;
  EXPECT_NEAR(left, 2 - 0.15, 0.01) << r.output;
}

TEST(EngineOptions, WeightsTextReadsBackWhatItWrites) {
  // `dvonn tune` writes this text and `--weights` reads it: one format.
  engine::Weights w = engine::default_weights();
  w.move[0] = -7;
  w.place.back() = 12345;
  const std::string text = app::format_weights_text(w);
  EXPECT_EQ(std::count(text.begin(), text.end(), '/'), 1) << text;
  const engine::Weights back = app::parse_weights(text);
  EXPECT_EQ(back.move, w.move);
  EXPECT_EQ(back.place, w.place);
  EXPECT_THROW(app::parse_weights(text.substr(0, text.rfind(','))), app::InputError);  // one short
}

TEST(EngineOptions, TwoThreadsAnswerWithALegalMove) {
  // From a movement-phase position the engine searches, here on two threads.
  const std::string position = "bwwwbbdbb/dwbdbbwwbb/bbbbwwbwwww/wbwbbbwwww/wwwbbwbbw move w";
  CommandResult r = run_dvonn("engine --threads 2 --time-per-game 2", "Setup " + position + "\nStart\nQuit\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string move = first_line(r);
  CommandResult legal = run_dvonn("legal --position \"" + position + "\"");
  ASSERT_EQ(legal.exit_code, 0) << legal.output;
  EXPECT_NE(legal.output.find(move + "\n"), std::string::npos) << move << " is not among\n" << legal.output;
  EXPECT_EQ(move.size(), 4u) << r.output;
}

}  // namespace
}  // namespace dvonn::test
