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

#include <memory>
#include <string>

#include "ai/bot.h"

namespace whist {

struct ExpertSettings {
  int worlds = 24;                 // worlds solved per card decision, at most
  int min_worlds = 6;              // worlds solved even past the node budget
  int bid_worlds = 12;             // worlds per bidding decision
  uint64_t node_budget = 1500000;  // solver nodes per decision, after min_worlds
  int oversample = 4;              // worlds drawn per world solved, for the weighting
  bool search_bids = false;        // bid by solving each legal bid (else as the heuristic)
  bool search_play = true;         // false: play as the heuristic does
};

ExpertSettings expert_settings(Level level);

std::unique_ptr<Bot> make_expert_bot(const BotParams& params, std::string& error);

}  // namespace whist
