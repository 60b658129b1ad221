// `whist arena`: bots against each other in duplicate deals (see ai/arena.h), with a table of
// mean points per deal and their confidence intervals, bid accuracy and decision times.
#include <fmt/core.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "ai/arena.h"
#include "ai/external.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/setup.h"
#include "core/text.h"
#include "rules/schedule.h"

namespace whist::cli {

namespace {

struct ArenaArgs {
  GameArgs game;
  std::string bots;
  int deals = 100;
  uint64_t seed = 1;
  int threads = 1;
  int ext_timeout_ms = kDefaultExtTimeoutMs;
  bool json = false;
  bool quiet = false;
};

// "a, b,c" -> {"a", "b", "c"}; an engine command cannot hold a comma (wrap it in a script).
std::vector<std::string> split_specs(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    std::string item = text.substr(start, comma - start);
    const size_t a = item.find_first_not_of(' ');
    const size_t b = item.find_last_not_of(' ');
    out.push_back(a == std::string::npos ? "" : item.substr(a, b - a + 1));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// The first stopping signal, for run_arena's workers and for the command once it returns.
std::atomic<bool> g_interrupt{false};
volatile std::sig_atomic_t g_signal = 0;

// Interrupted (Ctrl-C, kill): the engines go at once (regression: engines in their own process
// groups, which a terminal's Ctrl-C does not reach, outlived whist), the workers stop, and the
// sets played whole are reported before whist ends as the signal would end it (regression: the
// handler ended whist at once, and every result was lost). A second signal ends it at once.
extern "C" void on_arena_signal(int sig) {
  for (int s : kStopSignals) std::signal(s, SIG_DFL);
  g_signal = sig;
  g_interrupt.store(true);
  kill_engines_now();
}

// Set when standard output was found to be a pipe nobody reads any more: the run stops.
std::atomic<bool> g_output_gone{false};

// Whether standard output is a pipe (or socket) whose reader has gone, so that no report could be
// written: poll() says POLLERR (POLLHUP) of it. A full pipe still read, a file or a terminal is
// not gone.
bool output_gone() {
  pollfd p{STDOUT_FILENO, POLLOUT, 0};
  return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

// The game options given that the arena does not play as given: it scores each deal alone (see
// ai/arena.h), so a warning says so rather than a silent run of other rules (regression:
// zero_play=start and end=target target_score=5 were taken without a word).
void warn_of_overridden_options(const GameArgs& game, const Rules& rules) {
  for (const std::string& o : game.options) {
    const size_t eq = o.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = o.substr(0, eq), value = o.substr(eq + 1);
    std::string why;
    // Only what would change the game as given (regression: streak_bonus=0 and target_score
    // under end=schedule, which change nothing, were warned of).
    const bool streaks = name.starts_with("streak_") && rules.streak_bonus != 0;
    const bool misses = name.starts_with("miss_") && rules.miss_penalty != 0;
    if (name == "zero_play" && value != "off") {
      why = "the arena plays with zero play off (a plan for a whole game, not a deal)";
    } else if (streaks || misses) {
      why = "the arena scores each deal alone, without streak bonuses and miss penalties";
    } else if ((name == "target_score" || name == "end" || name == "deals") &&
               rules.end == GameEnd::Target) {
      // deals is the cap of a game to a target (regression: israeli deals=2 was taken without a
      // word, and the JSON's options said it was played).
      why =
          "the arena plays --deals deal sets over one pass of the schedule, not a game to a "
          "target";
    }
    if (!why.empty()) {
      std::fputs(fmt::format("whist arena: warning: {} is ignored: {}\n",
                             escape_control_characters(o), why)
                     .c_str(),
                 stderr);
    }
  }
}

// The report of the sets played, as of a run of that many. Written with fputs, which does not
// throw where fmt::print would on a write error (SIGPIPE is ignored): main() says that the output
// could not be written.
void print_report(const ArenaArgs& args, const ArenaConfig& config, const ArenaRun& run) {
  ArenaConfig reported = config;
  reported.deals = run.sets_reported;
  // The threads that ran: no more than the deal sets (regression: "8 threads" for 2 sets).
  reported.threads = std::min(config.threads, config.deals);
  const std::string text =
      args.json ? arena_json(reported, run.report) + "\n" : arena_table(reported, run.report);
  std::fputs(text.c_str(), stdout);
}

int run_arena_command(const ArenaArgs& args) {
  for (int sig : kStopSignals) std::signal(sig, on_arena_signal);
  // A closed pipe on stdout or stderr (`whist arena ... 2>&1 | head`) is a write error, not a
  // SIGPIPE that ends whist at once with its engines left running (regression: they outlived
  // it, orphaned). Progress lost on stderr loses no result; a stdout gone stops the run below.
  // The engines get the default disposition back (Process::start).
  std::signal(SIGPIPE, SIG_IGN);
  const auto rules = make_rules(args.game);
  if (!rules.error.empty()) {
    print_error("arena", "{}", rules.error);
    return 2;
  }
  warn_of_overridden_options(args.game, rules.rules);
  ArenaConfig config;
  config.rules = rules.rules;
  config.bots = split_specs(args.bots);
  config.deals = args.deals;
  config.seed = args.seed;
  config.threads = args.threads;
  config.ext_timeout_ms = args.ext_timeout_ms;
  for (const auto& spec : config.bots) {
    if (spec.empty()) {
      print_error("arena", "--bots '{}' has an empty bot spec", args.bots);
      return 2;
    }
  }
  if (!arena_reproducible(config.bots)) {
    std::fputs(
        "whist arena: warning: a bot stops its search by the clock (ismcts:ms=N): the results "
        "depend on the machine's speed and load, not on the seed alone\n",
        stderr);
  }
  config.interrupt = &g_interrupt;
  Progress progress("arena", "deal sets", args.deals, args.quiet || args.deals < 1);
  config.on_progress = [&progress](int done) {
    progress.update(done);
    // No report could be written: the run stops as if interrupted, its engines killed, rather
    // than play on for nobody (regression: whist was killed by SIGPIPE mid-run).
    if (!g_output_gone.load() && output_gone()) {
      g_output_gone.store(true);
      g_interrupt.store(true);
      kill_engines_now();
    }
  };
  const ArenaRun run = run_arena(config);
  progress.finish();  // ends the bar's line, interrupted or not
  if (const int sig = g_signal; sig != 0) {
    // A failure after the signal is the signal's doing (its handler kills the engines): unsaid;
    // one before it is said.
    if (!run.error.empty() && !run.bad_input) print_error("arena", "{}", run.error);
    if (run.interrupted || run.bad_input) {
      std::fputs(fmt::format("whist arena: interrupted by {} after {} of {} deal sets{}\n",
                             signal_name(sig), run.sets_reported, config.deals,
                             run.sets_reported > 0 ? "; the results of those sets follow" : "")
                     .c_str(),
                 stderr);
    }
    if (!run.bad_input && run.sets_reported > 0) {
      print_report(args, config, run);
      std::fflush(stdout);
    }
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return 128 + sig;  // should the signal be blocked
  }
  // (Found after the last set, the run is whole: its report is written, and its failure said by
  // main().)
  if (g_output_gone.load() && run.interrupted) {
    // A failure before it was seen is said; none comes after (the engines were killed unsaid).
    if (!run.error.empty()) print_error("arena", "{}", run.error);
    print_error("arena",
                "cannot write the output to standard output: {} (its reader has gone); stopped "
                "after {} of {} deal sets",
                std::strerror(EPIPE), run.sets_reported, config.deals);
    return 1;
  }
  if (!run.error.empty()) {
    print_error("arena", "{}", run.error);
    if (run.bad_input || run.sets_reported == 0) return run.bad_input ? 2 : 1;
    // The sets played before the failure are reported, as of a run of that many (regression: a
    // long run lost every result to one engine's failure near its end).
    std::fprintf(stderr, "whist arena: the results of the %d deal set%s before it follow\n",
                 run.sets_reported, run.sets_reported == 1 ? "" : "s");
  }
  print_report(args, config, run);
  // A signal while the report was written (a full pipe) ends whist as it would have, the report
  // written (regression: it was swallowed, and the run exited 0).
  if (const int sig = g_signal; sig != 0) {
    std::fflush(stdout);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return 128 + sig;
  }
  return run.error.empty() ? 0 : 1;
}

}  // namespace

void add_arena(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "arena", "match bots in duplicate deals: mean points per deal with 95% intervals");
  auto args = std::make_shared<ArenaArgs>();
  add_game_options(*cmd, args->game);
  cmd->add_option("--bots", args->bots,
                  "one bot spec per seat, comma separated: random, heuristic, "
                  "ismcts[:LEVEL][:key=value]..., expert[:LEVEL][:key=value]..., ext:COMMAND; "
                  "LEVEL is easy, normal (the default), hard or max; the settings are listed in "
                  "docs/strength.md (\"Bot settings\"), engines in docs/bot-protocol.md")
      ->required()
      ->check(not_empty());
  cmd->add_option("--deals", args->deals,
                  "deal sets, each played once per rotation of the bots (1 to 1000000)")
      ->transform(whole_number_in(1, kMaxArenaDeals))
      ->capture_default_str();
  cmd->add_option("--seed", args->seed,
                  "random seed (the results depend on it alone, unless a bot stops by the clock: "
                  "ismcts:ms=N)")
      ->transform(whole_number_u64())
      ->capture_default_str();
  cmd->add_option("--threads", args->threads,
                  "worker threads, 1 to 256 (the results do not depend on it)")
      ->transform(whole_number_in(1, kMaxArenaThreads))
      ->capture_default_str();
  cmd->add_option("--ext-timeout", args->ext_timeout_ms,
                  "milliseconds an external engine may take to answer (default 10000)")
      ->transform(whole_number_in(1, 86400000));
  cmd->add_flag("--json", args->json, "print one JSON object instead of the table");
  cmd->add_flag("--quiet", args->quiet, "no progress on stderr");
  cmd->callback([args, &status] { status = run_arena_command(*args); });
}

}  // namespace whist::cli
