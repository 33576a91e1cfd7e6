// The `dvonn` subcommands, run as a user would (play, match, engine and
// bench-search have files of their own here).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "run_command.hpp"

using dvonn::test::first_line;
using dvonn::test::run_dvonn;

namespace {

std::string temp_file(const std::string& content) {
  char name[] = "/tmp/dvonn-test-recordXXXXXX";
  int fd = mkstemp(name);
  FILE* f = fdopen(fd, "w");
  std::fputs(content.c_str(), f);
  std::fclose(f);
  return name;
}

const char* kShortPhase2 =
    "I1 E3 K4 F5 F4 G3 I3 H1 J4 F2 H3 C3 J2 D4 A2 E2 F3 A3 D3 G5 G1 H4 C2 I2 C4 J3 G2 B1 B2 K5 D5 G4 A1 E5 F1 E4 "
    "K3 D1 H2 B4 I4 D2 J5 B3 E1 I5 H5 C5 C1";

}  // namespace

TEST(PerftCommand, JsonHasNodesSecondsAndNps) {
  auto r = run_dvonn("perft 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["nodes"], 110544);
  EXPECT_GE(j["seconds"].get<double>(), 0.0);
  EXPECT_TRUE(j.contains("nps"));
}

TEST(PerftCommand, DivideListsEveryMoveAndTheTotal) {
  auto r = run_dvonn(std::string("perft 2 --divide --moves \"") + kShortPhase2 + "\"");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("perft 2: 1802 leaf positions"), std::string::npos) << r.output;
  int lines = 0;
  for (size_t p = 0; (p = r.output.find(": ", p)) != std::string::npos; ++p) ++lines;
  EXPECT_EQ(lines, 42 + 1);  // one per legal move plus the total line
}

TEST(PerftCommand, ThreadsGiveTheSameCount) {
  auto r = run_dvonn(std::string("perft 3 --threads 2 --json --moves \"") + kShortPhase2 + "\"");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(nlohmann::json::parse(r.output)["nodes"], 80065);
}

TEST(PerftCommand, RefusesBadDepthAndConflictingSources) {
  EXPECT_EQ(run_dvonn("perft -1").exit_code, 2);
  EXPECT_EQ(run_dvonn("perft abc").exit_code, 2);
  auto r = run_dvonn("perft 1 --random-setup 1 --position \"9/10/11/10/9 place w\"");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("excludes"), std::string::npos) << r.output;
}

TEST(LegalCommand, ListsSortedMoves) {
  auto r = run_dvonn("legal --moves \"C5 H2\"");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.output.substr(0, 9), "A1\nA2\nA3\n");
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 47);
}

TEST(LegalCommand, IllegalMoveInMovesIsRefusedWithReason) {
  auto r = run_dvonn("legal --moves \"E3 E3\"");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("move 2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("already occupied"), std::string::npos) << r.output;
}

TEST(LegalCommand, PositionStringErrorsAreExplained) {
  auto r = run_dvonn("legal --position \"9/10/11/10 place w\"");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("5 rows"), std::string::npos) << r.output;
}

TEST(ShowCommand, PlainBoardHasCoordinatesAndStatus) {
  auto r = run_dvonn("show --random-setup 7 --color never --stacks --position-string");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("\x1b["), std::string::npos) << "no ANSI codes when asked for none";
  EXPECT_NE(r.output.find("movement phase: white to move"), std::string::npos);
  EXPECT_NE(r.output.find("position: "), std::string::npos);
  // 3 Dvonn pieces and the column letter D above and below the board.
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), 'D'), 5);
}

TEST(ShowCommand, ColourOnRequest) {
  auto r = run_dvonn("show --color always");
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("\x1b["), std::string::npos);
}

TEST(ReplayCommand, JsonOfAFinishedRecord) {
  // Play a whole game with the engine-free random walk: take the first legal
  // move every time, via `legal`, then replay it.
  std::string moves;
  for (int i = 0; i < 200; ++i) {
    auto r = run_dvonn("legal --random-setup 5 --moves \"" + moves + "\"");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    if (r.output.empty()) break;
    moves += " " + first_line(r);
  }
  std::string path = temp_file("[Setup \"random 5\"]\n\n" + moves + "\n");
  auto r = run_dvonn("replay --json " + path);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["phase"], "over");
  EXPECT_EQ(j["to_move"], "none");
  int w = j["score"]["white"], b = j["score"]["black"];
  EXPECT_EQ(j["result"], w > b ? "white" : b > w ? "black" : "draw");
  std::remove(path.c_str());
}

TEST(ReplayCommand, ReadsStandardInputAndReportsOngoing) {
  auto r = run_dvonn("replay --json -", "1. C5 H2 2. C1\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["moves"], 3);
  EXPECT_EQ(j["phase"], "placement");
  EXPECT_EQ(j["to_move"], "black");
  EXPECT_EQ(j["result"], "ongoing");
}

TEST(ReplayCommand, IllegalMoveStopsWithNumberMoveAndReason) {
  std::string path = temp_file(std::string(kShortPhase2) + "\nF4G4\n");
  auto r = run_dvonn("replay " + path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("move 50"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("F4G4"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("surrounded"), std::string::npos) << r.output;
  std::remove(path.c_str());
}

TEST(ReplayCommand, MalformedRecordAndMissingFile) {
  auto r = run_dvonn("replay -", "[White \"x\"\nE3\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("line 1"), std::string::npos) << r.output;
  r = run_dvonn("replay /nonexistent/file.txt");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("cannot open"), std::string::npos) << r.output;
}

TEST(AnalyzeCommand, JsonLinesEndWithFinal) {
  auto r = run_dvonn("analyze --random-setup 4 --depth 3 --multipv 2 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"depth\":3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"final\":true"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"pv\":["), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 4) << r.output;  // depths 1-3 and the final line
}

TEST(HelpCommand, ListsEverySubcommand) {
  auto r = run_dvonn("help");
  ASSERT_EQ(r.exit_code, 0);
  for (const char* c : {"perft", "replay", "legal", "show", "play", "bench"})
    EXPECT_NE(r.output.find(c), std::string::npos) << c;
}

TEST(VersionFlag, PrintsTheVersionAndTheCommit) {
  auto r = run_dvonn("--version");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::smatch m;
  ASSERT_TRUE(std::regex_match(r.output, m, std::regex(R"(dvonn (\S+) \(commit ([0-9a-f]{7,}(-dirty)?|unknown)\)\n)")))
      << r.output;
  EXPECT_EQ(m[1], DVONN_VERSION);
  // Built from a git checkout, the commit is the checkout's (tests run
  // right after the build, so HEAD has not moved on).
  if (std::filesystem::exists(DVONN_SOURCE_DIR "/.git")) {
    FILE* p = popen("git -C '" DVONN_SOURCE_DIR "' rev-parse --short=7 HEAD 2>/dev/null", "r");
    ASSERT_NE(p, nullptr);
    char head[64] = "";
    ASSERT_NE(std::fgets(head, sizeof head, p), nullptr);
    pclose(p);
    EXPECT_EQ(std::string(m[2]).substr(0, 7), std::string(head, 7));
  }
  EXPECT_NE(run_dvonn("--help").output.find("--version"), std::string::npos);
}
