// `dvonn tune --placement-worth`, run as a user would on the committed
// games of tests/data/placement-variety (level 8 placing with variety
// against level 4): the recomputed lines hold the placements played, the
// weights it prints are ones `dvonn engine --weights` plays with, the
// result does not depend on the number of threads, the lines are
// recomputed with the weights the games were played with, and bad input is
// refused with nothing printed as a result.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "app/weights_text.hpp"
#include "engine/evaluation.hpp"
#include "run_command.hpp"

namespace dvonn::test {
namespace {

const std::string kData = std::string(DVONN_SOURCE_DIR) + "/tests/data/placement-variety";

// What the mode prints from its report on (the progress lines before it
// name the number of threads).
std::string report(const std::string& output) {
  const auto at = output.find("placement worth of");
  return at == std::string::npos ? std::string() : output.substr(at);
}

// The text after "weights: ".
std::string weights_text(const std::string& output) {
  const auto at = output.find("\nweights: ");
  if (at == std::string::npos) return {};
  const auto start = at + 10;
  return output.substr(start, output.find('\n', start) - start);
}

TEST(TunePlacementWorth, ReadsTheCommittedGamesBackAndPrintsWeightsTheEngineTakes) {
  CommandResult r = run_dvonn("tune --records " + kData + " --placement-worth cand");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("16 finished games of cand read (0 records skipped, 0 games without it)"), std::string::npos)
      << r.output;
  // The counts: cand placed 23 coloured pieces a game; the recomputed lines
  // hold (nearly) every one it played, so data and recomputation agree.
  std::smatch m;
  const std::string text = report(r.output);
  ASSERT_TRUE(std::regex_search(text, m,
                                std::regex("variety 50 centipieces, 6 lines\\): 16 games, (\\d+) placements, (\\d+) "
                                           "with a choice, (\\d+) mismatches")))
      << r.output;
  const int placements = std::stoi(m[1]), with_choice = std::stoi(m[2]), mismatches = std::stoi(m[3]);
  EXPECT_EQ(placements, 16 * 23);
  EXPECT_LE(mismatches, placements / 50);
  EXPECT_GE(with_choice, placements * 3 / 4);
  // Every measured feature has an estimate; tempo is the same for every
  // choice and stays.
  for (const char* feature : {"adjacent_dvonn", "ring2", "far", "dvonn_distance", "edge", "edge_near", "edge_contact",
                              "hemmed", "contact", "own_neighbours"})
    EXPECT_TRUE(std::regex_search(text, std::regex(std::string("\n  ") + feature + " +-?\\d+ +-?\\d+\\.\\d")))
        << feature << "\n"
        << text;
  EXPECT_TRUE(std::regex_search(text, std::regex("\n  tempo +-122 +- +- +-122\n"))) << text;

  const std::string w = weights_text(r.output);
  ASSERT_FALSE(w.empty()) << r.output;
  CommandResult engine = run_dvonn("engine --level 8 --weights '" + w + "'", "Start\nQuit\n");
  EXPECT_EQ(engine.exit_code, 0) << engine.output;
  EXPECT_TRUE(std::regex_match(first_line(engine), std::regex("[A-K][1-5]"))) << engine.output;
}

TEST(TunePlacementWorth, TwoThreadsGiveTheSameResult) {
  const std::string tune = "tune --records " + kData + " --placement-worth cand --step 0.25";
  CommandResult one = run_dvonn(tune + " --threads 1"), two = run_dvonn(tune + " --threads 2");
  ASSERT_EQ(one.exit_code, 0) << one.output;
  ASSERT_EQ(two.exit_code, 0) << two.output;
  EXPECT_NE(two.output.find("on 2 threads"), std::string::npos) << two.output;
  EXPECT_NE(report(one.output).find("candidate = shipped + 0.25 x"), std::string::npos) << one.output;
  EXPECT_EQ(report(two.output), report(one.output));
}

TEST(TunePlacementWorth, MinZMovesOnlyTheWeightsItTellsApartFromTheirEstimate) {
  const std::string tune = "tune --records " + kData + " --placement-worth cand";
  CommandResult plain = run_dvonn(tune), zero = run_dvonn(tune + " --min-z 0");
  ASSERT_EQ(plain.exit_code, 0) << plain.output;
  ASSERT_EQ(zero.exit_code, 0) << zero.output;
  EXPECT_EQ(report(zero.output), report(plain.output));
  // At one standard error: each estimated row either moved half way or was
  // kept, as its own figures say.
  CommandResult one = run_dvonn(tune + " --min-z 1");
  ASSERT_EQ(one.exit_code, 0) << one.output;
  const std::string text = report(one.output);
  EXPECT_NE(text.find("and more than 1 standard errors from shipped"), std::string::npos) << text;
  const std::regex row(R"(\n  (\w+) +(-?\d+) +(-?\d+\.\d) +(\d+\.\d) +(-?\d+)(  \(kept: within --min-z\))?)");
  int rows = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const double now = std::stod(m[2]), estimate = std::stod(m[3]), se = std::stod(m[4]), out = std::stod(m[5]);
    ++rows;
    if (m[6].matched) {
      EXPECT_EQ(out, now) << m[0];
      EXPECT_LE(std::abs(estimate - now), se + 0.1) << m[0];
    } else {
      EXPECT_NEAR(out, now + 0.5 * (estimate - now), 1.0) << m[0];
      EXPECT_GE(std::abs(estimate - now), se - 0.1) << m[0];
    }
  }
  EXPECT_EQ(rows, 10) << text;  // the ten measured features; tempo has no estimate
  // Far beyond any estimate's reach: every weight stays as shipped.
  CommandResult far = run_dvonn(tune + " --min-z 100");
  ASSERT_EQ(far.exit_code, 0) << far.output;
  EXPECT_EQ(weights_text(far.output), app::format_weights_text(engine::default_weights())) << far.output;
}

