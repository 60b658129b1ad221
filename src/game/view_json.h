// A PlayerView as JSON: what external engines (docs/bot-protocol.md) and the game server are
// sent. It holds exactly what the view holds, so it leaks nothing the view does not: cards as
// text ("QH", "TS", "X1"), seats as numbers, actions as both code and text.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "game/view.h"

namespace whist {

// Every field of the view; docs/bot-protocol.md lists them. The text is what dump() of the JSON
// writes (keys in sorted order), written directly: the game server sends one per seat per action.
std::string view_json_text(const PlayerView& view);
nlohmann::json view_to_json(const PlayerView& view);

// Cards from the highest down, the order to_string(CardSet) writes them: ["AS", "KS", "9H"].
nlohmann::json cards_json(CardSet s);

// An action as {"code": 64, "text": "bid 0"}.
nlohmann::json action_to_json(Action a);

// A string as JSON text, quotes and escapes included ("x\ny" for x, a line break, y); invalid
// UTF-8 is replaced, never thrown. For error messages that quote what a file held.
std::string json_quote(std::string_view s);

// "choose-mode", "auction", "passing", "bidding", "trump", "turn", "call", "exchange",
// "discard", "playing", "done".
std::string_view phase_text(Phase phase);

// An action from its code ("64") or its text as to_string(Action) writes it ("bid 0",
// "play QH"); text is matched without regard to case, and cards may be written as parse_card
// reads them ("play 10h"). nullopt when the text names no action.
std::optional<Action> parse_action(std::string_view text);

}  // namespace whist
