// Named presets: the games of the rule texts as Rules values.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "rules/rules.h"

namespace whist {

struct PresetInfo {
  std::string_view name;
  std::string_view description;
  Rules (*make)();
};

std::span<const PresetInfo> presets();

// The preset's rules for `players` players (0 = the preset's usual number), or nullopt for an
// unknown name. The player count is checked by validate(), not here.
std::optional<Rules> make_preset(std::string_view name, int players = 0);

}  // namespace whist
