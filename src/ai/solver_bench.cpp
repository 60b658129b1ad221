#include "ai/solver_bench.h"

#include <time.h>

#include <algorithm>

#include "core/deck.h"
#include "core/rng.h"
#include "game/playout.h"
#include "rules/rules.h"

namespace whist {

std::vector<SolverBenchDeal> solver_bench_deals(int cards, int count, uint64_t seed) {
  constexpr int kPlayers = 4;
  Rng rng(seed + static_cast<uint64_t>(cards));
  const CardSet deck =
      cards == 8 ? make_deck(DeckKind::EightPerPlayer, kPlayers) : CardSet::all52();
  const Rules rules;  // Romanian scoring
  std::vector<SolverBenchDeal> out;
  for (int i = 0; i < count; ++i) {
    DealSetup s;
    s.players = kPlayers;
    s.cards = cards;
    s.dealer = kPlayers - 1;
    s.trump = static_cast<Suit>(rng.below(kNumSuits));
    const auto hands = deal_hands(deck, kPlayers, cards, rng);

    // The bids: the tricks of a random playout of the same deal, the dealer's moved by one.
    DealSetup free = s;
    free.hook = false;
    DealState playout(free, hands);
    DealState::Undo u;
    for (int p = 0; p < kPlayers; ++p) playout.apply(Action::bid(0), u);
    random_playout(playout, rng);
    DealState state(s, hands);
    for (int p = 0; p < kPlayers; ++p) {
      const int t = playout.tricks_won(p);
      state.apply(Action::bid(p == s.dealer ? (t == 0 ? 1 : t - 1) : t), u);
    }
    out.push_back({state, goals_for(rules, state)});
  }
  return out;
}

namespace {

// The CPU time of this thread, so that other work on a shared machine disturbs it less.
double thread_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e3 * static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_nsec);
}

}  // namespace

SolverBenchResult run_solver_bench(Solver& solver, std::vector<SolverBenchDeal>& deals) {
  SolverBenchResult r;
  std::vector<double> ms;
  for (SolverBenchDeal& d : deals) {
    solver.clear();
    const double start = thread_ms();
    solver.solve(d.state, d.goals);
    ms.push_back(thread_ms() - start);
    r.nodes += solver.nodes();
  }
  r.deals = static_cast<int>(deals.size());
  if (ms.empty()) return r;
  for (double t : ms) r.mean_ms += t;
  r.mean_ms /= static_cast<double>(ms.size());
  std::sort(ms.begin(), ms.end());
  const size_t mid = ms.size() / 2;
  r.median_ms = ms.size() % 2 == 1 ? ms[mid] : (ms[mid - 1] + ms[mid]) / 2;
  return r;
}

}  // namespace whist
