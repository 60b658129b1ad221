// Reading a game record: the JSON parsed, checked for form and replayed into a match with every
// action checked against the rules. The Call-Ace deals are read by record_call_ace.cpp; records
// are written by record_write.cpp.
#include "game/record.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/text.h"
#include "game/json_input.h"
#include "game/json_int.h"
#include "game/record_detail.h"
#include "game/view_json.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {

namespace {

// The first problem found; thrown inside replay_record and turned into ReplayResult::error.
struct RecordError {
  std::string message;
};

}  // namespace

namespace record_detail {

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

std::string shown(std::string_view text) {
  const size_t n = utf8_prefix(text, 60);
  if (n == text.size()) return json_quote(text);
  return json_quote(text.substr(0, n)) + "... (" + std::to_string(text.size()) + " bytes)";
}

void reject_unknown_fields(const Json& object, std::initializer_list<std::string_view> known,
                           const std::string& where) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      fail(where + "unknown field " + shown(key));
    }
  }
}

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
        fail(where + "unknown card " + shown(text.get<std::string>()) + " in the hand of seat " +
             std::to_string(p));
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
           ": unknown card " + shown(text));
    }
    out.push_back(*c);
  }
  return out;
}

std::string plural(int64_t count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::string played_before(const std::vector<Card>& plays, size_t i) {
  for (size_t k = 0; k < i; ++k) {
    if (plays[k] == plays[i]) {
      return to_string(plays[i]) + " was already played (play " + std::to_string(k + 1) + ")";
    }
  }
  return {};
}

}  // namespace record_detail

namespace {

using record_detail::call_text;
using record_detail::contract_text;
using record_detail::fail;
using record_detail::find_field;
using record_detail::inline_text;
using record_detail::Json;
using record_detail::kFormat;
using record_detail::kModeNames;
using record_detail::parse_and_replay_call_ace_deal;
using record_detail::parse_hands;
using record_detail::parse_plays;
using record_detail::played_before;
using record_detail::plural;
using record_detail::reject_unknown_fields;
using record_detail::require_field;
using record_detail::shown;

// An option value as the option table's text.
std::optional<std::string> option_text(const Json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_boolean()) return std::string(j.get<bool>() ? "on" : "off");
  // As written, so that an error quotes it (regressions: 9999999999 was quoted as 1000000000,
  // and 10**30 as 1e+30).
  return json_number_text(j);
}

std::string known_variants() {
  std::string out;
  for (const auto& p : presets()) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

// An auction call of a record: a bid ("5S", "6NT") or "pass".
struct Call {
  Action action;     // Action::pass(), or the bid (above 13 tricks, the code of no bid)
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
    if (!c) fail(where + "unknown card " + shown(t->get<std::string>()) + " as the turned card");
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
        fail(at + "auction " + std::to_string(i + 1) + ": unknown call " + shown(text));
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
                 "): unknown card " + shown(text.get<std::string>()));
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
      const auto seat = json_int(s);
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
    // A fraction or a number past 64 bits, named as written (regression: both were "must be an
    // array of whole numbers", and 2^63 alone "far out of range").
    if (const std::string why = json_int_refusal(b); !why.empty()) {
      fail(where + "\"bids\": " + why);
    }
    const auto n = json_int(b);
    if (!n) fail(bids_type);
    d.bids.push_back(*n);
  }

  d.plays = parse_plays(require_field(j, "plays", where), number);
  return d;
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
      // More tricks than a deal has: past 13 the code is no auction bid's (14S names no action,
      // 41NT a Call-Ace contract's).
      if (c.tricks > 13) {
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
    fail(where + "the game is already over after " + plural(match.deal_index(), "deal", "deals") +
         "; the record has more deals than the game");
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
         plural(cards, "card", "cards") + " make " + std::to_string(n * cards));
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
      if (const std::string again = played_before(d.plays, i); !again.empty()) err = again;
      fail(at + "play " + std::to_string(i + 1) + " (seat " + std::to_string(seat) + ", " +
           to_string(c) + "): " + err);
    }
    match.apply(a);
  }
}

std::unique_ptr<Match> replay_json(const std::string& text, std::string& session) {
  // Said plainly, not as nlohmann's "unexpected end of input" (a save cut short by a full disk).
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    fail("the file is empty: it holds no game record");
  }
  Json j;
  try {
    j = parse_json_input(text);
  } catch (const Json::exception& e) {
    fail("not JSON: " + json_message(e.what()));
  } catch (const JsonInputError& e) {
    fail(e.what());
  }
  if (!j.is_object()) fail("not a game record: the top level must be a JSON object");

  const Json& format = require_field(j, "format", "");
  if (format == "whist-score/1") {
    fail(
        "this is a score file (whist score), not a game record: whist score --resume FILE "
        "shows its sheet");
  }
  if (!format.is_string()) {
    fail("\"format\" must be the string \"" + std::string(kFormat) + "\"");
  }
  if (format.get<std::string>() != kFormat) {
    fail("unsupported \"format\" " + shown(format.get<std::string>()) + " (this program reads \"" +
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
    const auto& player = name.get_ref<const std::string&>();
    if (has_control_character(player)) {
      fail("a player's name may not hold control characters: " + quote_input(player));
    }
    names.push_back(player);
  }
  // The count as given (a file of at most 64 MiB holds far fewer names than int's range), for the
  // rules' own message (regression: 2000 names were reported as 1000).
  const int n = static_cast<int>(std::min<size_t>(names.size(), kJsonIntLimit));

  auto rules = make_preset(variant.get<std::string>(), n);
  if (!rules) {
    fail("unknown variant " + shown(variant.get<std::string>()) + " (known: " + known_variants() +
         ")");
  }
  if (const Json* options = find_field(j, "options")) {
    if (!options->is_object()) fail("\"options\" must be an object of option names and values");
    for (const auto& [name, value] : options->items()) {
      const auto value_text = option_text(value);
      if (!value_text) {
        fail("option " + shown(name) + ": the value must be a string, a number or a boolean");
      }
      if (std::string err = set_option(*rules, name, *value_text); !err.empty()) fail(err);
    }
  }
  if (std::string err = validate(*rules); !err.empty()) fail(err);

  const Json& first = require_field(j, "first_dealer", "");
  const auto first_dealer = json_int(first);
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
      parse_and_replay_call_ace_deal(*match, deals[k], number, n, last);
      continue;
    }
    const DealRecord d = parse_deal(deals[k], number, n, rules->family == Family::Israeli);
    replay_deal(*match, d, number, last);
  }
  return match;
}

}  // namespace

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

}  // namespace whist
