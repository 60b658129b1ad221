#include "rules/presets.h"

#include <array>

namespace whist {

namespace {

Rules romanian() {
  Rules r;
  r.variant = "romanian";
  r.players = 4;
  r.min_players = 3;
  r.max_players = 6;
  r.deck = DeckKind::EightPerPlayer;
  r.schedule = ScheduleKind::OneEightOne;
  r.trump = TrumpRule::Turned;
  r.must_trump = true;
  r.hook = true;
  r.scoring = Scoring::Romanian;
  return r;
}

Rules triangular() {
  Rules r = romanian();
  r.variant = "triangular";
  r.must_trump = false;
  r.scoring = Scoring::Triangular;
  return r;
}

Rules serbian() {
  Rules r;
  r.variant = "serbian";
  r.players = 4;
  r.min_players = 4;
  r.max_players = 6;
  r.deck = DeckKind::Full52;
  r.schedule = ScheduleKind::DownUp;
  r.trump = TrumpRule::Rotation;
  r.trump_order = {Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs, Suit::None};
  r.must_trump = true;
  r.hook = true;
  r.scoring = Scoring::Serbian;
  r.counter_clockwise = true;
  return r;
}

Rules oh_hell() {
  Rules r;
  r.variant = "oh-hell";
  r.players = 4;
  r.min_players = 3;
  r.max_players = 7;
  r.deck = DeckKind::Full52;
  r.keep_card_to_turn = true;
  r.schedule = ScheduleKind::DownUp;
  r.trump = TrumpRule::Turned;
  r.must_trump = false;
  r.hook = true;
  r.scoring = Scoring::Basic;
  return r;
}

Rules israeli() {
  Rules r;
  r.variant = "israeli";
  r.family = Family::Israeli;
  r.players = 4;
  r.min_players = 4;
  r.max_players = 4;
  r.deck = DeckKind::Full52;
  r.schedule = ScheduleKind::Explicit;
  r.schedule_list = {13};
  r.trump = TrumpRule::NoTrump;  // the auction names trump
  r.must_trump = false;
  r.hook = true;  // the contracts may not sum to 13
  r.scoring = Scoring::Israeli;
  r.end = GameEnd::Target;
  r.target_score = 300;
  return r;
}

Rules call_ace() {
  Rules r;
  r.variant = "call-ace";
  r.family = Family::CallAce;
  r.players = 4;
  r.min_players = 4;
  r.max_players = 4;
  r.deck = DeckKind::Full52;
  r.jokers = 3;
  r.max_cards = 13;  // 13 each; the 3 cards left are the kitty
  r.schedule = ScheduleKind::Explicit;
  r.schedule_list = {13};
  r.trump = TrumpRule::NoTrump;  // the contract decides
  r.must_trump = false;
  r.hook = false;
  r.end = GameEnd::Deals;
  r.deal_limit = 16;
  return r;
}

constexpr std::array<PresetInfo, 6> kPresets = {{
    {"romanian",
     "Romanian whist (seed 001): 8 cards a player, 1-8-1, turned trump, must trump, 5 + bid",
     romanian},
    {"triangular",
     "online \"Whist\" (seed 002): as romanian, no obligation to trump, triangular scoring",
     triangular},
    {"serbian",
     "Serbian whist, vist (seed 000): 52 cards, 13 down to 1 and back, trump rotation S D H C NT",
     serbian},
    {"oh-hell",
     "Oh Hell: 52 cards, largest hand leaves a card to turn, any card when void, 10 + tricks",
     oh_hell},
    {"israeli",
     "Israeli whist (seed 003): auction for trump from 5, card passing, contracts not summing to "
     "13, 10 + t^2",
     israeli},
    {"call-ace",
     "Call-Ace whist (seed 004): 52 cards + 3 jokers, kitty of 3, contract auction, secret "
     "partner by a called ace, payments",
     call_ace},
}};

}  // namespace

std::span<const PresetInfo> presets() { return kPresets; }

std::optional<Rules> make_preset(std::string_view name, int players) {
  for (const auto& p : kPresets) {
    if (p.name != name) continue;
    Rules r = p.make();
    if (players != 0) r.players = players;
    return r;
  }
  return std::nullopt;
}

}  // namespace whist
