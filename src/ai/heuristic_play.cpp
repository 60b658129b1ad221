// The heuristic bot's card play: each legal card is judged by the chance that it takes the trick
// on the table and by what the cards kept would still take, against what the seat needs.
#include <algorithm>
#include <cstdio>

#include "ai/heuristic_detail.h"
#include "rules/contracts.h"
#include "rules/scoring.h"

namespace whist::heuristic {

namespace {

constexpr double kWantsTricks = 0.85;  // a seat short of its bid overtakes when it can
constexpr double kAvoidsTricks = 0.1;  // a seat with its tricks overtakes only when forced
constexpr double kFoe = 0.9;           // Call-Ace: an opponent overtakes when it can
constexpr double kFriend = 0.05;       // ... a known partner does not
constexpr double kUnknownSide = 0.6;   // ... a seat whose side is unknown
constexpr double kTieBreak = 1e-6;     // prefer the smaller card between equal choices

uint8_t suit_bit(Suit s) { return static_cast<uint8_t>(1u << static_cast<int>(s)); }

// Call-Ace: whether seat p is known to be on the seat's side (+1), against it (-1), or unknown
// (0). The partner knows from the call; the others learn when the called card is played.
int side_of(const PlayerView& v, int p) {
  const int declarer = v.auction.declarer;
  const int me = v.seat;
  if (v.partner >= 0) {
    const bool i_declare = me == declarer || me == v.partner;
    const bool p_declares = p == declarer || p == v.partner;
    return i_declare == p_declares ? 1 : -1;
  }
  bool alone = contract_ladder()[v.call.contract].alone() || v.call.called == kNoCard ||
               v.own_hand.contains(v.call.called) || v.call.kitty.contains(v.call.called);
  for (const PlayedCard& pc : v.plays) alone = alone || pc.card == v.call.called;
  if (me == declarer) return alone ? -1 : 0;
  if (p == declarer) return -1;
  return alone ? 1 : 0;  // a defender: another seat may be the secret partner
}

Wills make_wills(const Rules& rules, const PlayerView& v, const Knowledge& k) {
  Wills w{};
  for (int p = 0; p < v.players; ++p) {
    if (p == v.seat) continue;
    if (rules.family != Family::CallAce) {
      const int need = v.bids[p] - v.tricks[p];
      if (v.bids[p] < 0) {
        w[p] = 0.5;
      } else if (need > 0) {
        w[p] = need >= k.left[p] ? 1.0 : kWantsTricks;
      } else {
        w[p] = kAvoidsTricks;
      }
      continue;
    }
    const Contract& c = contract_ladder()[v.call.contract];
    if (c.negative()) {
      // The declarer keeps off tricks (but for the one a Sun needs); the defenders duck so
      // that the declarer must win.
      const bool wants_one = c.negative_target() > v.tricks[p];
      w[p] = p == v.auction.declarer && wants_one ? 0.5 : kAvoidsTricks;
      continue;
    }
    const int side = side_of(v, p);
    w[p] = side > 0 ? kFriend : side < 0 ? kFoe : kUnknownSide;
  }
  return w;
}

// The chance that seat p beats `top` if it wants to.
double can_beat(const Knowledge& k, int p, Card top, Suit led, double will) {
  if (top.is_joker()) return 0;
  const bool trumps = k.trump != Suit::None;
  if (!k.visible[p].empty()) {
    const CardSet held = k.visible[p];
    const CardSet follow = held.of_suit(led);
    // Void in the led suit without trumps: nothing it holds can beat the card.
    if (follow.empty() && !trumps) return 0;
    const CardSet pool = follow.empty() ? held.of_suit(k.trump) : follow;
    for (Card c : pool) {
      if (beats(c, top, k.trump)) return follow.empty() && k.must_trump ? 1.0 : will;
    }
    return 0;
  }
  CardSet pool = k.unknown;
  for (int s = 0; s < kNumSuits; ++s) {
    if (k.voids[p] >> s & 1) pool -= CardSet::suit_mask(static_cast<Suit>(s));
  }
  const int u = pool.size();
  const int held = std::min(k.left[p], u);
  const int follow = pool.of_suit(led).size();
  const double p_void = (k.voids[p] & suit_bit(led)) ? 1.0 : none_drawn(u, held, follow);
  if (top.suit() == led) {
    const double higher = 1 - none_drawn(u, held, above(pool, top).size());
    double ruff = 0;
    if (trumps && led != k.trump) {
      ruff = p_void * (1 - none_drawn(u - follow, held, pool.of_suit(k.trump).size()));
    }
    return std::min(1.0, higher * will + ruff * (k.must_trump ? 1.0 : will));
  }
  // `top` ruffed the led suit: only a higher trump from a void seat beats it.
  const double over = p_void * (1 - none_drawn(u - follow, held, above(pool, top).size()));
  return over * will;
}

// The utility of a number of tricks for a seat playing to a target of its own.
struct Target {
  const Rules* rules = nullptr;
  int bid = 0;
  int won = 0;
  int cards = 0;
  int players = 0;
  int bid_sum = 0;
  const Contract* negative = nullptr;  // Call-Ace: a negative contract the seat declared

