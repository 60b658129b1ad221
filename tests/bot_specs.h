// The bots the bot tests run, and the games they run them in: one list, so a new bot is tested
// everywhere by adding one line.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "rules/options.h"
#include "rules/presets.h"

namespace whist::test_bots {

struct BotSpec {
  std::string spec;
  int deals;      // deals per game case in BotPlay
  int positions;  // mid-deal positions per game case in BotHonesty
  // Whether BotPlay plays whole matches (the last one finished past `deals`); the searching
  // bots play single deals from random places in the schedule instead, as the arena does, so
  // that their cost is set by `deals` alone.
  bool whole_matches = true;
};

// WHIST_BOT_DEALS scales every count down (or up) by a percentage: the sanitizer build uses
// fewer.
inline int scaled(int n) {
  if (const char* env = std::getenv("WHIST_BOT_DEALS")) {
    return std::max(1, n * std::atoi(env) / 100);
  }
  return n;
}

inline std::vector<BotSpec> bot_specs() {
  return {
      {"random", 1500, 60},
      {"heuristic", 1500, 60},
      {"ismcts:iterations=30", 20, 10, false},
      {"expert:easy", 20, 10, false},
      // Card play that turns to the solver at the first choice unlike the model's.
      {"expert:easy:adapt=1", 6, 4, false},
  };
}

struct GameCase {
  std::string variant;
  int players;
  std::vector<std::string> options;
};

inline std::string case_label(const GameCase& c) {
  std::string n = c.variant + "_" + std::to_string(c.players);
  for (const auto& o : c.options) n += "_" + o;
  for (char& ch : n) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

inline void PrintTo(const GameCase& c, std::ostream* os) { *os << case_label(c); }

// Every preset with 3 to 6 players where it allows them, and the options that add phases
// (the dealer's one-card mode, forehead and blind deals, zero play, special hands, the Israeli
// and Call-Ace variations).
inline std::vector<GameCase> game_cases() {
  std::vector<GameCase> out;
  for (const auto& p : presets()) {
    const Rules r = p.make();
    for (int n = std::max(3, r.min_players); n <= std::min(6, r.max_players); ++n) {
      out.push_back({std::string(p.name), n, {}});
    }
  }
  out.push_back(
      {"romanian",
       4,
       {"one_card_mode=dealer", "zero_play=before-pivot", "special_hands=blind,zero,eight"}});
  out.push_back({"romanian", 3, {"one_card_mode=forehead"}});
  out.push_back({"triangular", 5, {"one_card_mode=blind", "schedule=8-1-8"}});
  out.push_back({"serbian", 5, {"must_trump=off", "hook=off", "scoring=israeli"}});
  out.push_back({"oh-hell", 4, {"scoring=negative", "zero_play=10-before-end"}});
  out.push_back({"israeli", 4, {"auction_passes=3", "declarer_raise=on"}});
  out.push_back({"israeli", 4, {"pass_rounds=1", "pass_cards=2", "end=deals", "deals=40"}});
  // The longest list of legal actions: a pass and 65 bids, 1♣ to 13NT.
  out.push_back({"israeli", 4, {"auction_min=1", "end=deals", "deals=40"}});
  out.push_back({"call-ace", 4, {"joker_any_time=off", "redeal=off"}});
  return out;
}

inline Rules make_rules(const GameCase& c) {
  Rules r = *make_preset(c.variant, c.players);
  for (const auto& o : c.options) set_option(r, o);
  return r;
}

}  // namespace whist::test_bots
