// The `ismcts` bot: Single-Observer Information Set Monte Carlo Tree Search (Cowling, Powley and
// Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), the baseline the
// expert bot is measured against.
//
// One tree per decision, its nodes reached by actions from the deciding seat's information set.
// Each iteration draws a world consistent with the view (ai/world.h), descends the tree choosing
// among the actions legal in that world by UCB1 with availability counts (a child's count of
// trials is the number of visits to its parent in which it was legal), expands one node, plays
// the deal out with the rollout policy (ai/ismcts_policy.h), and backs up every seat's points
// for the deal: each node keeps the reward of the seat that acted into it. Rewards are divided
// by twice the largest absolute reward seen so far in the search, so that UCB sees a range of
// about one whatever the scoring system. The bot plays the root's most visited action.
//
// Every decision the state's legal_actions() offers goes through the tree (bids, the one-card
// mode, auctions, contracts, trump, the called card, the kitty), except:
//  - a zero-play announcement: the bot never announces. Its value lies in the match (ending it
//    on exactly zero), which a deal's points cannot measure, and the tree would otherwise pick
//    it for the best bid that follows it;
//  - Israeli card passing, where worlds are not rebuilt: pass_choice() (ai/ismcts_policy.h);
//  - a single legal action, returned at once; and a view no world can be drawn for (it should
//    not happen), answered with a random legal action.
//
// Spec: ismcts[:LEVEL][:key=value]...; the levels set the iterations a decision: easy 200,
// normal 2000, hard 10000, max 40000. Settings:
//   iterations=N   1 … 1000000, instead of the level's
//   c=N            the UCB exploration constant × 100 (default 70)
//   rollout=N      1: the heuristic rollout policy (default); 0: uniformly random rollouts
//   ms=N           also stop after N milliseconds a decision (default 0: no limit; a limit makes
//                  the choices depend on the machine's speed, so games no longer reproduce;
//                  whist arena warns of it: stops_by_the_clock in ai/bot.h)
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "ai/ismcts_policy.h"

namespace whist {

struct IsmctsConfig {
  int iterations = 2000;
  int c = 70;  // × 100
  int ms = 0;
  static constexpr int kMaxMs = 3600000;  // an hour a decision
  RolloutPolicy rollout = RolloutPolicy::Heuristic;
};

inline constexpr int kIsmctsIterations[] = {200, 2000, 10000, 40000};  // by Level
inline constexpr int kIsmctsMaxIterations = 1000000;

// The configuration a spec's level and settings give; sets `error` on a bad setting.
IsmctsConfig ismcts_config(const BotParams& params, std::string& error);

// Null with `error` set on a bad setting.
std::unique_ptr<Bot> make_ismcts_bot(const BotParams& params, std::string& error);

// One root action after a search: how often it was tried and its mean reward (points).
struct IsmctsRootStat {
  Action action;
  int visits = 0;
  double mean = 0;
};

// Searches `view` (its seat to move) as the bot does and returns the root's actions, most
// visited first; empty when no world could be drawn. For tests and tools.
std::vector<IsmctsRootStat> ismcts_search(const IsmctsConfig& config, const Rules& rules,
                                          const PlayerView& view, Rng& rng);

}  // namespace whist
