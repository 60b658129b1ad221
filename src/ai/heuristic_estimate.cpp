// The trick estimate: each card's chance to take a trick, from the cards still out and how many
// of them the other seats hold (see heuristic.h).
#include <algorithm>
#include <cmath>

#include "ai/heuristic_detail.h"

namespace whist {

namespace heuristic {

namespace {

constexpr int kMaxCards = 64;

// Binomial coefficients C(n, k) for n, k = 0 … 64, as doubles (Pascal's triangle): a table
// lookup instead of exp(log n! …) keeps libm out of the rollouts that call this millions of times.
using Binomials = std::array<std::array<double, kMaxCards + 1>, kMaxCards + 1>;
const Binomials& binomials() {
  static const Binomials table = [] {
    Binomials t{};
    for (int n = 0; n <= kMaxCards; ++n) {
      t[n][0] = 1;
      for (int k = 1; k <= n; ++k) t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
    }
    return t;
  }();
  return table;
}

// x to a small non-negative integer power.
double int_pow(double x, int n) {
  double r = 1;
  for (int i = 0; i < n; ++i) r *= x;
  return r;
}

}  // namespace

double none_drawn(int pool, int drawn, int marked) {
  if (marked <= 0 || drawn <= 0) return 1;
  if (drawn + marked > pool) return 0;
  double r = 1;
  // C(pool - marked, drawn) / C(pool, drawn) as a product over the marked cards.
  for (int j = 0; j < marked; ++j) {
    r *= static_cast<double>(pool - drawn - j) / (pool - j);
  }
  return r;
}

double hyper_pmf(int pool, int drawn, int marked, int x) {
  if (pool <= 0) return x == 0 ? 1 : 0;
  drawn = std::clamp(drawn, 0, pool);
  marked = std::clamp(marked, 0, pool);
  if (x < 0 || x > marked || x > drawn || drawn - x > pool - marked) return 0;
  const Binomials& c = binomials();
  return c[marked][x] * c[pool - marked][drawn - x] / c[pool][drawn];
}

double hyper_cdf(int pool, int drawn, int marked, int x) {
  double sum = 0;
  for (int i = 0; i <= x; ++i) sum += hyper_pmf(pool, drawn, marked, i);
  return std::min(sum, 1.0);
}

double unstopped_penalty(CardSet hand) {
  constexpr double kPerSuit = 0.4;
  double penalty = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    const CardSet suit = hand.of_suit(static_cast<Suit>(s));
    const uint32_t ranks = hand.suit_bits(static_cast<Suit>(s));
    const bool ace = ranks >> 12 & 1;
    const bool king = (ranks >> 11 & 1) && suit.size() >= 2;
    const bool queen = (ranks >> 10 & 1) && suit.size() >= 3;
    if (!ace && !king && !queen) penalty += kPerSuit;
  }
  return penalty;
}

}  // namespace heuristic

