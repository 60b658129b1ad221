#include "cli/setup.h"

#include "cli/commands.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist::cli {

void add_game_options(CLI::App& cmd, GameArgs& args) {
  cmd.add_option("--variant", args.variant, "preset (see `whist variants`)")
      ->check(not_empty())
      ->capture_default_str();
  // 0 stands for the preset's number inside, so it is refused here (regression: --players 0 ran
  // with 4).
  cmd.add_option("--players", args.players, "number of players (default: the preset's)")
      ->transform(whole_number_in(1, 1000));
  cmd.add_option("options", args.options, "option=value pairs (see `whist variants NAME`)");
}

std::string unknown_variant(const std::string& name) {
  return "unknown variant '" + name + "' (see `whist variants`)";
}

RulesOrError make_rules(const GameArgs& args) {
  RulesOrError out;
  auto rules = make_preset(args.variant, args.players);
  if (!rules) {
    out.error = unknown_variant(args.variant);
    return out;
  }
  for (size_t i = 0; i < args.options.size(); ++i) {
    const std::string& o = args.options[i];
    // Regression: the last of two values won silently (--variant twice is refused, as is a bot
    // setting twice).
    const std::string name = o.substr(0, o.find('='));
    for (size_t j = 0; j < i; ++j) {
      if (args.options[j].substr(0, args.options[j].find('=')) == name && o.find('=') != o.npos) {
        out.error = "option " + quote_input(name) + " given twice";
        return out;
      }
    }
    out.error = set_option(*rules, o);
    if (!out.error.empty()) return out;
  }
  out.error = validate(*rules);
  if (out.error.empty()) out.error = zero_play_unusable(*rules);
  // Regression: deals=N without end=deals, or target_score without end=target, was ignored.
  for (size_t i = 0; i < args.options.size() && out.error.empty(); ++i) {
    out.error = unread_option(*rules, args.options[i].substr(0, args.options[i].find('=')));
  }
  out.rules = *rules;
  return out;
}

}  // namespace whist::cli
