// One deal of an exact-bid game as a state machine.
//
// Rules played here (seeds 000, 001, 002 and Oh Hell): N players each hold `cards` cards. If the
// dealer chooses the one-card mode, the dealer does that first. Then, from the seat after the
// dealer, each player bids once how many tricks they will take (0 … cards); with the hook the
// dealer, bidding last, may not make the bids sum to `cards`. In special hands every bid may be
// forced (all zero, all eight). A player may announce zero play at their bidding turn while the
// schedule allows it. The seat after the dealer leads the first trick. Players must follow suit;
// with `must_trump` a player void in the led suit must play a trump if they have one. The highest
// trump wins, else the highest card of the led suit; the winner leads the next trick.
//
// Israeli whist (seed 003) adds phases before the contracts: an auction for trump from the seat
// after the dealer (a bid is a number of tricks and a denomination, each higher than the last;
// passing does not drop a player; the auction ends after `auction_passes` passes in a row
// following a bid), and when all pass without a bid, a card-passing round (each player chooses
// `pass_cards` cards for the next seat; the cards move only when everyone has chosen) and a new
// auction with the minimum one higher; after `pass_rounds` such rounds the hand is thrown in. The
// others then name contracts from the declarer's next seat (the declarer's is the auction number,
// or with `declarer_raise` at least that, said last); the last to speak may not make them sum to
// the tricks. The declarer leads; no obligation to trump.
//
// Call-Ace whist (seed 004): 13 cards each and a kitty of 3. An auction of contracts
// (rules/contracts.h) from the seat after the dealer, where a pass is final; the last bidder
// left is the declarer (all passing throws the hand in). Then, as the contract says, trump is
// chosen (by the declarer; by the partner in Half; clubs in Good; none in Sense and the negative
// contracts; by turning kitty cards in Turn), a card is called (a non-trump ace, a king when the
// declarer holds all four aces; any ace in Half, whose trump is chosen after the call), and the
// kitty may be taken (must in Turn) with three cards discarded back. The holder of the called
// card is the secret partner; if the declarer or the kitty holds it, the declarer is alone. The
// seat after the dealer leads; a joker may not lead the first trick; a joker led wins the
// trick, and no suit need be followed to it; a joker played to a trick loses it.
//
// Seats are numbered 0 … N−1 in playing order: seat i+1 plays after seat i.
//
// The state is a few cache lines with no heap memory, so search can copy it, or mutate it with
// apply()/undo() and a small Undo record on the caller's stack (Stockfish's do_move/undo_move).
// Legal card moves are mask operations on the hand.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string>

#include "core/card_set.h"
#include "game/action.h"
#include "rules/rules.h"

namespace whist {

inline constexpr int kMaxPlayers = 7;
inline constexpr int kMaxPlays = 64;
inline constexpr int kMaxPassRounds = 3;
inline constexpr int kPassingPlayers = 4;  // card passing is played by four

enum class Phase : uint8_t {
  ChooseMode,
  Auction,
  Passing,
  Bidding,
  ChooseTrump,  // Call-Ace whist, from here to Discard
  TurnKitty,
  CallCard,
  Exchange,
  Discard,
  Playing,
  Done,
};

inline constexpr int kKittySize = 3;

// Everything one deal needs to know from the rules, the schedule and the match.
struct DealSetup {
  int players = 4;
  int cards = 1;
  int dealer = 0;
  Suit trump = Suit::None;
  Card turned = kNoCard;
  bool must_trump = true;
  bool hook = true;
  int forced_bid = -1;                      // every bid must be this (special hands); -1 = free
  bool choose_mode = false;                 // the dealer picks the one-card mode before bidding
  OneCardMode mode = OneCardMode::Regular;  // the mode when the dealer does not choose
  bool blind_bidding = false;               // special "blind" hand: bids are made before looking
  uint8_t zero_play_open = 0;               // seats (bit mask) that may still announce zero play
  uint8_t zero_announced = 0;               // seats that announced zero play in an earlier deal

  // Israeli whist.
  Family family = Family::ExactBid;
  int auction_min = 5;
  int auction_passes = 4;
  int pass_rounds = 3;
  int pass_cards = 3;
  bool declarer_raise = false;

  // Call-Ace whist: the kitty in the order its cards would be turned.
  std::array<Card, kKittySize> kitty{kNoCard, kNoCard, kNoCard};
  bool joker_any_time = true;

