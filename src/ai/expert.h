// The `expert` bot: Monte Carlo over worlds weighted by a model of the other players.
//
// For each decision it samples worlds consistent with its view (ai/world.h), `oversample` times
// more than it uses, and weights each by how likely the bids and cards already played are when
// the model (the heuristic bot, deciding from each seat's own view of that world) plays them
// (policy-based inference); systematic resampling keeps the likely worlds, and each copy of a
// world kept twice is moved by Metropolis swaps of unseen cards (ai/inference.h), so a sharp
// weighting still leaves many distinct worlds. The worlds of the seat's last decision in the deal
// are carried to the next and weighed before the fresh draws (a particle filter). Then:
//  - bidding (exact-bid games, Israeli contracts): in every world, each legal bid is played out
//    to the end of the deal with the model deciding for every seat, the bids still to come and
//    the hook included; the bid with the best mean score wins;
//  - card play: the same rollouts for each legal card; with `solver_cards` cards or fewer in
//    hand, the open-card solver (ai/solver.h) scores each card in every world instead
//    (perfect-information Monte Carlo); with `epimc` cards or fewer, EPIMC: the seat's own next
//    card is searched too, one card per information set of the seat's, before the rollouts
//    (with a budget of its own, `epimc_steps`);
//  - with `adapt`, card play turns to the open-card solver once the worlds show that another seat
//    does not decide as the model (its choices unlike the model's in most worlds);
//  - the score of an outcome is the seat's own less `rivalry` percent of the others' mean: a
//    game is won against the other players (Call-Ace goals already oppose the sides);
//  - the other phases (one-card mode, zero play, the Israeli auction and card passing, Call-Ace
//    contracts, trump, call and kitty) are the heuristic's, or with `others` the same rollouts
//    over their legal actions (not yet measured, so off by default).
// Why rollouts rather than the solver everywhere: the solver's players never misguess, so it
// overvalues a hand's tricks and sends the expert into contracts it cannot make; rollouts meet
// the play a real table gives (docs/strength.md has the measurements: bid by solver, play by
// solver, and the rollouts).
//
// Levels set the worlds and a budget of model decisions per decision (and solver nodes):
// deterministic, so a seed replays a game; `normal` answers in about 100 ms or less on one core.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ai/bot.h"

namespace whist {

// How the expert bids: as the heuristic, by the open-card solver's score of each legal bid,
// or by playing each legal bid out with the heuristic as every seat's model.
enum class BidSearch : uint8_t { Heuristic = 0, Solver = 1, Rollouts = 2 };

// How the expert plays its cards: as the heuristic, by the open-card solver in each world
// (perfect-information Monte Carlo), or by playing each card out with the heuristic.
enum class PlaySearch : uint8_t { Heuristic = 0, Solver = 1, Rollouts = 2 };

struct ExpertSettings {
  int worlds = 300;        // worlds per card decision, at most
  int bid_worlds = 200;    // worlds per bidding decision, at most
  uint64_t steps = 50000;  // model decisions a rollout decision may spend (fewer worlds if so)
  int oversample = 4;      // worlds drawn per world used, for the weighting
  BidSearch bidding = BidSearch::Rollouts;
  PlaySearch playing = PlaySearch::Rollouts;
  int solver_cards = 3;  // with Rollouts: the solver plays a hand of this many cards or fewer
  int min_worlds = 6;    // worlds the solver solves even past its node budget
  uint64_t node_budget = 1500000;  // solver nodes per decision, after min_worlds
  bool others = false;             // the other phases by rollouts too (else the heuristic's)
  // EPIMC: with this many cards in hand or fewer (and more than solver_cards), card play also
  // searches the seat's own next card: the model plays the others up to the seat's next turn,
  // and there one card is chosen for all the worlds the seat cannot tell apart (the same cards
  // played in between), each world's card played out by rollout. 0: off.
  int epimc = 6;
  // The model decisions an EPIMC decision may spend (0: `steps`). Its worlds cost a playout per
  // pair of cards, so more would pay (docs/strength.md), but at `normal` the slowest decisions
  // of 13-card deals would then pass 100 ms.
  uint64_t epimc_steps = 0;
  int rivalry = 50;  // percent of the others' mean score taken off its own score
  // The weighting: a world's likelihood is multiplied by exp(-bid_miss / 10) per trick of
  // difference between each bid made and the model's, and, for each bid or card of another seat
  // unlike the model's, as miss_prior says (ai/inference.h: the seat agrees with the model at an
  // unknown rate, Beta(hit_prior / 100, miss_prior / 100) a priori), or with miss_prior 0 by
  // play_miss percent a card. Against opponents who are the model, sharp is right: 8-card
  // romanian deals, 400 sets, +0.22 [0.01, 0.43] a deal over the weighting of before
  // (play_miss 20, bid_miss 15; docs/strength.md).
  int play_miss = 20;
  int bid_miss = 60;
  // In deals of fewer cards than this, the bid penalty grows as bid_cards / cards: a trick of
  // difference is a larger part of a small hand, and in a one-card deal a bid of 1 rather than 0
  // says all the model would (one-card deals, 3000 sets: +0.065 points a deal in romanian and
  // +0.07 in oh-hell; docs/strength.md). 0: the same penalty at every size.
  int bid_cards = 8;
  // Metropolis moves for each copy of a resampled world (ai/inference.h): swaps of two unseen
  // cards accepted by the likelihood ratio, so the worlds kept are not copies of a few. 0: off.
  // 40 rather than 20, in fewer worlds: +0.05 a deal in romanian on two seeds (docs/strength.md).
  int moves = 40;
  int miss_prior = 20;  // ModelFit's (ai/inference.h); 0: play_miss instead
  int hit_prior = 1000;
  // Card play by the open-card solver instead of rollouts once the worlds say that another seat
  // does not decide as the model: in this percentage of the worlds sampled or more, one seat
  // made a choice the model would not have. Rollouts that predict such seats as the model
  // misjudge the cards, and the solver, which assumes every seat plays well, may do better; no
  // threshold measured gained significantly against ISMCTS seats (8-card romanian deals, 300
  // sets: +0.09 to +0.20 a deal, none beyond the noise), and the solver's 13-card decisions overrun
  // `normal`'s time, so 0 (off) by default (docs/strength.md).
  int adapt = 0;
  // Worlds carried from one decision to the next within a deal (a particle filter): the worlds
  // the seat's last decision used, moved to where the cards played since say they are
  // (carry_world), are weighed first, with fresh draws after them. Resampled and moved at every
  // decision before, they fit the model more often than uniform draws do, and the Metropolis
  // moves add up over the deal. Romanian, against 3 heuristic, paired over five seeds of 3000
  // sets: +0.023 [0.007, 0.040] a deal; more in the games of 13-card deals; and fewer model
  // decisions (docs/strength.md). Kept by Bot::reseed (whist play), handed from one bot object
  // to the next by take_memory and give_memory (the server).
  bool carry = true;
};

ExpertSettings expert_settings(Level level);

std::unique_ptr<Bot> make_expert_bot(const BotParams& params, std::string& error);

}  // namespace whist
