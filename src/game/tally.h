// The score of a game from what happened in each deal, without the cards: contract points (the
// scoring system, zero_bid, spades_double), streak bonuses, miss penalties, zero play, Call-Ace
// payments, the end of the game and the winners. `Match` scores the deals it plays through it,
// and the scorekeeper (`whist score`, games played with real cards) the deals it is told about,
// so both keep the same sheet by the same rules.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "core/card.h"
#include "game/deal.h"
#include "rules/rules.h"
#include "rules/scoring.h"

namespace whist {

// The outcome of a finished deal, by seat. The facts (cards, dealer, trump, bids, tricks, the
// auction's or contract's data) come from the deal; Tally::score fills in the points.
struct DealResult {
  int cards = 0;
  int dealer = 0;
  Suit trump = Suit::None;
  std::array<int, kMaxPlayers> bids{};
  std::array<int, kMaxPlayers> tricks{};
  std::array<Points, kMaxPlayers> contract{};  // what the scoring system gives
  std::array<Points, kMaxPlayers> bonus{};     // streak bonuses (+) and miss penalties (-)
  std::array<Points, kMaxPlayers> points{};    // everything the deal credits: contract + bonus
  std::array<Points, kMaxPlayers> totals{};    // running totals after this deal
  // Israeli whist: the declarer and the auction's number of tricks (-1 / 0 in other games), and
  // whether the hand was thrown in after auctions without a bid (nobody scores).
  int declarer = -1;
  int auction_tricks = 0;
  bool thrown_in = false;
  // Call-Ace whist: the contract (index in contract_ladder()), the called card, the partner
  // (-1 alone); `points` are the payments, which sum to zero.
  int contract_index = -1;
  Card called = kNoCard;
  int partner = -1;
  // Who took the last trick (-1: no card was played, or the deal was scored without cards).
  int last_trick_winner = -1;
  // What the score sheet notes: the one-card mode played, the special hand, and the seats that
  // announced zero play in this deal.
  OneCardMode mode = OneCardMode::Regular;
  SpecialHand special = SpecialHand::None;
  uint8_t zero_announced = 0;
};

// A seat's place in the final order (Tally::standings).
struct Standing {
  int seat = 0;
  int place = 1;  // 1 for the winners; seats the rules cannot tell apart share one (1, 1, 3)
};

class Tally {
 public:
  explicit Tally(Rules rules);

  const Rules& rules() const { return rules_; }
  int players() const { return rules_.players; }

  // Scores a finished deal whose facts are filled in: sets its contract points, bonuses,
  // points and running totals, and moves the streaks, zero play and redeals on.
  void score(DealResult& r);

  const std::array<Points, kMaxPlayers>& totals() const { return totals_; }
  uint8_t zero_play_announced() const { return zero_announced_; }
  // Call-Ace deals thrown in and dealt again by the same dealer.
  int redeals() const { return redeals_; }
  // Whether the game is over after `deals` deals (the schedule, the deal count or the target).
  bool over_after(int deals) const;
  // The winning seats by the totals so far (several on a tie); a successful zero play wins.
  // The seats placed first by standings().
  std::vector<int> winners() const;
  // Every seat, best first: a successful zero play, then the totals (the lowest first where the
  // lowest wins), then scratch's tie-break, the larger sum of made bids; seats still equal share
  // a place and are listed in seat order. The one order of the winner line and the standings
  // (regression: the standings placed a scratch tie, or a total of 0 without zero play, first
  // beside the winner).
  std::vector<Standing> standings() const;

 private:
  void score_call_ace(DealResult& r) const;

  Rules rules_;
  std::optional<int> length_;  // the schedule's length; none when the game ends on a target
  std::array<Points, kMaxPlayers> totals_{};
  std::array<int, kMaxPlayers> made_streak_{};
  std::array<int, kMaxPlayers> miss_streak_{};
  std::array<int, kMaxPlayers> made_bid_sum_{};  // scratch scoring's tie-break
  uint8_t zero_announced_ = 0;
  int redeals_ = 0;
};

}  // namespace whist
