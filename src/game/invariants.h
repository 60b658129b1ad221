// Invariants of a deal in progress, checked by `whist simulate` and the property tests
// (OpenSpiel's RandomSimTest habit): a broken one is an engine bug, never bad input.
#pragma once

#include <string>

#include "game/match.h"

namespace whist {

// Empty when every invariant holds, else what broke: cards conserved (hands and played cards
// partition what was dealt), tricks won add up to tricks played, the current trick's size agrees
// with the plays, the hook respected once bidding is over.
std::string check_invariants(const DealState& state, const Hands& dealt);

}  // namespace whist
