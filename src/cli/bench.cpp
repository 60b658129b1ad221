// `whist bench`: the engine's signature (perft counts of fixed deals and a checksum of seeded
// random playouts, hashed into one number that must not change unless the rules do) and its
// speed on one core: random card plays per second and the cost of legal-move generation; then the
// open-card solver's time per solve on seeded deals, with its node counts (the solver signature,
// kept apart from the engine's).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>
#include <thread>

#include "ai/solver.h"
#include "ai/solver_bench.h"
#include "cli/commands.h"
#include "game/playout.h"

namespace whist::cli {

namespace {

struct BenchArgs {
  bool json = false;
  bool quick = false;
  bool solver_only = false;
  uint64_t profile = 0;  // playouts to run for a profiler, no timing
};

using Clock = std::chrono::steady_clock;

volatile uint64_t g_sink = 0;  // keeps measured results alive

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The CPU time of this thread, so that a machine shared with other work (time slicing) disturbs
// the rates less than wall time would.
double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

constexpr int kPool = 1024;  // deals or positions: about 170 KB, in the L2 cache
constexpr int kSlices = 5;
constexpr double kSliceSeconds = 0.1;

// Runs `batch` (which returns the work units it did) in kSlices slices of about kSliceSeconds of
// thread CPU time and returns the best rate, units per second: the slice least disturbed.
template <typename Batch>
double best_rate(Batch&& batch) {
  double best = 0;
  for (int s = 0; s < kSlices; ++s) {
    uint64_t units = 0;
    const double start = thread_seconds();
    double secs = 0;
    do {
      units += batch();
      secs = thread_seconds() - start;
    } while (secs < kSliceSeconds);
    best = std::max(best, static_cast<double>(units) / secs);
  }
  return best;
}

// A pool of random bench deals with their bids made, so that a playout from a copy of one is
// card plays only. Small enough to stay in the L2 cache.
std::vector<DealState> bid_deals(Rng& rng, int count) {
  std::vector<DealState> pool;
  for (int i = 0; i < count; ++i) {
    pool.push_back(random_bench_deal(rng));
    random_bidding(pool.back(), rng);
  }
  return pool;
}

// Random playouts from copies of the pool's deals, round robin; returns the cards played. Not
// inlined so that `valgrind --tool=callgrind --toggle-collect=*pool_playouts*` sees exactly it.
[[gnu::noinline]] uint64_t pool_playouts(const std::vector<DealState>& pool, uint64_t playouts,
                                         Rng& rng) {
  uint64_t plays = 0;
  for (uint64_t i = 0; i < playouts; ++i) {
    DealState s = pool[i % pool.size()];
    plays += static_cast<uint64_t>(random_playout(s, rng));
  }
  return plays;
}

struct Speeds {
  double plays_per_second = 0;      // from bid deals: dealing and bidding excluded
  double e2e_plays_per_second = 0;  // deal, random bids, random plays
  double legal_cards_ns = 0;
  double legal_actions_ns = 0;
  double perft_leaves_per_second = 0;
  uint64_t sink = 0;  // keeps the compiler from dropping the measured work
};

Speeds measure() {
  Speeds sp;
  Rng rng(1);
  const std::vector<DealState> pool = bid_deals(rng, kPool);

  sp.plays_per_second = best_rate([&] { return pool_playouts(pool, pool.size(), rng); });

  sp.e2e_plays_per_second = best_rate([&] {
    uint64_t plays = 0;
    for (int i = 0; i < kPool; ++i) {
      DealState s = random_bench_deal(rng);
      plays += static_cast<uint64_t>(random_playout(s, rng));
    }
    return plays;
  });

  // Positions at every stage of a trick and of a deal: each pool deal played to a random point.
  std::vector<DealState> positions;
  for (const DealState& d : pool) {
    DealState s = d;
    DealState::Undo u;
    const int stop = static_cast<int>(rng.below(static_cast<uint32_t>(s.players() * s.cards())));
    while (s.num_plays() < stop) s.play(rng.pick(s.legal_cards()), u);
    positions.push_back(s);
  }
  uint64_t sink = 0;
  sp.legal_cards_ns = 1e9 / best_rate([&] {
                        for (const DealState& s : positions) sink += s.legal_cards().bits();
                        return positions.size();
                      });
  sp.legal_actions_ns = 1e9 / best_rate([&] {
                          for (const DealState& s : positions) {
                            sink += static_cast<uint64_t>(s.legal_actions().size);
                          }
                          return positions.size();
                        });

  std::vector<BenchDeal> deals = bench_deals();
  sp.perft_leaves_per_second = best_rate([&] {
    uint64_t n = 0;
    for (BenchDeal& d : deals) n += perft(d.state);
    return n;
  });
  sp.sink = sink;
  return sp;
}

#ifdef NDEBUG
constexpr const char* kBuild = "optimised";
#else
constexpr const char* kBuild = "debug (assertions on): speeds are not representative";
#endif

// The solver on the two seeded sets (solver_bench.h): 8 cards from the 32-card deck, 13 from
// the full deck.
struct SolverFigures {
  SolverBenchResult small;
  SolverBenchResult large;
};

SolverFigures measure_solver() {
  Solver solver;
  SolverFigures f;
  auto small = solver_bench_deals(kSolverBenchSmallCards, kSolverBenchSmallDeals, kSolverBenchSeed);
  f.small = run_solver_bench(solver, small);
  auto large = solver_bench_deals(kSolverBenchLargeCards, kSolverBenchLargeDeals, kSolverBenchSeed);
  f.large = run_solver_bench(solver, large);
  return f;
}

nlohmann::json solver_json(const SolverBenchResult& r, int cards) {
  return {{"cards", cards},
          {"deals", r.deals},
          {"median_ms", r.median_ms},
          {"mean_ms", r.mean_ms},
          {"nodes", r.nodes}};
}

void print_solver(const SolverFigures& f) {
  fmt::print("open-card solver, 4 players from the first lead, thread CPU time per solve ({}):\n",
             kBuild);
  const auto line = [](const char* what, const SolverBenchResult& r) {
    fmt::print("  {:<24} {:>3} deals  median {:8.3f} ms  mean {:8.3f} ms  {:>10} nodes\n", what,
               r.deals, r.median_ms, r.mean_ms, r.nodes);
  };
  line("8 cards, 32-card deck", f.small);
  line("13 cards, full deck", f.large);
  fmt::print("solver signature: {} {}\n", f.small.nodes, f.large.nodes);
}

// The 1-minute load average (Linux), to tell a loaded machine from a slow engine; -1 if unknown.
double load_average() {
  double load = -1;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = -1;
    std::fclose(f);
  }
  return load;
}

int run_bench(const BenchArgs& args) {
  if (args.solver_only) {
    const SolverFigures f = measure_solver();
    if (args.json) {
      fmt::print("{}\n",
                 nlohmann::json{{"solver_small", solver_json(f.small, kSolverBenchSmallCards)},
                                {"solver_large", solver_json(f.large, kSolverBenchLargeCards)},
                                {"build", kBuild}}
                     .dump());
    } else {
      print_solver(f);
    }
    return 0;
  }
  if (args.profile > 0) {
    Rng rng(1);
    const std::vector<DealState> pool = bid_deals(rng, kPool);
    const uint64_t plays = pool_playouts(pool, args.profile, rng);
    fmt::print("{} playouts from bid deals, {} card plays\n", args.profile, plays);
    return 0;
  }
  const auto start = Clock::now();
  const BenchSignature sig = bench_signature();
  const double sig_secs = seconds_since(start);
  const std::vector<BenchDeal> deals = bench_deals();
  Speeds sp;
  SolverFigures solver;
  if (!args.quick) {
    sp = measure();
    solver = measure_solver();
  }
  g_sink = sp.sink;
  const double load = load_average();
  const unsigned cpus = std::thread::hardware_concurrency();

  if (args.json) {
    nlohmann::json perft = nlohmann::json::array();
    for (size_t i = 0; i < deals.size(); ++i) {
      perft.push_back({{"deal", deals[i].name}, {"count", sig.perft[i]}});
    }
    nlohmann::json j = {
        {"signature", sig.signature},         {"perft", perft},
        {"playouts", sig.playouts},           {"playout_seed", kSignatureSeed},
        {"playout_plays", sig.playout_plays}, {"playout_checksum", sig.playout_checksum},
        {"auction_deals", sig.auction_deals}, {"auction_checksum", sig.auction_checksum},
        {"signature_seconds", sig_secs}};
    if (!args.quick) {
      j["plays_per_second"] = sp.plays_per_second;
      j["e2e_plays_per_second"] = sp.e2e_plays_per_second;
      j["legal_cards_ns"] = sp.legal_cards_ns;
      j["legal_actions_ns"] = sp.legal_actions_ns;
      j["perft_leaves_per_second"] = sp.perft_leaves_per_second;
      j["solver_small"] = solver_json(solver.small, kSolverBenchSmallCards);
      j["solver_large"] = solver_json(solver.large, kSolverBenchLargeCards);
      j["build"] = kBuild;
      j["load_average"] = load;
      j["cpus"] = cpus;
    }
    fmt::print("{}\n", j.dump());
    return 0;
  }

  fmt::print("perft (legal play sequences from fixed deals):\n");
  for (size_t i = 0; i < deals.size(); ++i) {
    fmt::print("  {:<28} {:>12}\n", deals[i].name, sig.perft[i]);
  }
  fmt::print("random playouts: {} seeded deals (seed {}), {} cards played, checksum {}\n",
             sig.playouts, kSignatureSeed, sig.playout_plays, sig.playout_checksum);
  fmt::print("auction games: {} seeded deals each of israeli and call-ace, checksum {}\n",
             sig.auction_deals, sig.auction_checksum);
  fmt::print("signature computed in {:.3f} s\n", sig_secs);
  if (!args.quick) {
    fmt::print("speed on one core, {} build, load average {:.2f} on {} CPUs\n", kBuild, load, cpus);
    fmt::print("(best of {} slices of {} s thread CPU time each):\n", kSlices, kSliceSeconds);
    fmt::print(
        "  random playouts   {:7.2f} M card plays/s ({:.1f} ns a play; dealing and bidding "
        "excluded)\n",
        sp.plays_per_second / 1e6, 1e9 / sp.plays_per_second);
    fmt::print("  deal + playout    {:7.2f} M card plays/s (dealing and random bidding included)\n",
               sp.e2e_plays_per_second / 1e6);
    fmt::print("  legal_cards()     {:7.2f} ns a call ({} positions at every stage of a deal)\n",
               sp.legal_cards_ns, kPool);
    fmt::print("  legal_actions()   {:7.2f} ns a call (the same positions)\n", sp.legal_actions_ns);
    fmt::print("  perft             {:7.2f} M sequences/s (the fixed deals, last trick in bulk)\n",
               sp.perft_leaves_per_second / 1e6);
    print_solver(solver);
  }
  fmt::print("signature: {}\n", sig.signature);
  return 0;
}

}  // namespace

