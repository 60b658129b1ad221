// The real holdings of a match's deal in progress, in the world sampler's terms (ai/world.h):
// what a sampled world should be able to be.
#pragma once

#include "ai/world.h"
#include "game/match.h"

namespace whist {

inline Holdings real_holdings(const Match& m) {
  const DealState& s = m.state();
  Holdings h{};
  CardSet dealt = s.call().kitty;
  for (int p = 0; p < s.players(); ++p) {
    h[p] = s.hand(p);
    dealt |= s.hand(p);
  }
  h[kKittyHolder] = s.call().kitty;
  h[kStockHolder] = m.rules().deck_cards() - dealt - s.played();
  return h;
}

}  // namespace whist