  bool operator==(const DealSetup&) const = default;
};

// Call-Ace whist's state after the deal: small, copied whole into an Undo record.
struct CallState {
  CardSet kitty;          // face down (after an exchange: the discards)
  int8_t contract = -1;   // index in contract_ladder()
  Card called = kNoCard;  // the called card
  int8_t partner = -1;    // its holder when play starts; -1 = the declarer plays alone
  uint8_t passed = 0;     // seats out of the auction (a pass is final)
  uint8_t turned = 0;     // kitty cards turned face up (Turn contracts)
  int8_t actor = -1;      // who chooses trump / exchanges (the partner in Half)
  uint8_t discards = 0;   // cards discarded so far
  bool taken = false;     // the kitty was taken (and 3 cards discarded back)
  bool operator==(const CallState&) const = default;
};

// The auction of Israeli whist: small, copied whole into an Undo record.
struct AuctionState {
  int8_t high = -1;      // the highest bid so far, as 5 × tricks + denomination; -1 = none
  int8_t declarer = -1;  // who made it
  uint8_t passes = 0;    // passes in a row
  uint8_t min = 5;       // the smallest number of tricks a bid may name now
  uint8_t round = 0;     // card-passing rounds completed
  uint8_t chosen = 0;    // cards chosen to pass in the current round, all seats together
  bool thrown_in = false;
  bool operator==(const AuctionState&) const = default;
};

// A position in the middle of a deal: every seat's cards now and the public course of the deal.
// Search builds its sampled worlds from one (as Stockfish's Position::set reads a FEN). The trick
// state and the tricks won follow from `plays`, led first by `first_leader`.
struct Position {
  std::array<CardSet, kMaxPlayers> hands{};
  Phase phase = Phase::Bidding;
  int to_move = 0;
  Suit trump = Suit::None;
  OneCardMode mode = OneCardMode::Regular;
  std::array<int8_t, kMaxPlayers> bids{-1, -1, -1, -1, -1, -1, -1};
  std::array<Card, kMaxPlays> plays{};
  int num_plays = 0;
  int first_leader = 0;
  uint8_t zero_open = 0;
  uint8_t zero_announced = 0;
  AuctionState auction;
  CallState call;  // with the kitty and the partner of this world
  std::array<Card, kKittySize> kitty_order{kNoCard, kNoCard, kNoCard};
};

// The most legal actions a state can have: Israeli whist's first auction with auction_min=1, a
// pass and 65 bids (1♣ to 13NT). Next come Call-Ace's first auction (a pass and 47 contracts)
// and Oh Hell's bids for three players (0 to 17, and a zero-play announcement).
inline constexpr int kMaxLegalActions = 1 + 5 * 13;

// A fixed-capacity list of actions (no heap).
struct ActionList {
  std::array<Action, kMaxLegalActions> items{};
  int size = 0;
  void push(Action a) {
    assert(size < kMaxLegalActions);
    items[size++] = a;
  }
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
  bool contains(Action a) const;
};

class DealState {
 public:
  // What undo() needs to restore; lives on the caller's stack.
  struct Undo {
    Action action;
    Phase phase;
    uint8_t to_move;
    uint8_t leader;
    uint8_t winner;
    Card winning;
    Suit led;
    uint8_t zero_open;
    AuctionState auction;
    CallState call;
    Suit trump;
  };

  DealState() = default;
  DealState(const DealSetup& setup, const std::array<CardSet, kMaxPlayers>& hands);
  // The state at a position of a deal set up by `setup` (whose kitty is ignored: the position
  // holds it). The position must be reachable; nothing is checked.
  static DealState from_position(const DealSetup& setup, const Position& position);

  // The setup this deal was dealt with, as everyone may know it: without the kitty, and with the
  // one-card mode and zero-play seats as they are now.
  DealSetup public_setup() const;

  Phase phase() const { return phase_; }
  bool done() const { return phase_ == Phase::Done; }
  int players() const { return players_; }
  int cards() const { return cards_; }
  int dealer() const { return dealer_; }
  int to_move() const { return to_move_; }
  Suit trump() const { return trump_; }
  Card turned() const { return turned_; }
  OneCardMode mode() const { return mode_; }
  bool blind_bidding() const { return blind_bidding_; }
  bool must_trump() const { return must_trump_; }
  bool hook() const { return hook_; }
  int forced_bid() const { return forced_bid_; }

