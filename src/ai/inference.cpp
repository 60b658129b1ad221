#include "ai/inference.h"

#include <math.h>  // lgamma_r
#include <algorithm>
#include <cmath>
#include <limits>

#include "game/deal.h"

namespace whist {

bool bids_informative(const PlayerView& v) {
  return !v.setup.blind_bidding && v.mode != OneCardMode::Blind &&
         v.mode != OneCardMode::Forehead && v.setup.forced_bid < 0;
}

int first_bidder(const PlayerView& v) {
  const int from = v.setup.family == Family::Israeli ? v.auction.declarer : v.dealer;
  return (from + 1) % v.players;
}

namespace {

// log Γ(x), x > 0. Not std::lgamma, which writes the global signgam: a race between arena
// threads; glibc's lgamma_r is the same function with the sign returned instead.
double log_gamma(double x) {
  int sign = 0;
  return ::lgamma_r(x, &sign);
}

}  // namespace

double agreement_log(int hits, int misses, const ModelFit& fit) {
  // The Beta-binomial chance of this sequence: B(hits + a, misses + b) / B(a, b).
  const double a = fit.hit_prior / 100.0, b = fit.miss_prior / 100.0;
  return log_gamma(hits + a) + log_gamma(misses + b) - log_gamma(hits + misses + a + b) -
         (log_gamma(a) + log_gamma(b) - log_gamma(a + b));
}

int seat_log_likelihoods(const Rules& rules, const PlayerView& v, const Holdings& w, Bot& model,
                         const ModelFit& fit, unsigned mask, ReplayScratch& scratch, SeatLogs& logs,
                         double floor, SeatMisses* seat_misses) {
  mask &= ~(1u << v.seat);
  for (int p = 0; p < v.players; ++p) {
    if (mask >> p & 1) logs[p] = 0;
  }
  if (mask == 0) return 0;
  int decisions = 0;
  std::array<int, kMaxPlayers> hits{}, misses{};
  // The counts go out however the replay ends.
  struct Report {
    SeatMisses* out;
    const std::array<int, kMaxPlayers>& counts;
    unsigned mask;
    ~Report() {
      if (out == nullptr) return;
      for (int p = 0; p < kMaxPlayers; ++p) {
        if (mask >> p & 1) (*out)[p] = counts[p];
      }
    }
  } report{seat_misses, misses, mask};
  // Every choice replayed multiplies a seat's likelihood by a chance, at most 1: the masked
  // seats' log so far bounds the final one from above, and once it is below `floor` the rest
  // cannot lift it (checked at misses, where it falls most, and at the end).
  // `partial`: the agreement terms are not yet in `logs`.
  const auto below_floor = [&](bool partial = true) {
    if (floor == -std::numeric_limits<double>::infinity()) return false;
    double sum = 0;
    for (int p = 0; p < v.players; ++p) {
      if (mask >> p & 1) {
        sum += logs[p];
        if (partial && fit.miss_prior > 0) sum += agreement_log(hits[p], misses[p], fit);
      }
    }
    if (sum >= floor) return false;
    for (int p = 0; p < v.players; ++p) {
      if (mask >> p & 1) logs[p] = -std::numeric_limits<double>::infinity();
    }
    return true;
  };
  Holdings start = w;
  const auto hands = hands_at_start(v, w);
  for (int p = 0; p < v.players; ++p) start[p] = hands[p];
  PlayerView& v0 = scratch.start;
  v0 = v;  // into the storage of the last world's copy
  v0.plays.clear();
  if (v.setup.family != Family::CallAce && bids_informative(v)) {
    // The bids, from the first bidder on, before the cards: a swap often changes a seat's bid,
    // and then one decision rejects it (the cards first took 5% more instructions in oh-hell).
    v0.phase = Phase::Bidding;
    v0.to_move = first_bidder(v);
    for (int p = 0; p < v.players; ++p) v0.bids[p] = -1;
    const int declarer = v.auction.declarer;
    if (v.setup.family == Family::Israeli && !v.setup.declarer_raise && declarer >= 0) {
      v0.bids[declarer] = v.bids[declarer];
    }
    // A trick of difference says more about a small hand.
    const double per_trick =
        std::max(1.0, static_cast<double>(fit.bid_cards) / std::max(1, static_cast<int>(v.cards))) *
        fit.bid_miss / 10.0;
    DealState st = build_world(v0, start);
    for (int i = 0; i < v.players && st.phase() == Phase::Bidding; ++i) {
      const int q = st.to_move();
      if (v.bids[q] < 0) break;
      const Action actual = Action::bid(v.bids[q]);
      if (!st.is_legal(actual)) break;
      if (mask >> q & 1) {
        make_view_into(st, q, scratch.seat);
        const Action predicted = model.choose(rules, scratch.seat);
        ++decisions;
        if (predicted.kind() == ActionKind::Bid) {
          const int off = std::abs(predicted.bid_value() - v.bids[q]);
          logs[q] -= per_trick * off;
          ++(off == 0 ? hits : misses)[q];
          if (off != 0 && below_floor()) return decisions;
        }
      }
      DealState::Undo u;
      st.apply(actual, u);
    }
  }
  if (!v.plays.empty()) {
    v0 = v;
    v0.plays.clear();
    v0.phase = Phase::Playing;
    DealState st = build_world(v0, start);
    const double miss = std::log(fit.play_miss / 100.0);
    for (const PlayedCard& p : v.plays) {
      if (st.phase() != Phase::Playing || st.to_move() != p.seat) break;
      if ((mask >> p.seat & 1) && st.legal_cards().size() > 1) {
        make_view_into(st, p.seat, scratch.seat);
        const Action predicted = model.choose(rules, scratch.seat);
        ++decisions;
        const bool hit = predicted == Action::play(p.card);
        ++(hit ? hits : misses)[p.seat];
        if (!hit && fit.miss_prior == 0) logs[p.seat] += miss;
        if (!hit && below_floor()) return decisions;
      }
      DealState::Undo u;
      st.play(p.card, u);
    }
  }
  if (fit.miss_prior > 0) {
    for (int p = 0; p < v.players; ++p) {
      if (mask >> p & 1) logs[p] += agreement_log(hits[p], misses[p], fit);
    }
  }
  below_floor(false);
  return decisions;
}

double total_log(const SeatLogs& logs) {
  double sum = 0;
  for (const double x : logs) sum += x;
  return sum;
}

int rejuvenate(const Rules& rules, const PlayerView& v, const Knowledge& k, Bot& model,
               const ModelFit& fit, int moves, Rng& rng, ReplayScratch& scratch, Holdings& w,
               SeatLogs& logs, SeatMisses* misses) {
  std::array<int, kHolders> holders{};
  int n = 0;
  for (int h = 0; h < kHolders; ++h) {
    if (k.need[h] > 0) holders[n++] = h;
  }
  if (n < 2) return 0;
  int decisions = 0;
  for (int m = 0; m < moves; ++m) {
    // A uniform pair of holders, then a uniform card of each that the other may hold: the
    // reverse swap is as likely, so the likelihood ratio alone decides.
    const int i = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
    int j = static_cast<int>(rng.below(static_cast<uint32_t>(n - 1)));
    j += j >= i;
    const int a = holders[i], b = holders[j];
    const CardSet xs = w[a] & k.unknown & k.allowed[b];
    const CardSet ys = w[b] & k.unknown & k.allowed[a];
    if (xs.empty() || ys.empty()) continue;
    const Card x = rng.pick(xs), y = rng.pick(ys);
    Holdings next = w;
    next[a] = (next[a] - x) | y;
    next[b] = (next[b] - y) | x;
    unsigned mask = 0;
    if (a < v.players) mask |= 1u << a;
    if (b < v.players) mask |= 1u << b;
    // In Call-Ace whist the called card's holder is the declarer's partner, which the world
    // gives every seat's choices to play with: a swap may change them all.
    if (v.setup.family == Family::CallAce) mask = ~0u;
    // Taken when the log-likelihood falls by less than -log u: with u drawn first, the replay
    // stops as soon as the two seats' choices so far fall further (a sharp weighting rejects
    // most swaps at their first miss).
    const double fall = std::log(rng.uniform());
    double masked = 0;
    for (int p = 0; p < v.players; ++p) {
      if (mask >> p & 1 && p != v.seat) masked += logs[p];
    }
    SeatLogs next_logs = logs;
    SeatMisses next_misses = misses != nullptr ? *misses : SeatMisses{};
    decisions += seat_log_likelihoods(rules, v, next, model, fit, mask, scratch, next_logs,
                                      masked + fall, misses != nullptr ? &next_misses : nullptr);
    if (total_log(next_logs) - total_log(logs) >= fall) {
      w = next;
      logs = next_logs;
      if (misses != nullptr) *misses = next_misses;
    }
  }
  return decisions;
}

}  // namespace whist
