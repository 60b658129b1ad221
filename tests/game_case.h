// A game for a parameterised test: a preset, its number of players and options; named for
// GoogleTest ("romanian_4_zero_play_start") and printed as "romanian for 4 zero_play=start".
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <ostream>
#include <string>
#include <vector>

#include "rules/presets.h"

namespace whist::test_games {

struct GameCase {
  std::string variant;
  int players = 0;
  std::vector<std::string> options;
};

inline void PrintTo(const GameCase& c, std::ostream* os) {
  *os << c.variant << " for " << c.players;
  for (const auto& o : c.options) *os << " " << o;
}

inline std::string case_name(const testing::TestParamInfo<GameCase>& info) {
  std::string n = info.param.variant + "_" + std::to_string(info.param.players);
  for (const auto& o : info.param.options) n += "_" + o;
  for (char& ch : n) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

// Every preset at every number of players it allows, with its default options.
inline std::vector<GameCase> every_preset_and_player_count() {
  std::vector<GameCase> out;
  for (const auto& p : presets()) {
    const auto r = make_preset(p.name);
    for (int n = r->min_players; n <= r->max_players; ++n)
      out.push_back({std::string(p.name), n, {}});
  }
  return out;
}

}  // namespace whist::test_games
