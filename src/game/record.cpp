#include "game/record.h"

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "game/view_json.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {

namespace {

using Json = nlohmann::ordered_json;

constexpr std::string_view kFormat = "whist-record/1";
constexpr const char* kModeNames[] = {"regular", "forehead", "blind"};

// JSON text of a string, quotes and escapes included; invalid UTF-8 is replaced, never thrown.
std::string json_quote(std::string_view s) {
  return Json(std::string(s)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

// One line of JSON with a space after every comma and colon: records stay readable, one deal a
// line.
void dump_inline(const Json& j, std::string& out) {
  if (j.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, value] : j.items()) {
      if (!first) out += ", ";
      first = false;
      out += json_quote(key);
      out += ": ";
      dump_inline(value, out);
    }
    out += '}';
  } else if (j.is_array()) {
    out += '[';
    bool first = true;
    for (const auto& value : j) {
      if (!first) out += ", ";
      first = false;
      dump_inline(value, out);
    }
    out += ']';
  } else {
    out += j.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

std::string inline_text(const Json& j) {
  std::string out;
  dump_inline(j, out);
  return out;
}

Json hand_json(CardSet hand) {
  Json out = Json::array();
  for (int i = 63; i >= 0; --i) {  // highest suit and rank first, as a player sorts a hand
    const Card c = Card::from_index(i);
    if (hand.contains(c)) out.push_back(to_string(c));
  }
  return out;
}

// An auction call as records write it: "5S", "6NT", "pass".
std::string call_text(Action a) {
  if (a.kind() == ActionKind::Pass) return "pass";
  const Suit d = a.denomination();
  return std::to_string(a.auction_tricks()) +
         (d == Suit::None ? std::string("NT") : std::string(1, suit_char(d)));
}

// The Israeli contract of a finished auction: "7S", "6NT".
std::string contract_text(int tricks, Suit trump) {
  return call_text(Action::auction_bid(tricks, trump));
}

// A Call-Ace deal from the log: the cards, the auction, then each step after it as far as the
// deal got (docs/record-format.md, "Call-Ace whist").
Json call_ace_deal_json(const Match& match, int k) {
  const DealLog& log = match.log()[static_cast<size_t>(k)];
  const int n = match.players();
  Json hands = Json::array();
  for (int p = 0; p < n; ++p) hands.push_back(hand_json(log.hands[static_cast<size_t>(p)]));
  Json kitty = Json::array();
  for (Card c : log.kitty) kitty.push_back(to_string(c));
  Json auction = Json::array();
  Json plays = Json::array();
  Json exchange = nullptr;  // null: the step was not reached
  std::optional<Suit> trump;
  std::optional<Card> called;
  int contract = -1, passes = 0, turned = 1;
  bool accepted = false, played = false;
  for (Action a : log.actions) {
    switch (a.kind()) {
      case ActionKind::Contract:
        contract = a.contract_index();
        auction.push_back(contract_name(contract));
        break;
      case ActionKind::Pass:
        ++passes;
        auction.push_back("pass");
        break;
      case ActionKind::ChooseTrump:
        trump = a.trump_suit();
        break;
      case ActionKind::TurnNext:
        ++turned;
        break;
      case ActionKind::AcceptTrump:
        accepted = true;
        break;
      case ActionKind::CallCard:
        called = a.card();
        break;
      case ActionKind::KeepHand:
        exchange = false;
        played = true;
        break;
      case ActionKind::TakeKitty:
        exchange = Json::array();
        break;
      case ActionKind::Discard:
        exchange.push_back(to_string(a.card()));
        played = exchange.size() == static_cast<size_t>(kKittySize);
        break;
      case ActionKind::Play:
        plays.push_back(to_string(a.card()));
        break;
      default:  // not an action of Call-Ace whist
        break;
    }
  }
  // A pass is final: the auction is over once three have passed after a contract.
  const bool over = contract >= 0 && passes == n - 1;
  Json d = Json::object();
  d["hands"] = std::move(hands);
  d["kitty"] = std::move(kitty);
  d["auction"] = std::move(auction);
  if (trump) d["trump"] = suit_name(*trump);
  if (over && contract_ladder()[contract].kind == ContractKind::Turn) {
    if (accepted) {
      d["turned"] = turned;
    } else {
      d["turning"] = turned;  // a game in progress, stopped while the declarer turns
    }
  }
  if (called) d["call"] = to_string(*called);
  if (!exchange.is_null()) d["exchange"] = std::move(exchange);
  if (played) d["plays"] = std::move(plays);
  return d;
}

Json deal_json(const Match& match, int k) {
  if (match.rules().family == Family::CallAce) return call_ace_deal_json(match, k);
  const DealLog& log = match.log()[static_cast<size_t>(k)];
  const int n = match.players();
  const bool israeli = match.rules().family == Family::Israeli;
  const int pass_cards = match.rules().pass_cards;
  const int dealer = (match.first_dealer() + k) % n;
  const int forehand = (dealer + 1) % n;
  Json hands = Json::array();
  for (int p = 0; p < n; ++p) hands.push_back(hand_json(log.hands[static_cast<size_t>(p)]));
  Json auction = Json::array();
  Json passing = Json::array();
  Json bids = Json::array();
  Json plays = Json::array();
  Json zero = Json::array();
  std::optional<OneCardMode> mode;
  int caller = forehand;  // the seat making the next auction call
  int declarer = -1;      // the last bidder of the auction
  int chosen = 0;         // cards chosen to pass so far in the current passing round
  for (Action a : log.actions) {
    switch (a.kind()) {
      case ActionKind::ChooseMode:
        mode = a.mode();
        break;
      case ActionKind::AnnounceZero: {
        // Announced at the announcer's bidding turn: the seat whose bid comes next. Israeli
        // contracts start after the declarer.
        const int first = israeli ? declarer + 1 : dealer + 1;
        zero.push_back((first + static_cast<int>(bids.size())) % n);
        break;
      }
      case ActionKind::Bid:
        bids.push_back(a.bid_value());
        break;
      case ActionKind::Play:
        plays.push_back(to_string(a.card()));
        break;
      case ActionKind::AuctionBid:
        declarer = caller;
        [[fallthrough]];
      case ActionKind::Pass:
        auction.push_back(call_text(a));
        caller = (caller + 1) % n;
        break;
      case ActionKind::PassCard: {
        // Each seat from the forehand chooses all its cards before the next seat; the cards
        // are listed by seat in the order chosen.
        if (chosen == 0) passing.push_back(Json(static_cast<size_t>(n), Json::array()));
        const int seat = (forehand + chosen / pass_cards) % n;
        passing.back()[static_cast<size_t>(seat)].push_back(to_string(a.card()));
        if (++chosen == pass_cards * n) {
          chosen = 0;
          caller = forehand;  // a new auction starts
        }
        break;
      }
      default:  // Call-Ace whist's actions: its deals are written by call_ace_deal_json
        break;
    }
  }
  Json d = Json::object();
  d["hands"] = std::move(hands);
  if (log.turned != kNoCard) d["turned"] = to_string(log.turned);
  if (mode) d["mode"] = kModeNames[static_cast<int>(*mode)];
  if (israeli) d["auction"] = std::move(auction);
  if (!passing.empty()) d["passing"] = std::move(passing);
  if (!zero.empty()) d["zero_play"] = std::move(zero);
  d["bids"] = std::move(bids);
  d["plays"] = std::move(plays);
  return d;
}

Json points_json(Points p) {
  if (p.is_whole()) return p.in_halves() / 2;
  return p.as_double();
}

// ---------------------------------------------------------------------------------------------
// Reading

// The first problem found; thrown inside replay_record and turned into ReplayResult::error.
struct RecordError {
  std::string message;
};

[[noreturn]] void fail(std::string message) { throw RecordError{std::move(message)}; }

const Json* find_field(const Json& object, std::string_view name) {
  const auto it = object.find(std::string(name));
  return it == object.end() ? nullptr : &*it;
}

const Json& require_field(const Json& object, std::string_view name, const std::string& where) {
  const Json* j = find_field(object, name);
  if (j == nullptr) fail(where + "missing field \"" + std::string(name) + "\"");
  return *j;
}

void reject_unknown_fields(const Json& object, std::initializer_list<std::string_view> known,
                           const std::string& where) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      fail(where + "unknown field " + json_quote(key));
    }
  }
}

