// The scorekeeper's files (docs/score-format.md): the save file "whist-score/1" (the rules, the
// players, what was said in every deal and in the deal in progress), read back with every deal
// checked again; and the exports of the sheet, CSV and JSON ("whist-score-sheet/1").
#pragma once

#include <memory>
#include <string>

#include "game/scorekeeper.h"

namespace whist {

inline constexpr const char* kScoreFormat = "whist-score/1";
inline constexpr const char* kScoreSheetFormat = "whist-score-sheet/1";

// The save file's text.
std::string write_score_file(const Scorekeeper& keeper);

struct ScoreFileResult {
  std::unique_ptr<Scorekeeper> keeper;  // set when there was no error
  std::string error;                    // e.g. "deal 3: Dana bids 1: the hook forbids bid 1 ..."
};

// Reads a save file and takes every deal down again.
ScoreFileResult read_score_file(const std::string& text);

// The sheet as CSV: a header, then one row per finished deal (deal, dealer, cards, trump, the
// contract columns of Israeli and Call-Ace whist, and each player's bid, tricks, points, total).
std::string score_csv(const Scorekeeper& keeper);
// The sheet as JSON: the deals with every player's bid, tricks, points, bonus and total, the
// totals, whether the game is over and its winners.
std::string score_json(const Scorekeeper& keeper);

}  // namespace whist
