#include "game/playout.h"

namespace whist {

int random_playout(DealState& state, Rng& rng) {
  int plays = 0;
  DealState::Undo u;
  while (!state.done()) {
    if (state.phase() == Phase::Playing) {
      state.play(rng.pick(state.legal_cards()), u);
      ++plays;
    } else {
      const ActionList legal = state.legal_actions();
      state.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))], u);
    }
  }
  return plays;
}

uint64_t perft(DealState& state) {
  if (state.done()) return 1;
  uint64_t n = 0;
  DealState::Undo u;
  for (Card c : state.legal_cards()) {
    state.play(c, u);
    n += perft(state);
    state.unplay(u);
  }
  return n;
}

}  // namespace whist
