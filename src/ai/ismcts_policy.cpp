#include "ai/ismcts_policy.h"

#include <bit>
#include <cmath>

#include "game/playout.h"
#include "rules/contracts.h"
#include "rules/scoring.h"

namespace whist {

namespace {

// Percent of rollout choices made uniformly at random: without them every rollout from a world
// would play the same way, and the tree would learn that one line rather than the position.
constexpr uint32_t kRandomShare = 10;
constexpr int kAlways = 100;  // a trick goal no seat reaches: it always wants tricks
constexpr uint64_t kRankLane = 0x0001000100010001ull;

// Who wants tricks in the card play. A seat wants one while the tricks of its team (itself, or
// the Call-Ace declaring side) are below its goal.
struct Goals {
  std::array<uint8_t, kMaxPlayers> team{};
  std::array<int8_t, kMaxPlayers> goal{};
};

Goals play_goals(const DealState& s) {
  Goals g;
  for (int p = 0; p < s.players(); ++p) {
    g.team[p] = static_cast<uint8_t>(1u << p);
    g.goal[p] = static_cast<int8_t>(s.bid(p) >= 0 ? s.bid(p) : kAlways);
  }
  if (s.family() != Family::CallAce || s.call().contract < 0) return g;
  const Contract& k = contract_ladder()[s.call().contract];
  uint8_t side = static_cast<uint8_t>(1u << s.declarer());
  if (s.call().partner >= 0) side |= static_cast<uint8_t>(1u << s.call().partner);
  for (int p = 0; p < s.players(); ++p) {
    // Positive contracts: the side wants overtricks, the defenders want it to fall short. A
    // negative contract promises an exact number: the defenders want the declarer to win.
    if (side >> p & 1) {
      g.team[p] = side;
      g.goal[p] = static_cast<int8_t>(k.negative() ? k.negative_target() : kAlways);
    } else {
      g.goal[p] = static_cast<int8_t>(k.negative() ? 0 : kAlways);
    }
  }
  return g;
}

bool wants_trick(const DealState& s, const Goals& g, int seat) {
  int taken = 0;
  for (unsigned team = g.team[seat]; team != 0; team &= team - 1) {
    taken += s.tricks_won(std::countr_zero(team));
  }
  return taken < g.goal[seat];
}

// The cards of `set` that beat the trick's winning card now (never a joker: a joker played to a
// trick loses, and nothing beats a led joker).
CardSet beating(const DealState& s, CardSet set) {
  const Card w = s.winning_card();
  if (w.is_joker()) return CardSet();
  set -= CardSet::jokers();
  const CardSet above(~((uint64_t{2} << w.index()) - 1));
  CardSet out = set & CardSet::suit_mask(w.suit()) & above;
  const Suit trump = s.trump();
  if (trump != Suit::None && w.suit() != trump) out |= set & CardSet::suit_mask(trump);
  return out;
}

// The highest (or lowest) ranked card of `set` (not empty, no joker) whatever its suit, ties at
// random.
Card by_rank(CardSet set, bool high, Rng& rng) {
  for (int i = 0; i < kNumRanks; ++i) {
    const int r = high ? kNumRanks - 1 - i : i;
    const uint64_t m = set.bits() & (kRankLane << r);
    if (m != 0)
      return (m & (m - 1)) == 0 ? Card::from_index(std::countr_zero(m)) : rng.pick(CardSet(m));
  }
  return set.lowest();  // not reached
}

// The cards of `set` that no other seat can beat in their suit (the stock aside).
CardSet masters(const DealState& s, CardSet set) {
  CardSet others;
  for (int p = 0; p < s.players(); ++p) {
    if (p != s.to_move()) others |= s.hand(p);
  }
  uint64_t out = 0;
  for (int si = 0; si < kNumSuits; ++si) {
    const auto suit = static_cast<Suit>(si);
    const uint32_t theirs = others.suit_bits(suit);
    const uint32_t above =
        theirs == 0 ? 0x1FFFu : 0x1FFFu & ~((2u << (31 - std::countl_zero(theirs))) - 1);
    out |= static_cast<uint64_t>(set.suit_bits(suit) & above) << (16 * si);
  }
  return CardSet(out);
}

Card rollout_card(const DealState& s, const Goals& g, Rng& rng) {
  const CardSet legal = s.legal_cards();
  if (legal.size() == 1) return legal.lowest();
  if (rng.below(100) < kRandomShare) return rng.pick(legal);
  const bool want = wants_trick(s, g, s.to_move());
  const CardSet jokers = legal & CardSet::jokers();
  const CardSet plain = legal - jokers;
  if (plain.empty()) return jokers.lowest();
  if (s.trick_size() == 0) {
    if (want && !jokers.empty()) return jokers.lowest();  // a led joker wins
    const CardSet top = masters(s, plain);
    // Wanting a trick, lead a card no one can beat in its suit; else keep the high cards.
    if (want && !top.empty()) return by_rank(top, true, rng);
    const CardSet low = plain - top;
    return by_rank(low.empty() ? plain : low, false, rng);
  }
  const CardSet winners = beating(s, legal);
  const bool last = s.trick_size() == s.players() - 1;
  if (want) {
    // Win as cheaply as is safe: the lowest winner when no one plays after, else the lowest
    // winner no one can beat in its suit, else the highest.
    if (!winners.empty()) {
      if (last) return by_rank(winners, false, rng);
      const CardSet top = masters(s, winners);
      return top.empty() ? by_rank(winners, true, rng) : by_rank(top, false, rng);
    }
    return by_rank(plain, false, rng);
  }
  const CardSet losers = legal - winners;
  if (!jokers.empty()) return jokers.lowest();  // a joker would win if led later: shed it
  if (!losers.empty()) return by_rank(losers, true, rng);
  // Every card wins for now: the last to play wins anyway and sheds its highest; earlier, the
  // lowest leaves the others a chance to overtake.
  return by_rank(winners, last, rng);
}

Action random_action(const ActionList& legal, Rng& rng) {
  for (;;) {
    const Action a = legal.items[rng.below(static_cast<uint32_t>(legal.size))];
    if (a.kind() != ActionKind::AnnounceZero || legal.size == 1) return a;
  }
}

// The legal bid nearest to `target` (ties: the lower).
Action nearest_bid(const ActionList& legal, int target) {
  Action best = legal.items[0];
  int best_gap = 1 << 20;
  for (Action a : legal) {
    if (a.kind() != ActionKind::Bid) continue;
    const int gap = std::abs(a.bid_value() - target);
    if (gap < best_gap) {
      best = a;
      best_gap = gap;
    }
  }
  return best;
}

// Rounds up with probability the fraction: estimates between two bids give either.
int stochastic_round(double x, Rng& rng) {
  const double floor = std::floor(x);
  const double frac = x - floor;
  return static_cast<int>(floor) + (rng.below(1024) < static_cast<uint32_t>(frac * 1024) ? 1 : 0);
}

Suit best_trump(CardSet hand, double& best) {
  Suit trump = Suit::Clubs;
  best = -1;
  for (int d = 0; d < kNumSuits; ++d) {
    const double e = estimate_tricks(hand, static_cast<Suit>(d));
    if (e > best) {
      best = e;
      trump = static_cast<Suit>(d);
    }
  }
  return trump;
}

Action israeli_auction(const DealState& s, const ActionList& legal) {
  const CardSet hand = s.hand(s.to_move());
  Action best = Action::pass();
  double best_margin = -0.5;  // bid a level when the hand is worth about as much
  for (int d = 0; d < 5; ++d) {
    int tricks = s.auction().min;
    while (5 * tricks + d <= s.auction().high) ++tricks;
    if (tricks > s.cards()) continue;
    const double margin = estimate_tricks(hand, static_cast<Suit>(d)) - tricks;
    const Action a = Action::auction_bid(tricks, static_cast<Suit>(d));
    if (margin > best_margin && legal.contains(a)) {
      best_margin = margin;
      best = a;
    }
  }
  return best;
}

Action call_ace_auction(const DealState& s) {
  double est = 0;
  best_trump(s.hand(s.to_move()), est);
  const double side = est + 3;  // the partner's hand is worth about three tricks
  for (int k = s.auction().high + 1; k < kNumContracts; ++k) {
    const Contract& c = contract_ladder()[k];
    if (c.kind != ContractKind::Plain) continue;
    return c.tricks <= side ? Action::contract(k) : Action::pass();
  }
  return Action::pass();
}

Action rollout_action(const DealState& s, Rng& rng) {
  const ActionList legal = s.legal_actions();
  if (legal.size == 1) return legal.items[0];
  if (rng.below(100) < kRandomShare) return random_action(legal, rng);
  const int seat = s.to_move();
  const CardSet hand = s.hand(seat);
  switch (s.phase()) {
    case Phase::Bidding: {
      const bool sees = !s.blind_bidding() && s.mode() == OneCardMode::Regular;
      if (!sees) return random_action(legal, rng);
      return nearest_bid(legal, stochastic_round(estimate_tricks(hand, s.trump()), rng));
    }
    case Phase::Auction:
      return s.family() == Family::CallAce ? call_ace_auction(s) : israeli_auction(s, legal);
    case Phase::Passing:
      return Action::pass_card(pass_choice(hand - s.passed(s.auction().round, seat)));
    case Phase::ChooseTrump: {
      double est = 0;
      return Action::choose_trump(best_trump(hand, est));
    }
    case Phase::Discard: {
      CardSet options;
      for (Action a : legal) options |= a.card();
      CardSet plain = options - CardSet::jokers();
      if (s.trump() != Suit::None) plain -= CardSet::suit_mask(s.trump());
      return Action::discard(by_rank(plain.empty() ? options : plain, false, rng));
    }
    default:
      return random_action(legal, rng);
  }
}

}  // namespace

Rewards deal_rewards(const Rules& rules, const DealState& s) {
  Rewards r{};
  if (s.thrown_in()) return r;
  const int n = s.players();
  if (s.family() == Family::CallAce) {
    // As Match::score_call_ace: each defender pays the game's value, the side shares the sum.
    const Contract& k = contract_ladder()[s.call().contract];
    unsigned side = 1u << s.declarer();
    if (s.call().partner >= 0) side |= 1u << s.call().partner;
    int taken = 0;
    for (int p = 0; p < n; ++p) taken += (side >> p & 1) ? s.tricks_won(p) : 0;
    const int value = game_value(k, taken);
    const int members = std::popcount(side);
    const int gain_sign = contract_made(k, taken) ? 1 : -1;
    for (int p = 0; p < n; ++p) {
      const int gain = (side >> p & 1) ? (n - members) * value / members : -value;
      r[p] = gain_sign * gain;
    }
    return r;
  }
  const bool doubled =
      rules.spades_double && s.turned() != kNoCard && s.turned().suit() == Suit::Spades;
  const double factor = (doubled ? 2 : 1) * (lowest_wins(rules.scoring) ? -1 : 1);
  for (int p = 0; p < n; ++p) {
    const Points pts = contract_points(rules, s.bid(p), s.tricks_won(p), s.cards(), n, s.bid_sum());
    r[p] = factor * pts.as_double();
  }
  return r;
}

double estimate_tricks(CardSet hand, Suit trump) {
  // Trumps by rank (two … ace); side suits count their top honours, and shortness where trumps
  // can ruff. Rough, but it is only used to bid and choose trump inside rollouts.
  static constexpr double kTrump[kNumRanks] = {0.3,  0.3, 0.3, 0.3,  0.3, 0.35, 0.4,
                                               0.45, 0.5, 0.6, 0.75, 0.9, 1.0};
  double est = 0.8 * (hand & CardSet::jokers()).size();
  const int trumps = trump == Suit::None ? 0 : hand.of_suit(trump).size();
  for (int si = 0; si < kNumSuits; ++si) {
    const auto suit = static_cast<Suit>(si);
    const uint32_t ranks = hand.suit_bits(suit);
    const int len = std::popcount(ranks);
    if (suit == trump) {
      for (uint32_t r = ranks; r != 0; r &= r - 1) est += kTrump[std::countr_zero(r)];
      continue;
    }
    const bool ace = ranks >> 12 & 1;
    const bool king = ranks >> 11 & 1;
    const bool queen = ranks >> 10 & 1;
    if (ace) est += len <= 5 ? 0.9 : 0.7;
    if (king) est += len >= 2 ? (ace ? 0.8 : 0.5) : 0.15;
    if (queen) est += len >= 3 ? 0.3 : 0.05;
    if (trumps >= 2 && len <= 1) est += len == 0 ? 0.5 : 0.25;
  }
  return est;
}

Card pass_choice(CardSet left) {
  int longest = 0;
  for (int s = 1; s < kNumSuits; ++s) {
    if (left.of_suit(static_cast<Suit>(s)).size() > left.of_suit(static_cast<Suit>(longest)).size())
      longest = s;
  }
  int shortest = -1;
  for (int s = 0; s < kNumSuits; ++s) {
    const int len = left.of_suit(static_cast<Suit>(s)).size();
    if (s == longest || len == 0) continue;
    if (shortest < 0 || len < left.of_suit(static_cast<Suit>(shortest)).size()) shortest = s;
  }
  if (shortest < 0) shortest = longest;
  const CardSet suit = left.of_suit(static_cast<Suit>(shortest));
  return suit.empty() ? left.highest() : suit.highest();
}

void rollout(DealState& s, Rng& rng, RolloutPolicy policy) {
  if (policy == RolloutPolicy::Random) {
    random_playout(s, rng);
    return;
  }
  DealState::Undo u;
  while (!s.done() && s.phase() != Phase::Playing) s.apply(rollout_action(s, rng), u);
  if (s.done()) return;
  const Goals goals = play_goals(s);
  while (!s.done()) s.play(rollout_card(s, goals, rng), u);
}

}  // namespace whist
