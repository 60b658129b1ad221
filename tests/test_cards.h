// Cards and points as the tests write them ("AS KH 10D", P(3)), shared so that every test file
// means the same by them (and a unity build finds each defined once).
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "core/card.h"
#include "core/card_set.h"
#include "rules/scoring.h"

namespace whist::test_cards {

// A card as written ("QH", "10d"); a test that writes one wrong fails, naming it.
inline Card card(std::string_view text) {
  const auto c = parse_card(text);
  EXPECT_TRUE(c.has_value()) << "not a card: " << text;
  return c.value_or(kNoCard);
}

// Cards as written, separated by spaces; the empty set for "".
inline CardSet cards(std::string_view text) {
  const auto c = parse_card_set(text);
  EXPECT_TRUE(c.has_value()) << "not cards: " << text;
  return c.value_or(CardSet{});
}

// Whole points.
inline Points P(int n) { return Points::whole(n); }

}  // namespace whist::test_cards
