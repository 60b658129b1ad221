#include "rules/rules.h"

#include "rules/options.h"
#include "rules/presets.h"

#include "rules/schedule.h"
#include "rules/scoring.h"

namespace whist {

int Rules::deck_size() const { return deck_cards().size(); }

int Rules::max_hand() const {
  if (max_cards > 0) return max_cards;
  if (players <= 0) return 0;
  const int usable = deck_size() - (keep_card_to_turn ? 1 : 0);
  return usable / players;
}

std::string validate(const Rules& r) {
  const std::string n = std::to_string(r.players);
  if (r.players < r.min_players || r.players > r.max_players) {
    const std::string range =
        r.min_players == r.max_players
            ? std::to_string(r.min_players)
            : std::to_string(r.min_players) + " to " + std::to_string(r.max_players);
    return r.variant + " is played by " + range + " players, not " + n;
  }
  // An option that means nothing in this family of games must keep its preset value: said
  // before what such a value breaks (regression: israeli deck=8-per-player was "schedule deal 1:
  // 13 cards each do not fit a 32-card deck").
  if (const auto base = make_preset(r.variant, r.players)) {
    for (const OptionInfo& o : options()) {
      if (!option_applies(o.name, r.family) && o.get(r) != o.get(*base)) {
        return "option " + std::string(o.name) + " does not apply to " + r.variant;
      }
    }
  }
  if (r.deck == DeckKind::EightPerPlayer && (r.players < 3 || r.players > 6)) {
    return "the 8-per-player deck needs 3 to 6 players, not " + n;
  }
  const int deck = r.deck_size();
  if (r.max_hand() < 1 || r.max_hand() * r.players > deck) {
    return "max_cards " + std::to_string(r.max_hand()) + " does not fit a " + std::to_string(deck) +
           "-card deck for " + n + " players";
  }
  if (r.schedule == ScheduleKind::Explicit) {
    if (r.schedule_list.empty()) return "the schedule is empty";
    for (size_t i = 0; i < r.schedule_list.size(); ++i) {
      const int c = r.schedule_list[i];
      if (c < 1 || c * r.players > deck) {
        return "schedule deal " + std::to_string(i + 1) + ": " + std::to_string(c) +
               " cards each do not fit a " + std::to_string(deck) + "-card deck for " + n +
               " players";
      }
      // M, the largest hand, is what special hands deal and "eight" bids (regression: a list
      // of 3-card deals with max_cards=1 had an "eight" hand of 1 card, the smallest deal).
      if (r.max_cards != 0 && c > r.max_cards) {
        return "schedule deal " + std::to_string(i + 1) + ": " + std::to_string(c) +
               " cards each, more than max_cards " + std::to_string(r.max_cards) +
               " (the largest hand)";
      }
    }
  }
  if (r.trump == TrumpRule::Rotation && r.trump_order.empty()) return "the trump order is empty";
  if (r.spades_double && r.trump != TrumpRule::Turned) {
    return "spades_double needs trump=turned";
  }
  if (lowest_wins(r.scoring) && (r.streak_bonus != 0 || r.miss_penalty != 0)) {
    return "streak bonuses and miss penalties need a system where the highest total wins, not " +
           std::string(scoring_name(r.scoring));
  }
  if (lowest_wins(r.scoring) && r.zero_bid != ZeroBid::System) {
    // A made zero worth 5 (or 5 + cards) would be a penalty where the lowest total wins.
    return std::string("zero_bid=") + (r.zero_bid == ZeroBid::Five ? "5" : "5+cards") +
           " needs a system where the highest total wins, not " +
           std::string(scoring_name(r.scoring));
  }
  if (r.family != Family::ExactBid) {
    // The auction games deal every card (the kitty aside), every hand.
    const Schedule schedule(r);
    for (int cards : schedule.sizes()) {
      if (cards != 13) return r.variant + " deals 13 cards a hand: the schedule cannot change";
    }
    if (!r.special_hands.empty()) return "special_hands belong to the exact-bid games";
  }
  if (r.family == Family::Israeli) {
    if (r.players != 4) return "israeli whist is played by 4 players";
    if (r.auction_min + r.pass_rounds > r.max_hand()) {
      return "auction_min + pass_rounds must not exceed the " + std::to_string(r.max_hand()) +
             " tricks of a hand";
    }
  }
  if (r.family == Family::CallAce && r.players != 4) return "call-ace whist is played by 4 players";
  if (r.scoring == Scoring::Israeli && r.zero_bid != ZeroBid::System) {
    return "zero_bid does not apply to scoring israeli, whose zero values are zero_over and "
           "zero_under";
  }
  if (r.end == GameEnd::Deals && r.deal_limit < 1) return "end=deals needs deals=N (N >= 1)";
  // The auction games deal 13 cards every hand: no schedule to end with (regression: end=schedule
  // made a one-deal game, and the zero_play refusal below suggested it).
  if (r.family != Family::ExactBid && r.end == GameEnd::Schedule) {
    return r.variant + " has no schedule of hand sizes to end with: end=deals (with deals=N) or " +
           "end=target";
  }
  if (r.zero_play != ZeroPlay::Off && r.end == GameEnd::Target) {
    return r.family == Family::ExactBid
               ? "zero_play needs a game of known length (end=schedule or end=deals)"
               : "zero_play needs a game of known length (end=deals)";
  }
  return {};
}

// Each deadline closes for good once passed, so a setting that does not allow the first deal
// allows none: the option would be accepted and then refuse every announcement (regression).
std::string zero_play_unusable(const Rules& r) {
  if (r.zero_play == ZeroPlay::Off || r.end == GameEnd::Target) return {};
  const Schedule schedule(r);
  if (schedule.zero_play_open(0)) return {};
  if (r.zero_play == ZeroPlay::BeforePivot) {
    // The turning point is the first deal at the other extreme of hand size from the first.
    return "zero_play=before-pivot: every hand has " + std::to_string(schedule.sizes().front()) +
           " cards, so the schedule has no turning point and no deal would allow the "
           "announcement";
  }
  return "zero_play=10-before-end: the game is " + std::to_string(*schedule.length()) +
         " deals long, shorter than 10, so no deal would allow the announcement";
}

}  // namespace whist
