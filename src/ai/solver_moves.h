// The solver's move generation, shared with its brute-force reference (solver.h): the legal cards
// of the player to move grouped into runs of equivalent cards, in the search order that the tie
// rule refers to. Internal to the solver.
//
// The order is a function of comparisons only: of a card with the cards in play elsewhere (other
// hands and the table) in its suit, of the card with the one winning the trick, plus the suits,
// the seats and what the mover wants from the trick. It never compares ranks across suits nor
// looks at cards already played, so squeezing played cards out of the suits (relative ranks, the
// transposition table's key) leaves it unchanged; and all cards of a run compare alike with every
// card elsewhere, so a run's cards get one key and stay next to each other.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "ai/solver.h"
#include "core/card_set.h"
#include "game/deal.h"

namespace whist::solver_detail {

// What the player to move would like the current trick to do for the tricks counted for it.
enum class Preference : int8_t { Avoid = -1, Neutral = 0, Want = 1 };

// `best(a, b)`: the best utility over final counts a … b. Taking the trick leaves counts
// cur+1 … cur+rem reachable, losing it cur … cur+rem−1 (rem: tricks left, this one included).
template <typename Best>
Preference trick_preference(int cur, int rem, Best&& best) {
  const int take = best(cur + 1, cur + rem);
  const int leave = best(cur, cur + rem - 1);
  return take > leave ? Preference::Want : take < leave ? Preference::Avoid : Preference::Neutral;
}

struct Run {
  uint64_t cards;  // equivalent legal cards of the mover
  uint32_t key;    // the order: smallest first
  Card first() const { return Card::from_index(std::countr_zero(cards)); }  // the solver's
};

struct RunList {
  std::array<Run, kMaxTricks> items;  // left uninitialised: filled by order_moves
  int size = 0;
};

// kPop13[m]: the number of bits of a 13-bit mask (the build's target may lack popcnt).
inline constexpr auto kPop13 = [] {
  std::array<uint8_t, 1 << 13> t{};
  for (int m = 1; m < (1 << 13); ++m) t[m] = static_cast<uint8_t>(t[m >> 1] + (m & 1));
  return t;
}();

// Whether c takes the trick from w, the card winning it so far: DealState's rule (a led joker
// wins, a joker played to a trick loses; else trump, else the higher card of the same suit).
inline bool beats(Card c, Card w, Suit trump) {
  if (c.is_joker() || w.is_joker()) return false;
  return c.suit() == w.suit() ? c.index() > w.index() : c.suit() == trump;
}

// The cards in play elsewhere than in the mover's hand: the other hands and the table.
inline uint64_t elsewhere_of(const DealState& s) {
  uint64_t elsewhere = 0;
  for (int p = 0; p < s.players(); ++p) {
    if (p != s.to_move()) elsewhere |= s.hand(p).bits();
  }
  for (int i = 0; i < s.trick_size(); ++i) elsewhere |= CardSet(s.trick_card(i)).bits();
  return elsewhere;
}

// The runs of the mover's legal cards `legal` in search order. `side`: the seats whose tricks
// count for the mover; `elsewhere`: elsewhere_of(s).
inline void order_moves(const DealState& s, uint64_t legal, Preference pref, uint8_t side,
                        uint64_t elsewhere, RunList& out) {
  const int on_table = s.trick_size();
  const bool leading = on_table == 0;
  const Card winning = leading ? kNoCard : s.winning_card();
  const bool side_winning = !leading && (side >> s.trick_winner() & 1);
  const bool in_side = side >> s.to_move() & 1;  // a Call-Ace defender counts the other side
  const Suit trump = s.trump();
  out.size = 0;

  // A seat that would rather lose the trick ducks: it leads its lowest cards, follows with its
  // highest losing card, and when it must take the trick, takes it with its highest card. Any
  // other seat, indifferent ones included, plays to take it: it leads the cards likeliest to
  // win, follows with its cheapest winner, else its lowest card. (Playing to win when
  // indifferent rather than low measured about half the median 13-card solve time, on several
  // seeded sets.) higher: the cards elsewhere above the run in its suit, its distance from the
  // top; the order compares only those counts, the trick's outcome, suits and cards.
  const bool avoid = pref == Preference::Avoid;
  const auto add = [&](uint64_t cards, bool takes, int higher) {
    int cls = 0;
    int rank_key = avoid ? -higher : higher;  // leads: lowest first, or likeliest winners first
    if (!leading) {
      const bool gives = takes ? in_side : side_winning;  // the trick would go to the side
      cls = gives == avoid ? 1 : 0;
      rank_key = avoid ? higher : -higher;
    }
    Run& r = out.items[out.size++];
    r.cards = cards;
    r.key = static_cast<uint32_t>(cls << 16 | (rank_key + 128) << 8 | std::countr_zero(cards));
  };

  for (uint64_t suits = legal & CardSet::all52().bits(); suits != 0;) {
    const int suit = std::countr_zero(suits) >> 4;
    suits &= ~CardSet::suit_mask(static_cast<Suit>(suit)).bits();
    uint32_t mine = static_cast<uint32_t>(legal >> (16 * suit)) & 0x1FFF;
    const uint32_t other = static_cast<uint32_t>(elsewhere >> (16 * suit)) & 0x1FFF;
    while (mine != 0) {
      const int low = std::countr_zero(mine);
      const uint32_t above = other & ~((2u << low) - 1);
      // The run ends below the next card elsewhere.
      const uint32_t run = above != 0 ? mine & ((above & (0u - above)) - 1) : mine;
      mine &= ~run;
      const Card c = Card::from_index(16 * suit + low);
      add(uint64_t{run} << (16 * suit), leading || beats(c, winning, trump), kPop13[above]);
    }
  }
  // All jokers are alike: one run. Led, a joker wins; played to a trick, it loses.
  if (const uint64_t jokers = legal & CardSet::jokers().bits()) {
    add(jokers, leading, leading ? 0 : 2 * kNumRanks);
  }

  for (int i = 1; i < out.size; ++i) {
    const Run r = out.items[i];
    int j = i;
    for (; j > 0 && out.items[j - 1].key > r.key; --j) out.items[j] = out.items[j - 1];
    out.items[j] = r;
  }
}

}  // namespace whist::solver_detail