  CardSet hand(int seat) const { return hands_[seat]; }
  CardSet played() const { return played_; }
  int num_plays() const { return num_plays_; }
  Card play_at(int i) const { return plays_[i]; }
  int bids_made() const { return bids_made_; }
  int bid(int seat) const { return bids_[seat]; }  // -1 before the seat bids
  int bid_sum() const { return bid_sum_; }
  int tricks_won(int seat) const { return tricks_won_[seat]; }
  int tricks_played() const { return num_plays_ / players_; }
  uint8_t zero_announced() const { return zero_announced_; }
  uint8_t zero_play_open() const { return zero_open_; }

  // Israeli whist: the auction, the declarer, the cards each seat chose to pass in each round.
  Family family() const { return family_; }
  const AuctionState& auction() const { return auction_; }
  int declarer() const { return auction_.declarer; }
  bool thrown_in() const { return auction_.thrown_in; }
  int pass_cards() const { return pass_cards_; }
  bool declarer_raise() const { return declarer_raise_; }
  CardSet passed(int round, int seat) const { return passed_[round][seat]; }
  // The winning auction bid once the auction is over (declarer() >= 0).
  int contract_tricks() const { return auction_.high / 5; }

  // Call-Ace whist: the contract, the called card, the kitty, the partner, the kitty's order.
  const CallState& call() const { return call_; }
  Card kitty_card(int i) const { return kitty_order_[i]; }
  bool has_jokers() const { return has_jokers_; }

  // The current trick: its leader, how many cards are on the table, the led suit, and who is
  // winning it so far with which card.
  int leader() const { return leader_; }
  int trick_size() const { return trick_size_; }
  Suit led_suit() const { return led_; }
  int trick_winner() const { return winner_; }
  Card winning_card() const { return winning_; }
  Card trick_card(int i) const { return plays_[num_plays_ - trick_size_ + i]; }

  // The seat that played the i-th card of the deal.
  int seat_of_play(int i) const;
  // seat_of_play for every play so far, in one pass: out[i] for i < num_plays().
  void seats_of_plays(std::array<int8_t, kMaxPlays>& out) const;

  // Cards the player to move may play (Phase::Playing only): follow suit, else trump when
  // obliged, else anything.
  CardSet legal_cards() const {
    if (has_jokers_) return legal_cards_with_jokers();
    // Branch free: on lead every card "follows"; kSuitBits[None] is empty (no trump).
    const uint64_t hand = hands_[to_move_].bits();
    const uint64_t follow = hand & (trick_size_ == 0 ? ~uint64_t{0} : suit_bits(led_));
    const uint64_t trumps = hand & (must_trump_ ? suit_bits(trump_) : 0);
    return CardSet(follow ? follow : trumps ? trumps : hand);
  }
  // The smallest and largest bids allowed at all in this deal (the hook may forbid one between).
  ActionList legal_actions() const;
  bool is_legal(Action a) const;
  // Why an action is illegal, e.g. "must follow suit D"; empty when it is legal.
  std::string why_illegal(Action a) const;

  // Applies a legal action. Passing an illegal one is a programming error (checked in debug).
  void apply(Action a, Undo& undo);
  void undo(const Undo& undo);

  // The hot path of random playouts and search: play a legal card. Inline, so that a caller
  // that never reads the undo record pays nothing for it. The branches stay: they let the CPU
  // run ahead into the next play, where selects would lengthen the chain from one play to the
  // next (measured: branch-free selects were 20% slower, see docs/performance.md).
  void play(Card c, Undo& u) {
    // Field by field: only these are read back by unplay(), and building the whole record as a
    // temporary made GCC store it bytewise and reload it as a vector (a store-forwarding stall
    // that cost the solver a fifth of its time).
    u.action = Action::play(c);
    u.phase = phase_;
    u.to_move = to_move_;
    u.leader = leader_;
    u.winner = winner_;
    u.winning = winning_;
    u.led = led_;
    const int seat = to_move_;
    hands_[seat] -= c;
    played_ |= c;
    plays_[num_plays_++] = c;
    if (trick_size_ == 0) {
      led_ = c.is_joker() ? Suit::None : c.suit();  // nothing need be followed to a joker
      winner_ = static_cast<uint8_t>(seat);
      winning_ = c;
    } else if (beats(c, winning_)) {
      winner_ = static_cast<uint8_t>(seat);
      winning_ = c;
    }
    if (++trick_size_ == players_) {
      ++tricks_won_[winner_];
      trick_size_ = 0;
      leader_ = winner_;
      to_move_ = winner_;
      if (num_plays_ == players_ * cards_) phase_ = Phase::Done;
    } else {
      to_move_ = static_cast<uint8_t>(next(seat));
    }
  }
  void unplay(const Undo& u) {
    const Card c = u.action.card();
    if (trick_size_ == 0) {
      // The card completed a trick: take the trick back from its winner.
      --tricks_won_[winner_];
      trick_size_ = static_cast<uint8_t>(players_ - 1);
    } else {
      --trick_size_;
    }
    --num_plays_;
    plays_[num_plays_] = Card{};
    played_ -= c;
    hands_[u.to_move] |= c;
    phase_ = u.phase;
    to_move_ = u.to_move;
    leader_ = u.leader;
    winner_ = u.winner;
    winning_ = u.winning;
    led_ = u.led;
  }

