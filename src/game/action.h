// Actions: everything a player can do, as one small integer (OpenSpiel style).
//
// Encoding:
//   0 … 63     play the card with that index (Card::index())
//   64 … 127   bid n tricks (64 + n)
//   128        announce zero play (the announcer means to end the game on exactly 0 points)
//   129 … 131  the dealer picks the one-card mode: regular, forehead, blind
// Codes from 256 up are reserved for the auction games (contracts, passes, card passing, kitty
// exchange, called cards), which extend the same deal state machine.
#pragma once

#include <cstdint>
#include <string>

#include "core/card.h"
#include "rules/rules.h"

namespace whist {

enum class ActionKind : uint8_t { Play, Bid, AnnounceZero, ChooseMode, Invalid };

class Action {
 public:
  static constexpr uint16_t kBidBase = 64;
  static constexpr uint16_t kAnnounceZero = 128;
  static constexpr uint16_t kChooseModeBase = 129;

  constexpr Action() = default;
  static constexpr Action play(Card c) { return Action(static_cast<uint16_t>(c.index())); }
  static constexpr Action bid(int n) { return Action(static_cast<uint16_t>(kBidBase + n)); }
  static constexpr Action announce_zero() { return Action(kAnnounceZero); }
  static constexpr Action choose_mode(OneCardMode m) {
    return Action(static_cast<uint16_t>(kChooseModeBase + static_cast<int>(m)));
  }
  static constexpr Action from_code(uint16_t code) { return Action(code); }

  constexpr uint16_t code() const { return code_; }
  constexpr ActionKind kind() const {
    if (code_ < kBidBase) return ActionKind::Play;
    if (code_ < kAnnounceZero) return ActionKind::Bid;
    if (code_ == kAnnounceZero) return ActionKind::AnnounceZero;
    if (code_ < kChooseModeBase + 3) return ActionKind::ChooseMode;
    return ActionKind::Invalid;
  }
  constexpr Card card() const { return Card::from_index(code_); }
  constexpr int bid_value() const { return code_ - kBidBase; }
  constexpr OneCardMode mode() const { return static_cast<OneCardMode>(code_ - kChooseModeBase); }

  constexpr bool operator==(const Action&) const = default;

 private:
  constexpr explicit Action(uint16_t code) : code_(code) {}
  uint16_t code_ = 0xFFFF;
};

// "play QD", "bid 2", "announce zero", "mode forehead".
std::string to_string(Action a);

}  // namespace whist