namespace {

using heuristic::hyper_cdf;
using heuristic::hyper_pmf;
using heuristic::none_drawn;

// The chance that a card whose suit holds j higher cards in the opponents' hands still wins,
// given enough small cards to wait for them to fall (bridge's finesse odds, discounted).
constexpr std::array<double, 6> kProtected = {1.0, 0.55, 0.35, 0.2, 0.1, 0.05};
// Trumps cannot be ruffed, and an unguarded trump honour still wins by ruffing: it need not wait
// for the higher ones to fall.
constexpr std::array<double, 6> kProtectedTrump = {1.0, 0.75, 0.45, 0.22, 0.1, 0.04};
// Tricks nobody wants: in exact-bid play a middling side card now and then wins a trick the
// others shed their cards under. At most this much, more the higher the card in its suit.
constexpr double kGift = 0.12;

// How likely a void opponent holding trumps ruffs a side-suit winner when not obliged to.
constexpr double kRuffWill = 0.8;
// A long card wins once the others are out of its suit; how often that comes about.
constexpr double kLongTrump = 0.5;
constexpr double kLongNoTrump = 0.1;
constexpr double kLongSide = 0.3;
// A small trump ruffs a short side suit: the suit must be led, and not be overruffed.
constexpr double kRuffChance = 0.12;
// Without trump the others keep their cards above a doubtful honour as long as they can.
constexpr double kNoTrumpDoubtful = 0.6;
// A joker wins any trick it leads (all but the first); the seat must get the lead.
constexpr double kJoker = 0.85;

// A one-card hand: the card wins if nobody holds a card beating it and, unless it leads or is a
// trump, the leader leads a smaller card of its suit.
double one_card(Card c, const EstimateContext& ctx, int u, int k) {
  const CardSet unknown = ctx.unknown;
  CardSet beating = heuristic::above(unknown, c);
  const bool trump = c.suit() == ctx.trump;
  if (!trump && ctx.trump != Suit::None) beating |= unknown.of_suit(ctx.trump);
  const double lead = none_drawn(u, k, beating.size());
  double follow = 0;
  if (trump) {
    follow = none_drawn(u, k, heuristic::above(unknown, c).size());
  } else if (u > 0) {
    const int lower = (unknown.of_suit(c.suit()) - heuristic::above(unknown, c)).size();
    follow = static_cast<double>(lower) / u * none_drawn(u - 1, std::max(k - 1, 0), beating.size());
  }
  if (ctx.order == 0) return lead;
  if (ctx.order > 0) return follow;
  const int n = std::max(ctx.players, 1);
  return (lead + (n - 1) * follow) / n;
}

}  // namespace

double TrickEstimate::probability(Card c) const {
  for (int i = 0; i < count; ++i) {
    if (cards[i] == c) return p[i];
  }
  return 0;
}

EstimateContext deal_context(CardSet hand, Suit trump, int players, int cards, CardSet deck) {
  EstimateContext ctx;
  ctx.trump = trump;
  ctx.players = players;
  ctx.unknown = deck - hand;
  ctx.others_cards = std::min((players - 1) * cards, ctx.unknown.size());
  return ctx;
}

