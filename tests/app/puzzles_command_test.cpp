// `dvonn puzzles --from DIR`: mines every record of a folder into one
// JSON file; a file that does not parse, or whose moves are not legal, is
// named with the reason and skipped; nothing readable at all is an error.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "run_command.hpp"

using dvonn::test::refused;
using dvonn::test::run_dvonn;

namespace {

namespace fs = std::filesystem;

const std::string kRecord = std::string(DVONN_SOURCE_DIR) + "/tests/data/review-game.txt";

fs::path fresh_dir() {
  fs::path dir = fs::temp_directory_path() / ("dvonn-puzzles-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(PuzzlesCommand, MinesTheRecordsAndNamesTheFilesItSkips) {
  fs::path dir = fresh_dir();
  fs::copy_file(kRecord, dir / "a-good.txt");
  std::ofstream(dir / "b-garbage.txt") << "[Event \"x\"\nthis is not a record ((\n";
  std::ofstream(dir / "c-illegal.txt") << "E3 E3\n";
  fs::path out = dir / "out.json";
  auto r = run_dvonn("puzzles --quiet --nodes 20000 --depth 4 --from " + dir.string() + " --out " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("b-garbage.txt: skipped: the record does not parse"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("c-illegal.txt: skipped: the moves are not legal"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("from 1 games, 2 files skipped"), std::string::npos) << r.output;
  std::ifstream in(out);
  auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["format"], "dvonn-puzzles-1");
  ASSERT_TRUE(j["puzzles"].is_array());
  for (const auto& p : j["puzzles"]) {
    EXPECT_EQ(p["source"], "a-good.txt");
    EXPECT_EQ(p["id"].get<std::string>().size(), 16u);
    EXPECT_FALSE(p["solution"].empty());
  }
  fs::remove_all(dir);
}

TEST(PuzzlesCommand, NothingReadableIsAnError) {
  fs::path dir = fresh_dir();
  std::ofstream(dir / "bad.txt") << "((\n";
  EXPECT_TRUE(refused("puzzles --quiet --from " + dir.string() + " --out " + (dir / "out.json").string(),
                      "no game could be read"));
  EXPECT_TRUE(refused("puzzles --from " + (dir / "nope").string(), "is not a folder"));
  fs::remove_all(dir);
}

}  // namespace
