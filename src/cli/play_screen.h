// `whist play`: what the terminal shows, as text. Only what a seat may see is shown: everything
// about the deal comes from the seat's PlayerView, or from the public course of the deal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/play_input.h"
#include "game/match.h"

namespace whist::cli {

// What the screen's long lines are kept within: a terminal's smallest usual width.
inline constexpr int kScreenWidth = 80;

struct Style {
  bool unicode = false;  // suit symbols ♠ ♥ ♦ ♣ instead of letters S H D C
  bool colour = false;   // ANSI colours: red hearts and diamonds, dimmed cards that cannot go
};

std::string card_text(Card c, const Style& style);

// `items` with `sep` between them.
std::string join(const std::vector<std::string>& items, std::string_view sep);
// `head`, then `items` with `sep` between them, then `tail` and a line break, broken before an
// item that would pass `max_width` columns (colour codes take none), the next line indented by two;
// after `head` too when the first item does not fit there.
std::string wrap_list(std::string_view head, const std::vector<std::string>& items,
                      std::string_view sep, std::string_view tail, int max_width = kScreenWidth);
// `text` with each line that passes `max_width` columns broken between words, never inside one of
// the phrases `whole` (the players' names, "NAME 10♥"), the lines after the first indented by two
// more than it: a sentence that names players of 24 characters (48 columns in CJK) fits the screen.
std::string wrap_text(std::string_view text, const std::vector<std::string>& whole = {},
                      int max_width = kScreenWidth);
// `text` (a bot's reasons, written with record cards: "TH: holds the trick") with every card
// written as the screen writes it ("10H", "10♥").
std::string cards_restyled(std::string_view text, const Style& style);
// A rule's reason for refusing an action ("must trump C (void in H)", "bid 5S does not beat
// 5NT"), its cards and suits written as the screen writes them ("must trump ♣ (void in ♥)").
std::string reason_restyled(std::string_view text, const Style& style);
std::string suit_text(Suit s, const Style& style);
// An action in a sentence: "2", "Q♥", "6♠", "8 good", "the forehead mode", "trump ♥".
std::string action_text(Action a, const Style& style);

// "Deal 3 of 24: 2 cards each, dealer Bot1, trump ♥ (turned 9♥)".
std::string deal_header(const Match& match, const Style& style);

// The cards `seat`'s player has in hand as shown (numbered from 1 in this order); in a forehead
// one-card deal the unseen card itself, which is shown as "?".
std::vector<Card> shown_cards(const PlayerView& view);

// Everything `seat` sees of the deal: the players with bids, tricks and what each still needs,
// the auction, the contract, the cards on the table, other cards it may see, its hand.
std::string status_text(const Match& match, int seat, const Style& style);

// The legal choices of `seat` (to move), as the player may type them.
std::string choices_text(const Match& match, int seat, const Style& style);

// What the humans at `viewers` may be told of `seat` taking `a` (already applied to the match):
// "Bot1 plays K♠", and the trick's winner when it completes it; empty for a private action.
std::string narrate(const Match& match, int seat, Action a, const std::vector<int>& viewers,
                    const Style& style);

// The last completed trick of the deal in progress, as `seat` saw it.
std::string last_trick_text(const Match& match, int seat, const Style& style);

// After a deal: what each player bid and took and the points, then the score sheet.
std::string deal_result_text(const Match& match, const Style& style);

// The context in which the player's typed line is read.
InputContext input_context(const Match& match, int seat);

}  // namespace whist::cli
