// `whist arena`: bots against each other in duplicate deals (see ai/arena.h), with a table of
// mean points per deal and their confidence intervals, bid accuracy and decision times.
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <thread>

#include "ai/arena.h"
#include "ai/external.h"
#include "cli/commands.h"
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

using Clock = std::chrono::steady_clock;

std::string duration_text(double secs) {
  const auto s = static_cast<long>(secs + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

// Progress on stderr: on a terminal a bar redrawn in place five times a second; otherwise a line
// at every tenth of the run and at least every 30 s; nothing when quiet.
class Progress {
 public:
  Progress(int total, bool quiet) : total_(total), start_(Clock::now()) {
    if (quiet) return;
    terminal_ = isatty(STDERR_FILENO) == 1;
    ticker_ = std::thread([this] { loop(); });
  }
  ~Progress() { finish(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void update(int done) { done_.store(done); }

  // Draws the last state and stops the ticker.
  void finish() {
    if (!ticker_.joinable()) return;
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    ticker_.join();
    if (drawn_ || done_.load() > 0) draw(true);
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; })) {
      draw(false);
    }
  }

  void draw(bool last) {
    drawn_ = true;
    const int done = done_.load();
    const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    const double rate = secs > 0 ? done / secs : 0;
    const std::string eta = rate > 0 ? duration_text((total_ - done) / rate) : "?";
    if (terminal_) {
      constexpr int kWidth = 30;
      const int filled = total_ > 0 ? done * kWidth / total_ : kWidth;
      fmt::print(stderr, "\r[{}{}] {}/{} deal sets  {:.1f}/s  ETA {}\033[K{}",
                 std::string(static_cast<size_t>(filled), '#'),
                 std::string(static_cast<size_t>(kWidth - filled), '.'), done, total_, rate, eta,
                 last ? "\n" : "");
      std::fflush(stderr);
      return;
    }
    const int decile = total_ > 0 ? done * 10 / total_ : 10;
    const bool due = decile > last_decile_ || secs - last_line_ >= 30;
    if (!due || (last && done == last_done_)) return;
    fmt::print(stderr, "arena: {}/{} deal sets ({}%), {:.1f}/s, ETA {}\n", done, total_,
               total_ > 0 ? done * 100 / total_ : 100, rate, eta);
    last_decile_ = decile;
    last_line_ = secs;
    last_done_ = done;
  }

  const int total_;
  const Clock::time_point start_;
  bool terminal_ = false;
  std::atomic<int> done_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  bool drawn_ = false;
  std::thread ticker_;
  int last_decile_ = 0;
  double last_line_ = 0;
  int last_done_ = 0;
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
  Progress progress(args.deals, args.quiet || args.deals < 1);
  config.on_progress = [&progress](int done) { progress.update(done); };
  const ArenaRun run = run_arena(config);
  progress.finish();
  if (!run.error.empty()) {
    print_error("arena", "{}", run.error);
    if (run.bad_input || run.sets_reported == 0) return run.bad_input ? 2 : 1;
    // The sets played before the failure are reported, as of a run of that many (regression: a
    // long run lost every result to one engine's failure near its end).
    std::fprintf(stderr, "whist arena: the results of the %d deal sets before it follow\n",
                 run.sets_reported);
  }
  ArenaConfig reported = config;
  reported.deals = run.sets_reported;
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
      ->required();
  cmd->add_option("--deals", args->deals,
                  "deal sets, each played once per rotation of the bots (1 to 1000000)");
  cmd->add_option("--seed", args->seed, "random seed (the results depend on it alone)")
      ->check(whole_number_u64());
  cmd->add_option("--threads", args->threads,
                  "worker threads, 1 to 256 (the results do not depend on it)");
  cmd->add_option("--ext-timeout", args->ext_timeout_ms,
                  "milliseconds an external engine may take to answer (default 10000)");
  cmd->add_flag("--json", args->json, "print one JSON object instead of the table");
  cmd->add_flag("--quiet", args->quiet, "no progress on stderr");
  cmd->callback([args, &status] { status = run_arena_command(*args); });
}

}  // namespace whist::cli
