// The score sheet as the seeds draw it: a column with cards dealt and trump, then each player's
// bid and running total, one row per deal. In Israeli whist the first column is the auction's
// winning bid ("7 S", "6 NT"), the declarer's contract is marked "*7", each row notes "over" or
// "under", and a thrown-in hand is a row of "-" noted "thrown in" (docs/rules.md, section 7). In
// Call-Ace whist a row is the contract ("8 turn", "sun"), trump, the called card, then each
// player's payment ("*" marks the declarer's) and running balance, noted with the partner or
// "alone" and the declaring side's tricks; a hand all passed is noted "all passed, redeal" (or
// "all passed, thrown in" with redeal=off) (docs/rules.md, sections 7 and 11). Columns are
// measured in terminal columns (core/text.h's display_width), and a sheet keeps within
// SheetStyle::max_width (docs/score-format.md, "Wide and long names").
#pragma once

#include <string>
#include <vector>

#include "game/match.h"
#include "game/tally.h"

namespace whist {

// The narrowest terminal a sheet is drawn for: `whist score`'s and `whist play`'s.
inline constexpr int kSheetWidth = 80;

struct SheetStyle {
  bool unicode = false;  // suit symbols (♠) instead of letters (S)
  // The columns a line may take: long names are shortened to fit (a legend under the sheet
  // gives them whole), and a row's notes that would pass it go on the line below.
  int max_width = kSheetWidth;
};

// What a sheet shows: the rules, the names by seat, the finished deals, and once the game is over
// its winners (the winner line). A match gives one; so does the scorekeeper, which has no cards.
struct SheetData {
  const Rules& rules;
  const std::vector<std::string>& names;
  const std::vector<DealResult>& results;
  bool finished = false;
  std::vector<int> winners;
};

std::string format_sheet(const SheetData& data, SheetStyle style = {});
std::string format_sheet(const Match& match, SheetStyle style = {});

}  // namespace whist
