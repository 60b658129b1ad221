// Policy-based inference: how likely a world (a placement of the cards one seat cannot see) is,
// given the bids and cards the other seats chose, under a model of how they decide; and moves
// that walk the worlds by that likelihood.
//
// A seat decides from its own view: its own cards and the public course of the deal. So when
// the deal is replayed in a world with the actions that were taken, each seat's choices depend on
// its own hand alone, and the likelihood is a product over the seats (`SeatLogs`, in logs). A
// choice the model makes too counts 1; a card it would not have played, `play_miss` percent; a
// bid, exp(-bid_miss / 10) per trick of difference, sharper in small deals (`bid_cards`).
//
// Importance sampling (draw worlds uniformly, weight them, resample) keeps few distinct worlds
// once the other seats have made many choices: the share of uniform draws that fit all of them
// falls fast, so the survivors are copies of a handful. `rejuvenate` moves each survivor by
// Metropolis steps that swap two unseen cards between holders, accepted by the likelihood ratio,
// so the worlds spread over the likely ones (resample-move, Gilks and Berzuini 2001). A swap
// changes two hands, so only those two seats' choices are replayed (all of them in Call-Ace
// whist, where the called card's holder is the declarer's partner in the replay).
#pragma once

#include <array>
#include <limits>

#include "ai/bot.h"
#include "ai/world.h"
#include "core/rng.h"

namespace whist {

// How a world's fit to the model is scored (ExpertSettings holds the bot's values).
struct ModelFit {
  int play_miss = 20;  // percent, per card another seat played that the model would not have
  int bid_miss = 15;   // tenths of a log unit per trick of difference with the model's bid
  int bid_cards = 8;   // below this many cards a deal, the bid penalty grows as bid_cards / cards
  // With miss_prior > 0, a seat's cards are scored without play_miss: the seat agrees with the
  // model at a rate it does not know, Beta(hit_prior / 100, miss_prior / 100) a priori, and a
  // world scores the chance of the seat's hits and misses (bids count as well) with that rate
  // integrated out. A first miss then costs much and further ones little: worlds are weighed
  // sharply for a seat that is the model, softly for one that is not.
  int miss_prior = 0;
  int hit_prior = 1000;
};

using SeatLogs = std::array<double, kMaxPlayers>;
// Each seat's choices unlike the model's in a world (a bid off by any number of tricks counts
// one): how far a seat is from the model, whatever the weighting.
using SeatMisses = std::array<int, kMaxPlayers>;

// Whether the bids already made say anything about the hands (made after looking at them).
bool bids_informative(const PlayerView& v);

// The seat that bids first: after the dealer, or in Israeli whist after the declarer.
int first_bidder(const PlayerView& v);

// With fit.miss_prior > 0: the log of the chance that a seat agreeing with the model at a rate
// drawn from Beta(hit_prior / 100, miss_prior / 100) makes this sequence of hits and misses.
double agreement_log(int hits, int misses, const ModelFit& fit);

// The views a replay of the deal fills, their storage kept from one world to the next: the
// expert replays thousands of worlds a decision, and a view's copy was a heap allocation each
// (half of the expert's).
struct ReplayScratch {
  PlayerView start;  // the viewer's view, back to the start of the deal
  PlayerView seat;   // a seat's view, for the model's choice
};

// Each seat's log-likelihood of its bids and cards in world `w`, for the seats in `mask` (bit p
// for seat p; the viewer's own seat always scores 0); the others in `logs` are left as they are.
// Returns the model decisions it made. With a `floor`, the masked seats whose log-likelihoods
// sum to less than it all score -infinity, and the replay stops as soon as that is certain (a
// Metropolis step knows its threshold before it replays: most rejected swaps stop early).
// With `misses`, the masked seats' counts of choices unlike the model's are set there too
// (complete unless the world fell below the floor).
int seat_log_likelihoods(const Rules& rules, const PlayerView& v, const Holdings& w, Bot& model,
                         const ModelFit& fit, unsigned mask, ReplayScratch& scratch, SeatLogs& logs,
                         double floor = -std::numeric_limits<double>::infinity(),
                         SeatMisses* misses = nullptr);

double total_log(const SeatLogs& logs);

// `moves` Metropolis steps from `w` (whose per-seat logs are `logs`), each a swap of two unseen
// cards between two holders that may hold them. Returns the model decisions it made. With
// `misses` (the world's counts, as seat_log_likelihoods gives them), they follow the world.
int rejuvenate(const Rules& rules, const PlayerView& v, const Knowledge& k, Bot& model,
               const ModelFit& fit, int moves, Rng& rng, ReplayScratch& scratch, Holdings& w,
               SeatLogs& logs, SeatMisses* misses = nullptr);

}  // namespace whist