void add_bench(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "bench", "deterministic engine signature (perft counts, playout checksum) and speed");
  auto args = std::make_shared<BenchArgs>();
  auto* json = cmd->add_flag("--json", args->json, "print one JSON object");
  auto* quick = cmd->add_flag("--quick", args->quick, "the signature only, no speed measurements");
  auto* solver =
      cmd->add_flag("--solver", args->solver_only, "the open-card solver's figures only");
  // Regression: of flags that do not go together, all but one were ignored silently, and
  // --profile 0 ran the whole bench.
  cmd->add_option("--profile", args->profile,
                  "only play this many random playouts (card plays only), untimed, for profilers")
      // Its range says 1 (regression: "[0 - …]", though 0 is refused).
      ->transform(whole_number<uint64_t>(1, UINT64_MAX, "UINT"))
      // A transform too, so that it comes first (each is put before those given earlier).
      ->transform(CLI::Validator(
          [](std::string& text) -> std::string {
            return !text.empty() && text.find_first_not_of('0') == std::string::npos
                       ? "0 would play nothing: give 1 or more playouts"
                       : "";
          },
          ""))
      ->excludes(json)
      ->excludes(quick)
      ->excludes(solver);
  quick->excludes(solver);
  cmd->callback([args, &status] { status = run_bench(*args); });
}

}  // namespace whist::cli
