// Cards, suits and ranks.
//
// A card is one byte: suit * 16 + rank, the same bit index it has in a CardSet. Ranks run from
// Two (0) to Ace (12); the three spare positions of the spade lane (13, 14, 15) hold the jokers
// that Call-Ace whist adds, so every card of every game in the family fits one 64-bit mask.
//
// Text form (records, command line): rank `A K Q J T 9 8 7 6 5 4 3 2` then suit `S H D C`, e.g.
// `TD`; jokers are `X1`, `X2`, `X3`. Parsing also takes `10D` and lower case.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace whist {

// Ranked low to high as in the Israeli auction: clubs < diamonds < hearts < spades. `None` stands
// for "no trump" and "no suit led yet"; it never appears on a card.
enum class Suit : uint8_t { Clubs = 0, Diamonds = 1, Hearts = 2, Spades = 3, None = 4 };

enum class Rank : uint8_t {
  Two = 0,
  Three,
  Four,
  Five,
  Six,
  Seven,
  Eight,
  Nine,
  Ten,
  Jack,
  Queen,
  King,
  Ace,
};

inline constexpr int kNumSuits = 4;
inline constexpr int kNumRanks = 13;
inline constexpr int kNumJokers = 3;

class Card {
 public:
  constexpr Card() = default;
  constexpr Card(Suit s, Rank r)
      : index_(static_cast<uint8_t>(static_cast<int>(s) * 16 + static_cast<int>(r))) {}
  static constexpr Card from_index(int index) {
    Card c;
    c.index_ = static_cast<uint8_t>(index);
    return c;
  }
  // Jokers 0, 1, 2 sit above the spade ace.
  static constexpr Card joker(int n) { return from_index(48 + kNumRanks + n); }

  constexpr int index() const { return index_; }
  constexpr Suit suit() const { return static_cast<Suit>(index_ >> 4); }
  constexpr Rank rank() const { return static_cast<Rank>(index_ & 15); }
  constexpr bool is_joker() const { return index_ >= 48 + kNumRanks && index_ < 64; }
  constexpr bool valid() const {
    return index_ < 64 && ((index_ & 15) < kNumRanks || index_ >= 48 + kNumRanks);
  }

  constexpr bool operator==(const Card&) const = default;
  constexpr auto operator<=>(const Card&) const = default;

 private:
  uint8_t index_ = 0xFF;
};

inline constexpr Card kNoCard{};

char suit_char(Suit s);                // 'S', 'H', 'D', 'C'; 'N' for Suit::None
char rank_char(Rank r);                // 'A' ... '2', 'T' for ten
std::string_view suit_symbol(Suit s);  // "♠" ...; "NT" for Suit::None
std::string suit_name(Suit s);         // "S", "H", "D", "C" or "none" (records' trump field)

std::string to_string(Card c);  // "TD", "X1"
std::optional<Card> parse_card(std::string_view text);
std::optional<Suit> parse_suit(std::string_view text);  // S H D C (any case), N / NT / none
// People type cards as the screen shows them ("Q♥"): the suit symbols, filled and outlined, and
// their emoji form (♥ and U+FE0F), as the upper-case letters parse_card and parse_suit read
// ("QH"). Records keep letters only.
std::string suit_symbols_as_letters(std::string_view text);

}  // namespace whist