TEST(TunePlacementWorth, RecomputesWithTheWeightsTheGamesWerePlayedWith) {
  // The committed games were played with the shipped weights: given
  // explicitly, the same report, the base column named for them.
  const std::string tune = "tune --records " + kData + " --placement-worth cand";
  CommandResult shipped = run_dvonn(tune);
  ASSERT_EQ(shipped.exit_code, 0) << shipped.output;
  engine::Weights w = engine::default_weights();
  CommandResult same = run_dvonn(tune + " --weights '" + app::format_weights_text(w) + "'");
  ASSERT_EQ(same.exit_code, 0) << same.output;
  std::string expected = report(shipped.output);
  expected.replace(expected.find("shipped"), 7, " played");
  for (auto at = expected.find("shipped"); at != std::string::npos; at = expected.find("shipped"))
    expected.replace(at, 7, "played");
  EXPECT_EQ(report(same.output), expected);
  // With the placement weights before them (ea46b9d) the lines differ, and
  // many placements played are not among them.
  w.place = {115, -24, -55, -19, -108, 73, 72, 50, -25, -3, -122};
  CommandResult older = run_dvonn(tune + " --weights '" + app::format_weights_text(w) + "'");
  ASSERT_EQ(older.exit_code, 0) << older.output;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(older.output, m, std::regex("(\\d+) mismatches"))) << older.output;
  EXPECT_GT(std::stoi(m[1]), 16 * 23 / 10) << older.output;
  EXPECT_NE(older.output.find("warning: "), std::string::npos) << older.output;
  EXPECT_NE(older.output.find("candidate = played + 0.5 x (estimate - played)"), std::string::npos) << older.output;
}

TEST(TunePlacementWorth, MovementWorthReadsTheCommittedGamesBack) {
  // Level 8 with --movement-variety 50 against level 4: its middle-game
  // moves are recomputed (nearly) all alike, on one thread or two.
  const std::string data = std::string(DVONN_SOURCE_DIR) + "/tests/data/movement-variety";
  const std::string tune = "tune --records " + data + " --movement-worth cand";
  CommandResult one = run_dvonn(tune), two = run_dvonn(tune + " --threads 2");
  ASSERT_EQ(one.exit_code, 0) << one.output;
  ASSERT_EQ(two.exit_code, 0) << two.output;
  const auto at = one.output.find("movement worth of cand");
  ASSERT_NE(at, std::string::npos) << one.output;
  const std::string text = one.output.substr(at);
  EXPECT_EQ(two.output.substr(two.output.find("movement worth of cand")), text);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m,
                                std::regex("variety 50 centipieces, 6 lines, depth 4\\): 12 games, (\\d+) moves, "
                                           "(\\d+) with a choice, (\\d+) mismatches")))
      << text;
  const int moves = std::stoi(m[1]), with_choice = std::stoi(m[2]), mismatches = std::stoi(m[3]);
  EXPECT_GE(moves, 12 * 5);  // 38 to 20 stacks: about eight moves a side
  EXPECT_LE(mismatches, moves / 20);
  EXPECT_GT(with_choice, 0);
  // Both ends of the taper, tempo unmeasured; weights the engine takes.
  EXPECT_TRUE(std::regex_search(text, std::regex("\n  material@early +-?\\d+ +-?\\d+\\.\\d"))) << text;
  EXPECT_TRUE(std::regex_search(text, std::regex("\n  tempo@late +-?\\d+ +- +-"))) << text;
  const std::string w = weights_text(one.output);
  CommandResult engine = run_dvonn("engine --level 8 --weights '" + w + "'", "Start\nQuit\n");
  EXPECT_EQ(engine.exit_code, 0) << engine.output;
  // A name that plays in none of them is refused.
  CommandResult refused = run_dvonn("tune --records " + kData + " --movement-worth nobody");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.output.find("\"nobody\" is not a player"), std::string::npos) << refused.output;
}

