#include "game/record.h"

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

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

Json deal_json(const Match& match, int k) {
  const DealLog& log = match.log()[static_cast<size_t>(k)];
  const int n = match.players();
  const int dealer = (match.first_dealer() + k) % n;
  Json hands = Json::array();
  for (int p = 0; p < n; ++p) hands.push_back(hand_json(log.hands[static_cast<size_t>(p)]));
  Json bids = Json::array();
  Json plays = Json::array();
  Json zero = Json::array();
  std::optional<OneCardMode> mode;
  for (Action a : log.actions) {
    switch (a.kind()) {
      case ActionKind::ChooseMode:
        mode = a.mode();
        break;
      case ActionKind::AnnounceZero:
        // Announced at the announcer's bidding turn: the seat whose bid comes next.
        zero.push_back((dealer + 1 + static_cast<int>(bids.size())) % n);
        break;
      case ActionKind::Bid:
        bids.push_back(a.bid_value());
        break;
      case ActionKind::Play:
        plays.push_back(to_string(a.card()));
        break;
      case ActionKind::Invalid:
        break;
    }
  }
  Json d = Json::object();
  d["hands"] = std::move(hands);
  if (log.turned != kNoCard) d["turned"] = to_string(log.turned);
  if (mode) d["mode"] = kModeNames[static_cast<int>(*mode)];
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

// One deal of a record, checked for form (JSON types, card names) but not yet against the rules.
struct DealRecord {
  Hands hands{};
  Card turned = kNoCard;
  std::optional<OneCardMode> mode;
  std::vector<int> zero_play;
  std::vector<int64_t> bids;
  std::vector<Card> plays;
};

DealRecord parse_deal(const Json& j, int number, int players) {
  const std::string where = "deal " + std::to_string(number) + ": ";
  if (!j.is_object()) fail(where + "must be an object with \"hands\", \"bids\" and \"plays\"");
  reject_unknown_fields(j, {"hands", "turned", "mode", "zero_play", "bids", "plays"}, where);
  DealRecord d;

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
  for (int p = 0; p < players; ++p) {
    CardSet& set = d.hands[static_cast<size_t>(p)];
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

  const Json& plays = require_field(j, "plays", where);
  const std::string plays_type = where + "\"plays\" must be an array of cards";
  if (!plays.is_array()) fail(plays_type);
  for (const Json& c : plays) {
    if (!c.is_string()) fail(plays_type);
  }
  for (size_t i = 0; i < plays.size(); ++i) {
    const std::string text = plays[i].get<std::string>();
    const auto c = parse_card(text);
    if (!c) {
      fail("deal " + std::to_string(number) + ", play " + std::to_string(i + 1) +
           ": unknown card " + json_quote(text));
    }
    d.plays.push_back(*c);
  }
  return d;
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
  const int n = match.players();
  const int cards = state.cards();
  const auto num_bids = static_cast<int64_t>(d.bids.size());
  const auto num_plays = static_cast<int64_t>(d.plays.size());
  if (num_bids > n) {
    fail(where + std::to_string(num_bids) + " bids, but " + std::to_string(n) +
         " players bid once each");
  }
  if (num_plays > n * cards) {
    fail(where + std::to_string(num_plays) + " plays, but " + std::to_string(n) + " players × " +
         std::to_string(cards) + " cards make " + std::to_string(n * cards));
  }
  const std::string unfinished = " (only the last deal of a record may be unfinished)";
  if (!last && num_bids < n) {
    fail(where + std::to_string(num_bids) + " bids, expected " + std::to_string(n) + unfinished);
  }
  if (!last && num_plays < n * cards) {
    fail(where + std::to_string(num_plays) + " plays, expected " + std::to_string(n * cards) +
         unfinished);
  }
  if (num_plays > 0 && num_bids < n) {
    fail(where + std::to_string(num_bids) + " bids, but all " + std::to_string(n) +
         " are made before the first play");
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

std::unique_ptr<Match> replay_json(const std::string& text) {
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
  reject_unknown_fields(j, {"format", "variant", "options", "players", "first_dealer", "deals"},
                        "");

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
    const DealRecord d = parse_deal(deals[k], number, n);
    replay_deal(*match, d, number, k + 1 == deals.size());
  }
  return match;
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

std::string write_record(const Match& match) {
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
    result.match = replay_json(text);
  } catch (const RecordError& e) {
    result.error = one_line(e.message);
  } catch (const std::exception& e) {  // a JSON access this code did not foresee
    result.error = one_line(std::string("malformed record: ") + e.what());
  }
  if (!result.error.empty()) result.match.reset();
  return result;
}

std::string replay_summary_json(const Match& match) {
  const int n = match.players();
  Json deals = Json::array();
  for (const DealResult& r : match.results()) {
    Json bids = Json::array(), tricks = Json::array(), points = Json::array();
    for (int p = 0; p < n; ++p) {
      bids.push_back(r.bids[static_cast<size_t>(p)]);
      tricks.push_back(r.tricks[static_cast<size_t>(p)]);
      points.push_back(points_json(r.points[static_cast<size_t>(p)]));
    }
    Json d = Json::object();
    d["cards"] = r.cards;
    d["trump"] = suit_name(r.trump);
    d["bids"] = std::move(bids);
    d["tricks"] = std::move(tricks);
    d["points"] = std::move(points);
    deals.push_back(std::move(d));
  }
  Json totals = Json::array();
  for (int p = 0; p < n; ++p) totals.push_back(points_json(match.totals()[static_cast<size_t>(p)]));

  Json unfinished = nullptr;
  if (match.in_deal()) {
    const DealState& s = match.state();
    Json bids = Json::array(), tricks = Json::array();
    for (int p = 0; p < n; ++p) {
      if (s.bid(p) >= 0) {
        bids.push_back(s.bid(p));
      } else {
        bids.push_back(nullptr);
      }
      tricks.push_back(s.tricks_won(p));
    }
    unfinished = Json::object();
    unfinished["cards"] = s.cards();
    unfinished["trump"] = suit_name(s.trump());
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