// A JSON integer, clamped far outside every range the rules allow (so huge values stay huge).
std::optional<int64_t> as_int(const Json& j) {
  constexpr int64_t kLimit = 1'000'000'000;
  if (j.is_number_unsigned()) {
    return static_cast<int64_t>(std::min<uint64_t>(j.get<uint64_t>(), kLimit));
  }
  if (j.is_number_integer()) return std::clamp<int64_t>(j.get<int64_t>(), -kLimit, kLimit);
  return std::nullopt;
}

// An option value as the option table's text.
std::optional<std::string> option_text(const Json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_boolean()) return std::string(j.get<bool>() ? "on" : "off");
  if (auto n = as_int(j)) return std::to_string(*n);
  if (j.is_number()) return j.dump();
  return std::nullopt;
}

std::string known_variants() {
  std::string out;
  for (const auto& p : presets()) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

// An auction call of a record: a bid ("5S", "6NT") or "pass".
struct Call {
  Action action;     // Action::pass(), or the bid (an invalid action above 13 tricks)
  int tricks = -1;   // -1 for a pass
  std::string text;  // as records write it
};

// "pass", or a number of tricks followed by S, H, D, C or NT (any case).
std::optional<Call> parse_call(std::string_view text) {
  std::string u;
  for (char ch : text) u += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (u == "PASS") return Call{Action::pass(), -1, "pass"};
  size_t digits = 0;
  while (digits < u.size() && u[digits] >= '0' && u[digits] <= '9') ++digits;
  if (digits == 0 || digits > 2) return std::nullopt;
  const int tricks = std::stoi(u.substr(0, digits));
  const std::string rest = u.substr(digits);
  constexpr std::string_view kDenominations = "CDHS";
  Suit d = Suit::None;
  if (rest.size() == 1 && kDenominations.find(rest[0]) != std::string_view::npos) {
    d = static_cast<Suit>(kDenominations.find(rest[0]));
  } else if (rest != "NT") {
    return std::nullopt;
  }
  const Action a = Action::auction_bid(tricks, d);
  return Call{a, tricks, call_text(a)};
}

// The "hands" field of a deal: one hand per seat, no card twice in a hand.
Hands parse_hands(const Json& j, const std::string& where, int players) {
  const Json& hands = require_field(j, "hands", where);
  const std::string hands_type =
      where + "\"hands\" must be an array of hands, each an array of cards";
  if (!hands.is_array()) fail(hands_type);
  for (const Json& hand : hands) {
    if (!hand.is_array()) fail(hands_type);
    for (const Json& c : hand) {
      if (!c.is_string()) fail(hands_type);
    }
  }
  if (static_cast<int>(hands.size()) != players) {
    fail(where + "\"hands\" has " + std::to_string(hands.size()) + " hands, expected " +
         std::to_string(players) + " (one per player)");
  }
  Hands out{};
  for (int p = 0; p < players; ++p) {
    CardSet& set = out[static_cast<size_t>(p)];
    for (const Json& text : hands[static_cast<size_t>(p)]) {
      const auto c = parse_card(text.get<std::string>());
      if (!c) {
        fail(where + "unknown card " + json_quote(text.get<std::string>()) +
             " in the hand of seat " + std::to_string(p));
      }
      if (set.contains(*c)) {
        fail(where + "card " + to_string(*c) + " dealt twice (both times to seat " +
             std::to_string(p) + ")");
      }
      set |= *c;
    }
  }
  return out;
}

// The "plays" field of a deal: cards in playing order.
std::vector<Card> parse_plays(const Json& plays, int number) {
  const std::string plays_type =
      "deal " + std::to_string(number) + ": \"plays\" must be an array of cards";
  if (!plays.is_array()) fail(plays_type);
  for (const Json& c : plays) {
    if (!c.is_string()) fail(plays_type);
  }
  std::vector<Card> out;
  for (size_t i = 0; i < plays.size(); ++i) {
    const std::string text = plays[i].get<std::string>();
    const auto c = parse_card(text);
    if (!c) {
      fail("deal " + std::to_string(number) + ", play " + std::to_string(i + 1) +
           ": unknown card " + json_quote(text));
    }
    out.push_back(*c);
  }
  return out;
}

// One deal of a record, checked for form (JSON types, card names) but not yet against the rules.
struct DealRecord {
  Hands hands{};
  Card turned = kNoCard;
  std::optional<OneCardMode> mode;
  std::vector<Call> auction;
  std::vector<std::vector<std::vector<Card>>> passing;  // [round][seat]: cards in the order chosen
  std::vector<int> zero_play;
  std::vector<int64_t> bids;
  std::vector<Card> plays;
};

DealRecord parse_deal(const Json& j, int number, int players, bool israeli) {
  const std::string where = "deal " + std::to_string(number) + ": ";
  const std::string at = "deal " + std::to_string(number) + ", ";
  if (!j.is_object()) fail(where + "must be an object with \"hands\", \"bids\" and \"plays\"");
  if (find_field(j, "kitty") != nullptr)
    fail(where + "\"kitty\" is given, but this game has no kitty");
  reject_unknown_fields(
      j, {"hands", "turned", "mode", "auction", "passing", "zero_play", "bids", "plays"}, where);
  DealRecord d;

  d.hands = parse_hands(j, where, players);

  if (const Json* t = find_field(j, "turned"); t != nullptr && !t->is_null()) {
    if (!t->is_string()) fail(where + "\"turned\" must be a card such as \"TD\"");
    const auto c = parse_card(t->get<std::string>());
    if (!c)
      fail(where + "unknown card " + json_quote(t->get<std::string>()) + " as the turned card");
    d.turned = *c;
  }

  if (const Json* m = find_field(j, "mode")) {
    const std::string mode_type = where + "\"mode\" must be \"regular\", \"forehead\" or \"blind\"";
    if (!m->is_string()) fail(mode_type);
    const std::string text = m->get<std::string>();
    for (int i = 0; i < 3; ++i) {
      if (text == kModeNames[i]) d.mode = static_cast<OneCardMode>(i);
    }
    if (!d.mode) fail(mode_type);
  }

  if (!israeli) {
    if (find_field(j, "auction") != nullptr) {
      fail(where + "\"auction\" is given, but this game has no auction");
    }
    if (find_field(j, "passing") != nullptr) {
      fail(where + "\"passing\" is given, but this game has no card passing");
    }
  } else {
    const Json& auction = require_field(j, "auction", where);
    const std::string auction_type =
        where + "\"auction\" must be an array of calls such as \"5S\", \"6NT\" or \"pass\"";
    if (!auction.is_array()) fail(auction_type);
    for (const Json& c : auction) {
      if (!c.is_string()) fail(auction_type);
    }
    for (size_t i = 0; i < auction.size(); ++i) {
      const std::string text = auction[i].get<std::string>();
      const auto call = parse_call(text);
      if (!call) {
        fail(at + "auction " + std::to_string(i + 1) + ": unknown call " + json_quote(text));
      }
      d.auction.push_back(*call);
    }
  }

  if (const Json* passing = find_field(j, "passing")) {
    const std::string passing_type = where +
                                     "\"passing\" must be an array of rounds, each an array of " +
                                     std::to_string(players) + " arrays of cards (by seat)";
    if (!passing->is_array()) fail(passing_type);
    for (const Json& round : *passing) {
      if (!round.is_array() || static_cast<int>(round.size()) != players) fail(passing_type);
      for (const Json& cards : round) {
        if (!cards.is_array()) fail(passing_type);
        for (const Json& c : cards) {
          if (!c.is_string()) fail(passing_type);
        }
      }
    }
    for (size_t r = 0; r < passing->size(); ++r) {
      auto& round = d.passing.emplace_back(static_cast<size_t>(players));
      for (int p = 0; p < players; ++p) {
        for (const Json& text : (*passing)[r][static_cast<size_t>(p)]) {
          const auto c = parse_card(text.get<std::string>());
          if (!c) {
            fail(at + "passing round " + std::to_string(r + 1) + " (seat " + std::to_string(p) +
                 "): unknown card " + json_quote(text.get<std::string>()));
          }
          round[static_cast<size_t>(p)].push_back(*c);
        }
      }
    }
  }

  if (const Json* z = find_field(j, "zero_play")) {
    const std::string zero_type = where +
                                  "\"zero_play\" must be an array of distinct seats from 0 to " +
                                  std::to_string(players - 1);
    if (!z->is_array()) fail(zero_type);
    for (const Json& s : *z) {
      const auto seat = as_int(s);
      if (!seat || *seat < 0 || *seat >= players) fail(zero_type);
      const int seat_i = static_cast<int>(*seat);
      if (std::find(d.zero_play.begin(), d.zero_play.end(), seat_i) != d.zero_play.end()) {
        fail(zero_type);
      }
      d.zero_play.push_back(seat_i);
    }
  }

  const Json& bids = require_field(j, "bids", where);
  const std::string bids_type = where + "\"bids\" must be an array of whole numbers";
  if (!bids.is_array()) fail(bids_type);
  for (const Json& b : bids) {
    const auto n = as_int(b);
    if (!n) fail(bids_type);
    d.bids.push_back(*n);
  }

  d.plays = parse_plays(require_field(j, "plays", where), number);
  return d;
}

std::string plural(int64_t count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// Israeli whist: replays the auction calls and the card-passing rounds of a deal, in the order
// the deal asks for them (an auction round; after an auction round without a bid, a passing
// round; and so on) and checks that the record stops where it may. Returns true when the auction
// is over with a declarer and the contracts come next; false when the hand was thrown in or the
// record ends inside the auction or a passing round (a game in progress).
bool replay_auction(Match& match, const DealRecord& d, int number, bool last) {
  const std::string where = "deal " + std::to_string(number) + ": ";
  const std::string at = "deal " + std::to_string(number) + ", ";
  const DealState& state = match.state();
  const int n = match.players();
  const int pass_cards = state.pass_cards();
  size_t call = 0, round = 0;
  for (;;) {
    if (state.phase() == Phase::Auction && call < d.auction.size()) {
      const Call& c = d.auction[call];
      const std::string loc = at + "auction " + std::to_string(call + 1) + " (seat " +
                              std::to_string(state.to_move()) + ", " + c.text + "): ";
      if (c.action.kind() == ActionKind::Invalid) {  // more tricks than any action can name
        fail(loc + "bid " + c.text + " out of range: at most " + std::to_string(state.cards()) +
             " tricks");
      }
      if (std::string err = match.why_illegal(c.action); !err.empty()) fail(loc + err);
      match.apply(c.action);
      ++call;
    } else if (state.phase() == Phase::Passing && round < d.passing.size()) {
      // The seats choose in turn from the forehand, each all its cards before the next.
      const auto& cards = d.passing[round];
      const std::string loc = at + "passing round " + std::to_string(round + 1) + " (seat ";
      const int first = state.to_move();
      for (int k = 0; k < n; ++k) {
        const int seat = (first + k) % n;
        const auto& chosen = cards[static_cast<size_t>(seat)];
        const auto count = static_cast<int>(chosen.size());
        const std::string wrong_count = loc + std::to_string(seat) +
                                        "): " + plural(count, "card", "cards") +
                                        " passed, expected " + std::to_string(pass_cards);
        if (count > pass_cards) fail(wrong_count);
        for (const Card c : chosen) {
          const Action a = Action::pass_card(c);
          if (std::string err = match.why_illegal(a); !err.empty()) {
            fail(loc + std::to_string(seat) + ", " + to_string(c) + "): " + err);
          }
          match.apply(a);
        }
        if (count == pass_cards) continue;
        // A game in progress may stop while this seat chooses: nothing may follow.
        bool later = false;
        for (int m = k + 1; m < n; ++m) {
          later |= !cards[static_cast<size_t>((first + m) % n)].empty();
        }
        if (!last || later || call < d.auction.size() || round + 1 < d.passing.size() ||
            !d.bids.empty() || !d.plays.empty()) {
          fail(wrong_count);
        }
        return false;
      }
      ++round;
    } else {
      break;
    }
  }

  const std::string calls = plural(static_cast<int64_t>(call), "call", "calls");
  const std::string contract = state.declarer() >= 0 && state.phase() != Phase::Auction
                                   ? contract_text(state.contract_tricks(), state.trump()) +
                                         " by seat " + std::to_string(state.declarer())
                                   : "";
  if (call < d.auction.size()) {
    const Call& c = d.auction[call];
    const std::string loc = at + "auction " + std::to_string(call + 1) + " (" + c.text + "): ";
    if (state.phase() == Phase::Passing) {
      fail(loc + "everyone passed without a bid, so the cards of passing round " +
           std::to_string(round + 1) + " are passed first, and \"passing\" has " +
           plural(static_cast<int64_t>(d.passing.size()), "round", "rounds"));
    }
    if (state.thrown_in()) fail(loc + "the hand was thrown in after " + calls);
    fail(loc + "the auction is already over after " + calls + ": " + contract);
  }
  if (round < d.passing.size()) {
    const std::string rounds = plural(static_cast<int64_t>(d.passing.size()), "round", "rounds");
    if (state.phase() == Phase::Auction) {
      fail(where + "\"passing\" has " + rounds + ", but the auction is not over after " + calls);
    }
    if (state.thrown_in()) {
      fail(where + "\"passing\" has " + rounds + ", but the hand was thrown in after " +
           plural(static_cast<int64_t>(round), "round", "rounds"));
    }
    fail(where + "\"passing\" has " + rounds + ", but the auction had a bid (" + contract +
         ") after " + plural(static_cast<int64_t>(round), "round", "rounds"));
  }

  // The record has nothing more for the auction: it is over, or this is a game in progress.
  std::string open;
  if (state.phase() == Phase::Auction) {
    open = "the auction is not over after " + calls;
  } else if (state.phase() == Phase::Passing) {
    open = "passing round " + std::to_string(round + 1) + " is due (everyone passed without a bid)";
  } else if (state.thrown_in()) {
    if (!d.bids.empty()) fail(where + "the hand was thrown in, but \"bids\" are given");
    if (!d.plays.empty()) fail(where + "the hand was thrown in, but \"plays\" are given");
    return false;
  } else {
    return true;
  }
  if (!d.bids.empty()) fail(where + open + ", but \"bids\" are given");
  if (!d.plays.empty()) fail(where + open + ", but \"plays\" are given");
  if (!last) fail(where + open + " (only the last deal of a record may be unfinished)");
  return false;
}

// Replays one parsed deal into the match, checking every action.
void replay_deal(Match& match, const DealRecord& d, int number, bool last) {
  const std::string where = "deal " + std::to_string(number) + ": ";
  const std::string at = "deal " + std::to_string(number) + ", ";
  if (match.finished()) {
    fail(where + "the game is already over after " + std::to_string(match.deal_index()) +
         " deals; the record has more deals than the game");
  }
  if (std::string err = match.deal_given(d.hands, d.turned); !err.empty()) fail(where + err);

  const DealState& state = match.state();
  const bool israeli = match.rules().family == Family::Israeli;
  const int n = match.players();
  const int cards = state.cards();
  // Israeli whist: the declarer's contract is the auction's number, unless declarer_raise.
  const int speakers = israeli && !match.rules().declarer_raise ? n - 1 : n;
  const auto num_bids = static_cast<int64_t>(d.bids.size());
  const auto num_plays = static_cast<int64_t>(d.plays.size());
  if (num_bids > speakers) {
    fail(where + std::to_string(num_bids) + " bids, but " + std::to_string(speakers) +
         (israeli ? " players name a contract after the auction" : " players bid once each"));
  }
  if (num_plays > n * cards) {
    fail(where + std::to_string(num_plays) + " plays, but " + std::to_string(n) + " players × " +
         std::to_string(cards) + " cards make " + std::to_string(n * cards));
  }

  if (state.phase() == Phase::ChooseMode) {
    if (d.mode) {
      match.apply(Action::choose_mode(*d.mode));
    } else if (!last || num_bids > 0 || !d.zero_play.empty()) {
      fail(where + "missing field \"mode\": the dealer (seat " + std::to_string(state.dealer()) +
           ") chooses the one-card mode of this deal");
    }
  } else if (d.mode) {
    fail(where +
         "\"mode\" is given, but the dealer does not choose the one-card mode of this deal");
  }

  if (israeli && !replay_auction(match, d, number, last)) {
    if (!d.zero_play.empty()) {
      fail(where + "\"zero_play\" lists seat " + std::to_string(d.zero_play.front()) +
           ", whose turn to bid never comes in this record");
    }
    return;
  }

  const std::string unfinished = " (only the last deal of a record may be unfinished)";
  if (!last && num_bids < speakers) {
    fail(where + std::to_string(num_bids) + " bids, expected " + std::to_string(speakers) +
         unfinished);
  }
  if (!last && num_plays < n * cards) {
    fail(where + std::to_string(num_plays) + " plays, expected " + std::to_string(n * cards) +
         unfinished);
  }
  if (num_plays > 0 && num_bids < speakers) {
    fail(where + std::to_string(num_bids) + " bids, but all " + std::to_string(speakers) +
         " are made before the first play");
  }

  std::vector<int> pending = d.zero_play;
  const auto announce_if_due = [&] {
    const int seat = state.to_move();
    const auto it = std::find(pending.begin(), pending.end(), seat);
    if (it == pending.end()) return;
    const std::string loc = at + "zero play (seat " + std::to_string(seat) + "): ";
    if (match.zero_play_announced() >> seat & 1) {
      fail(loc + "seat " + std::to_string(seat) +
           " already announced zero play in an earlier deal");
    }
    if (std::string err = match.why_illegal(Action::announce_zero()); !err.empty()) fail(loc + err);
    match.apply(Action::announce_zero());
    pending.erase(it);
  };
  for (size_t i = 0; i < d.bids.size(); ++i) {
    announce_if_due();
    const int seat = state.to_move();
    const int64_t b = d.bids[i];
    const std::string loc =
        at + "bid " + std::to_string(i + 1) + " (seat " + std::to_string(seat) + "): ";
    if (b < 0 || b > cards) {
      fail(loc + "bid " + std::to_string(b) + " out of range 0-" + std::to_string(cards));
    }
    const Action a = Action::bid(static_cast<int>(b));
    if (std::string err = match.why_illegal(a); !err.empty()) fail(loc + err);
    match.apply(a);
  }
  if (state.phase() == Phase::Bidding) announce_if_due();  // a record stopped after announcing
  if (!pending.empty()) {
    fail(where + "\"zero_play\" lists seat " + std::to_string(pending.front()) +
         ", whose turn to bid never comes in this record");
  }

  for (size_t i = 0; i < d.plays.size(); ++i) {
    const int seat = state.to_move();
    const Card c = d.plays[i];
    const Action a = Action::play(c);
    if (std::string err = match.why_illegal(a); !err.empty()) {
      fail(at + "play " + std::to_string(i + 1) + " (seat " + std::to_string(seat) + ", " +
           to_string(c) + "): " + err);
    }
    match.apply(a);
  }
}

// ---------------------------------------------------------------------------------------------
// Call-Ace whist

// An auction call of a Call-Ace record: a contract name ("8 good", "sun") or "pass".
struct ContractCall {
  Action action;
  std::string text;  // as records write it
};

// One Call-Ace deal of a record, checked for form but not yet against the rules. Each step
// after the auction is optional: a record of a game in progress stops at the first one absent.
struct CallAceRecord {
  Hands hands{};
  Kitty kitty = kNoKitty;
  std::vector<ContractCall> auction;
  std::optional<Suit> trump;
  std::optional<int> turned;   // kitty cards turned, the last one accepted
  std::optional<int> turning;  // a game in progress: kitty cards face up, none accepted yet
  std::optional<Card> call;
  bool has_exchange = false;
  bool keep = false;                          // "exchange": false
  std::optional<std::vector<Card>> exchange;  // otherwise the cards discarded, in order
  std::optional<std::vector<Card>> plays;
};

// The fields after the auction in the order a deal reaches them (Half calls before trump, but
// no contract has both a "turned" and a "trump").
constexpr std::string_view kCallAceSteps[] = {"turned", "turning",  "trump",
                                              "call",   "exchange", "plays"};

bool step_given(const CallAceRecord& d, std::string_view field) {
  if (field == "turned") return d.turned.has_value();
  if (field == "turning") return d.turning.has_value();
  if (field == "trump") return d.trump.has_value();
  if (field == "call") return d.call.has_value();
  if (field == "exchange") return d.has_exchange;
  return d.plays.has_value();
}

CallAceRecord parse_call_ace_deal(const Json& j, int number, int players) {
  const std::string where = "deal " + std::to_string(number) + ": ";
  const std::string at = "deal " + std::to_string(number) + ", ";
  if (!j.is_object()) fail(where + "must be an object with \"hands\", \"kitty\" and \"auction\"");
  reject_unknown_fields(
      j, {"hands", "kitty", "auction", "trump", "turned", "turning", "call", "exchange", "plays"},
      where);
  CallAceRecord d;
  d.hands = parse_hands(j, where, players);

  const Json& kitty = require_field(j, "kitty", where);
  const std::string kitty_type = where + "\"kitty\" must be an array of cards";
  if (!kitty.is_array()) fail(kitty_type);
  for (const Json& c : kitty) {
    if (!c.is_string()) fail(kitty_type);
  }
  if (kitty.size() > static_cast<size_t>(kKittySize)) {
    fail(where + "the kitty must hold " + std::to_string(kKittySize) + " cards");
  }
  for (size_t i = 0; i < kitty.size(); ++i) {
    const std::string text = kitty[i].get<std::string>();
    const auto c = parse_card(text);
    if (!c) fail(where + "unknown card " + json_quote(text) + " in the kitty");
    d.kitty[i] = *c;
  }

  const Json& auction = require_field(j, "auction", where);
  const std::string auction_type =
      where +
      "\"auction\" must be an array of calls such as \"7\", \"8 good\", \"sun\" or \"pass\"";
  if (!auction.is_array()) fail(auction_type);
  for (const Json& c : auction) {
    if (!c.is_string()) fail(auction_type);
  }
  for (size_t i = 0; i < auction.size(); ++i) {
    const std::string text = auction[i].get<std::string>();
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == "pass") {
      d.auction.push_back({Action::pass(), "pass"});
    } else if (const auto k = parse_contract(lower)) {
      d.auction.push_back({Action::contract(*k), contract_name(*k)});
    } else {
      fail(at + "auction " + std::to_string(i + 1) + ": unknown call " + json_quote(text));
    }
  }

  if (const Json* t = find_field(j, "trump")) {
    const std::string trump_type = where + "\"trump\" must be a suit: \"S\", \"H\", \"D\" or \"C\"";
    if (!t->is_string()) fail(trump_type);
    const auto s = parse_suit(t->get<std::string>());
    if (!s || *s == Suit::None) fail(trump_type);
    d.trump = *s;
  }

  for (const char* name : {"turned", "turning"}) {
    const Json* t = find_field(j, name);
    if (t == nullptr) continue;
    const auto n = as_int(*t);
    if (!n || *n < 1 || *n > kKittySize) {
      fail(where + "\"" + name + "\" must be the number of kitty cards turned, 1 to " +
           std::to_string(kKittySize));
    }
    (std::string_view(name) == "turned" ? d.turned : d.turning) = static_cast<int>(*n);
  }
  if (d.turned && d.turning) {
    fail(where +
         "\"turned\" and \"turning\" are both given (\"turning\" is for a Turn contract "
         "still turning kitty cards)");
  }

  if (const Json* c = find_field(j, "call")) {
    if (!c->is_string()) fail(where + "\"call\" must be a card such as \"AH\"");
    const auto card = parse_card(c->get<std::string>());
    if (!card) {
      fail(where + "unknown card " + json_quote(c->get<std::string>()) + " as the called card");
    }
    d.call = *card;
  }

  if (const Json* e = find_field(j, "exchange")) {
    const std::string exchange_type =
        where + "\"exchange\" must be false or the array of the cards discarded";
    d.has_exchange = true;
    if (e->is_boolean() && !e->get<bool>()) {
      d.keep = true;
    } else {
      if (!e->is_array()) fail(exchange_type);
      for (const Json& c : *e) {
        if (!c.is_string()) fail(exchange_type);
      }
      d.exchange.emplace();
      for (size_t i = 0; i < e->size(); ++i) {
        const std::string text = (*e)[i].get<std::string>();
        const auto c = parse_card(text);
        if (!c) {
          fail(at + "discard " + std::to_string(i + 1) + ": unknown card " + json_quote(text));
        }
        d.exchange->push_back(*c);
      }
    }
  }

  if (const Json* p = find_field(j, "plays")) d.plays = parse_plays(*p, number);
  return d;
}

// Replays one parsed Call-Ace deal: the auction, then the steps in the order the engine asks for
// them (DealState::phase()), each checked; the record may stop at a step only in its last deal.
void replay_call_ace_deal(Match& match, const CallAceRecord& d, int number, bool last) {
  const std::string where = "deal " + std::to_string(number) + ": ";
  const std::string at = "deal " + std::to_string(number) + ", ";
  const std::string unfinished = " (only the last deal of a record may be unfinished)";
  if (match.finished()) {
    fail(where + "the game is already over after " + std::to_string(match.deal_index()) +
         " deals; the record has more deals than the game");
  }
  if (std::string err = match.deal_given(d.hands, kNoCard, d.kitty); !err.empty()) {
    fail(where + err);
  }
  const DealState& state = match.state();
  const auto seat_text = [&] { return "seat " + std::to_string(state.to_move()); };

  size_t call = 0;
  while (state.phase() == Phase::Auction && call < d.auction.size()) {
    const ContractCall& c = d.auction[call];
    const std::string loc =
        at + "auction " + std::to_string(call + 1) + " (" + seat_text() + ", " + c.text + "): ";
    if (std::string err = match.why_illegal(c.action); !err.empty()) fail(loc + err);
    match.apply(c.action);
    ++call;
  }
  const std::string calls = plural(static_cast<int64_t>(call), "call", "calls");
  const bool thrown_in = state.thrown_in();
  const std::string contract =
      !thrown_in && state.phase() != Phase::Auction ? contract_name(state.call().contract) : "";
  if (call < d.auction.size()) {
    const std::string loc =
        at + "auction " + std::to_string(call + 1) + " (" + d.auction[call].text + "): ";
    if (thrown_in) fail(loc + "the hand was thrown in after " + calls);
    fail(loc + "the auction is already over after " + calls + ": " + contract + " by seat " +
         std::to_string(state.declarer()));
  }
  // The steps applied so far, and the first step given that is not (nullopt: none).
  std::vector<std::string_view> used;
  const auto first_unused = [&]() -> std::optional<std::string_view> {
    for (std::string_view f : kCallAceSteps) {
      if (step_given(d, f) && std::find(used.begin(), used.end(), f) == used.end()) return f;
    }
    return std::nullopt;
  };
  // The record stops before a step: nothing later may be given, and only in the last deal.
  const auto stop = [&](const std::string& what) {
    if (const auto f = first_unused()) {
      fail(where + what + ", but \"" + std::string(*f) + "\" is given");
    }
    if (!last) fail(where + what + unfinished);
  };
  if (thrown_in) {
    if (const auto f = first_unused()) {
      fail(where + "the hand was thrown in, but \"" + std::string(*f) + "\" is given");
    }
    return;
  }
  if (state.phase() == Phase::Auction) return stop("the auction is not over after " + calls);

  // Steps the contract never asks for.
  const ContractKind kind = contract_ladder()[state.call().contract].kind;
  const bool chooses_trump =
      kind == ContractKind::Plain || kind == ContractKind::Quarter || kind == ContractKind::Half;
  const bool calls_card = !contract_ladder()[state.call().contract].alone();
  if (d.trump && !chooses_trump) {
    fail(where + "\"trump\" is given, but nobody chooses trump in contract " + contract);
  }
  for (const char* f : {"turned", "turning"}) {
    if (step_given(d, f) && kind != ContractKind::Turn) {
      fail(where + "\"" + f + "\" is given, but contract " + contract + " is not a Turn contract");
    }
  }
  if (d.call && !calls_card) {
    fail(where + "\"call\" is given, but contract " + contract +
         " calls no card (the declarer plays alone)");
  }

  for (;;) {
    switch (state.phase()) {
      case Phase::ChooseTrump: {
        if (!d.trump) {
          return stop("missing field \"trump\": " + seat_text() + " chooses trump next");
        }
        const Action a = Action::choose_trump(*d.trump);
        const std::string loc = at + "trump (" + seat_text() + ", " + suit_name(*d.trump) + "): ";
        if (std::string err = match.why_illegal(a); !err.empty()) fail(loc + err);
        match.apply(a);
        used.push_back("trump");
        break;
      }
      case Phase::TurnKitty: {
        if (d.turning) {
          for (int i = 1; i < *d.turning; ++i) {
            const std::string loc = at + "turning (" + seat_text() + "): ";
            if (std::string err = match.why_illegal(Action::turn_next()); !err.empty()) {
              fail(loc + err);
            }
            match.apply(Action::turn_next());
          }
          used.push_back("turning");
          return stop("\"turning\" " + std::to_string(*d.turning) + " leaves " + seat_text() +
                      " turning kitty cards");
        }
        if (!d.turned) {
          return stop("missing field \"turned\": " + seat_text() + " turns kitty cards next");
        }
        for (int i = 1; i < *d.turned; ++i) {
          const std::string loc = at + "turned " + std::to_string(i) + " (" + seat_text() + "): ";
          if (std::string err = match.why_illegal(Action::turn_next()); !err.empty()) {
            fail(loc + err);
          }
          match.apply(Action::turn_next());
        }
        const std::string loc = at + "turned " + std::to_string(*d.turned) + " (" + seat_text() +
                                ", " + to_string(state.kitty_card(*d.turned - 1)) + "): ";
        if (std::string err = match.why_illegal(Action::accept_trump()); !err.empty()) {
          fail(loc + err);
        }
        match.apply(Action::accept_trump());
        used.push_back("turned");
        break;
      }
      case Phase::CallCard: {
        if (!d.call) return stop("missing field \"call\": " + seat_text() + " calls a card next");
        const Action a = Action::call(*d.call);
        const std::string loc = at + "call (" + seat_text() + ", " + to_string(*d.call) + "): ";
        if (std::string err = match.why_illegal(a); !err.empty()) fail(loc + err);
        match.apply(a);
        used.push_back("call");
        break;
      }
      case Phase::Exchange: {
        if (!d.has_exchange) {
          return stop("missing field \"exchange\": " + seat_text() +
                      " takes the kitty or keeps the hand next");
        }
        const Action a = d.keep ? Action::keep_hand() : Action::take_kitty();
        const std::string loc = at + "exchange (" + seat_text() + "): ";
        if (std::string err = match.why_illegal(a); !err.empty()) fail(loc + err);
        if (!d.keep && d.exchange->size() > static_cast<size_t>(kKittySize)) {
          fail(where + "\"exchange\" lists " + std::to_string(d.exchange->size()) + " cards, but " +
               std::to_string(kKittySize) + " are discarded");
        }
        match.apply(a);
        used.push_back("exchange");
        if (d.keep) break;
        for (size_t i = 0; i < d.exchange->size(); ++i) {
          const Card c = (*d.exchange)[i];
          const Action discard = Action::discard(c);
          const std::string dloc = at + "discard " + std::to_string(i + 1) + " (" + seat_text() +
                                   ", " + to_string(c) + "): ";
          if (std::string err = match.why_illegal(discard); !err.empty()) fail(dloc + err);
          match.apply(discard);
        }
        if (state.phase() == Phase::Discard) {
          return stop("\"exchange\" lists " +
                      plural(static_cast<int64_t>(d.exchange->size()), "card", "cards") +
                      ", expected " + std::to_string(kKittySize));
        }
        break;
      }
      case Phase::Playing: {
        if (!d.plays) return stop("missing field \"plays\": " + seat_text() + " leads next");
        used.push_back("plays");
        const int n = match.players();
        const int cards = state.cards();
        const auto num_plays = static_cast<int64_t>(d.plays->size());
        if (num_plays > n * cards) {
          fail(where + std::to_string(num_plays) + " plays, but " + std::to_string(n) +
               " players × " + std::to_string(cards) + " cards make " + std::to_string(n * cards));
        }
        if (!last && num_plays < n * cards) {
          fail(where + std::to_string(num_plays) + " plays, expected " + std::to_string(n * cards) +
               unfinished);
        }
        for (size_t i = 0; i < d.plays->size(); ++i) {
          const Card c = (*d.plays)[i];
          const Action a = Action::play(c);
          if (std::string err = match.why_illegal(a); !err.empty()) {
            fail(at + "play " + std::to_string(i + 1) + " (" + seat_text() + ", " + to_string(c) +
                 "): " + err);
          }
          match.apply(a);
        }
        return;
      }
      default:  // not reached: a Call-Ace deal has no other phase
        fail(where + "internal error: unexpected phase");
    }
  }
}

std::unique_ptr<Match> replay_json(const std::string& text, std::string& session) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::exception& e) {
    std::string what = e.what();
    if (const auto close = what.find("] ");
        what.starts_with("[json.") && close != std::string::npos) {
      what = what.substr(close + 2);
    }
    fail("not JSON: " + what);
  }
  if (!j.is_object()) fail("not a game record: the top level must be a JSON object");

  const Json& format = require_field(j, "format", "");
  if (!format.is_string() || format.get<std::string>() != kFormat) {
    fail("unsupported \"format\" " + inline_text(format) + " (this program reads \"" +
         std::string(kFormat) + "\")");
  }
  reject_unknown_fields(
      j, {"format", "variant", "options", "players", "first_dealer", "session", "deals"}, "");
  if (const Json* s = find_field(j, "session")) {
    // Opaque here: the program that wrote it (whist play) reads its fields.
    if (!s->is_object()) fail("\"session\" must be an object");
    session = inline_text(*s);
  }

  const Json& variant = require_field(j, "variant", "");
  if (!variant.is_string()) fail("\"variant\" must be a string such as \"romanian\"");

  const Json& players = require_field(j, "players", "");
  const std::string players_type = "\"players\" must be a non-empty array of names";
  if (!players.is_array() || players.empty()) fail(players_type);
  std::vector<std::string> names;
  for (const Json& name : players) {
    if (!name.is_string()) fail(players_type);
    names.push_back(name.get<std::string>());
  }
  const int n = static_cast<int>(std::min<size_t>(names.size(), 1000));

  auto rules = make_preset(variant.get<std::string>(), n);
  if (!rules) {
    fail("unknown variant " + json_quote(variant.get<std::string>()) +
         " (known: " + known_variants() + ")");
  }
  if (const Json* options = find_field(j, "options")) {
    if (!options->is_object()) fail("\"options\" must be an object of option names and values");
    for (const auto& [name, value] : options->items()) {
      const auto value_text = option_text(value);
      if (!value_text) {
        fail("option " + json_quote(name) + ": the value must be a string, a number or a boolean");
      }
      if (std::string err = set_option(*rules, name, *value_text); !err.empty()) fail(err);
    }
  }
  if (std::string err = validate(*rules); !err.empty()) fail(err);

  const Json& first = require_field(j, "first_dealer", "");
  const auto first_dealer = as_int(first);
  if (!first_dealer || *first_dealer < 0 || *first_dealer >= n) {
    fail("\"first_dealer\" must be a seat number from 0 to " + std::to_string(n - 1));
  }

  const Json& deals = require_field(j, "deals", "");
  if (!deals.is_array()) fail("\"deals\" must be an array of deals");

  auto match = std::make_unique<Match>(*rules, names, static_cast<int>(*first_dealer));
  for (size_t k = 0; k < deals.size(); ++k) {
    const int number = static_cast<int>(k + 1);
    const bool last = k + 1 == deals.size();
    if (rules->family == Family::CallAce) {
      replay_call_ace_deal(*match, parse_call_ace_deal(deals[k], number, n), number, last);
      continue;
    }
    const DealRecord d = parse_deal(deals[k], number, n, rules->family == Family::Israeli);
    replay_deal(*match, d, number, last);
  }
  return match;
}