  double value(int tricks) const {
    if (negative) {
      const int v = game_value(*negative, tricks);
      return contract_made(*negative, tricks) ? 3.0 * v : -3.0 * v;
    }
    return bid_value(*rules, bid, tricks, cards, players, bid_sum);
  }
};

// Call-Ace: a defender against a negative contract wants the declarer to take the trick: keep
// below the declarer's card, throw high cards on tricks the declarer has already lost, and lead
// low.
Action defend_negative(const PlayerView& v, const Knowledge& k, CardSet legal) {
  const int declarer = v.auction.declarer;
  const bool declarer_played = k.trick_seats >> declarer & 1;
  const CardSet plain = legal - CardSet::jokers();
  const CardSet usable = plain.empty() ? legal : plain;
  if (!declarer_played) {
    // Lead or play low under the declarer, in a suit the declarer still holds if possible.
    CardSet best = usable;
    if (k.trick_size == 0) {
      CardSet held = usable;
      for (int s = 0; s < kNumSuits; ++s) {
        if (k.voids[declarer] >> s & 1) held -= CardSet::suit_mask(static_cast<Suit>(s));
      }
      if (!held.empty()) best = held;
    }
    Card low = best.lowest();
    for (Card c : best) {
      if (c.rank() < low.rank()) low = c;
    }
    return Action::play(low);
  }
  if (k.winner == declarer) {
    // Stay below the declarer's card with the highest card that does; a joker always loses,
    // so it is kept for a later trick unless nothing else stays below.
    Card pick = kNoCard;
    for (Card c : plain) {
      if (!beats(c, k.winning, k.trump) && (pick == kNoCard || c.rank() > pick.rank())) pick = c;
    }
    if (pick == kNoCard && !(legal & CardSet::jokers()).empty()) {
      pick = (legal & CardSet::jokers()).lowest();
    }
    if (pick != kNoCard) return Action::play(pick);
  }
  // The declarer has lost this trick (or must be overtaken): shed the highest card.
  Card high = usable.highest();
  for (Card c : usable) {
    if (c.rank() > high.rank()) high = c;
  }
  return Action::play(high);
}

std::string describe(Card c, double hold, double utility) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s: holds the trick %.2f, value %.3f", to_string(c).c_str(), hold,
                utility);
  return buf;
}

}  // namespace

int Knowledge::others_unknown() const {
  int n = 0;
  for (int p = 0; p < players; ++p) {
    if (p != seat) n += std::max(0, left[p] - visible[p].size());
  }
  return std::min(n, unknown.size());
}

EstimateContext Knowledge::context() const {
  EstimateContext ctx;
  ctx.trump = trump;
  ctx.players = players;
  ctx.unknown = unknown;
  ctx.others_cards = others_unknown();
  ctx.must_trump = must_trump;
  return ctx;
}

int first_leader(const PlayerView& v) {
  if (v.setup.family == Family::Israeli && v.auction.declarer >= 0) return v.auction.declarer;
  return (v.dealer + 1) % v.players;
}

CardSet unknown_at_deal(const Rules& rules, const PlayerView& v, CardSet hand) {
  CardSet unknown = rules.deck_cards() - hand;
  if (v.turned != kNoCard) unknown -= v.turned;
  for (int p = 0; p < v.players; ++p) unknown -= v.visible[p];
  return unknown;
}

Knowledge read_view(const Rules& rules, const PlayerView& v) {
  Knowledge k;
  k.players = v.players;
  k.seat = v.seat;
  k.trump = v.trump;
  k.must_trump = v.setup.must_trump;
  k.hand = v.own_hand;
  k.visible = v.visible;
  for (int p = 0; p < v.players; ++p) k.left[p] = v.cards;
  for (size_t i = 0; i < v.plays.size(); ++i) {
    const PlayedCard& pc = v.plays[i];
    const Card c = pc.card;
    k.played |= c;
    --k.left[pc.seat];
    if (i % v.players == 0) {
      k.led = c.is_joker() ? Suit::None : c.suit();
      k.winner = pc.seat;
      k.winning = c;
      k.trick_seats = 0;
    } else {
      if (!c.is_joker() && k.led != Suit::None && c.suit() != k.led) {
        k.voids[pc.seat] |= suit_bit(k.led);
        if (k.must_trump && k.trump != Suit::None && c.suit() != k.trump) {
          k.voids[pc.seat] |= suit_bit(k.trump);
        }
      }
      if (beats(c, k.winning, k.trump)) {
        k.winner = pc.seat;
        k.winning = c;
      }
    }
    k.trick_seats |= static_cast<uint8_t>(1u << pc.seat);
  }
  k.trick_size = static_cast<int>(v.plays.size() % v.players);
  k.tricks_done = static_cast<int>(v.plays.size() / v.players);
  if (k.trick_size == 0) {
    k.led = Suit::None;
    k.winner = -1;
    k.winning = kNoCard;
    k.trick_seats = 0;
  }
  k.unknown = rules.deck_cards() - k.hand - k.played - v.call.kitty;
  if (v.turned != kNoCard) k.unknown -= v.turned;
  for (int p = 0; p < v.players; ++p) k.unknown -= k.visible[p];
  return k;
}

