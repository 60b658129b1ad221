// Decks: the full 52 cards, or the trimmed deck of 8 cards per player (the top 2N ranks of every
// suit), optionally with jokers; shuffling and dealing from a seeded generator.
#pragma once

#include <array>
#include <vector>

#include "core/card_set.h"
#include "core/rng.h"

namespace whist {

enum class DeckKind : uint8_t { Full52, EightPerPlayer };

// The cards of the deck for `players` players (EightPerPlayer needs 3..6 players).
CardSet make_deck(DeckKind kind, int players, int jokers = 0);

// The deck in a fixed order (lowest index first), shuffled by Fisher-Yates from `rng`.
std::vector<Card> shuffled(CardSet deck, Rng& rng);

}  // namespace whist
