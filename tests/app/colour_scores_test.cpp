// scripts/colour_scores.py (a program's score by colour and by where the
// Dvonn pieces stood): what it reports from real and hand-made records, and
// bad input refused with what is wrong.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

int colour_scores(const std::string& args, const std::string& out) {
  const std::string cmd =
      std::string("python3 ") + DVONN_SOURCE_DIR + "/scripts/colour_scores.py " + args + " > " + out + " 2>&1";
  return std::system(cmd.c_str());
}

void write_record(const std::string& path, const std::string& white, const std::string& black,
                  const std::string& result, const std::string& moves) {
  std::ofstream(path) << "[Event \"dvonn match\"]\n[White \"" << white << "\"]\n[Black \"" << black << "\"]\n[Result \""
                      << result << "\"]\n\n"
                      << moves << " " << result << "\n";
}

TEST(ColourScores, CountsTheCommittedGamesByColour) {
  // The 16 games of tests/data/placement-variety: cand +3 =1 -12 (their
  // README), from random Dvonn pieces given in the Position tag.
  const TempDir tmp;
  const std::string out = tmp.path().string() + "/out.txt";
  const std::string data = std::string(DVONN_SOURCE_DIR) + "/tests/data/placement-variety";
  ASSERT_EQ(colour_scores("cand " + data, out), 0) << read_file(out);
  const std::string text = read_file(out);
  EXPECT_NE(text.find("cand: 21.9% of 16 games"), std::string::npos) << text;
  EXPECT_NE(text.find("as white: "), std::string::npos) << text;
  EXPECT_NE(text.find("as black: "), std::string::npos) << text;
  ASSERT_EQ(colour_scores("level4 " + data, out), 0) << read_file(out);
  EXPECT_NE(read_file(out).find("level4: 78.1% of 16 games"), std::string::npos) << read_file(out);
}

TEST(ColourScores, ReadsTheDvonnPiecesFromTheFirstPlacements) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  // From the empty board: C3, H3 and E3 (remoteness 158, as the engine's
  // test counts it), none on the edge; us White and winning, then Black and
  // losing with A1, B1, A2 (all three on the edge).
  write_record(dir + "/game-0001.dvonn", "us", "them", "1-0", "1. C3 H3 2. E3 A1");
  write_record(dir + "/game-0002.dvonn", "them", "us", "1-0", "1. A1 B1 2. A2 C3");
  ASSERT_EQ(colour_scores("us " + dir, dir + "/out.txt"), 0) << read_file(dir + "/out.txt");
  const std::string text = read_file(dir + "/out.txt");
  EXPECT_NE(text.find("us: 50.0% of 2 games"), std::string::npos) << text;
  EXPECT_NE(text.find("as white: 100.0% of 1"), std::string::npos) << text;
  EXPECT_NE(text.find("remoteness 158-158: 100.0% of 1"), std::string::npos) << text;
  EXPECT_NE(text.find("0 Dvonn pieces on the edge: 100.0% of 1"), std::string::npos) << text;
  EXPECT_NE(text.find("as black: 0.0% of 1"), std::string::npos) << text;
  EXPECT_NE(text.find("3 Dvonn pieces on the edge: 0.0% of 1"), std::string::npos) << text;
}

TEST(ColourScores, RefusesFoldersWithoutRecordsOrWithoutTheProgram) {
  const TempDir tmp;
  const std::string dir = tmp.path().string();
  EXPECT_NE(colour_scores("us " + dir, dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("no game-*.dvonn records"), std::string::npos)
      << read_file(dir + "/out.txt");
  write_record(dir + "/game-0001.dvonn", "a", "b", "1-0", "1. C3 H3 2. E3 A1");
  EXPECT_NE(colour_scores("us " + dir, dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("us played no finished game"), std::string::npos)
      << read_file(dir + "/out.txt");
  write_record(dir + "/game-0002.dvonn", "us", "b", "1-0", "1. C3");
  EXPECT_NE(colour_scores("us " + dir, dir + "/out.txt"), 0);
  EXPECT_NE(read_file(dir + "/out.txt").find("cannot tell where the three Dvonn pieces stood"), std::string::npos)
      << read_file(dir + "/out.txt");
}

}  // namespace
}  // namespace dvonn::test
