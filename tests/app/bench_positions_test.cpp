// The positions built into `dvonn bench` must match the perft table kept in
// the checkout (tests/data/perft/positions.txt).
#include "app/bench_positions.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "run_command.hpp"

TEST(BenchPositions, AgreeWithThePerftTable) {
  std::ifstream f(DVONN_SOURCE_DIR "/tests/data/perft/positions.txt");
  ASSERT_TRUE(f) << "tests/data/perft/positions.txt not found";
  std::string line;
  size_t found = 0;
  for (const auto& bp : dvonn::app::bench_positions()) {
    f.clear();
    f.seekg(0);
    bool match = false;
    while (std::getline(f, line)) {
      auto semi = line.find(" ; ");
      if (line.substr(0, semi) != bp.moves) continue;
      std::istringstream values(line.substr(semi + 3));
      std::vector<std::uint64_t> expected;
      for (std::uint64_t v; values >> v;) expected.push_back(v);
      EXPECT_EQ(expected, bp.perft) << bp.moves;
      match = true;
    }
    EXPECT_TRUE(match) << "not in the table: " << bp.moves;
    found += match;
  }
  EXPECT_EQ(found, dvonn::app::bench_positions().size());
  EXPECT_GE(found, 6u);
}

TEST(BenchCommand, SmallRunChecksEveryCount) {
  auto r = dvonn::test::run_dvonn("bench --max-nodes 100000 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("\"ok\":false"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\"nps\""), std::string::npos) << r.output;
}
