#include "game/view_json.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>
#include <vector>

#include "rules/contracts.h"

namespace whist {

namespace {

using Json = nlohmann::json;

Json card_json(Card c) { return c == kNoCard ? Json() : Json(to_string(c)); }

// A bit mask of seats as the list of its seats.
Json seats_json(unsigned mask, int players) {
  Json out = Json::array();
  for (int p = 0; p < players; ++p) {
    if (mask >> p & 1) out.push_back(p);
  }
  return out;
}

// A seat, or null for the -1 that means "none" or "not known".
Json seat_json(int seat) { return seat < 0 ? Json() : Json(seat); }

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

Json setup_json(const DealSetup& s) {
  Json kitty = Json::array();
  for (Card k : s.kitty) {
    if (k != kNoCard) kitty.push_back(to_string(k));
  }
  return {{"players", s.players},
          {"cards", s.cards},
          {"dealer", s.dealer},
          {"trump", suit_name(s.trump)},
          {"turned", card_json(s.turned)},
          {"must_trump", s.must_trump},
          {"hook", s.hook},
          {"forced_bid", s.forced_bid < 0 ? Json() : Json(s.forced_bid)},
          {"choose_mode", s.choose_mode},
          {"mode", mode_text(s.mode)},
          {"blind_bidding", s.blind_bidding},
          {"zero_play_open", seats_json(s.zero_play_open, s.players)},
          {"zero_announced", seats_json(s.zero_announced, s.players)},
          {"family", family_text(s.family)},
          {"auction_min", s.auction_min},
          {"auction_passes", s.auction_passes},
          {"pass_rounds", s.pass_rounds},
          {"pass_cards", s.pass_cards},
          {"declarer_raise", s.declarer_raise},
          {"kitty", std::move(kitty)},
          {"joker_any_time", s.joker_any_time}};
}

Json auction_json(const AuctionState& a) {
  Json high;
  if (a.high >= 0) {
    const Action bid = Action::auction_bid(a.high / 5, static_cast<Suit>(a.high % 5));
    high = action_to_json(bid);
  }
  return {{"high", std::move(high)}, {"declarer", seat_json(a.declarer)},
          {"passes", a.passes},      {"min", a.min},
          {"round", a.round},        {"chosen", a.chosen},
          {"thrown_in", a.thrown_in}};
}

Json call_json(const CallState& c, int players) {
  Json contract;
  if (c.contract >= 0) contract = {{"index", c.contract}, {"name", contract_name(c.contract)}};
  return {{"kitty", cards_json(c.kitty)},
          {"contract", std::move(contract)},
          {"called", card_json(c.called)},
          {"partner", seat_json(c.partner)},
          {"passed", seats_json(c.passed, players)},
          {"turned", c.turned},
          {"actor", seat_json(c.actor)},
          {"discards", c.discards},
          {"taken", c.taken}};
}

Json card_sets_json(const std::vector<CardSet>& sets) {
  Json out = Json::array();
  for (CardSet s : sets) out.push_back(cards_json(s));
  return out;
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

Json view_to_json(const PlayerView& v) {
  const int n = v.players;
  Json visible = Json::array(), bids = Json::array(), tricks = Json::array();
  for (int p = 0; p < n; ++p) {
    visible.push_back(cards_json(v.visible[p]));
    bids.push_back(v.bids[p] < 0 ? Json() : Json(v.bids[p]));
    tricks.push_back(v.tricks[p]);
  }
  Json plays = Json::array();
  for (const PlayedCard& pc : v.plays)
    plays.push_back({{"seat", pc.seat}, {"card", to_string(pc.card)}});
  Json legal = Json::array();
  for (Action a : v.legal) legal.push_back(action_to_json(a));
  Json history = Json::array();
  for (const SeatAction& sa : v.history) {
    Json h = action_to_json(sa.action);
    h["seat"] = seat_json(sa.seat);
    history.push_back(std::move(h));
  }
  return {{"setup", setup_json(v.setup)},
          {"seat", v.seat},
          {"players", n},
          {"cards", v.cards},
          {"dealer", v.dealer},
          {"phase", phase_text(v.phase)},
          {"to_move", seat_json(v.to_move)},
          {"trump", suit_name(v.trump)},
          {"turned", card_json(v.turned)},
          {"mode", mode_text(v.mode)},
          {"own_hand", cards_json(v.own_hand)},
          {"visible", std::move(visible)},
          {"bids", std::move(bids)},
          {"tricks", std::move(tricks)},
          {"plays", std::move(plays)},
          {"zero_announced", seats_json(v.zero_announced, n)},
          {"legal", std::move(legal)},
          {"auction", auction_json(v.auction)},
          {"passed", card_sets_json(v.passed)},
          {"received", card_sets_json(v.received)},
          {"choosing", cards_json(v.choosing)},
          {"call", call_json(v.call, n)},
          {"kitty_seen", cards_json(v.kitty_seen)},
          {"partner", seat_json(v.partner)},
          {"history", std::move(history)}};
}

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
