#include "cli/setup.h"

#include "rules/options.h"
#include "rules/presets.h"

namespace whist::cli {

void add_game_options(CLI::App& cmd, GameArgs& args) {
  cmd.add_option("--variant", args.variant, "preset (see `whist variants`)");
  cmd.add_option("--players", args.players, "number of players (default: the preset's)");
  cmd.add_option("options", args.options, "option=value pairs (see `whist variants NAME`)");
}

RulesOrError make_rules(const GameArgs& args) {
  RulesOrError out;
  auto rules = make_preset(args.variant, args.players);
  if (!rules) {
    out.error = "unknown variant '" + args.variant + "' (see `whist variants`)";
    return out;
  }
  for (const auto& o : args.options) {
    out.error = set_option(*rules, o);
    if (!out.error.empty()) return out;
  }
  out.error = validate(*rules);
  out.rules = *rules;
  return out;
}

}  // namespace whist::cli
