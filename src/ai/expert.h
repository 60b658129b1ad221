// The `expert` bot: perfect-information Monte Carlo over weighted worlds, with the open-card
// solver.
//
// For each decision it samples worlds consistent with its view (ai/world.h) and weights them by
// how likely the bids already made are for the hands each world gives (the heuristic trick
// estimate as a model of the other players); the weighted worlds are resampled so that the
// likely ones are searched more often. Then:
//  - card play: the open-card solver (ai/solver.h) gives, in every world, the score this seat
//    ends with after each of its legal cards when everyone then plays for their own score; the
//    card with the best weighted mean wins, ties going to the heuristic's choice;
//  - bidding (exact-bid games, Israeli contracts): for each legal bid, the solver's score in
//    every world from the first lead, with the bids still to come predicted from each world's
//    hands (the heuristic estimate, the hook respected); the bid with the best mean score wins;
//  - the other phases (one-card mode, zero play, the Israeli auction and card passing, Call-Ace
//    contracts, trump, call and kitty) are the heuristic's.
// Levels set the number of worlds and a node budget per decision: deterministic, so a seed
// replays a game; `normal` answers in about 100 ms or less on one core.
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
  uint64_t steps = 60000;  // model decisions a rollout decision may spend (fewer worlds if so)
  int oversample = 4;      // worlds drawn per world used, for the weighting
  BidSearch bidding = BidSearch::Rollouts;
  PlaySearch playing = PlaySearch::Rollouts;
  int solver_cards = 3;  // with Rollouts: the solver plays a hand of this many cards or fewer
  int min_worlds = 6;    // worlds the solver solves even past its node budget
  uint64_t node_budget = 1500000;  // solver nodes per decision, after min_worlds
  int rivalry = 50;                // percent of the others' mean score taken off its own score
};

ExpertSettings expert_settings(Level level);

std::unique_ptr<Bot> make_expert_bot(const BotParams& params, std::string& error);

}  // namespace whist
