#include "game/score_file.h"

#include <nlohmann/json.hpp>

#include <set>

#include "core/text.h"
#include "game/json_input.h"
#include "game/json_int.h"
#include "game/view_json.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {

namespace {

using Json = nlohmann::ordered_json;

std::string trump_name(Suit s) { return s == Suit::None ? "NT" : std::string(1, suit_char(s)); }

// Option name -> value for every option that differs from the preset's default.
Json options_json(const Rules& rules) {
  Json opts = Json::object();
  const auto preset = make_preset(rules.variant, rules.players);
  for (const OptionInfo& o : options()) {
    const std::string value = o.get(rules);
    if (!preset || o.get(*preset) != value) opts[std::string(o.name)] = value;
  }
  return opts;
}

Json seats_json(const std::array<int, kMaxPlayers>& values, int n) {
  Json out = Json::array();
  for (int p = 0; p < n; ++p) out.push_back(values[p] >= 0 ? Json(values[p]) : Json(nullptr));
  return out;
}

// What was said in one deal; `result` (finished deals) adds the trump the rules fixed.
Json deal_json(const ScoreDeal& d, const Rules& rules, const DealResult* result) {
  const int n = rules.players;
  Json j = Json::object();
  if (d.thrown_in) {
    j["thrown_in"] = true;
    return j;
  }
  if (d.mode) j["mode"] = std::string(mode_name(*d.mode));
  if (rules.family == Family::Israeli) {
    if (d.auction && d.trump) j["auction"] = std::to_string(*d.auction) + trump_name(*d.trump);
  } else if (rules.family == Family::CallAce) {
    if (d.contract) j["contract"] = contract_name(*d.contract);
  }
  if (d.declarer) j["declarer"] = *d.declarer;
  if (rules.family != Family::Israeli) {
    if (d.trump) {
      j["trump"] = trump_name(*d.trump);
    } else if (result != nullptr) {
      j["trump"] = trump_name(result->trump);
    }
  }
  if (d.called) j["called"] = to_string(*d.called);
  if (d.partner) j["partner"] = *d.partner < 0 ? Json("alone") : Json(*d.partner);
  if (d.zero_play) {
    Json seats = Json::array();
    for (int p = 0; p < n; ++p) {
      if (d.zero_play >> p & 1) seats.push_back(p);
    }
    j["zero_play"] = seats;
  }
  if (rules.family != Family::CallAce) j["bids"] = seats_json(d.bids, n);
  j["tricks"] = seats_json(d.tricks, n);
  return j;
}

struct ParseError {
  std::string message;
};

[[noreturn]] void fail(std::string message) { throw ParseError{std::move(message)}; }

int seat_of(const Json& v, int n, const std::string& what) {
  const auto seat = json_int(v);
  if (!seat || *seat < 0 || *seat >= n) {
    fail("\"" + what + "\" must be a seat 0-" + std::to_string(n - 1));
  }
  return static_cast<int>(*seat);
}

std::optional<Suit> suit_of(const Json& v, const std::string& what) {
  if (!v.is_string()) fail("\"" + what + "\" must be a string");
  const auto s = parse_suit(v.get<std::string>());
  if (!s) fail("\"" + what + "\": not a suit: " + v.dump());
  return s;
}

void read_seats(const Json& v, int n, std::array<int, kMaxPlayers>& out, const std::string& what) {
  if (!v.is_array() || static_cast<int>(v.size()) != n) {
    fail("\"" + what + "\" must be an array of " + std::to_string(n) + " numbers or nulls");
  }
  for (int p = 0; p < n; ++p) {
    if (v[p].is_null()) continue;
    // Named as written (regression: 4294967297 was capped, and refused later as "1000000000",
    // a number the file does not hold; 1.5 and 2^64 were "numbers 0 or more").
    if (const std::string why = json_int_refusal(v[p]); !why.empty()) {
      fail("\"" + what + "\": " + why);
    }
    const auto number = json_int(v[p]);
    if (!number || *number < 0) fail("\"" + what + "\" must hold numbers 0 or more, or nulls");
    out[p] = static_cast<int>(*number);
  }
}

ScoreDeal parse_deal(const Json& j, const Rules& rules) {
  if (!j.is_object()) fail("a deal must be an object");
  static const std::set<std::string> kFields = {"thrown_in", "mode",  "auction", "contract",
                                                "declarer",  "trump", "called",  "partner",
                                                "zero_play", "bids",  "tricks"};
  for (const auto& [key, value] : j.items()) {
    if (!kFields.contains(key)) fail("unknown field " + json_quote(key));
  }
  const int n = rules.players;
  ScoreDeal d;
  if (j.contains("thrown_in")) {
    if (!j["thrown_in"].is_boolean()) fail("\"thrown_in\" must be true or false");
    d.thrown_in = j["thrown_in"].get<bool>();
  }
  if (j.contains("mode")) {
    const Json& m = j["mode"];
    for (OneCardMode mode : {OneCardMode::Regular, OneCardMode::Forehead, OneCardMode::Blind}) {
      if (m.is_string() && m.get<std::string>() == mode_name(mode)) d.mode = mode;
    }
    if (!d.mode) fail("\"mode\" must be \"regular\", \"forehead\" or \"blind\"");
  }
  if (j.contains("auction")) {
    const Json& a = j["auction"];
    std::string text = a.is_string() ? a.get<std::string>() : "";
    size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    const auto suit = parse_suit(text.substr(digits));
    if (digits == 0 || digits > 2 || !suit)
      fail("\"auction\" must be a bid such as \"7S\" or \"6NT\"");
    d.auction = std::stoi(text.substr(0, digits));
    d.trump = suit;
  }
  if (j.contains("contract")) {
    const Json& c = j["contract"];
    const auto index = c.is_string() ? parse_contract(c.get<std::string>()) : std::nullopt;
    if (!index) fail("\"contract\": not a contract: " + json_shown(c));
    d.contract = index;
  }
  if (j.contains("declarer")) d.declarer = seat_of(j["declarer"], n, "declarer");
  if (j.contains("trump") && rules.family != Family::Israeli)
    d.trump = suit_of(j["trump"], "trump");
  if (j.contains("called")) {
    const Json& c = j["called"];
    const auto card = c.is_string() ? parse_card(c.get<std::string>()) : std::nullopt;
    if (!card) fail("\"called\": not a card: " + json_shown(c));
    d.called = card;
  }
  if (j.contains("partner")) {
    const Json& p = j["partner"];
    d.partner = p.is_string() && p.get<std::string>() == "alone" ? -1 : seat_of(p, n, "partner");
  }
  if (j.contains("zero_play")) {
    const Json& z = j["zero_play"];
    if (!z.is_array()) fail("\"zero_play\" must be an array of seats");
    for (const Json& s : z) d.zero_play |= static_cast<uint8_t>(1u << seat_of(s, n, "zero_play"));
  }
  if (j.contains("bids")) read_seats(j["bids"], n, d.bids, "bids");
  if (j.contains("tricks")) read_seats(j["tricks"], n, d.tricks, "tricks");
  return d;
}

}  // namespace

