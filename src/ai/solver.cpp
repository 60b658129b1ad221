#include "ai/solver.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <climits>

#include "ai/solver_moves.h"
#include "ai/solver_table.h"

namespace whist {

using solver_detail::order_moves;
using solver_detail::Preference;
using solver_detail::RunList;
using solver_detail::TableKey;

namespace {

constexpr uint64_t kByteOnes = 0x0101010101010101ull;

// One seat's goal, tabulated once per solve.
struct SeatTables {
  std::array<int, kMaxTricks + 1> utility{};
  // top[a][b], bottom[a][b]: the best and worst utility over final counts a … b (a <= b).
  std::array<std::array<int, kMaxTricks + 1>, kMaxTricks + 1> top{};
  std::array<std::array<int, kMaxTricks + 1>, kMaxTricks + 1> bottom{};
  // settled_for[cur]: the most tricks left for which the utility stays utility(cur).
  std::array<uint8_t, kMaxTricks + 1> settled_for{};
  // profile[cur][rem]: a hash of utility(cur + g) − utility(cur) for g = 0 … rem: positions whose
  // seats score the rest of the deal alike share table entries.
  std::array<std::array<uint64_t, kMaxTricks + 1>, kMaxTricks + 1> profile{};
};

// What, besides a position, decides the outcome of its search: table entries stay valid while
// it does not change (e.g. over the sampled worlds of one decision).
struct Context {
  SolverGoals goals;
  int cards = 0;
  Suit trump = Suit::None;
  bool must_trump = false;
  bool jokers = false;
  bool joker_any_time = false;
  bool operator==(const Context&) const = default;
};

}  // namespace

struct Solver::Impl {
  explicit Impl(int table_bits) : table(table_bits) {}

  solver_detail::TranspositionTable table;
  Context context;  // of the last solve
  bool have_context = false;

  // The solve's deal and goals.
  DealState* state = nullptr;
  int players = 0;
  bool own_only = true;  // every seat counts its own tricks only
  std::array<uint8_t, kMaxPlayers> side{};
  std::array<uint64_t, kMaxPlayers> side_bytes{};  // side as byte lanes of packed tricks
  std::array<SeatTables, kMaxPlayers> seats{};
  Suit trump = Suit::None;
  uint64_t trump_bits = 0;
  bool trump_bounds = false;  // top trumps are sure tricks (no joker can be led any more)

  // The cards as the search sees them, kept up to date by play() and unplay().
  uint64_t in_hands = 0;            // the cards in some hand
  uint64_t on_table = 0;            // the cards of the current trick
  std::array<uint8_t, 64> owner{};  // the seat holding each card: cards never change hands
  // lanes[l]: the holders (seat + 1, three bits each) of the cards in hands of suit l, lowest
  // first; lane 4 holds the jokers. Together: the hands in relative ranks, the table's key.
  std::array<uint64_t, kNumSuits + 1> lanes{};

  uint64_t nodes = 0;
  uint64_t limit = 0;  // 0 = none
  uint64_t stop_at = UINT64_MAX;
  bool aborted = false;

  // What the last seat of a trick knows about a card before playing it.
  struct Peek {
    uint64_t value;  // the outcome when known without search, else the tricks after the trick
    TableKey key;
    bool probe;  // else `value` is final
  };
  // A prepared card that was not known: the search() that follows starts from its key.
  const Peek* missed = nullptr;

  struct Saved {
    DealState::Undo undo;
    uint64_t on_table;
    uint64_t lane;
  };

