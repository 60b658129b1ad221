// CardSet: a set of cards as one 64-bit mask, 16 bits a suit (DDS style). Bit i is
// Card::from_index(i). Suit lanes hold ranks in bits 0..12; bits 13..15 of the spade lane hold
// the jokers, so suit masks never include a joker.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "core/card.h"

namespace whist {

// Bit tricks for the hot paths (random playouts pick a card with them), branch free and inline.
// The build targets plain x86-64, where std::popcount becomes a call into libgcc, and a select
// loop mispredicts its exit; with BMI2 or POPCNT enabled the instructions are used instead.
namespace bits {

// Byte-wise running popcounts: byte i holds the number of set bits in bytes 0 … i of x, so the
// top byte holds popcount(x).
constexpr uint64_t byte_prefix_counts(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return x * 0x0101010101010101ull;
}

constexpr int popcount(uint64_t x) {
#ifdef __POPCNT__
  return std::popcount(x);
#else
  return static_cast<int>(byte_prefix_counts(x) >> 56);
#endif
}

// kSelectInByte[n << 8 | b]: the position of the n-th set bit (from 0) of the byte b; 8 if none.
inline constexpr auto kSelectInByte = [] {
  std::array<uint8_t, 8 * 256> t{};
  for (int n = 0; n < 8; ++n) {
    for (int b = 0; b < 256; ++b) {
      int pos = 0, seen = 0;
      for (; pos < 8; ++pos) {
        if ((b >> pos & 1) && seen++ == n) break;
      }
      t[n << 8 | b] = static_cast<uint8_t>(pos);
    }
  }
  return t;
}();

// The position of the n-th set bit of x from the lowest (n < popcount(x)), given
// counts = byte_prefix_counts(x). Vigna's broadword select ("Broadword implementation of
// rank/select queries", 2008): count the bytes whose running count is <= n, then look the bit
// up in that byte.
constexpr int select(uint64_t x, uint64_t counts, int n) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint64_t kHighs = 0x8080808080808080ull;
  const uint64_t k = static_cast<uint64_t>(n);
  const uint64_t le = ((k * kOnes | kHighs) - counts) & kHighs;  // bytes with a count <= n
  const int byte_shift = static_cast<int>(((le >> 7) * kOnes >> 53) & ~uint64_t{7});
  const int rank_in_byte = n - static_cast<int>(((counts << 8) >> byte_shift) & 0xFF);
  return byte_shift +
         kSelectInByte[static_cast<size_t>(rank_in_byte << 8) | ((x >> byte_shift) & 0xFF)];
}

// The position of the n-th set bit of x from the lowest (n < popcount(x)).
constexpr int select(uint64_t x, int n) {
#ifdef __BMI2__
  if (!std::is_constant_evaluated()) {
    return std::countr_zero(_pdep_u64(uint64_t{1} << n, x));
  }
#endif
  return select(x, byte_prefix_counts(x), n);
}

}  // namespace bits

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t bits) : bits_(bits) {}
  constexpr CardSet(Card c) : bits_(uint64_t{1} << c.index()) {}  // NOLINT: a card is a set

  static constexpr CardSet suit_mask(Suit s) {
    return CardSet(uint64_t{0x1FFF} << (16 * static_cast<int>(s)));
  }
  static constexpr CardSet jokers() { return CardSet(uint64_t{0xE000} << 48); }
  static constexpr CardSet all52() { return CardSet(0x1FFF1FFF1FFF1FFFull); }

  constexpr uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return bits::popcount(bits_); }
  constexpr bool contains(Card c) const { return (bits_ >> c.index()) & 1; }
  constexpr bool contains(CardSet s) const { return (bits_ & s.bits_) == s.bits_; }
  constexpr bool intersects(CardSet s) const { return (bits_ & s.bits_) != 0; }

  constexpr CardSet of_suit(Suit s) const { return *this & suit_mask(s); }
  // The ranks of one suit as a 13-bit mask.
  constexpr uint32_t suit_bits(Suit s) const {
    return static_cast<uint32_t>(bits_ >> (16 * static_cast<int>(s))) & 0x1FFF;
  }

  constexpr Card lowest() const { return Card::from_index(std::countr_zero(bits_)); }
  constexpr Card highest() const { return Card::from_index(63 - std::countl_zero(bits_)); }
  // The n-th card from the lowest (n < size()). Rng::pick selects with bits::select instead.
  Card nth(int n) const;

  constexpr void insert(CardSet s) { bits_ |= s.bits_; }
  constexpr void erase(CardSet s) { bits_ &= ~s.bits_; }
  constexpr Card pop_lowest() {
    Card c = lowest();
    bits_ &= bits_ - 1;
    return c;
  }

  friend constexpr CardSet operator|(CardSet a, CardSet b) { return CardSet(a.bits_ | b.bits_); }
  friend constexpr CardSet operator&(CardSet a, CardSet b) { return CardSet(a.bits_ & b.bits_); }
  friend constexpr CardSet operator-(CardSet a, CardSet b) { return CardSet(a.bits_ & ~b.bits_); }
  constexpr CardSet& operator|=(CardSet b) {
    bits_ |= b.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet b) {
    bits_ &= b.bits_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet b) {
    bits_ &= ~b.bits_;
    return *this;
  }
  constexpr bool operator==(const CardSet&) const = default;

  // Iteration from the lowest card up: `for (Card c : set)`.
  class Iterator {
   public:
    constexpr explicit Iterator(uint64_t bits) : bits_(bits) {}
    constexpr Card operator*() const { return Card::from_index(std::countr_zero(bits_)); }
    constexpr Iterator& operator++() {
      bits_ &= bits_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return bits_ != o.bits_; }

   private:
    uint64_t bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  uint64_t bits_ = 0;
};

// "AS KS 9H" from the highest suit (spades) and rank down, the order a player sorts a hand.
std::string to_string(CardSet s);

// Cards separated by spaces ("AS KS 10h"); nullopt if a word is not a card.
std::optional<CardSet> parse_card_set(std::string_view text);

}  // namespace whist
