// The heuristic bot's bidding: exact bids (and Israeli contracts) by expected score under the
// trick estimate's distribution, the Israeli auction for trump, and Israeli card passing.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ai/heuristic_detail.h"

namespace whist::heuristic {

namespace {

// When the bids already made (and those still to come, at an average share each) ask for more
// tricks than there are, the tricks are fought over and the seat's doubtful cards take fewer of
// them; with fewer asked for, others shed cards and the seat takes more than it planned. The
// seat's expected tricks move by this share of the difference, over the number of players.
constexpr double kCompetition = 0.5;
// Israeli auction: the seat calls a contract up to this much above its estimate.
constexpr double kAuctionBoldness = 0.3;

// Moves the per-card probabilities so that their sum moves by `delta`, most on the doubtful
// cards (a sure winner stays sure).
void shift(double* p, int n, double delta) {
  double weight = 0;
  for (int i = 0; i < n; ++i) weight += p[i] * (1 - p[i]) + 0.02;
  if (weight <= 0) return;
  for (int i = 0; i < n; ++i) {
    p[i] = std::clamp(p[i] + delta * (p[i] * (1 - p[i]) + 0.02) / weight, 0.0, 1.0);
  }
}

std::string describe_bid(int bid, double value, double chance) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "bid %d: expected %.2f points, made %.0f%%", bid, value,
                100 * chance);
  return buf;
}

// The estimate per denomination (Suit::None: no trump) of a hand at the start of a deal.
std::array<double, 5> by_denomination(const Rules& rules, const PlayerView& v, CardSet hand) {
  std::array<double, 5> est{};
  for (int d = 0; d < 5; ++d) {
    EstimateContext ctx;
    ctx.trump = static_cast<Suit>(d);
    ctx.players = v.players;
    ctx.unknown = unknown_at_deal(rules, v, hand);
    ctx.others_cards = std::min((v.players - 1) * v.cards, ctx.unknown.size());
    ctx.must_trump = v.setup.must_trump;
    est[d] = estimate_tricks(hand, ctx);
  }
  est[4] -= unstopped_penalty(hand);
  return est;
}

}  // namespace

Action choose_bid(const Rules& rules, const PlayerView& v, Reasons* why) {
  if (v.legal.size == 1) return v.legal.items[0];
  const int n = v.players;
  const int leader = first_leader(v);
  std::array<double, 24> probs{};
  int count = 0;
  if (!v.own_hand.empty()) {
    EstimateContext ctx;
    ctx.trump = v.trump;
    ctx.players = n;
    ctx.unknown = unknown_at_deal(rules, v, v.own_hand);
    int seen = 0;
    for (int p = 0; p < n; ++p) seen += v.visible[p].size();
    ctx.others_cards = std::min((n - 1) * v.cards - seen, ctx.unknown.size());
    ctx.order = (v.seat - leader + n) % n;
    ctx.must_trump = v.setup.must_trump;
    const TrickEstimate e = estimate_hand(v.own_hand, ctx);
    count = std::min(e.count, static_cast<int>(e.p.size()));
    std::copy(e.p.begin(), e.p.begin() + count, probs.begin());
  } else if (v.mode == OneCardMode::Forehead && v.cards == 1) {
    // The seat sees every card but its own, which is any card it cannot see.
    CardSet unknown = rules.deck_cards();
    if (v.turned != kNoCard) unknown -= v.turned;
    for (int p = 0; p < n; ++p) unknown -= v.visible[p];
    probs[count++] = estimate_tricks_visible(v.visible, v.seat, leader, n, v.trump, unknown);
  } else {
    // Bidding blind: an even share of the tricks.
    for (; count < v.cards && count < static_cast<int>(probs.size()); ++count) {
      probs[count] = 1.0 / n;
    }
  }

  double mean = 0;
  for (int i = 0; i < count; ++i) mean += probs[i];
  int made = 0, made_sum = 0;
  for (int p = 0; p < n; ++p) {
    if (p != v.seat && v.bids[p] >= 0) {
      ++made;
      made_sum += v.bids[p];
    }
  }
  const int later = n - made - 1;
  const double expected_total = made_sum + later * static_cast<double>(v.cards) / n + mean;
  shift(probs.data(), count, -kCompetition * (expected_total - v.cards) / n);
  std::array<double, std::tuple_size_v<decltype(probs)> + 1> dist;  // no heap: a rollout's model
  heuristic::poisson_binomial_into(probs.data(), count, dist.data());

  Action best = v.legal.items[0];
  double best_value = -1e300;
  for (Action a : v.legal) {
    if (a.kind() != ActionKind::Bid) continue;  // zero play is never announced
    const int bid = a.bid_value();
    const int bid_sum = made_sum + bid + static_cast<int>(std::lround(later * v.cards / n));
    double value = 0;
    for (int x = 0; x <= count; ++x) {
      value += dist[x] * bid_value(rules, bid, x, v.cards, n, bid_sum);
    }
    if (why) why->push_back(describe_bid(bid, value, bid <= count ? dist[bid] : 0));
    if (value > best_value + 1e-9) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

Action israeli_auction(const Rules& rules, const PlayerView& v, Reasons* why) {
  if (v.auction.declarer == v.seat) return Action::pass();  // never outbid oneself
  const std::array<double, 5> est = by_denomination(rules, v, v.own_hand);
  Action best = Action::pass();
  double best_margin = -1e300;
  for (Action a : v.legal) {
    if (a.kind() != ActionKind::AuctionBid) continue;
    const int d = static_cast<int>(a.denomination());
    const double target = std::floor(est[d] + 0.5 + kAuctionBoldness);
    // The bid nearest the estimate: the declarer must take exactly the auction's number.
    if (a.auction_tricks() != static_cast<int>(target)) continue;
    const double margin = est[d];
    if (margin > best_margin) {
      best_margin = margin;
      best = a;
    }
  }
  if (why) {
    const char* names[] = {"C", "D", "H", "S", "NT"};
    for (int d = 0; d < 5; ++d) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s: %.2f tricks", names[d], est[d]);
      why->push_back(buf);
    }
  }
  return best;
}

Action israeli_pass_card(const Rules& rules, const PlayerView& v, Reasons* why) {
  (void)why;
  const CardSet hand = v.own_hand;
  const std::array<double, 5> est = by_denomination(rules, v, hand);
  int plan = 0;
  for (int d = 1; d < 4; ++d) {
    if (est[d] > est[plan]) plan = d;
  }
  // Keep the suit the hand would name and its aces; pass the high cards of short side suits,
  // which leave voids to ruff with and are doubtful tricks of their own.
  Action best = v.legal.items[0];
  double best_score = -1e300;
  for (Action a : v.legal) {
    const Card c = a.card();
    double score = 0;
    if (c.suit() == static_cast<Suit>(plan)) {
      score = -20 + static_cast<int>(c.rank()) * -0.1;
    } else {
      score = -2.0 * hand.of_suit(c.suit()).size() + static_cast<int>(c.rank()) / 6.0;
      if (c.rank() == Rank::Ace) score -= 3;
    }
    if (score > best_score) {
      best_score = score;
      best = a;
    }
  }
  return best;
}

}  // namespace whist::heuristic

namespace whist {

Action heuristic_bid(const Rules& rules, const PlayerView& view) {
  return heuristic::choose_bid(rules, view, nullptr);
}

}  // namespace whist