TEST(TunePlacementWorth, PooledMovementWorthShiftsBothEndsOfAWeightAlike) {
  const std::string data = std::string(DVONN_SOURCE_DIR) + "/tests/data/movement-variety";
  CommandResult r = run_dvonn("tune --records " + data + " --movement-worth cand --pooled --step 1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto at = r.output.find("movement worth of cand");
  ASSERT_NE(at, std::string::npos) << r.output;
  const std::string text = r.output.substr(at);
  // The choices were made between 38 and 20 stacks: taper 0.29 to 0.80 (the Dvonn pieces count as stacks there).
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("blended at the choices' mean taper (0\\.\\d\\d)"))) << text;
  EXPECT_GE(std::stod(m[1]), 0.29);
  EXPECT_LE(std::stod(m[1]), 0.81);
  // One row a feature, tempo left out; each row's shift lands on both of
  // its weights in the candidate.
  const std::regex row(R"(\n  ([a-z_0-9]+) +(-?\d+) +(-?\d+\.\d|-) +(\d+\.\d|-) +(-?\d+))");
  std::vector<int> shifts;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), row); it != std::sregex_iterator(); ++it)
    shifts.push_back(std::stoi((*it)[5]));
  ASSERT_EQ(shifts.size(), static_cast<std::size_t>(engine::kNumMoveFeatures - 1)) << text;
  const std::string w = weights_text(r.output);
  std::vector<int> got;
  std::stringstream in(w.substr(0, w.find('/')));
  for (std::string x; std::getline(in, x, ',');) got.push_back(std::stoi(x));
  const engine::Weights shipped = engine::default_weights();
  ASSERT_EQ(got.size(), 2 * static_cast<std::size_t>(engine::kNumMoveFeatures)) << w;
  bool some_shift = false;
  for (std::size_t k = 0; k < shifts.size(); ++k) {
    EXPECT_EQ(got[k], shipped.move[k] + shifts[k]) << k;
    EXPECT_EQ(got[k + engine::kNumMoveFeatures], shipped.move[k + engine::kNumMoveFeatures] + shifts[k]) << k;
    some_shift = some_shift || shifts[k] != 0;
  }
  EXPECT_TRUE(some_shift) << text;
  EXPECT_EQ(got[engine::kTempo], shipped.move[engine::kTempo]);
  EXPECT_EQ(run_dvonn("engine --level 8 --weights '" + w + "'", "Start\nQuit\n").exit_code, 0);
}

TEST(TunePlacementWorth, RefusesBadInputWithWhatIsWrong) {
  const std::string empty = std::filesystem::temp_directory_path() / ("dvonn-worth-" + std::to_string(::getpid()));
  std::filesystem::create_directories(empty);
  const std::string records = "tune --records " + kData;
  const std::pair<std::string, std::string> cases[] = {
      {"tune --placement-worth cand", "--placement-worth needs --records"},
      {records + " --placement-worth nobody", "\"nobody\" is not a player in any finished game"},
      {records + " --placement-worth nobody", "\"cand\", \"level4\""},
      {"tune --records /nonexistent --placement-worth cand", "no such record file or folder: /nonexistent"},
      {"tune --records " + empty + " --placement-worth cand", "no finished game in the records given"},
      {records + " --placement-worth cand --step 0", "--step must be more than 0"},
      {records + " --placement-worth cand --step 1.5", "--step"},
      {records + " --placement-worth cand --placement-variety 0", "--placement-variety must be more than 0"},
      {records + " --placement-worth cand --placement-lines 1", "--placement-lines"},
      {records + " --placement-worth cand --threads 0", "--threads"},
      {records + " --placement-variety 50", "--placement-variety requires --placement-worth"},
      {records + " --placement-worth cand --placement-policy", "excludes"},
      {records + " --placement-worth cand --label-depth 2", "excludes"},
      {records + " --placement-worth cand --weights 1/2", "expected 32 weights"},
      {records + " --weights 1/2", "--weights needs --placement-worth or --movement-worth"},
      {records + " --step 0.5", "--step needs --placement-worth or --movement-worth"},
      {records + " --min-z 2", "--min-z needs --placement-worth or --movement-worth"},
      {records + " --placement-worth cand --min-z -1", "--min-z"},
      {records + " --placement-worth cand --movement-worth cand", "excludes"},
      {records + " --movement-worth cand --movement-variety 0", "--movement-variety must be more than 0"},
      {records + " --movement-worth cand --movement-depth 9", "--movement-depth"},
      {records + " --movement-variety 50", "--movement-variety requires --movement-worth"},
      {"tune --movement-worth cand", "--movement-worth needs --records"},
      {records + " --placement-worth cand --pooled", "--pooled requires --movement-worth"},
  };
  for (const auto& [args, message] : cases) {
    CommandResult r = run_dvonn(args);
    EXPECT_NE(r.exit_code, 0) << args;
    EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
    EXPECT_EQ(r.output.find("weights:"), std::string::npos) << args << "\n" << r.output;
  }
  std::filesystem::remove_all(empty);
}

}  // namespace
}  // namespace dvonn::test
