#include "game/invariants.h"

namespace whist {

std::string check_invariants(const DealState& s, const Hands& dealt) {
  CardSet all_dealt, held;
  int total_held = 0;
  for (int p = 0; p < s.players(); ++p) {
    if (!dealt[p].contains(s.hand(p)))
      return "seat " + std::to_string(p) + " holds a card it was not dealt";
    if (held.intersects(s.hand(p))) return "a card is in two hands";
    held |= s.hand(p);
    all_dealt |= dealt[p];
    total_held += s.hand(p).size();
  }
  if (held.intersects(s.played())) return "a card is both held and played";
  if ((held | s.played()) != all_dealt) return "cards not conserved";
  if (total_held + s.num_plays() != s.players() * s.cards()) return "card count not conserved";
  int tricks = 0;
  for (int p = 0; p < s.players(); ++p) tricks += s.tricks_won(p);
  if (tricks != s.num_plays() / s.players()) return "tricks won do not add up to tricks played";
  if (s.trick_size() != s.num_plays() % s.players()) return "trick size disagrees with plays";
  if (s.phase() == Phase::Playing || s.phase() == Phase::Done) {
    if (s.bids_made() != s.players()) return "play started before every bid";
    int sum = 0;
    for (int p = 0; p < s.players(); ++p) sum += s.bid(p);
    if (sum != s.bid_sum()) return "bid sum disagrees with bids";
    if (s.hook() && s.forced_bid() < 0 && sum == s.cards()) return "the hook was broken";
  }
  if (s.done() && tricks != s.cards()) return "a finished deal's tricks do not sum to the cards";
  return {};
}

}  // namespace whist
