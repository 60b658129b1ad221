// The open-card solver: a perfect-information search of the card play of one deal for N players
// (3 to 7), each of whom maximises its own score (max^n). The expert bot calls it hundreds of
// times per decision on sampled worlds (perfect-information Monte Carlo), so it is built for speed.
//
// Goals. Each seat has a utility (an int, half points in goals_for) that depends only on the final
// number of tricks counted for it, and a set of seats whose tricks count for it: its own in the
// exact-bid games and Israeli whist, the declaring side's (declarer + partner) for every seat in
// Call-Ace whist. Streak bonuses and penalties (Rules::streak_bonus, miss_penalty) are ignored:
// they depend on earlier deals and are left to the caller.
//
// Search. Depth-first max^n over card plays through DealState::legal_cards(), play() and unplay(),
// so every rule DealState plays (trump or not, must_trump, jokers) is the engine's own. The value
// of a position is the vector of all seats' utilities at the end of the deal.
//
// The tie rule, which makes the value well defined: at every position the legal cards are put in
// one deterministic order (solver_moves.h), and the player to move takes the FIRST card in that
// order whose own utility is strictly the best. The order depends only on the position through
// comparisons of ranks within a suit (which cards lie between which, counted over the cards still
// in play: in a hand or on the table), the suits, the seats and the goals. It is therefore the
// same in two positions that differ only by cards already played (relative ranks), and it keeps
// equivalent cards (below) next to each other. brute_force() applies the same rule to every legal
// card with no table and no pruning; the solver returns exactly its vectors.
//
// What makes it fast, none of which changes the value:
//  * One move per run of equivalent cards (as DDS does): two cards of a suit in the mover's hand
//    are equivalent when no card between them is in play elsewhere (another hand, the table).
//  * A transposition table at trick boundaries keyed on the hands in relative ranks (played cards
//    squeezed out of each suit), the leader, and for each seat its utility as a function of the
//    tricks still to come (so that 2 tricks over a bid of 1 and 3 over a bid of 2 meet when they
//    score alike). It stores the tricks each seat takes in the rest of the deal. Fixed size
//    (solver_table.h), no allocation per solve, cleared by a generation count; a 64-bit hash and
//    an independent second one for the bucket and a 16-bit check. Entries stay valid while the
//    goals and rules do not change, so they are kept over such solves (sampled worlds).
//  * Settled seats: when every seat's utility is the same for every trick count it can still end
//    with, the value is known without search.
//  * Immediate max^n pruning: a card that cannot give the mover a strictly better utility than
//    one already searched is not searched. The bound is the best utility over the counts the
//    mover can still end with: the top trumps some seat holds are sure tricks (for it, lost to
//    the others), and a card sure to lose the current trick (below the card winning it) or sure
//    to take it (led or played so that no later seat can beat it) moves the range by one. Once a
//    card reaches the mover's overall bound the rest are cut; a seat whose outcome no longer
//    depends on the play thus searches one card.
//  * Move ordering by need: a seat that still wants tricks tries its cheapest winners first, one
//    that must avoid them its highest losing cards; leads by how likely a card is to win.
//  * The last seat of a trick looks its cards' outcomes up (the table, the last trick, settled
//    seats) before playing them, each probe prefetched while the card before is searched; the
//    last trick is played out without search.
//
// Figures (docs/performance.md, `whist bench`): from the first lead of seeded 4-player deals,
// a median of about 0.06 ms for 8 cards and about 8 ms for 13 cards on one core (means 0.15 and
// 150 ms: a few deals make very large trees; set_node_limit() bounds a solve).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "game/deal.h"
#include "rules/rules.h"

namespace whist {

struct Contract;

// The largest hand DealState allows (64 plays among at least 3 seats).
inline constexpr int kMaxTricks = kMaxPlays / 3;

// One utility per seat (seats >= players() are 0).
using Values = std::array<int, kMaxPlayers>;

struct SolverGoals {
  int players = 0;
  // utility[seat][t]: the seat's utility when the tricks counted for it end at t, for t = 0 …
  // the cards dealt (the whole deal's tricks, those taken before the solve included).
  std::array<std::array<int, kMaxTricks + 1>, kMaxPlayers> utility{};
  // counted[seat]: the seats (bit mask) whose tricks count for the seat; 1 << seat for its own.
  std::array<uint8_t, kMaxPlayers> counted{};

  bool operator==(const SolverGoals&) const = default;
};

// The goals of the deal as the rules score it: from the bids in the exact-bid games and Israeli
// whist (contract_points, doubled when a turned spade doubles), from the contract, declarer and
// partner in Call-Ace whist (what Match::score_call_ace pays). In half points; negated for the
// systems where the lowest total wins. Streak bonuses are ignored.
SolverGoals goals_for(const Rules& rules, const DealState& state);

// The exact-bid goals for given bids (hypothetical ones, e.g. for the expert's bidding), one per
// seat (bids.size() >= players). The cards dealt and the turned card are read from the state.
SolverGoals exact_bid_goals(const Rules& rules, const DealState& state, std::span<const int> bids);

// Call-Ace goals: the declaring side (declarer, partner or -1 when alone) takes tricks
// together; each defender pays (or is paid) the game's value, the side shares the sum. Every
// seat counts the side's tricks (a defender's utility falls as they rise).
SolverGoals call_ace_goals(int players, int cards, const Contract& contract, int declarer,
                           int partner);

// The value of every legal card of the player to move, in the search order.
struct RootValues {
  int count = 0;
  std::array<Card, kMaxTricks> cards{};
  std::array<int, kMaxTricks> value{};   // the mover's utility after cards[i]
  std::array<Values, kMaxTricks> all{};  // every seat's utility after cards[i]
  Card best = kNoCard;                   // the first card with the best value (the tie rule)
  Values best_values{};                  // every seat's utility after `best`
  bool exact = true;                     // false when the node limit stopped the search

  int value_of(Card c) const;          // the value of a legal card
  const Values& all_of(Card c) const;  // every seat's utility after a legal card
};

class Solver {
 public:
  // A table of 2^table_bits buckets of 64 bytes (four entries), allocated once: 4 MB by default.
  explicit Solver(int table_bits = 16);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // The value of a position in Phase::Playing (possibly mid-trick). The state is restored.
  Values solve(DealState& state, const SolverGoals& goals);

  // Every root card searched in full (equivalent cards share a value); returns out.count.
  int solve_root(DealState& state, const SolverGoals& goals, RootValues& out);

  // Forgets the table's entries. Entries are kept between solves with the same goals and rules
  // (trump, must_trump, jokers), e.g. the sampled worlds of one decision, where they stay valid;
  // benchmarks clear them to measure each solve alone.
  void clear();

  // Positions visited by the last solve.
  uint64_t nodes() const;
  // Stops a solve after this many positions (0 = never); the result is then not exact.
  void set_node_limit(uint64_t limit);
  // Whether the last solve finished within the node limit.
  bool exact() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The reference: plain max^n over every legal card with the same order and tie rule, no table,
// no equivalence, no pruning. Exponential; for tests on small deals.
Values brute_force(DealState& state, const SolverGoals& goals);

}  // namespace whist