  void setup(DealState& s, const SolverGoals& goals);
  void setup_goals(const SolverGoals& goals, int total);
  void setup_cards(const DealState& s);
  uint64_t packed_tricks() const;
  int count(int seat, uint64_t tricks) const {
    if (own_only) return static_cast<int>(tricks >> (8 * seat) & 0xFF);
    return static_cast<int>(((tricks & side_bytes[seat]) * kByteOnes) >> 56);
  }
  int utility(int seat, uint64_t tricks) const { return seats[seat].utility[count(seat, tricks)]; }
  Values values(uint64_t tricks) const {
    Values v{};
    for (int p = 0; p < players; ++p) v[p] = utility(p, tricks);
    return v;
  }
  Preference preference(int seat, int cur, int rem) const {
    const SeatTables& t = seats[seat];
    return solver_detail::trick_preference(cur, rem, [&](int a, int b) { return t.top[a][b]; });
  }
  uint64_t elsewhere(int mover) const { return (in_hands | on_table) & ~state->hand(mover).bits(); }
  bool settled(uint64_t tricks, int rem) const {
    for (int p = 0; p < players; ++p) {
      if (rem > seats[p].settled_for[count(p, tricks)]) return false;
    }
    return true;
  }
  void reach(int mover, int rem, int& lo, int& hi) const;
  // Whether c, led now or beating the card winning the trick, keeps it to the end: no seat after
  // the mover can beat it (a seat void in the led suit with a trump might). This leans on the
  // rule that a seat holding the led suit follows it (a joker aside, which loses); the tests
  // against brute_force() check it under every rule DealState plays.
  bool holds(Card c) const {
    const DealState& s = *state;
    const bool leading = s.trick_size() == 0;
    if (c.is_joker()) return leading;  // led, a joker wins; played to a trick, it loses
    if (!leading && s.led_suit() == Suit::None) return false;  // a led joker wins
    const uint64_t higher =
        uint64_t{0x1FFF} << (16 * static_cast<int>(c.suit())) & ~((uint64_t{2} << c.index()) - 1);
    const uint64_t led = CardSet::suit_mask(leading ? c.suit() : s.led_suit()).bits();
    const bool ruff = c.suit() == trump;
    for (int k = s.trick_size() + 1, p = s.to_move(); k < players; ++k) {
      p = p + 1 == players ? 0 : p + 1;
      const uint64_t h = s.hand(p).bits();
      if ((h & higher) != 0) return false;  // (jokers sit above the spade lane: not in it)
      if (!ruff && (h & trump_bits) != 0 && (h & led) == 0) return false;
    }
    return true;
  }
  uint64_t last_trick(Card played) const;
  void prepare(Card c, uint64_t tricks, int rem, Peek& p);
  bool known(const Peek& p, uint64_t& value);
  TableKey key(int leader, uint64_t tricks, int rem) const;

  static int lane_of(Card c) { return c.is_joker() ? kNumSuits : c.index() >> 4; }
  // The lane of c without c (c still in hands): it is the j-th card in hands of its suit.
  uint64_t lane_without(Card c) const {
    const int lane = lane_of(c);
    const int lane_base = c.is_joker() ? Card::joker(0).index() : 16 * lane;
    const uint64_t bit = uint64_t{1} << c.index();
    const auto below = static_cast<uint32_t>((in_hands & (bit - 1)) >> lane_base) & 0x1FFF;
    const int shift = 3 * solver_detail::kPop13[below];
    return (lanes[lane] & ((uint64_t{1} << shift) - 1)) | (lanes[lane] >> (shift + 3)) << shift;
  }
  void play(Card c, Saved& sv) {
    const int lane = lane_of(c);
    const uint64_t bit = uint64_t{1} << c.index();
    sv.on_table = on_table;
    sv.lane = lanes[lane];
    lanes[lane] = lane_without(c);
    in_hands &= ~bit;
    state->play(c, sv.undo);
    on_table = state->trick_size() == 0 ? 0 : on_table | bit;
  }
  void unplay(Card c, const Saved& sv) {
    state->unplay(sv.undo);
    in_hands |= uint64_t{1} << c.index();
    on_table = sv.on_table;
    lanes[lane_of(c)] = sv.lane;
  }

