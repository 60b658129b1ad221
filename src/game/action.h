// Actions: everything a player can do, as one small integer (OpenSpiel style).
//
// Encoding:
//   0 … 63     play the card with that index (Card::index())
//   64 … 127   bid n tricks (64 + n)
//   128        announce zero play (the announcer means to end the game on exactly 0 points)
//   129 … 131  the dealer picks the one-card mode: regular, forehead, blind
//   132        "play unseen": a forehead card's play as its holder is told of it and names it,
//              never applied (told_action and heard_action, game/view.h)
//   256 … 325  an auction bid (Israeli whist): 256 + 5 × tricks + denomination, where the
//              denomination is 0 … 4 = ♣ ♦ ♥ ♠ no trump, so codes rank as bids do
//   330        pass in the auction
//   384 … 447  choose a card to pass to the next seat (384 + card index)
//   448 … 494  a Call-Ace contract: 448 + its index in contract_ladder() (rules/contracts.h)
//   500 … 503  choose trump: 500 + suit
//   505        accept the turned kitty card's suit as trump (Turn contracts)
//   506        turn the next kitty card
//   512 … 575  call a card (the called ace): 512 + card index
//   576        take the kitty; 577 keep the hand
//   640 … 703  discard a card to the kitty: 640 + card index
#pragma once

#include <cstdint>
#include <string>

#include "core/card.h"
#include "rules/rules.h"

namespace whist {

enum class ActionKind : uint8_t {
  Play,
  Bid,
  AnnounceZero,
  ChooseMode,
  AuctionBid,
  Pass,
  PassCard,
  Contract,
  ChooseTrump,
  AcceptTrump,
  TurnNext,
  CallCard,
  TakeKitty,
  KeepHand,
  Discard,
  Invalid,
};

class Action {
 public:
  static constexpr uint16_t kBidBase = 64;
  static constexpr uint16_t kAnnounceZero = 128;
  static constexpr uint16_t kChooseModeBase = 129;
  static constexpr uint16_t kPlayUnseen = 132;
  static constexpr uint16_t kAuctionBase = 256;
  static constexpr uint16_t kPass = 330;
  static constexpr uint16_t kPassCardBase = 384;
  static constexpr uint16_t kContractBase = 448;
  static constexpr uint16_t kChooseTrumpBase = 500;
  static constexpr uint16_t kAcceptTrump = 505;
  static constexpr uint16_t kTurnNext = 506;
  static constexpr uint16_t kCallBase = 512;
  static constexpr uint16_t kTakeKitty = 576;
  static constexpr uint16_t kKeepHand = 577;
  static constexpr uint16_t kDiscardBase = 640;

  constexpr Action() = default;
  static constexpr Action play(Card c) { return Action(static_cast<uint16_t>(c.index())); }
  static constexpr Action bid(int n) { return Action(static_cast<uint16_t>(kBidBase + n)); }
  static constexpr Action announce_zero() { return Action(kAnnounceZero); }
  static constexpr Action play_unseen() { return Action(kPlayUnseen); }
  static constexpr Action choose_mode(OneCardMode m) {
    return Action(static_cast<uint16_t>(kChooseModeBase + static_cast<int>(m)));
  }
  // `denomination` is a suit, or Suit::None for no trump.
  static constexpr Action auction_bid(int tricks, Suit denomination) {
    return Action(
        static_cast<uint16_t>(kAuctionBase + 5 * tricks + static_cast<int>(denomination)));
  }
  static constexpr Action pass() { return Action(kPass); }
  static constexpr Action pass_card(Card c) {
    return Action(static_cast<uint16_t>(kPassCardBase + c.index()));
  }
  static constexpr Action contract(int index) {
    return Action(static_cast<uint16_t>(kContractBase + index));
  }
  static constexpr Action choose_trump(Suit s) {
    return Action(static_cast<uint16_t>(kChooseTrumpBase + static_cast<int>(s)));
  }
  static constexpr Action accept_trump() { return Action(kAcceptTrump); }
  static constexpr Action turn_next() { return Action(kTurnNext); }
  static constexpr Action call(Card c) {
    return Action(static_cast<uint16_t>(kCallBase + c.index()));
  }
  static constexpr Action take_kitty() { return Action(kTakeKitty); }
  static constexpr Action keep_hand() { return Action(kKeepHand); }
  static constexpr Action discard(Card c) {
    return Action(static_cast<uint16_t>(kDiscardBase + c.index()));
  }
  static constexpr Action from_code(uint16_t code) { return Action(code); }

  constexpr uint16_t code() const { return code_; }
  constexpr ActionKind kind() const {
    if (code_ < kBidBase) return ActionKind::Play;
    if (code_ < kAnnounceZero) return ActionKind::Bid;
    if (code_ == kAnnounceZero) return ActionKind::AnnounceZero;
    if (code_ < kChooseModeBase + 3) return ActionKind::ChooseMode;
    if (code_ >= kAuctionBase && code_ < kAuctionBase + 70) return ActionKind::AuctionBid;
    if (code_ == kPass) return ActionKind::Pass;
    if (code_ >= kPassCardBase && code_ < kPassCardBase + 64) return ActionKind::PassCard;
    if (code_ >= kContractBase && code_ < kContractBase + 47) return ActionKind::Contract;
    if (code_ >= kChooseTrumpBase && code_ < kChooseTrumpBase + 4) return ActionKind::ChooseTrump;
    if (code_ == kAcceptTrump) return ActionKind::AcceptTrump;
    if (code_ == kTurnNext) return ActionKind::TurnNext;
    if (code_ >= kCallBase && code_ < kCallBase + 64) return ActionKind::CallCard;
    if (code_ == kTakeKitty) return ActionKind::TakeKitty;
    if (code_ == kKeepHand) return ActionKind::KeepHand;
    if (code_ >= kDiscardBase && code_ < kDiscardBase + 64) return ActionKind::Discard;
    return ActionKind::Invalid;
  }
  // The card of a Play, PassCard, CallCard or Discard action.
  constexpr Card card() const {
    if (code_ < 64) return Card::from_index(code_);
    if (code_ >= kDiscardBase) return Card::from_index(code_ - kDiscardBase);
    if (code_ >= kCallBase) return Card::from_index(code_ - kCallBase);
    return Card::from_index(code_ - kPassCardBase);
  }
  constexpr int contract_index() const { return code_ - kContractBase; }
  constexpr Suit trump_suit() const { return static_cast<Suit>(code_ - kChooseTrumpBase); }
  // An auction bid's number of tricks and denomination.
  constexpr int auction_tricks() const { return (code_ - kAuctionBase) / 5; }
  constexpr Suit denomination() const { return static_cast<Suit>((code_ - kAuctionBase) % 5); }
  constexpr int bid_value() const { return code_ - kBidBase; }
  constexpr OneCardMode mode() const { return static_cast<OneCardMode>(code_ - kChooseModeBase); }

  constexpr bool operator==(const Action&) const = default;

 private:
  constexpr explicit Action(uint16_t code) : code_(code) {}
  uint16_t code_ = 0xFFFF;
};

// "play QD", "bid 2", "announce zero", "mode forehead", "play unseen", "auction 5S", "auction 6NT",
// "pass", "pass card AS".
std::string to_string(Action a);

}  // namespace whist