double hold_probability(const Knowledge& k, Card top, const Wills& wills) {
  if (top.is_joker()) return 1;  // only a led joker is ever on top
  const Suit led = k.trick_size == 0 ? top.suit() : k.led;
  double hold = 1;
  for (int i = 1; i < k.players - k.trick_size; ++i) {
    const int p = (k.seat + i) % k.players;
    hold *= 1 - can_beat(k, p, top, led, wills[p]);
  }
  return hold;
}

double bid_value(const Rules& rules, int bid, int tricks, int cards, int players, int bid_sum) {
  const double v = contract_points(rules, bid, tricks, cards, players, bid_sum).as_double();
  return lowest_wins(rules.scoring) ? -v : v;
}

Action choose_play(const Rules& rules, const PlayerView& v, Reasons* why) {
  if (v.legal.size == 1 || v.own_hand.empty()) return v.legal.items[0];
  const Knowledge k = read_view(rules, v);
  CardSet legal;
  for (Action a : v.legal) legal |= a.card();

  const Contract* contract = nullptr;
  bool team = false;
  if (rules.family == Family::CallAce) {
    contract = &contract_ladder()[v.call.contract];
    if (contract->negative() && v.seat != v.auction.declarer) return defend_negative(v, k, legal);
    team = !contract->negative();
  }

  const Wills wills = make_wills(rules, v, k);
  const EstimateContext context = k.context();
  Target target;
  if (!team) {
    target.rules = &rules;
    target.won = v.tricks[v.seat];
    target.cards = v.cards;
    target.players = v.players;
    if (contract) {
      target.negative = contract;
    } else {
      target.bid = v.bids[v.seat];
      for (int p = 0; p < v.players; ++p) target.bid_sum += std::max(0, v.bids[p]);
    }
  }
  // Whether the trick on the table is a known partner's (Call-Ace).
  const bool partner_winning = team && k.winner >= 0 && side_of(v, k.winner) > 0;

  std::array<double, 21> probs{};
  std::array<double, 22> dist{};
  const HandsWithout kept(k.hand, context);
  // The target's value of each number of tricks still to take (the cards kept and this trick).
  std::array<double, 22> value{};
  if (!team) {
    const int most = std::min(k.hand.size() + 1, static_cast<int>(value.size()) - 1);
    for (int x = 0; x <= most; ++x) value[x] = target.value(target.won + x);
  }
  Action best = v.legal.items[0];
  double best_utility = -1e300;
  for (Action a : v.legal) {
    const Card c = a.card();
    double hold = 0;
    if (k.trick_size == 0) {
      hold = c.is_joker() && k.tricks_done > 0 ? 1.0
             : c.is_joker()                    ? 0.0
                                               : hold_probability(k, c, wills);
    } else if (beats(c, k.winning, k.trump)) {
      hold = hold_probability(k, c, wills);
    } else if (partner_winning) {
      hold = hold_probability(k, k.winning, wills);
    }
    // What the cards kept would take afterwards (judged as a hand of their own: the card played
    // no longer stands above or in front of them).
    const TrickEstimate future = kept.without(c);
    double utility = 0;
    if (team) {
      utility = hold + future.mean;
    } else {
      int n = 0;
      probs[n++] = hold;
      for (int i = 0; i < future.count && n < static_cast<int>(probs.size()); ++i) {
        probs[n++] = future.p[i];
      }
      poisson_binomial_into(probs.data(), n, dist.data());
      for (int x = 0; x <= n; ++x) utility += dist[x] * value[x];
    }
    utility -= kTieBreak * (c.is_joker() ? 13 : static_cast<int>(c.rank()));
    if (why) why->push_back(describe(c, hold, utility));
    if (utility > best_utility) {
      best_utility = utility;
      best = a;
    }
  }
  return best;
}

}  // namespace whist::heuristic
