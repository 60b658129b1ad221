// The match: deals in schedule order, the dealer moving one seat a deal, the score sheet with
// streak bonuses, miss penalties and zero play, and the log of every deal from which game
// records are written.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/rng.h"
#include "game/deal.h"
#include "game/view.h"
#include "rules/rules.h"
#include "rules/schedule.h"
#include "rules/scoring.h"

namespace whist {

using Hands = std::array<CardSet, kMaxPlayers>;
using Kitty = std::array<Card, kKittySize>;
inline constexpr Kitty kNoKitty{kNoCard, kNoCard, kNoCard};

// What was dealt and done in one deal: enough to write it to a record and replay it.
struct DealLog {
  Hands hands{};
  Card turned = kNoCard;
  Kitty kitty{kNoCard, kNoCard, kNoCard};  // Call-Ace whist: the kitty in turning order
  std::vector<Action> actions;  // in order: mode choice, zero-play announcements, bids, plays
  std::vector<uint8_t> seats;   // who took each action
};

// The outcome of a finished deal, by seat.
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
};

class Match {
 public:
  // `rules` must be valid (validate(rules) empty); names.size() == rules.players.
  Match(Rules rules, std::vector<std::string> names, int first_dealer);

  const Rules& rules() const { return rules_; }
  const Schedule& schedule() const { return schedule_; }
  const std::vector<std::string>& names() const { return names_; }
  int players() const { return rules_.players; }
  int first_dealer() const { return first_dealer_; }

  // The deal being played or about to be dealt (from 0), and whether one is in progress.
  int deal_index() const { return deal_index_; }
  bool in_deal() const { return in_deal_; }
  bool finished() const { return finished_; }

  // The setup of the next deal (before it is dealt), without the turned card.
  DealSetup next_setup() const;
  int next_dealer() const { return (first_dealer_ + deal_index_ - redeals_) % players(); }

  // Starts the match at deal `deal_index` (from 0) of the schedule instead of the first, as if
  // the deals before it had been played without redeals: its dealer is first_dealer +
  // deal_index. Only before the first deal; totals and streaks start from zero. The arena plays
  // single deals from anywhere in the schedule this way.
  void skip_to(int deal_index);

  // Deals the next deal from a shuffled deck.
  void deal_random(Rng& rng);
  // Deals the next deal from given hands; returns what is wrong with them (empty when fine).
  std::string deal_given(const Hands& hands, Card turned, const Kitty& kitty = kNoKitty);

  const DealState& state() const { return state_; }
  // What `seat` may see of the deal in progress (or the last one), with the public history.
  PlayerView view(int seat) const;
  std::string why_illegal(Action a) const;
  // Applies a legal action; finishing a deal scores it.
  void apply(Action a);

  const std::vector<DealResult>& results() const { return results_; }
  const std::vector<DealLog>& log() const { return log_; }
  const std::array<Points, kMaxPlayers>& totals() const { return totals_; }
  uint8_t zero_play_announced() const { return zero_announced_; }
  // The winning seats once the match is finished (several on a tie).
  std::vector<int> winners() const;

 private:
  void start_deal(const Hands& hands, Card turned, const Kitty& kitty);
  void score_deal();
  void score_call_ace(DealResult& r) const;

  Rules rules_;
  Schedule schedule_;
  std::vector<std::string> names_;
  int first_dealer_ = 0;
  int deal_index_ = 0;
  bool in_deal_ = false;
  bool finished_ = false;
  DealState state_;
  std::vector<DealLog> log_;
  std::vector<DealResult> results_;
  std::array<Points, kMaxPlayers> totals_{};
  std::array<int, kMaxPlayers> made_streak_{};
  std::array<int, kMaxPlayers> miss_streak_{};
  std::array<int, kMaxPlayers> made_bid_sum_{};  // scratch scoring's tie-break
  uint8_t zero_announced_ = 0;
  int redeals_ = 0;  // Call-Ace deals thrown in and dealt again by the same dealer
};

}  // namespace whist