namespace {

using heuristic::SuitPart;

using Shared = heuristic::EstimateShared;

Shared make_shared(int n, const EstimateContext& ctx) {
  Shared sh;
  sh.u = ctx.unknown.size();
  sh.k = std::clamp(ctx.others_cards, 0, sh.u);
  sh.opponents = std::max(ctx.players - 1, 1);
  sh.k1 = std::clamp((sh.k + sh.opponents / 2) / sh.opponents, 0, sh.u);
  sh.trumps = ctx.trump != Suit::None;
  // An opponent void in a suit ruffs when it holds a trump.
  const int unknown_trumps = sh.trumps ? ctx.unknown.of_suit(ctx.trump).size() : 0;
  sh.has_trump = sh.trumps ? 1 - none_drawn(sh.u, sh.k1, unknown_trumps) : 0;
  sh.ruff_will = ctx.must_trump ? 1.0 : kRuffWill;
  sh.n = n;
  sh.gift = kGift * std::min(1.0, (n - 1) / 6.0);
  sh.access = n >= 5 ? 1.0 : 1.0 - 0.25 * (5 - n) / 3.0;
  return sh;
}

SuitPart suit_part(CardSet mine, Suit s, const Shared& sh, const EstimateContext& ctx) {
  SuitPart part;
  const int u = sh.u, k = sh.k, k1 = sh.k1, opponents = sh.opponents;
  const bool trumps = sh.trumps;
  const CardSet out = ctx.unknown.of_suit(s);
  const int length = mine.size();
  const int o = out.size();
  const bool is_trump = s == ctx.trump;
  const double long_factor = is_trump ? kLongTrump : trumps ? kLongSide : kLongNoTrump;
  // hyper_cdf(u, k1, o, r), summed once per suit as r grows (the same sums, in the same order).
  std::array<double, heuristic::kMaxCards + 1> cdf;
  double cdf_sum = 0;
  int cdf_known = 0;
  const auto cdf_at = [&](int r) {
    if (r < 0) return 0.0;
    r = std::min(r, heuristic::kMaxCards);
    for (; cdf_known <= r; ++cdf_known) {
      cdf_sum += hyper_pmf(u, k1, o, cdf_known);
      cdf[cdf_known] = std::min(cdf_sum, 1.0);
    }
    return cdf[r];
  };
  // The chance that every opponent holds at most r cards of the suit.
  const auto all_at_most = [&](int r) { return heuristic::int_pow(cdf_at(r), opponents); };
  // The chance that the suit survives `rounds` rounds without a ruff.
  const auto unruffed = [&](int rounds) {
    if (is_trump || !trumps) return 1.0;
    const double short_one = cdf_at(rounds - 1);
    return heuristic::int_pow(1 - short_one * sh.has_trump * sh.ruff_will, opponents);
  };
  if (!is_trump && trumps) {
    // Rounds of the suit others may lead after this hand has run out of it.
    const double expected = static_cast<double>(o) * k1 / std::max(u, 1);
    const double longest = expected + (opponents > 1 ? 0.8 * std::sqrt(expected) : 0);
    part.ruff_rounds = std::max(0.0, std::min(longest, static_cast<double>(sh.n)) - length) * 0.5;
  }
  int i = 0;
  for (uint32_t b = mine.suit_bits(s); b != 0; ++i) {
    const int r = 31 - std::countl_zero(b);
    b &= ~(uint32_t{1} << r);
    const Card c(s, static_cast<Rank>(r));
    const int higher = heuristic::above(ctx.unknown, c).size();
    double p = 0;
    const int wait = length - 1 - i;  // small cards to play while higher ones fall
    const auto& guarded = is_trump ? kProtectedTrump : kProtected;
    const int most = is_trump ? higher : std::min(higher, wait);
    for (int j = 0; j <= most && j < static_cast<int>(guarded.size()); ++j) {
      p += hyper_pmf(u, k, higher, j) * guarded[j] * unruffed(i + j + 1);
    }
    if (i > 0) p = std::max(p, all_at_most(i) * long_factor * unruffed(i + 1));
    if (!trumps && higher > 0) p *= kNoTrumpDoubtful;
    if (!is_trump && o > 0) p += (1 - p) * sh.gift * (o - higher) / o;
    // In a short deal a side card wins only if its suit is led while it is still held.
    if (!is_trump) p *= sh.access;
    if (is_trump && part.first_spare < 0 && p < 0.5) part.first_spare = part.count;
    part.cards[part.count] = c;
    part.p[part.count++] = p;
  }
  return part;
}

// The estimate of a hand of `sh.n` cards holding `jokers` and the suits' `parts` (spades first).
TrickEstimate combine(CardSet jokers, const std::array<const SuitPart*, kNumSuits>& parts,
                      const Shared& sh, const EstimateContext& ctx) {
  TrickEstimate e;
  for (Card c : jokers) {
    if (e.count < static_cast<int>(e.cards.size())) {
      e.cards[e.count] = c;
      // A lone joker takes the last trick only if it leads it.
      const double alone = ctx.order == 0 ? 1.0 : ctx.order > 0 ? 0.0 : 1.0 / ctx.players;
      e.p[e.count++] = sh.n == 1 ? alone : kJoker;
    }
  }
  int first_spare = -1;  // where the trumps without a trick of their own start in e.cards
  double ruff_rounds = 0;
  for (int si = 3; si >= 0; --si) {
    const SuitPart& part = *parts[static_cast<size_t>(si)];
    if (static_cast<Suit>(si) != ctx.trump && sh.trumps) ruff_rounds += part.ruff_rounds;
    if (part.first_spare >= 0 && first_spare < 0) first_spare = e.count + part.first_spare;
    for (int i = 0; i < part.count && e.count < static_cast<int>(e.cards.size()); ++i) {
      e.cards[e.count] = part.cards[i];
      e.p[e.count++] = part.p[i];
    }
  }
  // Spare trumps ruff the short side suits, lowest trumps first.
  if (sh.trumps && first_spare >= 0) {
    for (int i = e.count - 1; i >= first_spare && ruff_rounds > 0; --i) {
      if (e.cards[i].suit() != ctx.trump || e.p[i] >= 0.5) continue;
      const double chance = std::min(1.0, ruff_rounds) * kRuffChance;
      e.p[i] = e.p[i] + (1 - e.p[i]) * chance;
      ruff_rounds -= 1;
    }
  }
  for (int i = 0; i < e.count; ++i) e.mean += e.p[i];
  return e;
}

// A hand of one card, no joker: one_card() decides.
TrickEstimate single_card(Card c, const EstimateContext& ctx) {
  TrickEstimate e;
  const int u = ctx.unknown.size();
  e.cards[0] = c;
  e.p[0] = one_card(c, ctx, u, std::clamp(ctx.others_cards, 0, u));
  e.count = 1;
  e.mean = e.p[0];
  return e;
}

}  // namespace

