// The phase-2 positions of the shared perft table with their reference
// values, built into the binary so `dvonn bench` needs no file.
#pragma once

#include <cstdint>
#include <vector>

namespace dvonn::app {

struct BenchPosition {
  const char* moves;                 // from the empty board
  std::vector<std::uint64_t> perft;  // perft[d - 1] = reference at depth d
};

const std::vector<BenchPosition>& bench_positions();

}  // namespace dvonn::app
