// The solver's goals from the rules, and its brute-force reference.
#include <algorithm>
#include <bit>
#include <cassert>
#include <climits>

#include "ai/solver.h"
#include "ai/solver_moves.h"
#include "rules/contracts.h"
#include "rules/scoring.h"

namespace whist {

SolverGoals exact_bid_goals(const Rules& rules, const DealState& state, std::span<const int> bids) {
  SolverGoals g;
  g.players = state.players();
  const int cards = state.cards();
  int bid_sum = 0;
  for (int p = 0; p < g.players; ++p) bid_sum += bids[p];
  const bool doubled =
      rules.spades_double && state.turned() != kNoCard && state.turned().suit() == Suit::Spades;
  const int sign = lowest_wins(rules.scoring) ? -1 : 1;  // utilities are maximised
  for (int p = 0; p < g.players; ++p) {
    g.counted[p] = static_cast<uint8_t>(1u << p);
    for (int t = 0; t <= cards; ++t) {
      int64_t h = contract_points(rules, bids[p], t, cards, g.players, bid_sum).in_halves();
      if (doubled) h *= 2;
      g.utility[p][t] = sign * static_cast<int>(h);
    }
  }
  return g;
}

SolverGoals call_ace_goals(int players, int cards, const Contract& contract, int declarer,
                           int partner) {
  assert(declarer >= 0 && "a hand thrown in has no contract to solve");
  SolverGoals g;
  g.players = players;
  uint8_t side = static_cast<uint8_t>(1u << declarer);
  if (partner >= 0) side |= static_cast<uint8_t>(1u << partner);
  const int members = std::popcount(static_cast<unsigned>(side));
  const int defenders = players - members;
  for (int p = 0; p < players; ++p) {
    g.counted[p] = side;
    for (int t = 0; t <= cards; ++t) {
      const int value = game_value(contract, t);
      const int gain = (side >> p & 1) ? defenders * value / members : -value;
      g.utility[p][t] = 2 * (contract_made(contract, t) ? gain : -gain);  // half points
    }
  }
  return g;
}

SolverGoals goals_for(const Rules& rules, const DealState& state) {
  if (rules.family == Family::CallAce) {
    return call_ace_goals(state.players(), state.cards(), contract_ladder()[state.call().contract],
                          state.declarer(), state.call().partner);
  }
  std::array<int, kMaxPlayers> bids{};
  for (int p = 0; p < state.players(); ++p) bids[p] = state.bid(p);
  return exact_bid_goals(rules, state, std::span<const int>(bids.data(), state.players()));
}

int RootValues::value_of(Card c) const {
  for (int i = 0; i < count; ++i) {
    if (cards[i] == c) return value[i];
  }
  assert(false && "not a legal card of the root");
  return INT_MIN;
}

const Values& RootValues::all_of(Card c) const {
  for (int i = 0; i < count; ++i) {
    if (cards[i] == c) return all[i];
  }
  assert(false && "not a legal card of the root");
  return all[0];
}

namespace {

// Plain max^n: every legal card, the solver's order and tie rule, nothing else.
class BruteForce {
 public:
  BruteForce(DealState& s, const SolverGoals& g) : s_(s), g_(g) {}

  Values run() {
    if (s_.done()) return leaf();
    const int mover = s_.to_move();
    const int cur = count(mover);
    const auto& u = g_.utility[mover];
    const auto best = [&](int a, int b) { return *std::max_element(&u[a], &u[b] + 1); };
    solver_detail::RunList runs;
    solver_detail::order_moves(s_, s_.legal_cards().bits(),
                               solver_detail::trick_preference(cur, s_.hand(mover).size(), best),
                               side(mover), solver_detail::elsewhere_of(s_), runs);
    Values best_values{};
    int best_utility = INT_MIN;
    DealState::Undo undo;
    for (int i = 0; i < runs.size; ++i) {
      for (Card c : CardSet(runs.items[i].cards)) {
        s_.play(c, undo);
        const Values v = run();
        s_.unplay(undo);
        if (v[mover] > best_utility) {
          best_utility = v[mover];
          best_values = v;
        }
      }
    }
    return best_values;
  }

 private:
  uint8_t side(int seat) const {
    return g_.counted[seat] != 0 ? g_.counted[seat] : static_cast<uint8_t>(1u << seat);
  }
  int count(int seat) const {
    int t = 0;
    for (int q = 0; q < s_.players(); ++q) {
      if (side(seat) >> q & 1) t += s_.tricks_won(q);
    }
    return t;
  }
  Values leaf() const {
    Values v{};
    for (int p = 0; p < s_.players(); ++p) v[p] = g_.utility[p][count(p)];
    return v;
  }

  DealState& s_;
  const SolverGoals& g_;
};

}  // namespace

Values brute_force(DealState& state, const SolverGoals& goals) {
  return BruteForce(state, goals).run();
}

}  // namespace whist
