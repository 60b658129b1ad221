// `whist variants [NAME]`: the presets, or one preset's options with their defaults.
#include <fmt/core.h>

#include "cli/commands.h"
#include "rules/options.h"
#include "rules/presets.h"
#include "rules/scoring.h"

namespace whist::cli {

void add_variants(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("variants", "list the presets, or show one preset's options");
  auto name = std::make_shared<std::string>();
  auto* given = cmd->add_option("name", *name, "a preset to show in full");
  cmd->callback([name, given, &status] {
    if (given->count() == 0) {
      for (const auto& p : presets()) fmt::print("{:<12} {}\n", p.name, p.description);
      fmt::print("\nScoring systems (option scoring=NAME):\n");
      for (int i = 0; i < kNumScorings; ++i) {
        const auto s = static_cast<Scoring>(i);
        fmt::print("  {:<25} {}\n", scoring_name(s), scoring_description(s));
      }
      return;
    }
    const auto rules = make_preset(*name);
    if (!rules) {
      std::string known;
      for (const auto& p : presets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
      print_error("variants", "unknown variant '{}' (known: {})", *name, known);
      status = 2;
      return;
    }
    for (const auto& p : presets()) {
      if (p.name == *name) fmt::print("{}: {}\n", p.name, p.description);
    }
    fmt::print("players: {} (from {} to {})\n\n", rules->players, rules->min_players,
               rules->max_players);
    for (const auto& o : options()) {
      if (!option_applies(o.name, rules->family)) continue;
      fmt::print("{:<16} = {:<18} {} [{}]\n", o.name, o.get(*rules),
                 option_description(o, rules->family), o.values);
    }
  });
}

}  // namespace whist::cli
