// CardSet: a set of cards as one 64-bit mask, 16 bits a suit (DDS style). Bit i is
// Card::from_index(i). Suit lanes hold ranks in bits 0..12; bits 13..15 of the spade lane hold
// the jokers, so suit masks never include a joker.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "core/card.h"

namespace whist {

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
  constexpr int size() const { return std::popcount(bits_); }
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
  // The n-th card from the lowest (n < size()).
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
  constexpr CardSet& operator|=(CardSet b) { bits_ |= b.bits_; return *this; }
  constexpr CardSet& operator&=(CardSet b) { bits_ &= b.bits_; return *this; }
  constexpr CardSet& operator-=(CardSet b) { bits_ &= ~b.bits_; return *this; }
  constexpr bool operator==(const CardSet&) const = default;

  // Iteration from the lowest card up: `for (Card c : set)`.
  class Iterator {
   public:
    constexpr explicit Iterator(uint64_t bits) : bits_(bits) {}
    constexpr Card operator*() const { return Card::from_index(std::countr_zero(bits_)); }
    constexpr Iterator& operator++() { bits_ &= bits_ - 1; return *this; }
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

}  // namespace whist
