// Seeded deals for measuring the open-card solver (`whist bench`, the Google Benchmark target and
// the solver signature test): four players, solved from the first lead, with the bids that a
// seeded random playout of the same deal would have made, the dealer's moved by one so that the
// bids do not add up to the tricks (as the hook demands).
#pragma once

#include <cstdint>
#include <vector>

#include "ai/solver.h"
#include "game/deal.h"

namespace whist {

struct SolverBenchDeal {
  DealState state;  // at the first lead
  SolverGoals goals;
};

inline constexpr uint64_t kSolverBenchSeed = 20261122;
inline constexpr int kSolverBenchSmallCards = 8;  // from the 32-card deck
inline constexpr int kSolverBenchSmallDeals = 200;
inline constexpr int kSolverBenchLargeCards = 13;  // from the full deck
inline constexpr int kSolverBenchLargeDeals = 40;

// `count` deals of `cards` cards each (8: the 32-card deck of four players; otherwise the full
// 52), each with a random trump suit and scored by the default rules (Romanian). Seat 3 deals,
// seat 0 leads. The same for the same arguments on every platform.
std::vector<SolverBenchDeal> solver_bench_deals(int cards, int count, uint64_t seed);

struct SolverBenchResult {
  int deals = 0;
  double median_ms = 0;  // thread CPU time per solve
  double mean_ms = 0;
  uint64_t nodes = 0;  // positions visited by all the solves: deterministic
};

// Solves every deal once with a cleared table and measures each solve.
SolverBenchResult run_solver_bench(Solver& solver, std::vector<SolverBenchDeal>& deals);

}  // namespace whist
