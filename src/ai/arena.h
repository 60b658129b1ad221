// The arena: bots matched in duplicate deals, so that the luck of the cards cancels out.
//
// Deal set k (k = 0 … deals−1) is one deal: deal k mod L of the schedule (L its length, or one
// pass of it in target-score games), dealer k mod N, cards from a generator seeded by (seed, k)
// alone. The set is played N times, rotation r putting bot i of the list at seat (i + r) mod N,
// with the same cards at the same seats. Each deal is scored alone by its contract points
// (DealResult::contract): streak bonuses and miss penalties, which belong to a whole game, are
// ignored, and zero play (a whole-game plan) is switched off. Thrown-in hands (Israeli whist
// after the passing rounds, Call-Ace whist when all pass) score 0 and are counted; they are not
// dealt again.
//
// Each worker thread owns one instance of every bot of the list, which moves from seat to seat
// with the rotations; before each deal a bot is reseeded (Bot::new_deal) from (seed, k, r, seat)
// alone, and the sets' results are merged in set order, so a run reproduces from its seed
// whatever the number of threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "game/match.h"
#include "rules/rules.h"

namespace whist {

// One deal of the arena, as the recording hook receives it.
struct ArenaDeal {
  int set = 0;                         // k
  int rotation = 0;                    // r: bot i sits at seat (i + r) mod N
  std::vector<std::string> seat_bots;  // the spec of the bot at each seat
  DealLog log;
  DealResult result;
};

// Bounds on a run, so that a mistyped count is refused rather than exhausting memory: every deal
// set's result is kept for the paired statistics, and every thread has its own bots (an expert's
// tables, an external engine's processes).
inline constexpr int kMaxArenaDeals = 1'000'000;
inline constexpr int kMaxArenaThreads = 256;

struct ArenaConfig {
  Rules rules;
  std::vector<std::string> bots;  // one spec per seat, as make_bot reads them
  int deals = 100;                // deal sets
  uint64_t seed = 1;
  int threads = 1;
  int ext_timeout_ms = 10000;  // for every ext:COMMAND bot

  // Called after each deal set with the number of sets done so far. Called by the workers, one
  // call at a time.
  std::function<void(int done)> on_progress;
  // Called after each deal of each rotation, one call at a time, in no particular set order.
  std::function<void(const ArenaDeal&)> on_deal;
  // Called by each worker thread but the first as it starts, before it takes a deal set or makes
  // a bot: lets a test hold a worker back until the others have taken every set.
  std::function<void()> on_worker_start;
  // When set (a signal handler may set it), the run stops: no deal set starts, the sets under
  // way are abandoned at their next decision, and the report covers the sets before the first
  // that was not played whole, so that it is the report of a shorter run with the same seed.
  const std::atomic<bool>* interrupt = nullptr;
};

// A mean over independent samples with its 95% confidence interval (Student's t).
struct Summary {
  int n = 0;
  double mean = 0;
  double sd = 0;          // the samples' standard deviation (n − 1 in the denominator)
  double half_width = 0;  // of the 95% interval; NaN when n < 2
  double low() const { return mean - half_width; }
  double high() const { return mean + half_width; }
};

Summary summarize(const std::vector<double>& samples);
// How many percent more points `a` scores than `b`, paired sample by sample: 100 (mean(a) /
// mean(b) - 1), its interval by the delta method (the residuals a - R b of the ratio R over
// mean(b)). Undefined (n = 0, NaN half-width) unless b's whole 95% interval is above zero: a
// share of nothing, or of a total that may be negative, says nothing.
Summary percent_more(const std::vector<double>& a, const std::vector<double>& b);
// Whether every deal's points sum to zero over the seats (Call-Ace whist's payments): one bot's
// gain is the others' loss, and no bot's points are a total that another's are a share of.
bool points_sum_to_zero(const Rules& rules);
// The 97.5% quantile of Student's t with `df` degrees of freedom (df >= 1).
double t_quantile_975(int df);

// What one distinct bot spec did, over all its seats of the list.
struct SpecStats {
  std::string spec;            // as given
  std::string name;            // Bot::name(): the spec that makes it again
  std::string engine;          // an external engine's name from its handshake; else empty
  std::vector<int> positions;  // its places in the bot list
  Summary points;              // per deal, the samples being the per-set means
  std::vector<double> set_means;
  // Exact-bid games: deals bid (bid == tricks counts as made); Israeli whist: contracts named
  // (thrown-in hands excluded); Call-Ace whist: contracts declared.
  int64_t bids = 0;
  int64_t bids_made = 0;
  // The bids missed, by taking more tricks than bid and by taking fewer (not in Call-Ace): which
  // way a bot misjudges its hands.
  int64_t bids_over = 0;
  int64_t bids_under = 0;
  int64_t decisions = 0;
  double decision_seconds = 0;
  double slowest_seconds = 0;  // the longest single decision
};

// Per set: spec `first`'s mean minus spec `second`'s (indices into ArenaReport::specs), paired
// by set, so the deals' luck cancels.
struct SpecDifference {
  int first = 0;
  int second = 0;
  Summary summary;
  // The first's points as a percentage more than the second's (percent_more), where the highest
  // total wins, the points do not sum to zero (points_sum_to_zero) and the second scores clearly
  // above zero; else n = 0.
  Summary percent;
};

struct ArenaReport {
  std::vector<SpecStats> specs;  // in order of first appearance in the list
  bool has_difference = false;   // exactly two distinct specs
  Summary difference;            // per set: the first spec's mean minus the second's
  // Every pair of specs, first before second in the list (e.g. two experts against the same
  // heuristic seats: their difference paired by set).
  std::vector<SpecDifference> differences;
  int64_t deals_played = 0;  // deals × players
  int64_t thrown_in = 0;
  double seconds = 0;
  // How the run ended: every deal set played, or stopped by ArenaConfig::interrupt or by an
  // error (then the report covers the sets before the first not played whole).
  bool complete = true;
  bool interrupted = false;
  std::string error;
  int deals_asked = 0;  // ArenaConfig::deals
};

struct ArenaRun {
  ArenaReport report;
  std::string error;       // empty on success
  bool bad_input = false;  // the error is in the configuration (exit 2), not in a bot (exit 1)
  // ArenaConfig::interrupt stopped the run before every deal set was played. A failure that
  // comes after it (an engine killed by the interrupting signal) is not an error.
  bool interrupted = false;
  // The deal sets the report covers: all of them, or after an error or an interrupt those before
  // the first set not played whole (0: no report).
  int sets_reported = 0;
};

// The rules the arena plays: `rules` with zero play off, and what the arena ignores reset (streak
// bonuses, miss penalties and their lengths to none; in a game to a target, the target and the
// cap to the preset's, and the end to the schedule in an exact-bid game, one pass of it either
// way, to the preset's in an auction game: Call-Ace's deals, Israeli whist's target).
Rules arena_rules(const Rules& rules);

ArenaRun run_arena(const ArenaConfig& config);

// Whether the results of a run with these bots depend on the machine's speed as well as on the
// seed: a search stopped by the clock (ismcts:ms=N, N > 0).
bool arena_reproducible(const std::vector<std::string>& bots);

// The report as an aligned table, and as one JSON object with the run's parameters.
std::string arena_table(const ArenaConfig& config, const ArenaReport& report);
std::string arena_json(const ArenaConfig& config, const ArenaReport& report);

}  // namespace whist
