// Google Benchmark: the engine's hot paths. `whist bench` prints the same figures in short;
// run this for detail, e.g. `build/bench/whist_benchmarks --benchmark_filter=Playout`.
#include <benchmark/benchmark.h>

#include <vector>

#include "ai/solver.h"
#include "ai/solver_bench.h"
#include "core/rng.h"
#include "game/deal.h"
#include "game/playout.h"

namespace whist {
namespace {

constexpr int kPool = 1024;  // deals or positions: about 170 KB, in the L2 cache

// Random bench deals with their bids made: playing one out is card plays only.
const std::vector<DealState>& bid_deals() {
  static const std::vector<DealState> pool = [] {
    Rng rng(1);
    std::vector<DealState> out;
    for (int i = 0; i < kPool; ++i) {
      out.push_back(random_bench_deal(rng));
      random_bidding(out.back(), rng);
    }
    return out;
  }();
  return pool;
}

// Positions at every stage of a trick and of a deal: each bid deal played to a random point.
const std::vector<DealState>& positions() {
  static const std::vector<DealState> pool = [] {
    Rng rng(2);
    std::vector<DealState> out;
    DealState::Undo u;
    for (DealState s : bid_deals()) {
      const auto stop = static_cast<int>(rng.below(static_cast<uint32_t>(s.players() * s.cards())));
      while (s.num_plays() < stop) s.play(rng.pick(s.legal_cards()), u);
      out.push_back(s);
    }
    return out;
  }();
  return pool;
}

// Random card plays from copies of bid deals (the copy is included, dealing and bidding not).
void BM_RandomPlayout(benchmark::State& st) {
  const std::vector<DealState>& pool = bid_deals();
  Rng rng(3);
  size_t i = 0;
  int64_t plays = 0;
  for (auto _ : st) {
    DealState s = pool[i++ & (kPool - 1)];
    plays += random_playout(s, rng);
    benchmark::DoNotOptimize(s);
  }
  st.SetItemsProcessed(plays);
}
BENCHMARK(BM_RandomPlayout);

// Dealing (a partial shuffle), random bids and random card plays; items are card plays.
void BM_DealAndPlayout(benchmark::State& st) {
  Rng rng(4);
  int64_t plays = 0;
  for (auto _ : st) {
    DealState s = random_bench_deal(rng);
    plays += random_playout(s, rng);
    benchmark::DoNotOptimize(s);
  }
  st.SetItemsProcessed(plays);
}
BENCHMARK(BM_DealAndPlayout);

void BM_LegalCards(benchmark::State& st) {
  const std::vector<DealState>& pos = positions();
  size_t i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(pos[i++ & (kPool - 1)].legal_cards());
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_LegalCards);

void BM_LegalActions(benchmark::State& st) {
  const std::vector<DealState>& pos = positions();
  size_t i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(pos[i++ & (kPool - 1)].legal_actions());
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_LegalActions);

// Picking a uniformly random legal card: legal_cards() and Rng::pick.
void BM_PickLegalCard(benchmark::State& st) {
  const std::vector<DealState>& pos = positions();
  Rng rng(5);
  size_t i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(rng.pick(pos[i++ & (kPool - 1)].legal_cards()));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_PickLegalCard);

// play() and unplay() of the lowest legal card, with the undo record.
void BM_PlayUnplay(benchmark::State& st) {
  std::vector<DealState> pos = positions();
  size_t i = 0;
  DealState::Undo u;
  for (auto _ : st) {
    DealState& s = pos[i++ & (kPool - 1)];
    s.play(s.legal_cards().lowest(), u);
    benchmark::DoNotOptimize(s);
    s.unplay(u);
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_PlayUnplay);

// Perft of one fixed bench deal (argument: its index); items are leaves (sequences).
void BM_Perft(benchmark::State& st) {
  std::vector<BenchDeal> deals = bench_deals();
  BenchDeal& d = deals[static_cast<size_t>(st.range(0))];
  st.SetLabel(d.name);
  uint64_t leaves = 0;
  for (auto _ : st) leaves += perft(d.state);
  st.SetItemsProcessed(static_cast<int64_t>(leaves));
}
BENCHMARK(BM_Perft)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);

// The open-card solver from the first lead of the seeded 4-player deals of `whist bench`
// (ai/solver_bench.h), each deal once, the table cleared before each; items are nodes. The time
// per iteration is the mean over the set.
void solve_deals(benchmark::State& st, int cards, int count) {
  std::vector<SolverBenchDeal> deals = solver_bench_deals(cards, count, kSolverBenchSeed);
  Solver solver;
  size_t i = 0;
  uint64_t nodes = 0;
  for (auto _ : st) {
    SolverBenchDeal& d = deals[i++ % deals.size()];
    solver.clear();
    benchmark::DoNotOptimize(solver.solve(d.state, d.goals));
    nodes += solver.nodes();
  }
  st.SetItemsProcessed(static_cast<int64_t>(nodes));
}
void BM_SolverEightCards(benchmark::State& st) {
  solve_deals(st, kSolverBenchSmallCards, kSolverBenchSmallDeals);
}
BENCHMARK(BM_SolverEightCards)->Iterations(kSolverBenchSmallDeals)->Unit(benchmark::kMillisecond);
void BM_SolverThirteenCards(benchmark::State& st) {
  solve_deals(st, kSolverBenchLargeCards, kSolverBenchLargeDeals);
}
BENCHMARK(BM_SolverThirteenCards)
    ->Iterations(kSolverBenchLargeDeals)
    ->Unit(benchmark::kMillisecond);

void BM_Signature(benchmark::State& st) {
  for (auto _ : st) benchmark::DoNotOptimize(bench_signature());
}
BENCHMARK(BM_Signature)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace whist
