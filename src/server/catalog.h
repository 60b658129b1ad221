// What a lobby offers (GET /api/variants): the presets with their players and every option that
// applies, with its default and the values it accepts, the scoring systems, and the levels of
// the searching bots that a new table may seat.
#pragma once

#include <nlohmann/json.hpp>

#include "ai/bot.h"
#include "rules/rules.h"

namespace whist::server {

// Every state sends a game's whole score, and its replay every frame: both grow with the game.
// A table plays at most this many deals, the rules' own cap for a game to a target (past some
// 3,000 deals one state would be over a connection's 1 MiB queue). The lobby's range for `deals`.
inline constexpr int kMaxTableDeals = kDefaultTargetDealCap;

nlohmann::json variants_json(Level max_bot_level);

}  // namespace whist::server
