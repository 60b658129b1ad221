// Random playouts and perft: the engine's speed and a deterministic signature of its rules.
#pragma once

#include <cstdint>

#include "core/rng.h"
#include "game/deal.h"

namespace whist {

// Plays the deal to its end with uniformly random legal actions; returns the cards played.
int random_playout(DealState& state, Rng& rng);

// The number of legal play sequences from a state in the playing phase to the end of the deal.
uint64_t perft(DealState& state);

}  // namespace whist
