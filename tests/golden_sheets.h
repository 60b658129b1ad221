// Score sheets printed in the rule texts (docs/rules.md), shared by every test that produces
// them: from a match played with cards, and from the scorekeeper's answers alone.
#pragma once

#include <string_view>

namespace whist {

// Seed 000's two-deal Serbian game (the sheet's letters layout).
inline constexpr std::string_view kSerbianSeed000Sheet =
    "         Igor   Jovana    Dunja    Dušan\n"
    "----------------------------------------\n"
    "13 S    2  12    4  14    2   1    6  16\n"
    "12 D    1  14    3  27    5   5    4  19\n"
    "----------------------------------------\n"
    "winner: Jovana (27)\n";

// docs/rules.md's Call-Ace example: payments and balances, a redeal, a lone declarer. The first
// row's notes would pass 80 columns, so they go on the line below.
inline constexpr std::string_view kCallAceRulesSheet =
    "contract  trump call      Anna        Bo      Cleo      Dag\n"
    "-----------------------------------------------------------\n"
    "8 turn    NT    AH    *+12  12   -12 -12   +12  12  -12 -12\n"
    "                      partner Cleo, 10 tricks\n"
    "-                        -  12     - -12     -  12    - -12  all passed, redeal\n"
    "9 quarter S     -      +16  28  *-48 -60   +16  28  +16   4  alone, 8 tricks\n"
    "sun       NT    -       -5  23    -5 -65  *+15  43   -5  -1  alone, 1 trick\n"
    "-----------------------------------------------------------\n"
    "winner: Cleo (43)\n";

}  // namespace whist
