// The score sheet as the seeds draw it: a column with cards dealt and trump, then each player's
// bid and running total, one row per deal.
#pragma once

#include <string>

#include "game/match.h"

namespace whist {

struct SheetStyle {
  bool unicode = false;  // suit symbols (♠) instead of letters (S)
};

std::string format_sheet(const Match& match, SheetStyle style = {});

}  // namespace whist