  // The final tricks of every seat (a byte each) from the current position, given the tricks
  // now and the tricks left, the current one included.
  uint64_t search(uint64_t tricks, int rem);
  // The same after a card was played from a position with `tricks` and `rem`.
  uint64_t child(uint64_t tricks, int rem) {
    const DealState& s = *state;
    if (s.trick_size() != 0) return search(tricks, rem);
    tricks += uint64_t{1} << (8 * s.leader());
    if (rem > 2) return search(tricks, rem - 1);
    ++nodes;  // the last trick is forced: no call
    return rem == 2 ? tricks + last_trick(kNoCard) : tricks;
  }
};

void Solver::Impl::setup(DealState& s, const SolverGoals& goals) {
  assert(s.phase() == Phase::Playing || s.done());
  assert(goals.players == s.players());
  state = &s;
  players = s.players();
  Context now{goals, s.cards(), s.trump(), s.must_trump(), s.has_jokers(), false};
  if (now.jokers) now.joker_any_time = s.public_setup().joker_any_time;
  const bool same = have_context && now == context;
  if (!same) {
    context = now;
    have_context = true;
    setup_goals(goals, s.cards());
  }
  table.begin(players, same);
  trump = s.trump();
  trump_bits = trump == Suit::None ? 0 : CardSet::suit_mask(trump).bits();
  setup_cards(s);
  trump_bounds = trump != Suit::None && ((in_hands | on_table) & CardSet::jokers().bits()) == 0;
  nodes = 0;
  aborted = false;
  stop_at = limit == 0 ? UINT64_MAX : limit;
  missed = nullptr;
}

void Solver::Impl::setup_goals(const SolverGoals& goals, int total) {
  own_only = true;
  for (int p = 0; p < players; ++p) {
    side[p] = goals.counted[p] != 0 ? goals.counted[p] : static_cast<uint8_t>(1u << p);
    own_only = own_only && side[p] == (1u << p);
    side_bytes[p] = 0;
    for (int q = 0; q < players; ++q) {
      if (side[p] >> q & 1) side_bytes[p] |= uint64_t{0xFF} << (8 * q);
    }
    SeatTables& t = seats[p];
    for (int a = 0; a <= total; ++a) t.utility[a] = goals.utility[p][a];
    for (int a = 0; a <= total; ++a) {
      t.top[a][a] = t.bottom[a][a] = t.utility[a];
      t.settled_for[a] = 0;
      for (int b = a + 1; b <= total; ++b) {
        t.top[a][b] = std::max(t.top[a][b - 1], t.utility[b]);
        t.bottom[a][b] = std::min(t.bottom[a][b - 1], t.utility[b]);
        if (t.top[a][b] == t.bottom[a][b]) t.settled_for[a] = static_cast<uint8_t>(b - a);
      }
      uint64_t h = 0x6A09E667F3BCC908ull;
      for (int r = 0; a + r <= total; ++r) {
        if (r > 0) {
          h = solver_detail::mix(h, static_cast<uint64_t>(t.utility[a + r] - t.utility[a]));
        }
        t.profile[a][r] = solver_detail::finish(h + static_cast<uint64_t>(r));
      }
    }
  }
}

void Solver::Impl::setup_cards(const DealState& s) {
  in_hands = 0;
  for (int p = 0; p < players; ++p) {
    in_hands |= s.hand(p).bits();
    for (Card c : s.hand(p)) owner[c.index()] = static_cast<uint8_t>(p);
  }
  on_table = 0;
  for (int i = 0; i < s.trick_size(); ++i) on_table |= CardSet(s.trick_card(i)).bits();
  for (int lane = 0; lane <= kNumSuits; ++lane) {
    const uint64_t cards =
        in_hands & (lane == kNumSuits ? CardSet::jokers().bits() : uint64_t{0x1FFF} << (16 * lane));
    uint64_t holders = 0;
    int i = 0;
    for (Card c : CardSet(cards)) holders |= uint64_t(owner[c.index()] + 1) << (3 * i++);
    lanes[lane] = holders;
  }
}

uint64_t Solver::Impl::packed_tricks() const {
  uint64_t t = 0;
  for (int p = 0; p < players; ++p) t |= uint64_t(state->tricks_won(p)) << (8 * p);
  return t;
}

// The tricks the mover's side can still take, at least lo and at most hi of the rem left: the
// holder of the top trump is sure to take a trick with each trump above every other trump in
// play (when no joker can be led any more).
void Solver::Impl::reach(int mover, int rem, int& lo, int& hi) const {
  lo = 0;
  hi = rem;
  const uint64_t all = in_hands & trump_bits;
  if (trump_bounds && all != 0) {
    const int holder = owner[63 - std::countl_zero(all)];
    const uint64_t own = state->hand(holder).bits() & trump_bits;
    uint64_t others = all & ~own;
    if (state->trick_size() > 0 && state->winning_card().suit() == trump) {
      others |= CardSet(state->winning_card()).bits();
    }
    uint64_t sure = own;
    if (others != 0) sure &= ~((uint64_t{2} << (63 - std::countl_zero(others))) - 1);
    const int n = solver_detail::kPop13[sure >> (16 * static_cast<int>(trump))];
    if (side[mover] >> holder & 1) {
      lo = n;
    } else {
      hi = rem - n;
    }
  }
}

// The winner of the last trick, as a packed trick, when every hand holds one card: now, or
// (`played` given) once the last seat of the trick before it plays `played`.
uint64_t Solver::Impl::last_trick(Card played) const {
  const DealState& s = *state;
  const int mover = s.to_move();
  int leader = mover;
  if (played != kNoCard) {
    leader = solver_detail::beats(played, s.winning_card(), trump) ? mover : s.trick_winner();
  }
  const auto card_of = [&](int p) {
    return (p == mover && played != kNoCard ? s.hand(p) - played : s.hand(p)).lowest();
  };
  int winner = leader;
  Card winning = card_of(leader);
  for (int k = 1, p = leader; k < players; ++k) {
    p = p + 1 == players ? 0 : p + 1;
    const Card next = card_of(p);
    if (solver_detail::beats(next, winning, trump)) {
      winner = p;
      winning = next;
    }
  }
  return uint64_t{1} << (8 * winner);
}

// At the last seat of a trick, before playing c: the outcome when the rest needs no search (the
// last trick, settled seats), else the table key of the position after the trick, whose bucket
// is prefetched so that the probe overlaps other work.
void Solver::Impl::prepare(Card c, uint64_t tricks, int rem, Peek& p) {
  const DealState& s = *state;
  const int winner =
      solver_detail::beats(c, s.winning_card(), trump) ? s.to_move() : s.trick_winner();
  const uint64_t after = tricks + (uint64_t{1} << (8 * winner));
  const int left = rem - 1;
  p.probe = false;
  if (left <= 1) {
    p.value = left == 0 ? after : after + last_trick(c);
  } else if (settled(after, left)) {
    p.value = after + (uint64_t(left) << (8 * winner));
  } else {
    p.value = after;
    const int lane = lane_of(c);
    const uint64_t kept = lanes[lane];
    lanes[lane] = lane_without(c);
    p.key = key(winner, after, left);
    lanes[lane] = kept;
    p.probe = true;
    table.prefetch(p.key);
  }
}

// Whether a prepared card's outcome is known without playing it (exactly what play() and
// child() would give); counts the position after it as visited.
bool Solver::Impl::known(const Peek& p, uint64_t& value) {
  uint64_t gained = 0;
  if (p.probe && !table.probe(p.key, gained)) return false;
  value = p.value + gained;
  ++nodes;
  return true;
}

TableKey Solver::Impl::key(int leader, uint64_t tricks, int rem) const {
  // The seats' profiles are hashes already: a rotation each keeps seats apart.
  uint64_t profiles = 0;
  for (int p = 0; p < players; ++p) {
    profiles += std::rotl(seats[p].profile[count(p, tricks)][rem], 9 * p);
  }
  // A suit lane takes at most 39 bits: the leader goes above one.
  return solver_detail::table_key(
      {lanes[0], lanes[1], lanes[2], lanes[3] | uint64_t(leader) << 56, lanes[4], profiles});
}

uint64_t Solver::Impl::search(uint64_t tricks, int rem) {
  const Peek* const pending = missed;  // the position was prepared and not found
  missed = nullptr;
  if (++nodes > stop_at) {
    aborted = true;
    return tricks;
  }
  DealState& s = *state;
  const int mover = s.to_move();
  TableKey k{};
  bool stores = false;
  if (pending != nullptr) {
    k = pending->key;
    stores = true;
  } else if (s.trick_size() == 0) {
    if (rem <= 1) return rem == 0 ? tricks : tricks + last_trick(kNoCard);
    // Nothing the play does matters: any outcome will do, say every trick to the leader.
    if (settled(tricks, rem)) return tricks + (uint64_t(rem) << (8 * mover));
    k = key(mover, tricks, rem);
    uint64_t gained = 0;
    if (table.probe(k, gained)) return tricks + gained;
    stores = true;
  }

  const uint64_t legal = s.legal_cards().bits();
  const bool last_seat = s.trick_size() == players - 1;
  uint64_t best = tricks;
  Saved saved;
  if ((legal & (legal - 1)) == 0) {  // one legal card
    const Card c = Card::from_index(std::countr_zero(legal));
    Peek p;
    if (last_seat) prepare(c, tricks, rem, p);
    if (!last_seat || !known(p, best)) {
      if (last_seat) missed = &p;
      play(c, saved);
      best = child(tricks, rem);
      unplay(c, saved);
      missed = nullptr;  // (taken by the search of the position after the trick)
    }
  } else {
    const int cur = count(mover, tricks);
    RunList runs;
    order_moves(s, legal, preference(mover, cur, rem), side[mover], elsewhere(mover), runs);
    // The best the mover can reach at all: no later card can be strictly better once a card
    // gives it. And by card: one sure to lose the trick for the mover's side (below the card
    // winning it, or at the last seat) leaves one trick fewer to take; one sure to take it (at
    // the last seat, or led or played so that no later seat can beat it) takes one, at least
    // (a sure trump may go into it).
    int lo = 0;
    int hi = rem;
    if (runs.size > 1) reach(mover, rem, lo, hi);
    const SeatTables& goal = seats[mover];
    const int top = runs.size == 1 ? INT_MIN : goal.top[cur + lo][cur + hi];
    const bool following = s.trick_size() > 0;
    const bool side_winning = following && (side[mover] >> s.trick_winner() & 1);
    const bool in_side = side[mover] >> mover & 1;  // a Call-Ace defender counts the other side
    // At the last seat each card's probe is prepared one card ahead, to overlap the work on
    // the card before.
    std::array<Peek, kMaxTricks> peeks;
    if (last_seat) prepare(runs.items[0].first(), tricks, rem, peeks[0]);
    int best_utility = INT_MIN;
    for (int i = 0; i < runs.size; ++i) {
      const Card c = runs.items[i].first();
      if (last_seat && i + 1 < runs.size) {
        prepare(runs.items[i + 1].first(), tricks, rem, peeks[i + 1]);
      }
      if (i > 0) {
        const bool takes = !following || solver_detail::beats(c, s.winning_card(), trump);
        // Whether the side is sure to take the trick (1), sure not to (0), or either (-1).
        int gets = -1;
        if (last_seat) {
          gets = takes ? in_side : side_winning;
        } else if (takes && holds(c)) {
          gets = in_side;
        } else if (!takes && own_only) {
          gets = 0;
        }
        const int a = gets == 1 ? cur + std::max(1, lo) : cur + lo;
        const int b = gets == 0 ? cur + std::min(rem - 1, hi) : cur + hi;
        if (a <= b && goal.top[a][b] <= best_utility) continue;  // cannot be strictly better
      }
      uint64_t v = 0;
      if (!last_seat || !known(peeks[i], v)) {
        if (last_seat) missed = &peeks[i];
        play(c, saved);
        v = child(tricks, rem);
        unplay(c, saved);
        missed = nullptr;
        if (aborted) return v;
      }
      const int u = utility(mover, v);
      if (u > best_utility) {
        best_utility = u;
        best = v;
        if (u >= top) break;  // no later card can be strictly better
      }
    }
  }
  if (stores && !aborted) table.store(k, best - tricks, rem);
  return best;
}

Solver::Solver(int table_bits) : impl_(std::make_unique<Impl>(table_bits)) {}
Solver::~Solver() = default;

void Solver::clear() { impl_->have_context = false; }
uint64_t Solver::nodes() const { return impl_->nodes; }
void Solver::set_node_limit(uint64_t limit) { impl_->limit = limit; }
bool Solver::exact() const { return !impl_->aborted; }

Values Solver::solve(DealState& state, const SolverGoals& goals) {
  Impl& im = *impl_;
  im.setup(state, goals);
  const uint64_t tricks = im.packed_tricks();
  if (state.done()) return im.values(tricks);
  return im.values(im.search(tricks, state.hand(state.to_move()).size()));
}

int Solver::solve_root(DealState& state, const SolverGoals& goals, RootValues& out) {
  Impl& im = *impl_;
  im.setup(state, goals);
  out = RootValues{};
  if (state.done()) return 0;
  ++im.nodes;
  const uint64_t tricks = im.packed_tricks();
  const int mover = state.to_move();
  const int rem = state.hand(mover).size();
  RunList runs;
  order_moves(state, state.legal_cards().bits(), im.preference(mover, im.count(mover, tricks), rem),
              im.side[mover], im.elsewhere(mover), runs);
  int best_utility = INT_MIN;
  uint64_t best = tricks;
  Impl::Saved saved;
  for (int i = 0; i < runs.size; ++i) {
    const Card first = runs.items[i].first();
    im.play(first, saved);
    const uint64_t v = im.child(tricks, rem);
    im.unplay(first, saved);
    const int u = im.utility(mover, v);
    const Values all = im.values(v);
    for (Card c : CardSet(runs.items[i].cards)) {
      out.cards[out.count] = c;
      out.all[out.count] = all;
      out.value[out.count++] = u;
    }
    if (u > best_utility) {
      best_utility = u;
      best = v;
      out.best = first;
    }
  }
  out.best_values = im.values(best);
  out.exact = !im.aborted;
  return out.count;
}

}  // namespace whist
