// Rules: a plain value holding every option of a game of the exact-bidding whist family.
//
// A preset (rules/presets.h) fills one in; `option=value` pairs (command line, game records)
// change single fields through the option table (rules/options.h). Nothing here plays: the game
// layer reads these fields. Families other than ExactBid (Israeli and Call-Ace whist, with their
// auctions, card passing, kitty, jokers and teams) are declared so the data model has room for
// them; their rules are not built yet.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.h"
#include "core/deck.h"

namespace whist {

enum class Family : uint8_t { ExactBid, Israeli, CallAce };

// The scoring systems of the seeds, by the names records use (see rules/scoring.h).
enum class Scoring : uint8_t {
  Basic,
  Serbian,
  SerbianHarsh,
  Romanian,
  RomanianCards,
  Triangular,
  Exact,
  ExactPenalty,
  TenTimes,
  TenTimesPenalty,
  UnderPenalty,
  UnderPenaltyTen,
  UnderPenaltyCypriot,
  UnderPenaltySet,
  UnderPenaltyProgressive,
  Cypriot,
  SetPenalty,
  ProgressivePenalty,
  Progressive,
  Montreal,
  Negative,
  NegativeSquared,
  NegativeRound,
  Trick,
  Binary,
  BinaryNil,
  Scratch,
  AdjustedExact,
  GetFred,
  OyVey,
  Israeli,
};
inline constexpr int kNumScorings = 31;

// How the sequence of hand sizes is built; "8" stands for the largest hand of the game.
enum class ScheduleKind : uint8_t {
  OneEightOne,    // N×1, 2 … M−1, N×M, M−1 … 2, N×1
  EightOneEight,  // N×M, M−1 … 2, N×1, 2 … M−1, N×M
  EachDealer,     // N×1, N×2 … N×M: every dealer deals every size once
  DownUp,         // M, M−1 … 2, N×1, 2 … M (Serbian whist, Oh Hell)
  Explicit,       // Rules::schedule_list
};

enum class TrumpRule : uint8_t {
  Turned,    // the first undealt card is turned up; no trump when every card is dealt
  Rotation,  // a fixed rotation (Rules::trump_order) from the first deal
  NoTrump,
};

enum class OneCardMode : uint8_t {
  Regular,        // everyone sees their own card
  Forehead,       // everyone sees every card but their own
  Blind,          // everyone bids before looking at their card
  DealerChooses,  // the dealer picks one of the three before each one-card deal
};

// Which one-card deals use Rules::one_card_mode (the others are regular).
enum class OneCardDeals : uint8_t { All, First, Last, FirstAndLast };

// A made zero bid's value: as the scoring system says, 5, or 5 + cards dealt.
enum class ZeroBid : uint8_t { System, Five, FivePlusCards };

// When a zero-play announcement may be made.
enum class ZeroPlay : uint8_t {
  Off,
  Start,         // during the first deal's bidding
  BeforePivot,   // before the first M-card deal of 1-8-1 (first 1-card deal of 8-1-8)
  TenBeforeEnd,  // in a deal with at least 10 deals left, this one included
};

// Extra deals of the largest size played after the schedule (seed 001, "special hands").
enum class SpecialHand : uint8_t {
  None,
  Blind,     // everyone bids before seeing their cards
  AllZero,   // everyone must bid zero
  AllEight,  // everyone must bid the number of cards dealt
};

enum class GameEnd : uint8_t { Schedule, Target, Deals };

inline constexpr int kDefaultTargetDealCap = 1000;

struct Rules {
  std::string variant;  // the preset this started from
  Family family = Family::ExactBid;
  int players = 4;
  int min_players = 3;
  int max_players = 6;

  DeckKind deck = DeckKind::Full52;
  int max_cards = 0;  // the largest hand; 0 = as large as the deck allows (see max_hand())
  bool keep_card_to_turn = false;  // Oh Hell: the largest hand leaves a card to turn

  ScheduleKind schedule = ScheduleKind::OneEightOne;
  std::vector<int> schedule_list;  // for ScheduleKind::Explicit
  std::vector<SpecialHand> special_hands;

  TrumpRule trump = TrumpRule::Turned;
  std::vector<Suit> trump_order = {Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs,
                                   Suit::None};

  bool must_trump = true;
  bool hook = true;

  OneCardMode one_card_mode = OneCardMode::Regular;
  OneCardDeals one_card_deals = OneCardDeals::All;

  Scoring scoring = Scoring::Romanian;
  ZeroBid zero_bid = ZeroBid::System;
  bool spades_double = false;

  int streak_bonus = 0;  // points for streak_length exact bids in a row; 0 = off
  int streak_length = 5;
  bool streak_one_card = true;  // one-card deals count towards (and break) a streak
  int miss_penalty = 0;         // points lost for miss_length misses in a row; 0 = off
  int miss_length = 5;

  ZeroPlay zero_play = ZeroPlay::Off;

  GameEnd end = GameEnd::Schedule;
  int target_score = 100;
  // GameEnd::Deals: the number of deals. GameEnd::Target: a cap on the number of deals
  // (0 = kDefaultTargetDealCap), so a game whose totals never reach the target still ends.
  int deal_limit = 0;

  // Seats are numbered in playing order either way: this says only where they sit at a real
  // table, which the front ends tell the players (next_seat_side()).
  bool counter_clockwise = false;

  // Israeli whist (Family::Israeli): the auction for trump, card passing, contracts.
  int auction_min = 5;          // the smallest first bid (raised by one after each passing round)
  int auction_passes = 4;       // passes in a row after a bid that end the auction (4 or 3)
  int pass_rounds = 3;          // card-passing rounds after auctions without a bid; then thrown in
  int pass_cards = 3;           // cards each player passes to the next seat
  bool declarer_raise = false;  // the declarer names a contract of at least the auction number
  int zero_over = 30;           // a made zero contract when the contracts sum above the tricks
  int zero_under = 50;          // ... and below

  // Call-Ace whist (Family::CallAce): jokers, the kitty and what happens when all pass.
  int jokers = 0;                  // jokers added to the deck (the cards left over form the kitty)
  bool redeal_on_all_pass = true;  // all pass: the same dealer deals again (else the deal moves on)
  bool joker_any_time = true;      // a joker may be played while holding the led suit

  bool operator==(const Rules&) const = default;

  // The number of cards in the deck for this player count.
  int deck_size() const;
  // The largest hand: max_cards if set, else what the deck allows.
  int max_hand() const;
  CardSet deck_cards() const { return make_deck(deck, players, jokers); }
};

// The most deals a game to a target may last: `deal_limit`, or kDefaultTargetDealCap when 0, so
// that a game whose totals never reach the target still ends.
inline int target_deal_cap(const Rules& r) {
  return r.deal_limit > 0 ? r.deal_limit : kDefaultTargetDealCap;
}

// The direction of play, as the `direction` option names it.
inline std::string_view direction_name(const Rules& r) {
  return r.counter_clockwise ? "counter-clockwise" : "clockwise";
}
// The side of a player on which the next seat in playing order sits (and the next dealer): the
// left when play goes clockwise (seeds 001, 002), the right counter-clockwise (seed 000).
inline std::string_view next_seat_side(const Rules& r) {
  return r.counter_clockwise ? "right" : "left";
}

// Checks the combination of options and the player count; empty when valid.
std::string validate(const Rules& rules);

// For a new game only (play, score, simulate, arena, POST /api/tables), not in validate(), so that
// records, score files and tables stored before still load: a zero_play deadline no deal meets.
std::string zero_play_unusable(const Rules& rules);

}  // namespace whist
