// Israeli whist's phases of DealState: the auction for trump and card passing (see deal.h).
#include <string>

#include "game/deal.h"

namespace whist {

namespace {

std::string bid_text(int code) {
  const auto d = static_cast<Suit>(code % 5);
  return std::to_string(code / 5) +
         (d == Suit::None ? std::string("NT") : std::string(1, suit_char(d)));
}

}  // namespace

std::string DealState::why_illegal_auction(Action a) const {
  switch (a.kind()) {
    case ActionKind::AuctionBid: {
      if (phase_ != Phase::Auction) return "not the time for an auction bid";
      const int code = a.code() - Action::kAuctionBase;
      if (a.auction_tricks() > cards_) {
        return "bid " + bid_text(code) + " out of range: at most " + std::to_string(cards_) +
               " tricks";
      }
      if (a.auction_tricks() < auction_.min) {
        return "bid " + bid_text(code) + " is below the minimum of " +
               std::to_string(auction_.min) + " tricks";
      }
      if (code <= auction_.high) {
        return "bid " + bid_text(code) + " does not beat " + bid_text(auction_.high);
      }
      return {};
    }
    case ActionKind::Pass:
      if (phase_ != Phase::Auction) return "not the time to pass";
      return {};
    case ActionKind::PassCard: {
      if (phase_ != Phase::Passing) return "not the time to pass cards";
      const Card c = a.card();
      if (!c.valid() || !hands_[to_move_].contains(c)) return "card not in hand";
      if (passed_[auction_.round][to_move_].contains(c)) {
        return to_string(c) + " is already chosen to pass";
      }
      return {};
    }
    default:
      break;
  }
  return "invalid action";
}

void DealState::apply_auction(Action a) {
  switch (a.kind()) {
    case ActionKind::AuctionBid:
      auction_.high = static_cast<int8_t>(a.code() - Action::kAuctionBase);
      auction_.declarer = static_cast<int8_t>(to_move_);
      auction_.passes = 0;
      to_move_ = static_cast<uint8_t>(next(to_move_));
      break;
    case ActionKind::Pass:
      ++auction_.passes;
      if (auction_.high >= 0 && auction_.passes >= auction_passes_) {
        end_auction();
      } else if (auction_.high < 0 && auction_.passes == players_) {
        // Everyone passed without a bid: pass cards, or throw the hand in.
        if (auction_.round < pass_rounds_) {
          phase_ = Phase::Passing;
          auction_.chosen = 0;
          to_move_ = static_cast<uint8_t>(forehand());
        } else {
          auction_.thrown_in = true;
          phase_ = Phase::Done;
        }
      } else {
        to_move_ = static_cast<uint8_t>(next(to_move_));
      }
      break;
    case ActionKind::PassCard: {
      CardSet& chosen = passed_[auction_.round][to_move_];
      chosen |= a.card();
      ++auction_.chosen;
      if (chosen.size() == pass_cards_) to_move_ = static_cast<uint8_t>(next(to_move_));
      if (auction_.chosen == pass_cards_ * players_) {
        // Everyone has chosen: the cards move all at once, and a new auction starts higher.
        move_passed_cards(auction_.round, true);
        ++auction_.round;
        auction_.min = static_cast<uint8_t>(auction_min_ + auction_.round);
        auction_.passes = 0;
        auction_.chosen = 0;
        phase_ = Phase::Auction;
        to_move_ = static_cast<uint8_t>(forehand());
      }
      break;
    }
    default:
      break;
  }
}

void DealState::end_auction() {
  const int tricks = contract_tricks();
  trump_ = static_cast<Suit>(auction_.high % 5);
  phase_ = Phase::Bidding;
  leader_ = static_cast<uint8_t>(auction_.declarer);
  to_move_ = static_cast<uint8_t>(next(auction_.declarer));
  if (!declarer_raise_) {
    bids_[auction_.declarer] = static_cast<int8_t>(tricks);
    bids_made_ = 1;
    bid_sum_ = static_cast<int8_t>(tricks);
  }
}

void DealState::move_passed_cards(int round, bool forward) {
  const auto& chosen = passed_[round];
  for (int p = 0; p < players_; ++p) {
    const int to = next(p);
    if (forward) {
      hands_[p] -= chosen[p];
      hands_[to] |= chosen[p];
    } else {
      hands_[to] -= chosen[p];
      hands_[p] |= chosen[p];
    }
  }
}

void DealState::undo_auction(const Undo& u) {
  switch (u.action.kind()) {
    case ActionKind::Pass:
      if (phase_ == Phase::Bidding) {  // this pass ended the auction
        trump_ = Suit::None;
        leader_ = u.leader;
        if (!declarer_raise_) {
          bids_[auction_.declarer] = -1;
          bids_made_ = 0;
          bid_sum_ = 0;
        }
      }
      break;
    case ActionKind::PassCard:
      if (auction_.round != u.auction.round) move_passed_cards(u.auction.round, false);
      passed_[u.auction.round][u.to_move] -= u.action.card();
      break;
    default:
      break;
  }
  auction_ = u.auction;
}

}  // namespace whist
