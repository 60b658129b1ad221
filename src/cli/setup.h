// What every game-starting subcommand shares: --variant, --players and option=value pairs.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "rules/rules.h"

namespace whist::cli {

struct GameArgs {
  std::string variant = "romanian";
  int players = 0;                   // 0 = the preset's usual number
  std::vector<std::string> options;  // option=value
};

void add_game_options(CLI::App& cmd, GameArgs& args);

struct RulesOrError {
  Rules rules;
  std::string error;
};

RulesOrError make_rules(const GameArgs& args);
// The refusal of a preset name that is none (as make_rules says it).
std::string unknown_variant(const std::string& name);

}  // namespace whist::cli
