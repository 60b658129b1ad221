// What the ISMCTS bot needs besides its tree: the reward of a finished deal, and a cheap rollout
// policy that plays a deal to its end.
//
// The rollout policy is a few mask operations a card: a seat that still needs tricks (its bid
// not yet reached; in Call-Ace whist the declaring side of a positive contract, and everyone
// against it) wins cheaply when it can, one that has what it needs ducks with its highest card
// that loses. Bids, auction calls and trump follow a rough trick estimate of the hand. A share of
// actions stays uniformly random so that rollouts keep exploring. Measured against uniformly
// random rollouts in docs/ismcts.md.
#pragma once

#include <array>

#include "core/rng.h"
#include "game/deal.h"
#include "rules/rules.h"

namespace whist {

using Rewards = std::array<double, kMaxPlayers>;

// Each seat's points for a finished deal as Match::score_deal credits them, streak bonuses and
// miss penalties aside (they depend on earlier deals): the scoring system with the bids, doubled
// when a turned spade doubles the deal; Call-Ace payments; nothing for a hand thrown in. Negated
// where the lowest total wins, so that more is always better.
Rewards deal_rewards(const Rules& rules, const DealState& state);

// A rough number of tricks `hand` takes with `trump` (Suit::None: no trump).
double estimate_tricks(CardSet hand, Suit trump);

// The card to pass next in an Israeli passing round from the cards not chosen yet: the highest
// card of the shortest suit other than the longest.
Card pass_choice(CardSet left);

enum class RolloutPolicy : uint8_t { Random, Heuristic };

// Plays `state` to its end.
void rollout(DealState& state, Rng& rng, RolloutPolicy policy);

}  // namespace whist