// A finished Call-Ace deal in the --json summary.
Json call_ace_result_json(const DealResult& r, int n) {
  const auto seat = [](int s) { return s >= 0 ? Json(s) : Json(nullptr); };
  Json tricks = Json::array(), points = Json::array();
  for (int p = 0; p < n; ++p) {
    tricks.push_back(r.tricks[static_cast<size_t>(p)]);
    points.push_back(points_json(r.points[static_cast<size_t>(p)]));
  }
  const bool bid = !r.thrown_in && r.contract_index >= 0;
  Json d = Json::object();
  d["cards"] = r.cards;
  d["contract"] = bid ? Json(contract_name(r.contract_index)) : Json(nullptr);
  d["declarer"] = bid ? seat(r.declarer) : Json(nullptr);
  d["trump"] = suit_name(r.trump);
  d["called"] = r.called != kNoCard ? Json(to_string(r.called)) : Json(nullptr);
  d["partner"] = seat(r.partner);
  d["thrown_in"] = r.thrown_in;
  d["tricks"] = std::move(tricks);
  d["points"] = std::move(points);
  return d;
}

// The Call-Ace deal in progress in the --json summary.
Json call_ace_unfinished_json(const DealState& s) {
  const bool over = s.phase() != Phase::Auction && s.declarer() >= 0;
  Json tricks = Json::array();
  for (int p = 0; p < s.players(); ++p) tricks.push_back(s.tricks_won(p));
  Json u = Json::object();
  u["cards"] = s.cards();
  u["phase"] = std::string(phase_text(s.phase()));
  u["contract"] = over ? Json(contract_name(s.call().contract)) : Json(nullptr);
  u["declarer"] = over ? Json(s.declarer()) : Json(nullptr);
  u["trump"] = suit_name(s.trump());
  u["called"] = s.call().called != kNoCard ? Json(to_string(s.call().called)) : Json(nullptr);
  u["tricks"] = std::move(tricks);
  u["plays"] = s.num_plays();
  return u;
}