  bool operator==(const DealState&) const = default;

 private:
  // Whether bid b is legal now; why_illegal() says why not (legal_actions() builds no strings).
  bool bid_allowed(int b) const;
  bool hook_forbids(int b) const;
  std::string why_illegal_auction(Action a) const;
  void apply_auction(Action a);
  void undo_auction(const Undo& u);
  void end_auction();
  void move_passed_cards(int round, bool forward);
  int forehand() const { return next(dealer_); }
  CardSet legal_cards_with_jokers() const;
  std::string why_illegal_call_ace(Action a) const;
  void apply_call_ace(Action a);
  void undo_call_ace(const Undo& u);
  void after_auction();
  void after_trump();
  void after_call();
  void start_play();
  int holder(Card c) const;
  bool beats(Card c, Card w) const {
    // A joker led wins (nothing beats it); a joker played to a trick loses.
    if (has_jokers_ && (c.is_joker() || w.is_joker())) return false;
    return (c.suit() == w.suit()) ? c.index() > w.index() : c.suit() == trump_;
  }
  // The cards of a suit as a mask; empty for Suit::None.
  static uint64_t suit_bits(Suit s) {
    static constexpr uint64_t kSuitBits[5] = {0x1FFFull, 0x1FFFull << 16, 0x1FFFull << 32,
                                              0x1FFFull << 48, 0};
    return kSuitBits[static_cast<int>(s)];
  }
  int next(int seat) const { return seat + 1 == players_ ? 0 : seat + 1; }

  std::array<CardSet, kMaxPlayers> hands_{};
  CardSet played_;
  std::array<Card, kMaxPlays> plays_{};
  std::array<int8_t, kMaxPlayers> bids_{};
  std::array<uint8_t, kMaxPlayers> tricks_won_{};
  uint8_t players_ = 0;
  uint8_t cards_ = 0;
  uint8_t dealer_ = 0;
  uint8_t to_move_ = 0;
  uint8_t leader_ = 0;
  uint8_t trick_size_ = 0;
  uint8_t winner_ = 0;
  uint8_t num_plays_ = 0;
  uint8_t bids_made_ = 0;
  int8_t bid_sum_ = 0;
  int8_t forced_bid_ = -1;
  Card winning_;
  Card turned_;
  Suit trump_ = Suit::None;
  Suit led_ = Suit::None;
  Phase phase_ = Phase::Done;
  OneCardMode mode_ = OneCardMode::Regular;
  bool must_trump_ = true;
  bool hook_ = true;
  bool blind_bidding_ = false;
  uint8_t zero_open_ = 0;
  uint8_t zero_announced_ = 0;

  // Israeli whist: cold data, untouched by the card-play hot path.
  Family family_ = Family::ExactBid;
  uint8_t auction_passes_ = 4;
  uint8_t pass_rounds_ = 3;
  uint8_t pass_cards_ = 3;
  uint8_t auction_min_ = 5;
  bool declarer_raise_ = false;
  AuctionState auction_;
  std::array<std::array<CardSet, kPassingPlayers>, kMaxPassRounds> passed_{};

  // Call-Ace whist.
  bool has_jokers_ = false;
  bool joker_any_time_ = true;
  std::array<Card, kKittySize> kitty_order_{kNoCard, kNoCard, kNoCard};
  CallState call_;
};

}  // namespace whist
