#include "core/deck.h"

#include <utility>

namespace whist {

CardSet make_deck(DeckKind kind, int players, int jokers) {
  CardSet deck;
  if (kind == DeckKind::Full52) {
    deck = CardSet::all52();
  } else {
    const int ranks = 2 * players;  // top 2N ranks: A-9 for 3, A-7 for 4, A-5 for 5, A-3 for 6
    const uint64_t lane = ((uint64_t{1} << ranks) - 1) << (kNumRanks - ranks);
    for (int s = 0; s < kNumSuits; ++s) deck |= CardSet(lane << (16 * s));
  }
  for (int j = 0; j < jokers; ++j) deck |= Card::joker(j);
  return deck;
}

std::vector<Card> shuffled(CardSet deck, Rng& rng) {
  std::vector<Card> cards;
  cards.reserve(static_cast<size_t>(deck.size()));
  for (Card c : deck) cards.push_back(c);
  for (size_t i = cards.size(); i > 1; --i) {
    std::swap(cards[i - 1], cards[rng.below(static_cast<uint32_t>(i))]);
  }
  return cards;
}

}  // namespace whist
