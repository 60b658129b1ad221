#include "ai/world.h"

#include <algorithm>

#include "rules/contracts.h"

namespace whist {

namespace {

int first_leader(const PlayerView& v) {
  if (!v.plays.empty()) return v.plays.front().seat;
  if (v.setup.family == Family::Israeli) return v.auction.declarer;
  return (v.dealer + 1) % v.players;
}

// Voids shown by the cards played: a seat that did not follow the led suit has none left, and
// none of the trump suit either when it had to trump and did not.
void add_voids(const PlayerView& v, Holdings& allowed) {
  const int n = v.players;
  for (size_t start = 0; start < v.plays.size(); start += static_cast<size_t>(n)) {
    const Card lead = v.plays[start].card;
    if (lead.is_joker()) continue;  // nothing need be followed to a joker
    const Suit led = lead.suit();
    for (size_t i = start + 1; i < std::min(start + static_cast<size_t>(n), v.plays.size()); ++i) {
      const Card c = v.plays[i].card;
      const int seat = v.plays[i].seat;
      if (c.is_joker()) {
        if (!v.setup.joker_any_time) allowed[seat] -= CardSet::suit_mask(led);
        continue;
      }
      if (c.suit() == led) continue;
      allowed[seat] -= CardSet::suit_mask(led);
      if (v.setup.must_trump && v.trump != Suit::None && c.suit() != v.trump) {
        allowed[seat] -= CardSet::suit_mask(v.trump);
      }
    }
  }
}

// The kitty's size now: three cards, fewer while the taker is discarding back into it.
int kitty_size(const PlayerView& v) {
  if (v.setup.family != Family::CallAce) return 0;
  if (!v.call.taken) return kKittySize;
  return v.call.discards;
}

void pin(Knowledge& k, int holder, CardSet cards) {
  cards &= k.unknown;
  k.unknown -= cards;
  k.known[holder] |= cards;
}

}  // namespace

Knowledge infer(const Rules& rules, const PlayerView& v) {
  Knowledge k;
  k.players = v.players;
  const int n = v.players;
  CardSet played;
  std::array<int, kMaxPlayers> plays_by{};
  for (const PlayedCard& p : v.plays) {
    played |= p.card;
    ++plays_by[p.seat];
  }
  k.unknown = rules.deck_cards() - played;
  // What this seat sees: its hand, the shown hands, the turned card, its kitty knowledge.
  pin(k, v.seat, v.own_hand);
  for (int p = 0; p < n; ++p) pin(k, p, v.visible[p]);
  if (v.turned != kNoCard && v.setup.family != Family::CallAce) pin(k, kStockHolder, v.turned);
  const bool actor = v.call.actor == v.seat;
  if (v.setup.family == Family::CallAce) {
    if (v.call.taken && actor) {
      pin(k, kKittyHolder, v.call.kitty);  // the discards
    } else if (!v.call.taken) {
      pin(k, kKittyHolder, v.kitty_seen);  // turned face up, still in the kitty
    }
  }
  // The cards passed in the last round went to the next seat (unless played since).
  if (!v.passed.empty()) pin(k, (v.seat + 1) % n, v.passed.back());
  // The called card is with the partner once the partner is known.
  if (v.call.called != kNoCard && v.partner >= 0) pin(k, v.partner, v.call.called);

  // Sizes: each seat holds what it was dealt less what it played; the taker of the kitty holds
  // three more until it has discarded them.
  for (int p = 0; p < n; ++p) {
    int size = v.cards - plays_by[p];
    if (v.setup.family == Family::CallAce && v.call.taken && p == v.call.actor) {
      size += kKittySize - v.call.discards;
    }
    if (p == v.seat && !v.own_hand.empty()) size = v.own_hand.size();
    k.need[p] = size - k.known[p].size();
  }
  k.need[kKittyHolder] = kitty_size(v) - k.known[kKittyHolder].size();
  int placed = 0;
  for (int h = 0; h < kStockHolder; ++h) placed += h < n || h == kKittyHolder ? k.need[h] : 0;
  k.need[kStockHolder] = k.unknown.size() - placed;

  for (int h = 0; h < kHolders; ++h) {
    const bool used = h < n || h == kStockHolder || (h == kKittyHolder && kitty_size(v) > 0);
    k.allowed[h] = used ? k.unknown : CardSet();
  }
  add_voids(v, k.allowed);
  // In a Half contract the holder of the called card chooses trump, or the declarer when it is
  // its own or in the kitty; only the chooser sees who chooses (game/view.h, actor_visible). So a
  // hidden chooser tells the declarer that a partner among the other seats holds the card, and
  // tells the others nothing (it may be the declarer's, or in the kitty); the declarer choosing
  // means the declarer or the kitty holds it.
  const Card called = v.call.called;
  if (v.setup.family == Family::CallAce && called != kNoCard && v.call.contract >= 0 &&
      contract_ladder()[v.call.contract].kind == ContractKind::Half && v.phase != Phase::CallCard) {
    const int declarer = v.auction.declarer;
    for (int h = 0; h < kHolders; ++h) {
      bool possible = h < n || h == kKittyHolder;
      if (v.call.actor >= 0) {
        possible = h == v.call.actor || (v.call.actor == declarer && h == kKittyHolder);
      } else if (v.seat == declarer) {
        possible = h < n && h != declarer;
      }
      // A kitty taken went into the chooser's hand, and the called card cannot be discarded.
      if (v.call.taken && h == kKittyHolder) possible = false;
      if (!possible) k.allowed[h] -= called;
    }
  }
  if (v.setup.family == Family::CallAce && v.call.taken && !actor) {
    // The turned cards went to the taker, who may have discarded them back.
    for (int h = 0; h < kHolders; ++h) {
      if (h != v.call.actor && h != kKittyHolder) k.allowed[h] -= v.kitty_seen;
    }
  }
  return k;
}

bool draw_world(const Knowledge& k, Rng& rng, Holdings& out) {
  std::array<int, kHolders> order{};
  int count = 0;
  for (int h = 0; h < kHolders; ++h) {
    if (k.need[h] < 0) return false;
    if (k.need[h] > 0) order[count++] = h;
  }
  for (int attempt = 0; attempt < 64; ++attempt) {
    out = k.known;
    CardSet left = k.unknown;
    std::array<bool, kHolders> done{};
    bool ok = true;
    for (int step = 0; step < count && ok; ++step) {
      // The holder with the least slack (allowed cards left beyond its need) goes next; ties
      // and, after a dead end, near ties are broken at random so that retries differ.
      int best = -1;
      int best_slack = 1 << 30;
      for (int i = 0; i < count; ++i) {
        const int h = order[i];
        if (done[h]) continue;
        int slack = (k.allowed[h] & left).size() - k.need[h];
        if (attempt > 0) slack += static_cast<int>(rng.below(static_cast<uint32_t>(attempt + 1)));
        if (slack < best_slack || (slack == best_slack && rng.below(2) == 0)) {
          best = h;
          best_slack = slack;
        }
      }
      done[best] = true;
      CardSet pool = k.allowed[best] & left;
      if (pool.size() < k.need[best]) {
        ok = false;
        break;
      }
      for (int i = 0; i < k.need[best]; ++i) {
        const Card c = rng.pick(pool);
        pool -= c;
        left -= c;
        out[best] |= c;
      }
    }
    if (ok && left.empty()) return true;
  }
  return false;
}

bool carry_world(const Knowledge& k, const Holdings& old, Rng& rng, Holdings& out) {
  out = k.known;
  CardSet left = k.unknown;
  std::array<int, kHolders> short_by{};
  for (int h = 0; h < kHolders; ++h) {
    if (k.need[h] < 0) return false;
    CardSet kept = old[h] & k.unknown & k.allowed[h];
    while (kept.size() > k.need[h]) kept -= rng.pick(kept);
    out[h] |= kept;
    left -= kept;
    short_by[h] = k.need[h] - kept.size();
  }
  for (;;) {
    int best = -1, best_slack = 1 << 30;
    for (int h = 0; h < kHolders; ++h) {
      if (short_by[h] == 0) continue;
      const int slack = (k.allowed[h] & left).size() - short_by[h];
      if (slack < best_slack) {
        best = h;
        best_slack = slack;
      }
    }
    if (best < 0) return left.empty();
    if (best_slack < 0) return false;
    CardSet pool = k.allowed[best] & left;
    for (; short_by[best] > 0; --short_by[best]) {
      const Card c = rng.pick(pool);
      pool -= c;
      left -= c;
      out[best] |= c;
    }
  }
}

std::array<CardSet, kMaxPlayers> hands_at_start(const PlayerView& v, const Holdings& holdings) {
  std::array<CardSet, kMaxPlayers> hands{};
  for (int p = 0; p < v.players; ++p) hands[p] = holdings[p];
  for (const PlayedCard& p : v.plays) hands[p.seat] |= p.card;
  return hands;
}

DealState build_world(const PlayerView& v, const Holdings& holdings) {
  Position pos;
  for (int p = 0; p < v.players; ++p) {
    pos.hands[p] = holdings[p];
    pos.bids[p] = static_cast<int8_t>(v.bids[p]);
  }
  pos.phase = v.phase;
  pos.to_move = v.to_move;
  pos.trump = v.trump;
  pos.mode = v.mode;
  pos.num_plays = static_cast<int>(v.plays.size());
  for (int i = 0; i < pos.num_plays; ++i) pos.plays[i] = v.plays[i].card;
  pos.first_leader = first_leader(v);
  pos.zero_open = v.setup.zero_play_open;
  pos.zero_announced = v.zero_announced;
  pos.auction = v.auction;
  pos.call = v.call;
  if (v.setup.family == Family::CallAce) {
    pos.call.kitty = holdings[kKittyHolder];
    const Card called = v.call.called;
    const int declarer = v.auction.declarer;
    int holder = -1;
    if (called != kNoCard) {
      for (int p = 0; p < v.players; ++p) {
        if (holdings[p].contains(called)) holder = p;
      }
      for (const PlayedCard& p : v.plays) {
        if (p.card == called) holder = p.seat;
      }
    }
    const bool playing = v.phase == Phase::Playing || v.phase == Phase::Done;
    pos.call.partner = static_cast<int8_t>(playing && holder != declarer ? holder : -1);
    if (pos.call.actor < 0 && v.phase != Phase::Auction)
      pos.call.actor = static_cast<int8_t>(holder >= 0 ? holder : declarer);
    if (pos.to_move < 0) pos.to_move = pos.call.actor;
    // The kitty in turning order: the cards seen first (the taker saw all three).
    int i = 0;
    for (CardSet s = v.kitty_seen; !s.empty() && i < kKittySize;)
      pos.kitty_order[i++] = s.pop_lowest();
    for (CardSet s = holdings[kKittyHolder] - v.kitty_seen; !s.empty() && i < kKittySize;) {
      pos.kitty_order[i++] = s.pop_lowest();
    }
  }
  return DealState::from_position(v.setup, pos);
}

}  // namespace whist
