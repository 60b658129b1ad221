// The match: deals in schedule order, the dealer moving one seat a deal, the score sheet with
// streak bonuses, miss penalties and zero play, and the log of every deal from which game
// records are written.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/rng.h"
#include "game/deal.h"
#include "game/tally.h"
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
  int next_dealer() const { return (first_dealer_ + deal_index_ - tally_.redeals()) % players(); }

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
  // What every seat may see (game/view.h's public_view), with the public history.
  PlayerView public_view() const;
  // What `seat` was shown as the deal in progress (or the last one) was dealt, before any action:
  // its view then, which depends on nothing decided in the deal. Only once a deal was dealt.
  PlayerView dealt_view(int seat) const;
  std::string why_illegal(Action a) const;
  // Applies a legal action; finishing a deal scores it.
  void apply(Action a);

  const std::vector<DealResult>& results() const { return results_; }
  const std::vector<DealLog>& log() const { return log_; }
  const std::array<Points, kMaxPlayers>& totals() const { return tally_.totals(); }
  uint8_t zero_play_announced() const { return tally_.zero_play_announced(); }
  // The winning seats once the match is finished (several on a tie).
  std::vector<int> winners() const;

 private:
  void start_deal(const Hands& hands, Card turned, const Kitty& kitty);
  void score_deal();
  void add_history(PlayerView& v) const;

  Rules rules_;
  Schedule schedule_;
  std::vector<std::string> names_;
  int first_dealer_ = 0;
  int deal_index_ = 0;
  bool in_deal_ = false;
  bool finished_ = false;
  DealState state_;
  DealSetup dealt_setup_;  // state_'s deal as dealt, for dealt_view
  std::vector<DealLog> log_;
  std::vector<DealResult> results_;
  Tally tally_;  // totals, streaks, zero play, redeals
};

}  // namespace whist
