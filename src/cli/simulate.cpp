// `whist simulate`: whole matches between random legal bots, every invariant checked after
// every action. Prints mean totals, matches per second and cards per second.
#include <fmt/core.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/setup.h"
#include "game/invariants.h"
#include "game/match.h"

namespace whist::cli {

namespace {

struct SimulateArgs {
  GameArgs game;
  int games = 100;
  uint64_t seed = 1;
  bool json = false;
  bool quiet = false;
};

int run_simulate(const SimulateArgs& args) {
  auto rules = make_rules(args.game);
  if (!rules.error.empty()) {
    print_error("simulate", "{}", rules.error);
    return 2;
  }
  const int n = rules.rules.players;
  std::vector<std::string> names;
  for (int p = 0; p < n; ++p) names.push_back("random" + std::to_string(p + 1));
  Rng master(args.seed);
  std::vector<double> sums(static_cast<size_t>(n), 0.0);
  uint64_t cards = 0, actions = 0, deals = 0;
  const auto start = std::chrono::steady_clock::now();
  // Regression: a run of minutes was silent until its end.
  Progress progress("simulate", "games", args.games, args.quiet || args.games < 1);
  for (int g = 0; g < args.games; ++g) {
    Rng rng = master.split();
    Match match(rules.rules, names, static_cast<int>(rng.below(static_cast<uint32_t>(n))));
    while (!match.finished()) {
      match.deal_random(rng);
      const Hands dealt = match.log().back().hands;
      while (match.in_deal()) {
        const ActionList legal = match.state().legal_actions();
        const Action a = legal.items[rng.below(static_cast<uint32_t>(legal.size))];
        cards += a.kind() == ActionKind::Play;
        ++actions;
        match.apply(a);
        const std::string broken = check_invariants(match.state(), dealt);
        if (!broken.empty()) {
          print_error("simulate", "game {}, deal {}: invariant broken: {}", g + 1,
                      match.deal_index() + 1, broken);
          return 1;
        }
      }
      ++deals;
    }
    for (int p = 0; p < n; ++p) sums[p] += match.totals()[p].as_double();
    progress.update(g + 1);
  }
  progress.finish();
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<double> means;
  for (double s : sums) means.push_back(args.games > 0 ? s / args.games : 0.0);
  const double mps = secs > 0 ? args.games / secs : 0.0;
  const double cps = secs > 0 ? static_cast<double>(cards) / secs : 0.0;
  if (args.json) {
    nlohmann::json j = {{"variant", rules.rules.variant},
                        {"players", n},
                        {"games", args.games},
                        {"seed", args.seed},
                        {"deals", deals},
                        {"actions", actions},
                        {"cards", cards},
                        {"mean_totals", means},
                        {"matches_per_second", mps},
                        {"cards_per_second", cps}};
    fmt::print("{}\n", j.dump());
    return 0;
  }
  fmt::print("{} games of {} for {} players, seed {}: {} deals, {} cards played\n", args.games,
             rules.rules.variant, n, args.seed, deals, cards);
  fmt::print("mean totals:");
  for (int p = 0; p < n; ++p) fmt::print(" {}={:.2f}", names[p], means[p]);
  fmt::print("\nall invariants held; {:.0f} matches/s, {:.0f} cards/s (with checks)\n", mps, cps);
  return 0;
}

}  // namespace

void add_simulate(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "simulate", "play random legal bots against each other, checking every invariant");
  auto args = std::make_shared<SimulateArgs>();
  add_game_options(*cmd, args->game);
  // The defaults shown (regression: the help said none, though 100 games of seed 1 are played).
  cmd->add_option("--games", args->games, "matches to play")
      ->transform(whole_number_in(0, 100000000))
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "random seed")
      ->transform(whole_number_u64())
      ->capture_default_str();
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_flag("--quiet", args->quiet, "no progress on stderr");
  cmd->callback([args, &status] { status = run_simulate(*args); });
}

}  // namespace whist::cli
