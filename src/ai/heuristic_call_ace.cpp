// The heuristic bot's Call-Ace decisions before play: the contract, trump, the turned kitty
// cards, the called ace, the kitty exchange and the discards.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ai/heuristic_detail.h"
#include "rules/contracts.h"

namespace whist::heuristic {

namespace {

// A called partner holds the called ace and a share of the tricks the declarer cannot take;
// the share is kept low, as the partner plays blind to the declarer's plan at first.
constexpr double kPartnerAce = 1.0;
constexpr double kPartnerShare = 0.6;
// The kitty's three cards, exchanged for the three worst, are worth about this many tricks.
constexpr double kKitty = 0.3;
// The spread of the declaring side's tricks around the estimate.
constexpr double kSpreadPartner = 1.8;
constexpr double kSpreadAlone = 1.4;
// Bid only when the contract's expected payment is at least this (a pass is worth 0).
constexpr double kMinExpected = 0.3;
// Opponents of a negative contract push tricks onto the declarer: its doubtful cards win more.
constexpr double kNegativePush = 1.3;

const Contract& ladder(int index) { return contract_ladder()[index]; }

// The hand's tricks with each trump (index 4: no trump), 13 cards each from the whole deck.
std::array<double, 5> by_trump(const Rules& rules, CardSet hand, int players) {
  std::array<double, 5> est{};
  const int cards = hand.size();
  for (int d = 0; d < 5; ++d) {
    est[d] = estimate_tricks(hand, static_cast<Suit>(d), players, cards, rules.deck_cards());
  }
  est[4] -= unstopped_penalty(hand);
  return est;
}

int best_suit(const std::array<double, 5>& est, CardSet hand) {
  int best = 0;
  for (int s = 1; s < 4; ++s) {
    const double diff = est[s] - est[best];
    const bool longer =
        hand.of_suit(static_cast<Suit>(s)).size() > hand.of_suit(static_cast<Suit>(best)).size();
    if (diff > 1e-9 || (diff > -1e-9 && longer)) best = s;
  }
  return best;
}

// P(tricks == t) for t = 0 … 13, a normal curve around `mean` cut into whole tricks.
std::array<double, 14> spread(double mean, double sd) {
  std::array<double, 14> out{};
  const auto cdf = [&](double x) { return 0.5 * std::erfc(-(x - mean) / (sd * std::sqrt(2.0))); };
  for (int t = 0; t <= 13; ++t) {
    const double lo = t == 0 ? 0.0 : cdf(t - 0.5);
    const double hi = t == 13 ? 1.0 : cdf(t + 0.5);
    out[t] = hi - lo;
  }
  return out;
}

// The declarer's expected payment for contract `index`.
double expected_payment(const Rules& rules, const PlayerView& v, int index,
                        const std::array<double, 5>& est) {
  const Contract& c = ladder(index);
  const CardSet hand = v.own_hand;
  std::array<double, 14> dist{};
  if (c.negative()) {
    EstimateContext ctx =
        deal_context(hand, Suit::None, v.players, hand.size(), rules.deck_cards());
    TrickEstimate e = estimate_hand(hand, ctx);
    for (int i = 0; i < e.count; ++i) {
      e.p[i] = e.cards[i].is_joker() ? 0.0 : std::min(1.0, e.p[i] * kNegativePush);
    }
    std::array<double, std::tuple_size_v<decltype(e.p)> + 1> pb;
    heuristic::poisson_binomial_into(e.p.data(), e.count, pb.data());
    for (int t = 0; t <= e.count && t <= 13; ++t) dist[t] = pb[t];
  } else {
    const int trump = best_suit(est, hand);
    double mine = est[trump];
    switch (c.kind) {
      case ContractKind::Good:
        mine = est[static_cast<int>(Suit::Clubs)];
        break;
      case ContractKind::Sense:
        mine = est[4];
        break;
      case ContractKind::Turn:  // trump comes from the kitty: any suit
      case ContractKind::Half:  // the partner names it from its own hand
        mine = (est[0] + est[1] + est[2] + est[3]) / 4;
        if (c.kind == ContractKind::Half) mine = (mine + est[trump]) / 2;
        break;
      default:
        break;
    }
    double side = mine + kKitty;
    if (!c.alone()) side += kPartnerAce + kPartnerShare * std::max(0.0, 12 - mine) / 3;
    dist = spread(side, c.alone() ? kSpreadAlone : kSpreadPartner);
  }
  const double share = c.alone() ? 3.0 : 1.0;
  double ev = 0;
  for (int t = 0; t <= 13; ++t) {
    const int value = game_value(c, t);
    ev += dist[t] * share * (contract_made(c, t) ? value : -value);
  }
  return ev;
}

Action choose_contract(const Rules& rules, const PlayerView& v, Reasons* why) {
  const std::array<double, 5> est = by_trump(rules, v.own_hand, v.players);
  Action best = Action::pass();
  double best_ev = kMinExpected;
  for (Action a : v.legal) {
    if (a.kind() != ActionKind::Contract) continue;
    const double ev = expected_payment(rules, v, a.contract_index(), est);
    if (why) {
      char buf[80];
      std::snprintf(buf, sizeof buf, "%s: expected %.2f", contract_name(a.contract_index()).c_str(),
                    ev);
      why->push_back(buf);
    }
    if (ev > best_ev) {
      best_ev = ev;
      best = a;
    }
  }
  return best;
}

Action choose_call(const PlayerView& v) {
  const CardSet hand = v.own_hand;
  Action best = v.legal.items[0];
  double best_score = -1e300;
  for (Action a : v.legal) {
    const Card c = a.card();
    // A partner's ace in a suit the declarer holds length in, ideally with the king behind it.
    double score = hand.of_suit(c.suit()).size();
    if (hand.contains(Card(c.suit(), Rank::King))) score += 0.5;
    if (hand.contains(c)) score -= 100;  // calling one's own card means playing alone
    if (score > best_score) {
      best_score = score;
      best = a;
    }
  }
  return best;
}

// The card to discard: the one worth least to the contract.
Action choose_discard(const Rules& rules, const PlayerView& v) {
  const CardSet hand = v.own_hand;
  const Contract& c = ladder(v.call.contract);
  const TrickEstimate e =
      estimate_hand(hand, deal_context(hand, v.trump, v.players, hand.size(), rules.deck_cards()));
  Action best = v.legal.items[0];
  double best_score = -1e300;
  for (Action a : v.legal) {
    const Card card = a.card();
    const double p = e.probability(card);
    double score = 0;
    if (c.negative()) {
      // Throw the cards that would take tricks; keep jokers, which lose whenever followed.
      score = card.is_joker() ? -10 : p + static_cast<int>(card.rank()) * 0.01;
    } else {
      double keep = p + (card.is_joker() ? 1.0 : 0.0) + (card.suit() == v.trump ? 0.5 : 0.0);
      if (!card.is_joker()) keep += 0.04 * hand.of_suit(card.suit()).size();
      score = -keep;
    }
    if (score > best_score) {
      best_score = score;
      best = a;
    }
  }
  return best;
}

}  // namespace

Action call_ace_action(const Rules& rules, const PlayerView& v, Reasons* why) {
  if (v.legal.size == 1) return v.legal.items[0];
  switch (v.phase) {
    case Phase::Auction:
      return choose_contract(rules, v, why);
    case Phase::ChooseTrump: {
      const std::array<double, 5> est = by_trump(rules, v.own_hand, v.players);
      const Action pick = Action::choose_trump(static_cast<Suit>(best_suit(est, v.own_hand)));
      return v.legal.contains(pick) ? pick : v.legal.items[0];
    }
    case Phase::TurnKitty: {
      // The turned cards join the hand (a Turn contract takes the kitty). Accept a suit nearly
      // as good as the best; a card turned before was refused for falling short, so any seen
      // card that passes is the one on show.
      const CardSet hand = v.own_hand | v.kitty_seen;
      const std::array<double, 5> est = by_trump(rules, hand, v.players);
      const double good_enough = est[best_suit(est, hand)] - 1.0;
      for (Card c : v.kitty_seen) {
        if (!c.is_joker() && est[static_cast<int>(c.suit())] >= good_enough &&
            v.legal.contains(Action::accept_trump())) {
          return Action::accept_trump();
        }
      }
      return v.legal.contains(Action::turn_next()) ? Action::turn_next() : v.legal.items[0];
    }
    case Phase::CallCard:
      return choose_call(v);
    case Phase::Exchange:
      // Three more cards to choose from, three worst to throw: nearly always a gain.
      return v.legal.contains(Action::take_kitty()) ? Action::take_kitty() : v.legal.items[0];
    case Phase::Discard:
      return choose_discard(rules, v);
    default:
      return v.legal.items[0];
  }
}

}  // namespace whist::heuristic
