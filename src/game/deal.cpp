#include "game/deal.h"

#include <cassert>

namespace whist {

std::string to_string(Action a) {
  switch (a.kind()) {
    case ActionKind::Play: return "play " + to_string(a.card());
    case ActionKind::Bid: return "bid " + std::to_string(a.bid_value());
    case ActionKind::AnnounceZero: return "announce zero";
    case ActionKind::ChooseMode: {
      static constexpr const char* kNames[] = {"regular", "forehead", "blind"};
      return std::string("mode ") + kNames[static_cast<int>(a.mode())];
    }
    case ActionKind::Invalid: break;
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
      zero_open_(s.zero_play_open) {
  bids_.fill(-1);
  const int first = next(dealer_);
  to_move_ = static_cast<uint8_t>(s.choose_mode ? dealer_ : first);
  leader_ = static_cast<uint8_t>(first);
}

int DealState::seat_of_play(int i) const {
  // Replays trick winners from the start: cheap enough for views and records, never in search.
  int leader = next(dealer_);
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
    case Phase::Done: break;
  }
  return out;
}

bool DealState::bid_allowed(int b) const {
  if (phase_ != Phase::Bidding || b < 0 || b > cards_) return false;
  if (forced_bid_ >= 0) return b == forced_bid_;
  return !(hook_ && bids_made_ == players_ - 1 && bid_sum_ + b == cards_);
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
      if (!(zero_open_ & (1u << to_move_))) return "the deadline for announcing zero play has passed";
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
      if (forced_bid_ < 0 && hook_ && bids_made_ == players_ - 1 && bid_sum_ + b == cards_) {
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
      const CardSet hand = hands_[to_move_];
      if (!(hand & CardSet::suit_mask(led_)).empty()) {
        return std::string("must follow suit ") + suit_char(led_);
      }
      return std::string("must trump ") + suit_char(trump_) + " (void in " + suit_char(led_) + ")";
    }
    case ActionKind::Invalid: break;
  }
  return "invalid action";
}

void DealState::apply(Action a, Undo& u) {
  assert(is_legal(a));
  if (a.kind() == ActionKind::Play) return play(a.card(), u);
  u = Undo{a, phase_, to_move_, leader_, winner_, winning_, led_, zero_open_};
  switch (a.kind()) {
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
    default: break;
  }
}

void DealState::undo(const Undo& u) {
  switch (u.action.kind()) {
    case ActionKind::Play: return unplay(u);
    case ActionKind::ChooseMode: mode_ = OneCardMode::Regular; break;
    case ActionKind::AnnounceZero:
      zero_announced_ &= static_cast<uint8_t>(~(1u << u.to_move));
      break;
    case ActionKind::Bid:
      bids_[u.to_move] = -1;
      bid_sum_ = static_cast<int8_t>(bid_sum_ - u.action.bid_value());
      --bids_made_;
      break;
    case ActionKind::Invalid: break;
  }
  phase_ = u.phase;
  to_move_ = u.to_move;
  zero_open_ = u.zero_open;
}

}  // namespace whist
