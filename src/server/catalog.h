// What a lobby offers (GET /api/variants): the presets with their players and every option that
// applies, with its default and the values it accepts, and the scoring systems.
#pragma once

#include <nlohmann/json.hpp>

namespace whist::server {

nlohmann::json variants_json();

}  // namespace whist::server
