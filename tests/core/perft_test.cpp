// Perft against the reference table kept in the checkout
// (tests/data/perft/positions.txt, see the README beside it), and
// perft_divide against perft.
#include "core/perft.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace dvonn {
namespace {

// The largest reference value checked: about 30 million leaves in an
// optimised build, with or without sanitizers (well under a second, a few
// seconds under ASan+UBSan); far fewer in an unoptimised build.
constexpr std::uint64_t kMaxLeaves = test::kOptimized ? 35'000'000 : test::kSanitized ? 1'000'000 : 3'000'000;

struct PerftLine {
  int line_number = 0;
  std::string moves;
  std::vector<std::uint64_t> counts;  // counts[d - 1] = perft at depth d
};

const char* const kTablePath = DVONN_SOURCE_DIR "/tests/data/perft/positions.txt";

std::vector<PerftLine> load_table() {
  std::vector<PerftLine> table;
  std::ifstream in(kTablePath);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    auto semi = line.find(';');
    if (semi == std::string::npos) continue;  // counted as malformed by TableIsReadable
    PerftLine p;
    p.line_number = number;
    p.moves = line.substr(0, semi);
    std::istringstream values(line.substr(semi + 1));
    std::uint64_t v;
    while (values >> v) p.counts.push_back(v);
    table.push_back(p);
  }
  return table;
}

const std::vector<PerftLine>& table() {
  static const std::vector<PerftLine> t = load_table();
  return t;
}

TEST(PerftTable, TableIsReadable) {
  std::ifstream in(kTablePath);
  ASSERT_TRUE(in) << "cannot open " << kTablePath;
  int lines = 0;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') {
      ++lines;
      EXPECT_NE(line.find(';'), std::string::npos) << "line without ';': " << line;
    }
  EXPECT_GE(lines, 10);
  EXPECT_EQ(static_cast<int>(table().size()), lines);
  for (const auto& p : table()) EXPECT_GE(p.counts.size(), 3u) << "line " << p.line_number;
}

// While every ply is still a placement, each move fills one of the free
// spaces: perft at depth d after n placements is (49 - n)(48 - n)... (d
// factors). This checks the table's large placement values, which the
// search below does not reach, by arithmetic.
TEST(PerftTable, PlacementValuesAreFallingProducts) {
  int checked = 0;
  for (const auto& p : table()) {
    std::istringstream moves(p.moves);
    int placed = 0;
    for (std::string m; moves >> m && m != "-";) ++placed;
    if (placed >= kNumSpaces) continue;
    std::uint64_t product = 1;
    for (int d = 1; d <= static_cast<int>(p.counts.size()) && placed + d <= kNumSpaces; ++d) {
      product *= static_cast<std::uint64_t>(kNumSpaces - placed - d + 1);
      EXPECT_EQ(p.counts[d - 1], product) << "depth " << d << " on line " << p.line_number;
      ++checked;
    }
  }
  EXPECT_GE(checked, 20);
}

class PerftReference : public ::testing::TestWithParam<PerftLine> {};

TEST_P(PerftReference, MatchesReferenceValues) {
  const PerftLine& ref = GetParam();
  Position pos = test::position_after(ref.moves);
  const Position before = pos;
  int checked = 0;
  for (std::size_t d = 1; d <= ref.counts.size(); ++d) {
    if (ref.counts[d - 1] > kMaxLeaves) break;
    EXPECT_EQ(perft(pos, static_cast<int>(d)), ref.counts[d - 1])
        << "depth " << d << " after \"" << ref.moves << "\" (line " << ref.line_number << ")";
    ++checked;
  }
  EXPECT_GE(checked, 3) << "too few depths checked on line " << ref.line_number;
  EXPECT_EQ(perft(pos, 0), 1u);
  EXPECT_TRUE(pos == before) << "perft must leave the position as it found it";
  EXPECT_EQ(pos.key(), pos.compute_key());
}

TEST_P(PerftReference, DepthOneIsTheNumberOfGeneratedMoves) {
  const PerftLine& ref = GetParam();
  Position pos = test::position_after(ref.moves);
  MoveList list;
  pos.generate(list);
  EXPECT_EQ(static_cast<std::uint64_t>(list.size), ref.counts[0]);
  EXPECT_EQ(pos.count_moves(), list.size);
}

TEST_P(PerftReference, DivideSumsToPerft) {
  const PerftLine& ref = GetParam();
  Position pos = test::position_after(ref.moves);
  // The deepest depth whose reference value is small enough for two passes.
  int depth = 1;
  while (depth < static_cast<int>(ref.counts.size()) && ref.counts[depth] <= kMaxLeaves / 8) ++depth;
  auto divide = perft_divide(pos, depth);
  std::uint64_t sum = 0;
  for (const auto& [m, n] : divide) sum += n;
  EXPECT_EQ(sum, ref.counts[depth - 1]) << "depth " << depth;
  EXPECT_EQ(sum, perft(pos, depth));

  // One entry per legal move, in generation order, each equal to the
  // child's perft.
  auto moves = test::legal_moves(pos);
  ASSERT_EQ(divide.size(), moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(divide[i].first, moves[i]);
    Position child = pos;
    child.play(moves[i]);
    EXPECT_EQ(divide[i].second, perft(child, depth - 1)) << to_string(moves[i]);
  }
  EXPECT_TRUE(perft_divide(pos, 0).empty());
}

std::string line_name(const ::testing::TestParamInfo<PerftLine>& info) {
  return "Line" + std::to_string(info.param.line_number);
}

INSTANTIATE_TEST_SUITE_P(Table, PerftReference, ::testing::ValuesIn(table()), line_name);

TEST(Perft, DepthZeroIsOne) {
  Position empty;
  EXPECT_EQ(perft(empty, 0), 1u);
  EXPECT_EQ(perft(empty, 1), 49u);
  EXPECT_EQ(perft(empty, 2), 49u * 48u);
  EXPECT_EQ(perft(empty, 3), 49u * 48u * 47u);
}

TEST(Perft, FinishedGameHasNoMoves) {
  // White's stack of five on A3 and the lone Dvonn pieces cannot move.
  BoardState st = test::state_of("d8/10/(bbwbw)d9/10/8d move w");
  ASSERT_TRUE(st.position.is_over());
  EXPECT_EQ(perft(st.position, 0), 1u);
  EXPECT_EQ(perft(st.position, 1), 0u);
  EXPECT_EQ(perft(st.position, 3), 0u);
  EXPECT_TRUE(perft_divide(st.position, 2).empty());
}

TEST(Perft, ForcedPassCountsAsOneMove) {
  // Black's only piece, E3, is surrounded; White has moves, so Black passes.
  BoardState st = test::state_of("9/3ww5/3wbw5/3dddw3/9 move b");
  MoveList list;
  st.position.generate(list);
  ASSERT_EQ(list.size, 1);
  EXPECT_TRUE(list[0].is_pass());
  EXPECT_EQ(perft(st.position, 1), 1u);
  Position after = st.position;
  after.play(Move::pass());
  EXPECT_EQ(perft(st.position, 2), static_cast<std::uint64_t>(after.count_moves()));
}

}  // namespace
}  // namespace dvonn
