// `whist play`: reading what the player types. A line is a command (help, hint, undo, last,
// sheet, quit) or an action of the phase the deal is in: a card (`QH`, `10h`, `qh`, `TH`, `Q♥`)
// or its number in the shown hand, a bid as a number, an auction call (`6S`, `7NT`, `pass`), a
// Call-Ace contract (`8`, `8 good`, `sun`), a one-card mode, a trump suit, `accept`/`turn`,
// `take`/`keep`, or the number of a choice in the shown list. Kept apart from the screen and the
// game loop so that it can be tested directly.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/deal.h"

namespace whist::cli {

enum class Command { None, Help, Hint, Undo, Last, Sheet, Quit };

struct Input {
  Command command = Command::None;
  std::optional<Action> action;  // the action read (still to be checked against the rules)
  std::string error;             // why the text could not be read; empty when it could
};

// What the player sees when asked: the phase, the cards shown in their hand (numbered from 1 in
// this order) and the legal actions (numbered from 1 in this order where the phase shows a list).
struct InputContext {
  Phase phase = Phase::Bidding;
  Family family = Family::ExactBid;
  std::vector<Card> hand;
  std::vector<Action> legal;
  bool jokers = false;  // the deck has jokers (Call-Ace): the help says how they are written
};

// Whether the phase's choices are cards of the hand, picked by their number in the hand
// (playing, passing, discarding), rather than by their number in the list of legal choices.
bool picks_from_hand(Phase phase);
// Whether the phase shows its legal choices as a numbered list (mode, trump, turn, call, kitty).
bool shows_numbered_list(Phase phase);

// The cards of a hand as shown: by suit ♠ ♥ ♦ ♣, highest first, jokers first.
std::vector<Card> display_order(CardSet hand);

// A card as typed: `QH`, `qh`, `Qh`, `10h`, `TH`, `X1`, or with a suit symbol (`Q♥`, `10♠`).
std::optional<Card> read_card(std::string_view text);

// Reads one line typed by the player.
Input parse_input(std::string_view text, const InputContext& ctx);

// The commands, one per line, for `help`; `phase_help` adds how to type an action of the phase.
std::string help_text(const InputContext& ctx, bool symbols);

}  // namespace whist::cli
