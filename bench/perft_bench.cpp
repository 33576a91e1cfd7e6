// Google Benchmark: bulk-counted perft on two phase-2 reference positions
// and on the empty board. `dvonn bench` runs the whole table.
#include <benchmark/benchmark.h>

#include "core/game_record.hpp"
#include "core/perft.hpp"

namespace {

dvonn::Position after(const char* moves) {
  auto rec = dvonn::parse_record(moves);
  auto game = dvonn::replay_record(*rec);
  return game->position();
}

void run(benchmark::State& state, const char* moves) {
  dvonn::Position p = after(moves);
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    leaves += dvonn::perft(p, depth);
  }
  state.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}

void BM_PerftStartOfPhase2(benchmark::State& state) {
  run(state,
      "I1 E3 K4 F5 F4 G3 I3 H1 J4 F2 H3 C3 J2 D4 A2 E2 F3 A3 D3 G5 G1 H4 C2 I2 C4 J3 G2 B1 B2 K5 D5 G4 A1 E5 F1 E4 "
      "K3 D1 H2 B4 I4 D2 J5 B3 E1 I5 H5 C5 C1");
}
void BM_PerftMidgame(benchmark::State& state) {
  run(state,
      "A3 A1 B4 F2 H5 C5 H2 K5 G3 F4 F1 F5 K3 E4 J4 B2 I3 B3 E2 C3 J5 J3 G1 E5 I2 E1 D2 B1 I1 D4 F3 H3 C1 I5 J2 A2 "
      "D3 C2 D5 G5 G4 I4 H1 K4 E3 H4 G2 D1 C4 H1G1 E5F5 G1I1 G5G4 G2G3 D4C3 C1B1 E4F5 I2I1 K5K4 C4B3 C2B2 J2I1 E1E2 "
      "I3I4");
}
void BM_PerftPlacement(benchmark::State& state) { run(state, ""); }

}  // namespace

BENCHMARK(BM_PerftStartOfPhase2)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftMidgame)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftPlacement)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