// Keeps an error message on one line whatever the input held.
std::string one_line(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\r') {
      out += "\\r";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      out += '?';
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace

std::string write_record(const Match& match, std::string_view session) {
  const Rules& rules = match.rules();
  Json opts = Json::object();
  const auto preset = make_preset(rules.variant, rules.players);
  for (const OptionInfo& o : options()) {
    const std::string value = o.get(rules);
    if (!preset || o.get(*preset) != value) opts[std::string(o.name)] = value;
  }
  Json players = Json::array();
  for (const auto& name : match.names()) players.push_back(name);

  std::string out = "{\n";
  out += "  \"format\": " + json_quote(kFormat) + ",\n";
  out += "  \"variant\": " + json_quote(rules.variant) + ",\n";
  out += "  \"options\": " + inline_text(opts) + ",\n";
  out += "  \"players\": " + inline_text(players) + ",\n";
  out += "  \"first_dealer\": " + std::to_string(match.first_dealer()) + ",\n";
  if (!session.empty()) {
    const Json s = Json::parse(session, nullptr, false);
    if (s.is_object()) out += "  \"session\": " + inline_text(s) + ",\n";
  }
  out += "  \"deals\": [";
  const int deals = static_cast<int>(match.log().size());
  for (int k = 0; k < deals; ++k) {
    out += k == 0 ? "\n    " : ",\n    ";
    out += inline_text(deal_json(match, k));
  }
  out += deals == 0 ? "]\n" : "\n  ]\n";
  out += "}\n";
  return out;
}

ReplayResult replay_record(const std::string& text) {
  ReplayResult result;
  try {
    result.match = replay_json(text, result.session);
  } catch (const RecordError& e) {
    result.error = one_line(e.message);
  } catch (const std::exception& e) {  // a JSON access this code did not foresee
    result.error = one_line(std::string("malformed record: ") + e.what());
  }
  if (!result.error.empty()) {
    result.match.reset();
    result.session.clear();
  }
  return result;
}

std::string replay_summary_json(const Match& match) {
  const int n = match.players();
  const bool israeli = match.rules().family == Family::Israeli;
  const bool call_ace = match.rules().family == Family::CallAce;
  const auto bid_json = [](int b) { return b >= 0 ? Json(b) : Json(nullptr); };
  Json deals = Json::array();
  for (const DealResult& r : match.results()) {
    if (call_ace) {
      deals.push_back(call_ace_result_json(r, n));
      continue;
    }
    Json bids = Json::array(), tricks = Json::array(), points = Json::array();
    for (int p = 0; p < n; ++p) {
      bids.push_back(bid_json(r.bids[static_cast<size_t>(p)]));
      tricks.push_back(r.tricks[static_cast<size_t>(p)]);
      points.push_back(points_json(r.points[static_cast<size_t>(p)]));
    }
    Json d = Json::object();
    d["cards"] = r.cards;
    d["trump"] = suit_name(r.trump);
    if (israeli) {
      const bool bid = r.declarer >= 0 && !r.thrown_in;
      d["declarer"] = bid ? Json(r.declarer) : Json(nullptr);
      d["contract"] = bid ? Json(contract_text(r.auction_tricks, r.trump)) : Json(nullptr);
      d["thrown_in"] = r.thrown_in;
    }
    d["bids"] = std::move(bids);
    d["tricks"] = std::move(tricks);
    d["points"] = std::move(points);
    deals.push_back(std::move(d));
  }
  Json totals = Json::array();
  for (int p = 0; p < n; ++p) totals.push_back(points_json(match.totals()[static_cast<size_t>(p)]));

  Json unfinished = nullptr;
  if (match.in_deal() && call_ace) {
    unfinished = call_ace_unfinished_json(match.state());
  } else if (match.in_deal()) {
    const DealState& s = match.state();
    Json bids = Json::array(), tricks = Json::array();
    for (int p = 0; p < n; ++p) {
      bids.push_back(bid_json(s.bid(p)));
      tricks.push_back(s.tricks_won(p));
    }
    unfinished = Json::object();
    unfinished["cards"] = s.cards();
    unfinished["trump"] = suit_name(s.trump());
    if (israeli) {
      // The declarer and contract are known once the auction is over.
      const bool over =
          s.phase() != Phase::Auction && s.phase() != Phase::Passing && s.declarer() >= 0;
      unfinished["phase"] = std::string(phase_text(s.phase()));
      unfinished["declarer"] = over ? Json(s.declarer()) : Json(nullptr);
      unfinished["contract"] =
          over ? Json(contract_text(s.contract_tricks(), s.trump())) : Json(nullptr);
    }
    unfinished["bids"] = std::move(bids);
    unfinished["tricks"] = std::move(tricks);
    unfinished["plays"] = s.num_plays();
  }

  Json out = Json::object();
  out["deals"] = std::move(deals);
  out["totals"] = std::move(totals);
  out["complete"] = match.finished();
  out["unfinished"] = std::move(unfinished);
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace whist
