// Sampling worlds: full deals consistent with everything one seat's view implies.
//
// A seat's view holds its own cards and the public course of the deal. The cards it cannot see
// are with the other seats, in the Call-Ace kitty, or in the stock (the cards no one was dealt,
// and the turned card). What the view implies about where they are:
//  - a seat that did not follow the led suit has none of it (and none of the trump suit when it
//    was obliged to trump and did not), unless the led card was a joker, which need not be
//    followed;
//  - cards shown to this seat (forehead deals, exposed hands) are where they were shown;
//  - the cards this seat passed in the last Israeli passing round are with the next seat;
//  - the called card is with the partner once the partner is known; the kitty's turned cards
//    are with the declarer or back in the kitty;
//  - every holder has as many cards as it was dealt, less what it played.
// `infer` collects these facts; `draw_world` places the unknown cards at random (most constrained
// holder first, retrying on a dead end); `build_world` turns a placement into a DealState at the
// view's position, from which search plays on. Worlds are drawn uniformly within the constraints;
// the expert bot then weights them by how likely the observed bids are (policy-based inference).
#pragma once

#include <array>

#include "core/rng.h"
#include "game/deal.h"
#include "game/view.h"
#include "rules/rules.h"

namespace whist {

// Holders of cards: the seats 0 … players-1, then the kitty and the stock.
inline constexpr int kKittyHolder = kMaxPlayers;
inline constexpr int kStockHolder = kMaxPlayers + 1;
inline constexpr int kHolders = kMaxPlayers + 2;
using Holdings = std::array<CardSet, kHolders>;

struct Knowledge {
  int players = 0;
  CardSet unknown;                   // cards whose holder this seat does not know
  Holdings known{};                  // cards this seat knows each holder has now
  Holdings allowed{};                // unknown cards each holder may have
  std::array<int, kHolders> need{};  // unknown cards each holder has
};

// Not for a view whose seat to move is hidden (a secret partner exchanging with the kitty holds
// a secret number of cards); bots never decide from one.
Knowledge infer(const Rules& rules, const PlayerView& view);

// Places the unknown cards; false when no placement was found (the knowledge is contradictory
// or too tight for the retries).
bool draw_world(const Knowledge& knowledge, Rng& rng, Holdings& out);

// Places the unknown cards as `old` (a world drawn for an earlier view of the same seat in the
// same deal) placed them wherever the knowledge still allows it, and the rest at random: a
// holder that has more of them than it needs now (it played a card the old world gave another
// seat) keeps a random subset, and the cards left go to the holders short of cards, the most
// constrained first. False when they do not fit (a new void, say, leaves a card nowhere to go).
bool carry_world(const Knowledge& knowledge, const Holdings& old, Rng& rng, Holdings& out);

// The deal at the view's position with the cards placed as in `holdings` (the viewer's seat must
// hold what its view shows). In Call-Ace whist the partner is whoever holds (or played) the
// called card.
DealState build_world(const PlayerView& view, const Holdings& holdings);

// The cards each seat held when the deal's card play began (its cards now and the ones it
// played), e.g. to judge its bid.
std::array<CardSet, kMaxPlayers> hands_at_start(const PlayerView& view, const Holdings& holdings);

}  // namespace whist
