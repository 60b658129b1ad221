// The `random` bot: a uniformly random legal action.
#pragma once

#include <memory>

#include "ai/bot.h"

namespace whist {

std::unique_ptr<Bot> make_random_bot();

}  // namespace whist
