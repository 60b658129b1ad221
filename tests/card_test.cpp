#include <gtest/gtest.h>

#include <array>

#include "core/card_set.h"
#include "core/deck.h"
#include "core/rng.h"

namespace whist {
namespace {

TEST(Card, ParsesAndPrints) {
  EXPECT_EQ(to_string(*parse_card("TD")), "TD");
  EXPECT_EQ(*parse_card("10h"), Card(Suit::Hearts, Rank::Ten));
  EXPECT_EQ(*parse_card("qs"), Card(Suit::Spades, Rank::Queen));
  EXPECT_FALSE(parse_card("1S").has_value());
  EXPECT_FALSE(parse_card("ZZ").has_value());
  EXPECT_TRUE(parse_card("X2")->is_joker());
}

// Cards as people type them from the screen: filled, outlined and emoji symbols (regression:
// "10♥" was refused by whist score, and "Q♥️" from a phone's keyboard by both commands).
TEST(Card, SuitSymbolsAreReadAsLetters) {
  EXPECT_EQ(suit_symbols_as_letters("Q♥"), "QH");
  EXPECT_EQ(suit_symbols_as_letters("10♤ 9♢ A♧ K♣ 2♦"), "10S 9D AC KC 2D");
  EXPECT_EQ(suit_symbols_as_letters("Q♥\xEF\xB8\x8F"), "QH");
  EXPECT_EQ(suit_symbols_as_letters("no symbol, é kept"), "no symbol, é kept");
  EXPECT_EQ(parse_card(suit_symbols_as_letters("T♥")), parse_card("TH"));
}

TEST(CardSet, ParsesASpaceSeparatedList) {
  const auto s = parse_card_set("AS  10h qd X1");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->size(), 4);
  EXPECT_EQ(to_string(*s), "X1 AS TH QD");
  EXPECT_EQ(parse_card_set(""), CardSet());
  EXPECT_FALSE(parse_card_set("AS ZZ").has_value());
}

TEST(Deck, TrimmedDeckHasTopTwoNRanks) {
  EXPECT_EQ(make_deck(DeckKind::Full52, 4).size(), 52);
  for (int n = 3; n <= 6; ++n) {
    const CardSet d = make_deck(DeckKind::EightPerPlayer, n);
    EXPECT_EQ(d.size(), 8 * n);
    EXPECT_TRUE(d.contains(Card(Suit::Clubs, Rank::Ace)));
  }
  EXPECT_EQ(make_deck(DeckKind::EightPerPlayer, 3).lowest(), Card(Suit::Clubs, Rank::Nine));
  EXPECT_EQ(make_deck(DeckKind::EightPerPlayer, 4).lowest(), Card(Suit::Clubs, Rank::Seven));
  EXPECT_EQ(make_deck(DeckKind::EightPerPlayer, 5).lowest(), Card(Suit::Clubs, Rank::Five));
  EXPECT_EQ(make_deck(DeckKind::EightPerPlayer, 6).lowest(), Card(Suit::Clubs, Rank::Three));
  const CardSet with_jokers = make_deck(DeckKind::Full52, 4, 3);
  EXPECT_EQ(with_jokers.size(), 55);
  EXPECT_EQ((with_jokers & CardSet::suit_mask(Suit::Spades)).size(), 13);
}

TEST(Rng, UniformFillsTheUnitIntervalEvenlyAndReplaysFromItsSeed) {
  Rng a(42), b(42);
  std::array<int, 10> tenths{};
  for (int i = 0; i < 10000; ++i) {
    const double x = a.uniform();
    ASSERT_GE(x, 0.0);
    ASSERT_LT(x, 1.0);
    ASSERT_EQ(x, b.uniform());
    ++tenths[static_cast<size_t>(x * 10)];
  }
  // 1000 expected in each tenth; 5 standard deviations is about 150.
  for (const int n : tenths) EXPECT_NEAR(n, 1000, 150);
}

}  // namespace
}  // namespace whist
