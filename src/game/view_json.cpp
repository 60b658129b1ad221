#include "game/view_json.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>
#include <vector>

#include "core/json_writer.h"
#include "rules/contracts.h"

namespace whist {

namespace {

using Json = nlohmann::json;

void write_card(JsonWriter& w, Card c) {
  if (c == kNoCard) {
    w.null();
  } else {
    w.string(to_string(c));
  }
}

void write_cards(JsonWriter& w, CardSet s) {
  w.begin_array();
  for (int i = 63; i >= 0; --i) {
    if (s.contains(Card::from_index(i))) w.string(to_string(Card::from_index(i)));
  }
  w.end_array();
}

// A bit mask of seats as the list of its seats.
void write_seats(JsonWriter& w, unsigned mask, int players) {
  w.begin_array();
  for (int p = 0; p < players; ++p) {
    if (mask >> p & 1) w.number(p);
  }
  w.end_array();
}

// A seat or a number, or null for the -1 that means "none" or "not known".
void write_optional(JsonWriter& w, int seat) {
  if (seat < 0) {
    w.null();
  } else {
    w.number(seat);
  }
}

void write_action(JsonWriter& w, Action a, int seat = -2) {
  w.begin_object().key("code").number(a.code());
  if (seat != -2) write_optional(w.key("seat"), seat);
  w.key("text").string(to_string(a)).end_object();
}

std::string_view mode_text(OneCardMode m) {
  switch (m) {
    case OneCardMode::Regular:
      return "regular";
    case OneCardMode::Forehead:
      return "forehead";
    case OneCardMode::Blind:
      return "blind";
    default:
      return "dealer";
  }
}

std::string_view family_text(Family f) {
  switch (f) {
    case Family::ExactBid:
      return "exact-bid";
    case Family::Israeli:
      return "israeli";
    case Family::CallAce:
      return "call-ace";
  }
  return "exact-bid";
}

// Keys in sorted order here and below: the order nlohmann::json keeps (json_writer.h).
void write_setup(JsonWriter& w, const DealSetup& s) {
  w.begin_object();
  w.key("auction_min").number(s.auction_min);
  w.key("auction_passes").number(s.auction_passes);
  w.key("blind_bidding").boolean(s.blind_bidding);
  w.key("cards").number(s.cards);
  w.key("choose_mode").boolean(s.choose_mode);
  w.key("dealer").number(s.dealer);
  w.key("declarer_raise").boolean(s.declarer_raise);
  w.key("family").string(family_text(s.family));
  w.key("forced_bid");
  write_optional(w, s.forced_bid);
  w.key("hook").boolean(s.hook);
  w.key("joker_any_time").boolean(s.joker_any_time);
  w.key("kitty").begin_array();
  for (Card k : s.kitty) {
    if (k != kNoCard) w.string(to_string(k));
  }
  w.end_array();
  w.key("mode").string(mode_text(s.mode));
  w.key("must_trump").boolean(s.must_trump);
  w.key("pass_cards").number(s.pass_cards);
  w.key("pass_rounds").number(s.pass_rounds);
  w.key("players").number(s.players);
  w.key("trump").string(suit_name(s.trump));
  write_card(w.key("turned"), s.turned);
  write_seats(w.key("zero_announced"), s.zero_announced, s.players);
  write_seats(w.key("zero_play_open"), s.zero_play_open, s.players);
  w.end_object();
}

void write_auction(JsonWriter& w, const AuctionState& a, Family family) {
  w.begin_object();
  w.key("chosen").number(a.chosen);
  write_optional(w.key("declarer"), a.declarer);
  w.key("high");
  if (a.high >= 0) {
    // Call-Ace whist's high bid is a contract's index on the ladder, not 5 × tricks + denomination
    // (regression (an audit): its `high` read as an Israeli bid, "contract 8 half" as "auction
    // 2C").
    write_action(w, family == Family::CallAce
                        ? Action::contract(a.high)
                        : Action::auction_bid(a.high / 5, static_cast<Suit>(a.high % 5)));
  } else {
    w.null();
  }
  w.key("min").number(a.min);
  w.key("passes").number(a.passes);
  w.key("round").number(a.round);
  w.key("thrown_in").boolean(a.thrown_in);
  w.end_object();
}

void write_call(JsonWriter& w, const CallState& c, int players) {
  w.begin_object();
  write_optional(w.key("actor"), c.actor);
  write_card(w.key("called"), c.called);
  w.key("contract");
  if (c.contract >= 0) {
    w.begin_object().key("index").number(c.contract);
    w.key("name").string(contract_name(c.contract)).end_object();
  } else {
    w.null();
  }
  w.key("discards").number(c.discards);
  write_cards(w.key("kitty"), c.kitty);
  write_optional(w.key("partner"), c.partner);
  write_seats(w.key("passed"), c.passed, players);
  w.key("taken").boolean(c.taken);
  w.key("turned").number(c.turned);
  w.end_object();
}

void write_card_sets(JsonWriter& w, const std::vector<CardSet>& sets) {
  w.begin_array();
  for (CardSet s : sets) write_cards(w, s);
  w.end_array();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// Every action with its text in lower case: the table parse_action matches text against.
const std::vector<std::pair<std::string, Action>>& action_texts() {
  static const auto table = [] {
    std::vector<std::pair<std::string, Action>> out;
    for (int code = 0; code <= Action::kDiscardBase + 63; ++code) {
      const Action a = Action::from_code(static_cast<uint16_t>(code));
      const ActionKind k = a.kind();
      if (k == ActionKind::Invalid) continue;
      const bool has_card = k == ActionKind::Play || k == ActionKind::PassCard ||
                            k == ActionKind::CallCard || k == ActionKind::Discard;
      if (has_card && !a.card().valid()) continue;
      if (k == ActionKind::AuctionBid && a.auction_tricks() > 13) continue;
      if (k == ActionKind::ChooseMode && static_cast<int>(a.mode()) > 2) continue;
      out.emplace_back(lower(to_string(a)), a);
    }
    out.emplace_back(to_string(Action::play_unseen()), Action::play_unseen());
    return out;
  }();
  return table;
}

}  // namespace

Json cards_json(CardSet s) {
  Json out = Json::array();
  for (int i = 63; i >= 0; --i) {
    if (s.contains(Card::from_index(i))) out.push_back(to_string(Card::from_index(i)));
  }
  return out;
}

std::string json_quote(std::string_view s) {
  return nlohmann::json(std::string(s))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string_view phase_text(Phase p) {
  switch (p) {
    case Phase::ChooseMode:
      return "choose-mode";
    case Phase::Auction:
      return "auction";
    case Phase::Passing:
      return "passing";
    case Phase::Bidding:
      return "bidding";
    case Phase::ChooseTrump:
      return "trump";
    case Phase::TurnKitty:
      return "turn";
    case Phase::CallCard:
      return "call";
    case Phase::Exchange:
      return "exchange";
    case Phase::Discard:
      return "discard";
    case Phase::Playing:
      return "playing";
    case Phase::Done:
      return "done";
  }
  return "done";
}

Json action_to_json(Action a) { return {{"code", a.code()}, {"text", to_string(a)}}; }

void write_view(JsonWriter& w, const PlayerView& v) {
  const int n = v.players;
  w.begin_object();
  write_auction(w.key("auction"), v.auction, v.setup.family);
  w.key("bids").begin_array();
  for (int p = 0; p < n; ++p) write_optional(w, v.bids[p]);  // null before it is made
  w.end_array();
  write_call(w.key("call"), v.call, n);
  w.key("cards").number(v.cards);
  write_cards(w.key("choosing"), v.choosing);
  w.key("dealer").number(v.dealer);
  w.key("history").begin_array();
  for (const SeatAction& sa : v.history) write_action(w, sa.action, sa.seat);
  w.end_array();
  write_cards(w.key("kitty_seen"), v.kitty_seen);
  w.key("legal").begin_array();
  for (Action a : v.legal) write_action(w, told_action(v, a));
  w.end_array();
  w.key("mode").string(mode_text(v.mode));
  write_cards(w.key("own_hand"), v.own_hand);
  write_optional(w.key("partner"), v.partner);
  write_card_sets(w.key("passed"), v.passed);
  w.key("phase").string(phase_text(v.phase));
  w.key("players").number(n);
  w.key("plays").begin_array();
  for (const PlayedCard& pc : v.plays) {
    w.begin_object().key("card").string(to_string(pc.card));
    w.key("seat").number(pc.seat).end_object();
  }
  w.end_array();
  write_card_sets(w.key("received"), v.received);
  w.key("seat").number(v.seat);
  write_setup(w.key("setup"), v.setup);
  write_optional(w.key("to_move"), v.to_move);
  w.key("tricks").begin_array();
  for (int p = 0; p < n; ++p) w.number(v.tricks[p]);
  w.end_array();
  w.key("trump").string(suit_name(v.trump));
  write_card(w.key("turned"), v.turned);
  w.key("visible").begin_array();
  for (int p = 0; p < n; ++p) write_cards(w, v.visible[p]);
  w.end_array();
  write_seats(w.key("zero_announced"), v.zero_announced, n);
  w.end_object();
}

std::string view_json_text(const PlayerView& v) {
  std::string out;
  out.reserve(2048);
  JsonWriter w(out);
  write_view(w, v);
  return out;
}

Json view_to_json(const PlayerView& v) { return Json::parse(view_json_text(v)); }

std::optional<Action> parse_action(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  if (text.empty()) return std::nullopt;
  const auto& table = action_texts();
  if (std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    int code = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), code);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    for (const auto& [t, a] : table) {
      if (a.code() == code) return a;
    }
    return std::nullopt;
  }
  // Words separated by single spaces, in lower case; `cards` also writes each card word in its
  // written form ("10h" -> "th"), which must not touch an auction's "10S".
  std::string raw, norm;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j == i) break;
    const std::string_view word = text.substr(i, j - i);
    const auto card = parse_card(word);
    if (!raw.empty()) raw += ' ', norm += ' ';
    raw += lower(word);
    norm += lower(card ? to_string(*card) : std::string(word));
    i = j;
  }
  for (const auto& [t, a] : table) {
    if (t == raw || t == norm) return a;
  }
  return std::nullopt;
}

}  // namespace whist
