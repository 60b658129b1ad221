// The `heuristic` bot: a club player's rules of thumb, one fast decision per phase of every game
// of the family, from the view alone (no search, no sampling: microseconds a decision).
//
// Its core is a trick estimate: each card of a hand gets the probability that it wins a trick
// (top cards by how many higher cards are still out and with whom, protected honours, long
// trumps, ruffs from short side suits, the chance of being ruffed), and the hand's tricks are
// the sum. Bids, auction calls and contracts take the option with the best expected score under
// the Poisson-binomial distribution of those per-card probabilities; in play each legal card is
// judged by the chance it holds the current trick and what the cards left would still take,
// against what the seat needs (its bid, its side's contract).
//
// The estimate is exported: the expert bot weights its sampled worlds with it and reuses the
// bidding.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "ai/bot.h"
#include "core/card_set.h"
#include "game/view.h"
#include "rules/rules.h"

namespace whist {

// Everything the trick estimate needs to know besides the hand.
struct EstimateContext {
  Suit trump = Suit::None;
  int players = 4;
  // The cards whose place the seat does not know: the other hands and the undealt rest (the
  // deck minus the hand, the cards played, the turned card, any card the seat sees).
  CardSet unknown;
  // How many of the `unknown` cards the other seats hold between them (the rest is undealt).
  int others_cards = 0;
  // The seat's place in the first trick (0 leads), -1 when unknown; one-card hands depend on it.
  int order = -1;
  // Whether a void player must trump (a ruff is then certain when possible).
  bool must_trump = true;
};

// The context of a fresh deal: `cards` each out of `deck` (every card of the game's deck,
// jokers included), nothing seen but the hand.
EstimateContext deal_context(CardSet hand, Suit trump, int players, int cards, CardSet deck);

// A hand's expected tricks, card by card.
struct TrickEstimate {
  double mean = 0;
  int count = 0;                     // cards in the hand
  std::array<Card, 20> cards{};      // the hand, highest first within each suit
  std::array<double, 20> p{};        // the probability that each card takes a trick
  double probability(Card c) const;  // 0 for a card not in the hand
};

TrickEstimate estimate_hand(CardSet hand, const EstimateContext& ctx);

// Expected tricks of `hand`, dealt `cards` a player out of `deck`, with `trump` (Suit::None: no
// trump). The one-line form of estimate_hand(hand, deal_context(...)).mean.
double estimate_tricks(CardSet hand, Suit trump, int players, int cards, CardSet deck);
double estimate_tricks(CardSet hand, const EstimateContext& ctx);

// A forehead one-card deal: the seat sees every other card but not its own. The probability
// that its card (any card of `unknown`, equally likely) wins the trick led by `leader`, given
// `visible[p]`, the card each other seat p holds.
double estimate_tricks_visible(const std::array<CardSet, kMaxPlayers>& visible, int seat,
                               int leader, int players, Suit trump, CardSet unknown);

// The bid with the best expected score for a seat to move in Phase::Bidding (exact-bid games
// and Israeli contracts), or the only legal one. Also used by the expert bot.
Action heuristic_bid(const Rules& rules, const PlayerView& view);

std::unique_ptr<Bot> make_heuristic_bot();

}  // namespace whist
