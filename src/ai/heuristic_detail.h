// The heuristic bot's internals, shared by its source files (not part of the ai layer's API).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "ai/heuristic.h"

namespace whist::heuristic {

// Hypergeometric probabilities: `drawn` cards taken at random from `pool` cards of which
// `marked` are marked.
// P(no marked card is drawn).
double none_drawn(int pool, int drawn, int marked);
// P(exactly x marked cards are drawn).
double hyper_pmf(int pool, int drawn, int marked, int x);
// P(at most x marked cards are drawn).
double hyper_cdf(int pool, int drawn, int marked, int x);

// Whether card c, played to a trick now won by w, takes it over. A joker led wins (nothing
// beats it); a joker played to a trick loses.
inline bool beats(Card c, Card w, Suit trump) {
  if (c.is_joker() || w.is_joker()) return false;
  return c.suit() == w.suit() ? c.rank() > w.rank() : c.suit() == trump;
}

// The cards of c's suit in `set` ranked above c.
inline CardSet above(CardSet set, Card c) {
  const uint64_t higher = ~((uint64_t{2} << c.index()) - 1);
  return set.of_suit(c.suit()) & CardSet(higher);
}

// One suit's part of a trick estimate (estimate_hand): its cards highest first with their
// chances, the rounds of it others may lead after the hand runs out (a side suit), and the
// place of its first trump without a trick of its own (-1: none).
struct SuitPart {
  int count = 0;
  std::array<Card, kNumRanks> cards;
  std::array<double, kNumRanks> p;
  double ruff_rounds = 0;
  int first_spare = -1;
};

// What every suit's part of an estimate shares: the context's counts, and the hand's size `n`.
struct EstimateShared {
  int u = 0;          // unknown cards
  int k = 0;          // of them in the other hands
  int opponents = 1;  // the other seats
  int k1 = 0;         // one opponent's cards
  bool trumps = false;
  double has_trump = 0;  // the chance that an opponent holds a trump
  double ruff_will = 0;
  int n = 0;
  double gift = 0;
  double access = 0;
};

// estimate_hand(hand - c, ctx) for any card c of `hand`, the same to the last bit, but working
// out only c's suit afresh: card play weighs what the cards kept would take for each card it
// might play, and the model's card play is most of the expert's rollouts.
class HandsWithout {
 public:
  HandsWithout(CardSet hand, const EstimateContext& ctx);
  TrickEstimate without(Card c) const;

 private:
  CardSet hand_;
  EstimateContext ctx_;
  EstimateShared shared_;                  // for a hand one card shorter
  std::array<SuitPart, kNumSuits> whole_;  // each suit of `hand`, in a hand one card shorter
};

// The distribution of a sum of n independent Bernoulli variables, into `dist` (n + 1 values:
// dist[k] = P(sum == k)), with no allocation: the expert's rollouts call it at every bid.
void poisson_binomial_into(const double* probs, int n, double* dist);

// Without trump the others run the suits a hand cannot stop (no ace, no guarded king, no queen
// with two guards), and the hand throws cards on them: the tricks a no-trump estimate should
// give up for it.
double unstopped_penalty(CardSet hand);

// What a seat knows during a deal, read from its view: the cards still unaccounted for, how
// many each seat holds, the suits each seat has shown out of, and the trick on the table.
struct Knowledge {
  int players = 4;
  int seat = 0;
  Suit trump = Suit::None;
  bool must_trump = true;
  CardSet hand;
  CardSet played;
  CardSet unknown;  // cards whose holder the seat does not know
  std::array<CardSet, kMaxPlayers> visible{};
  std::array<int, kMaxPlayers> left{};       // cards each seat holds now
  std::array<uint8_t, kMaxPlayers> voids{};  // bit s: the seat has shown out of suit s
  int tricks_done = 0;
  // The trick on the table.
  int trick_size = 0;
  Suit led = Suit::None;
  int winner = -1;
  Card winning = kNoCard;
  uint8_t trick_seats = 0;  // seats that have played to it

  // The unknown cards the other seats hold between them.
  int others_unknown() const;
  EstimateContext context() const;
};

Knowledge read_view(const Rules& rules, const PlayerView& view);

// The cards of a fresh deal whose holder the seat does not know (the deck minus its hand, the
// turned card and any card it sees).
CardSet unknown_at_deal(const Rules& rules, const PlayerView& view, CardSet hand);

// How much each seat wants to take the current trick (0 … 1), as the seat judges it.
using Wills = std::array<double, kMaxPlayers>;

// The probability that `top`, winning the trick once the seat has played, stays on top against
// the seats still to play (each beating it when able with probability wills[p]).
double hold_probability(const Knowledge& k, Card top, const Wills& wills);

// Points of an exact bid as the seat values them (negated where the lowest total wins).
double bid_value(const Rules& rules, int bid, int tricks, int cards, int players, int bid_sum);

// The seat that leads the first trick of the deal in `view`.
int first_leader(const PlayerView& view);

using Reasons = std::vector<std::string>;

Action choose_play(const Rules& rules, const PlayerView& view, Reasons* why);
Action choose_bid(const Rules& rules, const PlayerView& view, Reasons* why);
Action israeli_auction(const Rules& rules, const PlayerView& view, Reasons* why);
Action israeli_pass_card(const Rules& rules, const PlayerView& view, Reasons* why);
Action call_ace_action(const Rules& rules, const PlayerView& view, Reasons* why);

}  // namespace whist::heuristic
