#include "game/deal.h"

#include "rules/contracts.h"

#include <cassert>

namespace whist {

std::string to_string(Action a) {
  if (a == Action::play_unseen()) return "play unseen";  // of kind Invalid: never applied
  switch (a.kind()) {
    case ActionKind::Play:
      return "play " + to_string(a.card());
    case ActionKind::Bid:
      return "bid " + std::to_string(a.bid_value());
    case ActionKind::AnnounceZero:
      return "announce zero";
    case ActionKind::ChooseMode: {
      static constexpr const char* kNames[] = {"regular", "forehead", "blind"};
      return std::string("mode ") + kNames[static_cast<int>(a.mode())];
    }
    case ActionKind::AuctionBid:
      return "auction " + std::to_string(a.auction_tricks()) +
             (a.denomination() == Suit::None ? std::string("NT")
                                             : std::string(1, suit_char(a.denomination())));
    case ActionKind::Pass:
      return "pass";
    case ActionKind::PassCard:
      return "pass card " + to_string(a.card());
    case ActionKind::Contract:
      return "contract " + contract_name(a.contract_index());
    case ActionKind::ChooseTrump:
      return std::string("trump ") + suit_char(a.trump_suit());
    case ActionKind::AcceptTrump:
      return "accept the turned card";
    case ActionKind::TurnNext:
      return "turn the next kitty card";
    case ActionKind::CallCard:
      return "call " + to_string(a.card());
    case ActionKind::TakeKitty:
      return "take the kitty";
    case ActionKind::KeepHand:
      return "keep the hand";
    case ActionKind::Discard:
      return "discard " + to_string(a.card());
    case ActionKind::Invalid:
      break;
  }
  return "invalid action " + std::to_string(a.code());
}

bool ActionList::contains(Action a) const {
  for (Action x : *this) {
    if (x == a) return true;
  }
  return false;
}

DealState::DealState(const DealSetup& s, const std::array<CardSet, kMaxPlayers>& hands)
    : hands_(hands),
      players_(static_cast<uint8_t>(s.players)),
      cards_(static_cast<uint8_t>(s.cards)),
      dealer_(static_cast<uint8_t>(s.dealer)),
      forced_bid_(static_cast<int8_t>(s.forced_bid)),
      turned_(s.turned),
      trump_(s.trump),
      phase_(s.choose_mode ? Phase::ChooseMode : Phase::Bidding),
      mode_(s.choose_mode ? OneCardMode::Regular : s.mode),
      must_trump_(s.must_trump),
      hook_(s.hook),
      blind_bidding_(s.blind_bidding),
      zero_open_(s.zero_play_open),
      zero_announced_(s.zero_announced),
      family_(s.family),
      auction_passes_(static_cast<uint8_t>(s.auction_passes)),
      pass_rounds_(static_cast<uint8_t>(s.pass_rounds)),
      pass_cards_(static_cast<uint8_t>(s.pass_cards)),
      auction_min_(static_cast<uint8_t>(s.auction_min)),
      declarer_raise_(s.declarer_raise) {
  bids_.fill(-1);
  if (family_ == Family::Israeli) {
    phase_ = Phase::Auction;
    auction_.min = auction_min_;
  }
  if (family_ == Family::CallAce) {
    phase_ = Phase::Auction;
    joker_any_time_ = s.joker_any_time;
    kitty_order_ = s.kitty;
    for (Card k : s.kitty) {
      if (k != kNoCard) call_.kitty |= k;
    }
  }
  // The dealer chooses the one-card mode first; otherwise the seat after the dealer starts.
  const int first = next(dealer_);
  to_move_ = static_cast<uint8_t>(phase_ == Phase::ChooseMode ? dealer_ : first);
  leader_ = static_cast<uint8_t>(first);
  for (int p = 0; p < players_; ++p) {
    has_jokers_ = has_jokers_ || hands_[p].intersects(CardSet::jokers());
  }
  has_jokers_ = has_jokers_ || call_.kitty.intersects(CardSet::jokers());
}

DealState DealState::from_position(const DealSetup& setup, const Position& p) {
  DealState d(setup, p.hands);
  d.auction_ = p.auction;
  d.call_ = p.call;
  d.kitty_order_ = p.kitty_order;
  d.trump_ = p.trump;
  d.mode_ = p.mode;
  d.zero_open_ = p.zero_open;
  d.zero_announced_ = p.zero_announced;
  CardSet all = p.call.kitty;
  for (int i = 0; i < d.players_; ++i) {
    d.bids_[i] = p.bids[i];
    if (p.bids[i] >= 0) {
      ++d.bids_made_;
      d.bid_sum_ = static_cast<int8_t>(d.bid_sum_ + p.bids[i]);
    }
    all |= p.hands[i];
  }
  for (int i = 0; i < p.num_plays; ++i) all |= p.plays[i];
  d.has_jokers_ = all.intersects(CardSet::jokers());
  // Replay the cards through play(): a card no longer in its hand is simply not removed.
  d.phase_ = Phase::Playing;
  d.leader_ = static_cast<uint8_t>(p.first_leader);
  d.to_move_ = d.leader_;
  Undo u;
  for (int i = 0; i < p.num_plays; ++i) d.play(p.plays[i], u);
  d.phase_ = p.phase;
  if (p.phase != Phase::Playing) d.to_move_ = static_cast<uint8_t>(p.to_move);
  return d;
}

DealSetup DealState::public_setup() const {
  DealSetup s;
  s.players = players_;
  s.cards = cards_;
  s.dealer = dealer_;
  s.trump = trump_;
  s.turned = turned_;
  s.must_trump = must_trump_;
  s.hook = hook_;
  s.forced_bid = forced_bid_;
  s.choose_mode = phase_ == Phase::ChooseMode;
  s.mode = mode_;
  s.blind_bidding = blind_bidding_;
  s.zero_play_open = zero_open_;
  s.zero_announced = zero_announced_;
  s.family = family_;
  s.auction_min = auction_min_;
  s.auction_passes = auction_passes_;
  s.pass_rounds = pass_rounds_;
  s.pass_cards = pass_cards_;
  s.declarer_raise = declarer_raise_;
  s.joker_any_time = joker_any_time_;
  return s;
}

int DealState::seat_of_play(int i) const {
  // Replays trick winners from the start: cheap enough for views and records, never in search.
  int leader = family_ == Family::Israeli ? auction_.declarer : next(dealer_);  // who led first
  const int trick_start = i - i % players_;
  for (int t = 0; t < trick_start; t += players_) {
    int winner = leader;
    Card best = plays_[t];
    for (int k = 1; k < players_; ++k) {
      if (beats(plays_[t + k], best)) {
        best = plays_[t + k];
        winner = (leader + k) % players_;
      }
    }
    leader = winner;
  }
  return (leader + i - trick_start) % players_;
}

void DealState::seats_of_plays(std::array<int8_t, kMaxPlays>& out) const {
  int leader = family_ == Family::Israeli ? auction_.declarer : next(dealer_);
  for (int t = 0; t < num_plays_; t += players_) {
    int winner = leader;
    Card best = plays_[t];
    for (int k = 0; k < players_ && t + k < num_plays_; ++k) {
      out[t + k] = static_cast<int8_t>((leader + k) % players_);
      if (k > 0 && beats(plays_[t + k], best)) {
        best = plays_[t + k];
        winner = (leader + k) % players_;
      }
    }
    leader = winner;
  }
}

ActionList DealState::legal_actions() const {
  ActionList out;
  switch (phase_) {
    case Phase::ChooseMode:
      for (int m = 0; m < 3; ++m) out.push(Action::choose_mode(static_cast<OneCardMode>(m)));
      break;
    case Phase::Bidding:
      if (zero_open_ & (1u << to_move_)) out.push(Action::announce_zero());
      for (int b = 0; b <= cards_; ++b) {
        if (bid_allowed(b)) out.push(Action::bid(b));
      }
      break;
    case Phase::Playing:
      for (Card c : legal_cards()) out.push(Action::play(c));
      break;
    case Phase::Auction:
      out.push(Action::pass());
      if (family_ == Family::CallAce) {
        for (int k = auction_.high + 1; k < kNumContracts; ++k) out.push(Action::contract(k));
        break;
      }
      for (int t = auction_.min; t <= cards_; ++t) {
        for (int d = 0; d < 5; ++d) {
          if (5 * t + d > auction_.high) out.push(Action::auction_bid(t, static_cast<Suit>(d)));
        }
      }
      break;
    case Phase::Passing:
      for (Card c : hands_[to_move_] - passed_[auction_.round][to_move_]) {
        out.push(Action::pass_card(c));
      }
      break;
    case Phase::ChooseTrump:
    case Phase::TurnKitty:
    case Phase::CallCard:
    case Phase::Exchange:
    case Phase::Discard: {
      // Only the phase's own kind of action can be legal: try those (in code order, as search
      // and the bench signature expect), not every code, so that search seldom builds a string.
      const auto consider = [&](Action a) {
        if (why_illegal_call_ace(a).empty()) out.push(a);
      };
      if (phase_ == Phase::ChooseTrump) {
        for (int s = 0; s < kNumSuits; ++s) consider(Action::choose_trump(static_cast<Suit>(s)));
      } else if (phase_ == Phase::TurnKitty) {
        consider(Action::accept_trump());
        consider(Action::turn_next());
      } else if (phase_ == Phase::CallCard) {
        // Aces, and kings for a declarer holding all four aces.
        const CardSet aces = CardSet(0x1000100010001000ull);
        const bool kings = hands_[to_move_].contains(aces);
        for (int s = 0; s < kNumSuits; ++s) {
          if (kings) consider(Action::call(Card(static_cast<Suit>(s), Rank::King)));
          consider(Action::call(Card(static_cast<Suit>(s), Rank::Ace)));
        }
      } else if (phase_ == Phase::Exchange) {
        consider(Action::take_kitty());
        consider(Action::keep_hand());
      } else {
        for (Card c : hands_[to_move_]) consider(Action::discard(c));
      }
      break;
    }
    case Phase::Done:
      break;
  }
  return out;
}

bool DealState::bid_allowed(int b) const {
  if (phase_ != Phase::Bidding || b < 0 || b > cards_) return false;
  if (forced_bid_ >= 0) return b == forced_bid_;
  if (declarer_raise_ && to_move_ == auction_.declarer && b < contract_tricks()) return false;
  return !hook_forbids(b);
}

bool DealState::hook_forbids(int b) const {
  if (!hook_ || bids_made_ != players_ - 1 || bid_sum_ + b != cards_) return false;
  // A declarer who must name at least all the tricks would have no contract left: the hook
  // gives way (Israeli whist with declarer_raise, after an auction for every trick).
  return !(declarer_raise_ && to_move_ == auction_.declarer && contract_tricks() == cards_);
}

bool DealState::is_legal(Action a) const { return why_illegal(a).empty(); }

std::string DealState::why_illegal(Action a) const {
  switch (a.kind()) {
    case ActionKind::ChooseMode:
      if (phase_ != Phase::ChooseMode) return "no one-card mode to choose now";
      return {};
    case ActionKind::AnnounceZero:
      if (phase_ != Phase::Bidding) return "zero play can only be announced while bidding";
      if (zero_announced_ & (1u << to_move_)) return "zero play is already announced";
      if (!(zero_open_ & (1u << to_move_)))
        return "the deadline for announcing zero play has passed";
      return {};
    case ActionKind::Bid: {
      if (phase_ != Phase::Bidding) return "not the time to bid";
      const int b = a.bid_value();
      if (b < 0 || b > cards_) {
        return "bid " + std::to_string(b) + " out of range 0-" + std::to_string(cards_);
      }
      if (forced_bid_ >= 0 && b != forced_bid_) {
        return "everyone must bid " + std::to_string(forced_bid_) + " in this hand";
      }
      if (declarer_raise_ && to_move_ == auction_.declarer && b < contract_tricks()) {
        return "the declarer's contract must be at least the auction's " +
               std::to_string(contract_tricks());
      }
      if (forced_bid_ < 0 && hook_forbids(b)) {
        return "the hook forbids bid " + std::to_string(b) + ": the bids would sum to " +
               std::to_string(cards_) + ", the cards dealt";
      }
      return {};
    }
    case ActionKind::Play: {
      if (phase_ != Phase::Playing) return "not the time to play a card";
      const Card c = a.card();
      if (!c.valid() || !hands_[to_move_].contains(c)) return "card not in hand";
      if (legal_cards().contains(c)) return {};
      if (c.is_joker() && trick_size_ == 0) return "a joker may not lead the first trick";
      const CardSet hand = hands_[to_move_];
      if (!(hand & CardSet::suit_mask(led_)).empty()) {
        return std::string("must follow suit ") + suit_char(led_);
      }
      return std::string("must trump ") + suit_char(trump_) + " (void in " + suit_char(led_) + ")";
    }
    case ActionKind::AuctionBid:
    case ActionKind::Pass:
    case ActionKind::PassCard:
      return family_ == Family::CallAce ? why_illegal_call_ace(a) : why_illegal_auction(a);
    case ActionKind::Contract:
    case ActionKind::ChooseTrump:
    case ActionKind::AcceptTrump:
    case ActionKind::TurnNext:
    case ActionKind::CallCard:
    case ActionKind::TakeKitty:
    case ActionKind::KeepHand:
    case ActionKind::Discard:
      // Israeli whist has an auction too: a Call-Ace contract there was checked against its
      // auction's high bid (a contract index past the ladder's end) and could be let through.
      if (family_ != Family::CallAce) return "not an action of this game";
      return why_illegal_call_ace(a);
    case ActionKind::Invalid:
      break;
  }
  return "invalid action";
}

void DealState::apply(Action a, Undo& u) {
  assert(is_legal(a));
  if (a.kind() == ActionKind::Play) return play(a.card(), u);
  u = Undo{a,    phase_,     to_move_, leader_, winner_, winning_,
           led_, zero_open_, auction_, call_,   trump_};
  if (family_ == Family::CallAce) return apply_call_ace(a);
  switch (a.kind()) {
    case ActionKind::AuctionBid:
    case ActionKind::Pass:
    case ActionKind::PassCard:
      apply_auction(a);
      break;
    case ActionKind::ChooseMode:
      mode_ = a.mode();
      phase_ = Phase::Bidding;
      to_move_ = static_cast<uint8_t>(next(dealer_));
      break;
    case ActionKind::AnnounceZero:
      zero_open_ &= static_cast<uint8_t>(~(1u << to_move_));
      zero_announced_ |= static_cast<uint8_t>(1u << to_move_);
      break;
    case ActionKind::Bid:
      bids_[to_move_] = static_cast<int8_t>(a.bid_value());
      bid_sum_ = static_cast<int8_t>(bid_sum_ + a.bid_value());
      ++bids_made_;
      if (bids_made_ == players_) {
        phase_ = Phase::Playing;
        to_move_ = leader_;
      } else {
        to_move_ = static_cast<uint8_t>(next(to_move_));
      }
      break;
    default:
      break;
  }
}

void DealState::undo(const Undo& u) {
  if (family_ == Family::CallAce && u.action.kind() != ActionKind::Play) {
    undo_call_ace(u);
    phase_ = u.phase;
    to_move_ = u.to_move;
    return;
  }
  switch (u.action.kind()) {
    case ActionKind::Play:
      return unplay(u);
    case ActionKind::ChooseMode:
      mode_ = OneCardMode::Regular;
      break;
    case ActionKind::AnnounceZero:
      zero_announced_ &= static_cast<uint8_t>(~(1u << u.to_move));
      break;
    case ActionKind::Bid:
      bids_[u.to_move] = -1;
      bid_sum_ = static_cast<int8_t>(bid_sum_ - u.action.bid_value());
      --bids_made_;
      break;
    case ActionKind::AuctionBid:
    case ActionKind::Pass:
    case ActionKind::PassCard:
      undo_auction(u);
      break;
    default:  // Call-Ace's own actions were undone above; nothing else reaches here
      break;
  }
  phase_ = u.phase;
  to_move_ = u.to_move;
  zero_open_ = u.zero_open;
}

}  // namespace whist
