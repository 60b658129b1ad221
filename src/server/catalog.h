// What a lobby offers (GET /api/variants): the presets with their players and every option that
// applies, with its default and the values it accepts, the scoring systems, and the levels of
// the searching bots that a new table may seat.
#pragma once

#include <nlohmann/json.hpp>

#include "ai/bot.h"

namespace whist::server {

nlohmann::json variants_json(Level max_bot_level);

}  // namespace whist::server
