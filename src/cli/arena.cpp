// `whist arena`: bots against each other in duplicate deals (see ai/arena.h), with a table of
// mean points per deal and their confidence intervals, bid accuracy and decision times.
#include <fmt/core.h>

#include <csignal>
#include <cstdio>

#include "ai/arena.h"
#include "ai/external.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/setup.h"

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

// Interrupted (Ctrl-C, kill): the engines go first, then the program as the signal would take it
// (regression: engines in their own process groups, which a terminal's Ctrl-C does not reach,
// outlived whist).
extern "C" void on_arena_signal(int sig) {
  kill_engines_now();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

int run_arena_command(const ArenaArgs& args) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, on_arena_signal);
  const auto rules = make_rules(args.game);
  if (!rules.error.empty()) {
    print_error("arena", "{}", rules.error);
    return 2;
  }
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
  Progress progress("arena", "deal sets", args.deals, args.quiet || args.deals < 1);
  config.on_progress = [&progress](int done) { progress.update(done); };
  const ArenaRun run = run_arena(config);
  progress.finish();
  if (!run.error.empty()) {
    print_error("arena", "{}", run.error);
    if (run.bad_input || run.sets_reported == 0) return run.bad_input ? 2 : 1;
    // The sets played before the failure are reported, as of a run of that many (regression: a
    // long run lost every result to one engine's failure near its end).
    std::fprintf(stderr, "whist arena: the results of the %d deal set%s before it follow\n",
                 run.sets_reported, run.sets_reported == 1 ? "" : "s");
  }
  ArenaConfig reported = config;
  reported.deals = run.sets_reported;
  // The threads that ran: no more than the deal sets (regression: "8 threads" for 2 sets).
  reported.threads = std::min(config.threads, config.deals);
  if (args.json) {
    fmt::print("{}\n", arena_json(reported, run.report));
  } else {
    fmt::print("{}", arena_table(reported, run.report));
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
                  "one bot spec per seat, comma separated: random, heuristic, ismcts[:LEVEL], "
                  "expert[:LEVEL], ext:COMMAND")
      ->required()
      ->check(not_empty());
  cmd->add_option("--deals", args->deals,
                  "deal sets, each played once per rotation of the bots (1 to 1000000)")
      ->check(whole_number_in(1, kMaxArenaDeals));
  cmd->add_option("--seed", args->seed, "random seed (the results depend on it alone)")
      ->check(whole_number_u64());
  cmd->add_option("--threads", args->threads,
                  "worker threads, 1 to 256 (the results do not depend on it)")
      ->check(whole_number_in(1, kMaxArenaThreads));
  cmd->add_option("--ext-timeout", args->ext_timeout_ms,
                  "milliseconds an external engine may take to answer (default 10000)")
      ->check(whole_number_in(1, 86400000));
  cmd->add_flag("--json", args->json, "print one JSON object instead of the table");
  cmd->add_flag("--quiet", args->quiet, "no progress on stderr");
  cmd->callback([args, &status] { status = run_arena_command(*args); });
}

}  // namespace whist::cli