TrickEstimate estimate_hand(CardSet hand, const EstimateContext& ctx) {
  const CardSet jokers = hand & CardSet::jokers();
  if (hand.size() == 1 && jokers.empty()) return single_card(hand.lowest(), ctx);
  const Shared sh = make_shared(hand.size(), ctx);
  std::array<SuitPart, kNumSuits> parts;
  std::array<const SuitPart*, kNumSuits> ptrs{};
  for (int si = 0; si < kNumSuits; ++si) {
    const Suit s = static_cast<Suit>(si);
    parts[static_cast<size_t>(si)] = suit_part(hand.of_suit(s), s, sh, ctx);
    ptrs[static_cast<size_t>(si)] = &parts[static_cast<size_t>(si)];
  }
  return combine(jokers, ptrs, sh, ctx);
}

namespace heuristic {

HandsWithout::HandsWithout(CardSet hand, const EstimateContext& ctx) : hand_(hand), ctx_(ctx) {
  if (hand.size() < 2) return;
  shared_ = make_shared(hand.size() - 1, ctx);
  for (int si = 0; si < kNumSuits; ++si) {
    const Suit s = static_cast<Suit>(si);
    whole_[static_cast<size_t>(si)] = suit_part(hand.of_suit(s), s, shared_, ctx);
  }
}

TrickEstimate HandsWithout::without(Card c) const {
  const CardSet rest = hand_ - c;
  const CardSet jokers = rest & CardSet::jokers();
  if (rest.size() <= 1) return estimate_hand(rest, ctx_);
  const Shared& sh = shared_;
  std::array<const SuitPart*, kNumSuits> ptrs{};
  for (size_t si = 0; si < kNumSuits; ++si) ptrs[si] = &whole_[si];
  SuitPart changed;
  if (!c.is_joker()) {
    changed = suit_part(rest.of_suit(c.suit()), c.suit(), sh, ctx_);
    ptrs[static_cast<size_t>(c.suit())] = &changed;
  }
  return combine(jokers, ptrs, sh, ctx_);
}

}  // namespace heuristic

double estimate_tricks(CardSet hand, const EstimateContext& ctx) {
  return estimate_hand(hand, ctx).mean;
}

double estimate_tricks(CardSet hand, Suit trump, int players, int cards, CardSet deck) {
  return estimate_hand(hand, deal_context(hand, trump, players, cards, deck)).mean;
}

double estimate_tricks_visible(const std::array<CardSet, kMaxPlayers>& visible, int seat,
                               int leader, int players, Suit trump, CardSet unknown) {
  if (unknown.empty()) return 0;
  int wins = 0;
  for (Card mine : unknown) {
    int winner = leader;
    Card winning = leader == seat ? mine : visible[leader].lowest();
    for (int i = 1; i < players; ++i) {
      const int p = (leader + i) % players;
      const CardSet held = p == seat ? CardSet(mine) : visible[p];
      if (held.empty()) continue;
      const Card c = held.lowest();
      if (heuristic::beats(c, winning, trump)) {
        winner = p;
        winning = c;
      }
    }
    wins += winner == seat;
  }
  return static_cast<double>(wins) / unknown.size();
}

namespace heuristic {

void poisson_binomial_into(const double* probs, int n, double* dist) {
  std::fill(dist, dist + n + 1, 0.0);
  dist[0] = 1;
  for (int i = 0; i < n; ++i) {
    const double p = std::clamp(probs[i], 0.0, 1.0);
    for (int k = i + 1; k >= 1; --k) dist[k] = dist[k] * (1 - p) + dist[k - 1] * p;
    dist[0] *= 1 - p;
  }
}

}  // namespace heuristic

}  // namespace whist