std::string write_score_file(const Scorekeeper& keeper) {
  const Rules& rules = keeper.rules();
  Json players = Json::array();
  for (const auto& name : keeper.names()) players.push_back(name);
  std::string out = "{\n";
  out += "  \"format\": " + Json(kScoreFormat).dump() + ",\n";
  out += "  \"variant\": " + Json(rules.variant).dump() + ",\n";
  out += "  \"options\": " + options_json(rules).dump() + ",\n";
  out += "  \"players\": " + players.dump() + ",\n";
  out += "  \"first_dealer\": " + std::to_string(keeper.first_dealer()) + ",\n";
  out += "  \"deals\": [";
  const auto& deals = keeper.deals();
  for (size_t k = 0; k < deals.size(); ++k) {
    out += k == 0 ? "\n    " : ",\n    ";
    out += deal_json(deals[k], rules, &keeper.results()[k]).dump();
  }
  out += deals.empty() ? "]" : "\n  ]";
  if (!keeper.finished() && !keeper.current().answers().empty()) {
    out += ",\n  \"current\": " + deal_json(keeper.current().deal(), rules, nullptr).dump();
  }
  out += "\n}\n";
  return out;
}

ScoreFileResult read_score_file(const std::string& text) {
  ScoreFileResult out;
  // Said plainly, not as nlohmann's "unexpected end of input" (a save cut short by a full disk).
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    out.error = "the file is empty: it holds no score file";
    return out;
  }
  Json j;
  try {
    // Any exception here is the text's: not JSON, or refused by parse_json_input (a key given
    // twice, a number out of range, …).
    j = parse_json_input(text);
  } catch (const Json::exception& e) {
    out.error = one_line("not JSON: " + json_message(e.what()));
    return out;
  } catch (const JsonInputError& e) {
    out.error = one_line(e.what());
    return out;
  }
  try {
    if (!j.is_object()) fail("a score file is a JSON object");
    // A game record given for a score file: say what it is (regression: "unknown field
    // \"session\"", the first field the reader did not know).
    if (j.contains("format") && j["format"] == "whist-record/1") {
      fail(
          "this is a game record (whist play, whist serve), not a score file: whist replay "
          "shows it");
    }
    // Regression (an audit): the sheet exported as JSON was refused as "unknown field".
    if (j.contains("format") && j["format"] == kScoreSheetFormat) {
      fail(
          "this is a score sheet exported as JSON (export json), not a score file: it cannot be "
          "resumed; resume the game's own file (the one its session saved to)");
    }
    static const std::set<std::string> kFields = {"format",       "variant", "options", "players",
                                                  "first_dealer", "deals",   "current"};
    for (const auto& [key, value] : j.items()) {
      if (!kFields.contains(key)) fail("unknown field " + json_quote(key));
    }
    if (!j.contains("format") || j["format"] != kScoreFormat) {
      fail(std::string("\"format\" must be \"") + kScoreFormat + "\"");
    }
    if (!j.contains("players") || !j["players"].is_array()) fail("\"players\" must be an array");
    std::vector<std::string> names;
    for (const Json& p : j["players"]) {
      if (!p.is_string()) fail("\"players\": a player's name must be text, not " + json_shown(p));
      names.push_back(p.get<std::string>());
    }
    // The command line's rules (regression: the file took "3", which then answered as seat 3,
    // and names longer than --players allows).
    if (std::string why = player_names_refusal(names, true); !why.empty()) {
      fail("\"players\": " + why);
    }
    if (!j.contains("variant") || !j["variant"].is_string()) fail("\"variant\" must be a string");
    auto rules = make_preset(j["variant"].get<std::string>(), static_cast<int>(names.size()));
    if (!rules) fail("unknown variant " + j["variant"].dump());
    // The file's count, even none, which the preset would take for its own (regression: an empty
    // list gave "\"first_dealer\" must be a seat 0--1").
    rules->players = static_cast<int>(names.size());
    if (j.contains("options")) {
      if (!j["options"].is_object()) fail("\"options\" must be an object");
      for (const auto& [name, value] : j["options"].items()) {
        const std::string v = value.is_string()    ? value.get<std::string>()
                              : value.is_boolean() ? (value.get<bool>() ? "on" : "off")
                                                   : json_shown(value);
        if (std::string error = set_option(*rules, name, v); !error.empty()) fail(error);
      }
    }
    if (std::string error = validate(*rules); !error.empty()) fail(error);
    const int n = static_cast<int>(names.size());
    if (!j.contains("first_dealer")) fail("\"first_dealer\" is missing");
    const int first = seat_of(j["first_dealer"], n, "first_dealer");
    if (!j.contains("deals") || !j["deals"].is_array()) fail("\"deals\" must be an array");
    std::vector<ScoreDeal> deals;
    for (size_t k = 0; k < j["deals"].size(); ++k) {
      try {
        deals.push_back(parse_deal(j["deals"][k], *rules));
      } catch (const ParseError& e) {
        fail("deal " + std::to_string(k + 1) + ": " + e.message);
      }
    }
    ScoreDeal partial;
    if (j.contains("current")) {
      try {
        partial = parse_deal(j["current"], *rules);
      } catch (const ParseError& e) {
        fail("the deal in progress: " + e.message);
      }
    }
    auto keeper = std::make_unique<Scorekeeper>(*rules, names, first);
    if (std::string error = keeper->load(deals, partial); !error.empty()) fail(error);
    out.keeper = std::move(keeper);
  } catch (const ParseError& e) {
    out.error = one_line(e.message);
  } catch (const Json::exception& e) {
    // A field read without its check (the fuzz target aborts on this).
    out.error = one_line("not a score file: " + json_message(e.what()));
  }
  return out;
}

}  // namespace whist
