// The option table: every field of Rules that a player can set, by the name records and the
// command line use (`scoring=triangular`), with its text form and a one-line description.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "rules/rules.h"

namespace whist {

struct OptionInfo {
  std::string_view name;
  std::string_view values;  // the accepted values, e.g. "on|off" or "a number 1-13"
  std::string_view description;
  std::string (*get)(const Rules&);
  // Sets the option from text; returns an error message (empty on success).
  std::string (*set)(Rules&, std::string_view);
};

std::span<const OptionInfo> options();

// Whether an option means anything in a family of games (e.g. `hook` in Call-Ace whist does not).
bool option_applies(std::string_view name, Family family);
const OptionInfo* find_option(std::string_view name);
// An option's description for a family of games: OptionInfo::description, except where the
// family changes who the option concerns (`hook`: in Israeli whist the last to bid is the seat
// before the declarer, not the dealer).
std::string_view option_description(const OptionInfo& option, Family family);

// Why an option given as name=value is not read by the game `rules` describe: `deals` without
// end=deals or end=target, `target_score` without end=target; empty when it is read. Checked where
// a user gives the pairs (the command line, a new table), not by validate(): presets and records
// hold every field whatever `end` is. The preset's own value is never refused, so that a form
// sending every default is accepted.
std::string unread_option(const Rules& rules, std::string_view name);

// Sets one option; on failure the message names the option and the accepted values.
std::string set_option(Rules& rules, std::string_view name, std::string_view value);
// Parses `name=value`.
std::string set_option(Rules& rules, std::string_view assignment);

}  // namespace whist
