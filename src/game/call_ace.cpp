// Call-Ace whist's phases of DealState: the contract auction, trump, the called card, the kitty
// (see deal.h for the rules as played).
#include <bit>
#include <string>

#include "game/deal.h"
#include "rules/contracts.h"

namespace whist {

namespace {

const Contract& ladder(int index) { return contract_ladder()[index]; }

}  // namespace

int DealState::holder(Card c) const {
  for (int p = 0; p < players_; ++p) {
    if (hands_[p].contains(c)) return p;
  }
  return -1;
}

CardSet DealState::legal_cards_with_jokers() const {
  const CardSet hand = hands_[to_move_];
  if (trick_size_ == 0) {
    if (num_plays_ != 0) return hand;
    const CardSet plain = hand - CardSet::jokers();  // a joker may not lead the first trick
    return plain.empty() ? hand : plain;
  }
  const CardSet follow = hand & CardSet(suit_bits(led_));
  if (follow.empty()) {
    const CardSet trumps = hand & CardSet(suit_bits(trump_));
    return must_trump_ && !trumps.empty() ? trumps : hand;
  }
  return joker_any_time_ ? follow | (hand & CardSet::jokers()) : follow;
}

std::string DealState::why_illegal_call_ace(Action a) const {
  const auto not_now = [&](const char* what) { return std::string("not the time to ") + what; };
  switch (a.kind()) {
    case ActionKind::Pass:
      if (phase_ != Phase::Auction) return not_now("pass");
      return {};
    case ActionKind::Contract: {
      if (phase_ != Phase::Auction) return not_now("bid a contract");
      const int k = a.contract_index();
      if (k <= auction_.high) {
        return "contract " + contract_name(k) + " does not beat " + contract_name(auction_.high);
      }
      return {};
    }
    case ActionKind::ChooseTrump:
      if (phase_ != Phase::ChooseTrump) return not_now("choose trump");
      return {};
    case ActionKind::AcceptTrump: {
      if (phase_ != Phase::TurnKitty) return not_now("accept a turned card");
      const Card shown = kitty_order_[call_.turned - 1];
      if (shown.is_joker() && call_.turned < kKittySize) {
        return "a turned joker names no suit: turn the next card";
      }
      return {};
    }
    case ActionKind::TurnNext:
      if (phase_ != Phase::TurnKitty) return not_now("turn a kitty card");
      if (call_.turned == kKittySize) return "the last kitty card turned must be accepted";
      return {};
    case ActionKind::CallCard: {
      if (phase_ != Phase::CallCard) return not_now("call a card");
      const Card c = a.card();
      if (!c.valid() || c.is_joker()) return "only an ace (or a king) can be called";
      const bool half = ladder(auction_.high).kind == ContractKind::Half;
      if (!half && c.suit() == trump_) return "the called card must not be a trump";
      if (c.rank() == Rank::Ace) return {};
      if (c.rank() == Rank::King) {
        const CardSet aces =
            CardSet(uint64_t{1} << 12 | uint64_t{1} << 28 | uint64_t{1} << 44 | uint64_t{1} << 60);
        if (hands_[to_move_].contains(aces)) return {};
        return "a king may be called only by a declarer holding all four aces";
      }
      return "only an ace (or a king) can be called";
    }
    case ActionKind::TakeKitty:
      if (phase_ != Phase::Exchange) return not_now("take the kitty");
      return {};
    case ActionKind::KeepHand:
      if (phase_ != Phase::Exchange) return not_now("decline the kitty");
      if (ladder(auction_.high).kind == ContractKind::Turn)
        return "a Turn contract must take the kitty";
      return {};
    case ActionKind::Discard: {
      if (phase_ != Phase::Discard) return not_now("discard");
      const Card c = a.card();
      if (!c.valid() || !hands_[to_move_].contains(c)) return "card not in hand";
      if (c == call_.called) return "the called card cannot be discarded";
      return {};
    }
    default:
      break;
  }
  return "not an action of this game";
}

void DealState::apply_call_ace(Action a) {
  const int seat = to_move_;
  const auto next_in_auction = [&] {
    int p = next(seat);
    while (call_.passed >> p & 1) p = next(p);
    return p;
  };
  switch (a.kind()) {
    case ActionKind::Pass: {
      call_.passed |= static_cast<uint8_t>(1u << seat);
      const int out = std::popcount(static_cast<unsigned>(call_.passed));
      if (out == players_) {
        auction_.thrown_in = true;  // nobody bid
        phase_ = Phase::Done;
      } else if (out == players_ - 1 && auction_.high >= 0 &&
                 !(call_.passed >> auction_.declarer & 1)) {
        after_auction();
      } else {
        to_move_ = static_cast<uint8_t>(next_in_auction());
      }
      break;
    }
    case ActionKind::Contract:
      auction_.high = static_cast<int8_t>(a.contract_index());
      auction_.declarer = static_cast<int8_t>(seat);
      call_.contract = auction_.high;
      if (std::popcount(static_cast<unsigned>(call_.passed)) == players_ - 1) {
        after_auction();  // the last one in has bid: nobody is left to outbid
      } else {
        to_move_ = static_cast<uint8_t>(next_in_auction());
      }
      break;
    case ActionKind::ChooseTrump:
      trump_ = a.trump_suit();
      after_trump();
      break;
    case ActionKind::AcceptTrump: {
      const Card shown = kitty_order_[call_.turned - 1];
      trump_ = shown.is_joker() ? Suit::None : shown.suit();
      phase_ = Phase::CallCard;
      break;
    }
    case ActionKind::TurnNext:
      ++call_.turned;
      break;
    case ActionKind::CallCard:
      call_.called = a.card();
      after_call();
      break;
    case ActionKind::TakeKitty:
      hands_[call_.actor] |= call_.kitty;
      call_.kitty = CardSet();
      call_.discards = 0;
      call_.taken = true;
      phase_ = Phase::Discard;
      break;
    case ActionKind::KeepHand:
      start_play();
      break;
    case ActionKind::Discard:
      hands_[call_.actor] -= a.card();
      call_.kitty |= a.card();
      if (++call_.discards == kKittySize) start_play();
      break;
    default:
      break;
  }
}

void DealState::after_auction() {
  const int d = auction_.declarer;
  call_.actor = static_cast<int8_t>(d);
  to_move_ = static_cast<uint8_t>(d);
  switch (ladder(auction_.high).kind) {
    case ContractKind::Plain:
    case ContractKind::Quarter:
      phase_ = Phase::ChooseTrump;
      break;
    case ContractKind::Good:
      trump_ = Suit::Clubs;
      phase_ = Phase::CallCard;
      break;
    case ContractKind::Sense:
    case ContractKind::Half:  // the partner chooses trump after the call
      trump_ = Suit::None;
      phase_ = Phase::CallCard;
      break;
    case ContractKind::Turn:
      call_.turned = 1;
      phase_ = Phase::TurnKitty;
      break;
    default:  // the negative contracts: alone, no trump
      trump_ = Suit::None;
      phase_ = Phase::Exchange;
      break;
  }
}

void DealState::after_trump() {
  switch (ladder(auction_.high).kind) {
    case ContractKind::Plain:
      phase_ = Phase::CallCard;
      break;
    default:
      phase_ = Phase::Exchange;
      break;  // Quarter (declarer) and Half (its chooser)
  }
}

void DealState::after_call() {
  if (ladder(auction_.high).kind == ContractKind::Half) {
    const int h = holder(call_.called);
    call_.actor = static_cast<int8_t>(h >= 0 && h != auction_.declarer ? h : auction_.declarer);
    to_move_ = static_cast<uint8_t>(call_.actor);
    phase_ = Phase::ChooseTrump;
    return;
  }
  phase_ = Phase::Exchange;
}

void DealState::start_play() {
  const int h = call_.called == kNoCard ? -1 : holder(call_.called);
  call_.partner = static_cast<int8_t>(h == auction_.declarer ? -1 : h);
  phase_ = Phase::Playing;
  leader_ = static_cast<uint8_t>(forehand());
  to_move_ = leader_;
}

void DealState::undo_call_ace(const Undo& u) {
  switch (u.action.kind()) {
    case ActionKind::TakeKitty:
      hands_[u.call.actor] -= u.call.kitty;
      break;
    case ActionKind::Discard:
      hands_[u.call.actor] |= u.action.card();
      break;
    default:
      break;
  }
  call_ = u.call;
  auction_ = u.auction;
  trump_ = u.trump;
  leader_ = u.leader;
}

}  // namespace whist
