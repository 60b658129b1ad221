// The scorekeeper's exports (game/score_file.h): the sheet as CSV and as JSON.
#include <nlohmann/json.hpp>

#include "game/score_file.h"
#include "rules/contracts.h"

namespace whist {

namespace {

using Json = nlohmann::ordered_json;

std::string trump_text(Suit s) { return s == Suit::None ? "NT" : std::string(1, suit_char(s)); }

Json points_json(Points p) {
  if (p.is_whole()) return Json(p.in_halves() / 2);
  return Json(p.as_double());
}

// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_row(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ',';
    out += csv_field(fields[i]);
  }
  return out + "\r\n";
}

std::string name_or_empty(const std::vector<std::string>& names, int seat) {
  return seat >= 0 ? names[seat] : std::string();
}

}  // namespace

std::string score_csv(const Scorekeeper& keeper) {
  const auto& names = keeper.names();
  const Family family = keeper.rules().family;
  std::vector<std::string> header = {"deal", "dealer", "cards", "trump"};
  if (family == Family::Israeli) header.insert(header.end(), {"declarer", "contract"});
  if (family == Family::CallAce) {
    header.insert(header.end(), {"contract", "declarer", "called", "partner"});
  }
  for (const std::string& name : names) {
    for (const char* column : {" bid", " tricks", " points", " total"}) {
      header.push_back(name + column);
    }
  }
  std::string out = csv_row(header);
  const auto& results = keeper.results();
  for (size_t k = 0; k < results.size(); ++k) {
    const DealResult& r = results[k];
    std::vector<std::string> row = {std::to_string(k + 1), names[r.dealer], std::to_string(r.cards),
                                    r.thrown_in ? "" : trump_text(r.trump)};
    if (family == Family::Israeli) {
      row.push_back(r.thrown_in ? "" : name_or_empty(names, r.declarer));
      row.push_back(r.thrown_in ? "thrown in"
                                : std::to_string(r.auction_tricks) + trump_text(r.trump));
    }
    if (family == Family::CallAce) {
      row.push_back(r.thrown_in ? "all passed" : contract_name(r.contract_index));
      row.push_back(r.thrown_in ? "" : name_or_empty(names, r.declarer));
      row.push_back(r.called == kNoCard ? "" : to_string(r.called));
      row.push_back(r.thrown_in ? "" : r.partner >= 0 ? names[r.partner] : "alone");
    }
    for (int p = 0; p < keeper.players(); ++p) {
      row.push_back(r.bids[p] >= 0 ? std::to_string(r.bids[p]) : "");
      row.push_back(r.thrown_in ? "" : std::to_string(r.tricks[p]));
      row.push_back(to_string(r.points[p]));
      row.push_back(to_string(r.totals[p]));
    }
    out += csv_row(row);
  }
  return out;
}

std::string score_json(const Scorekeeper& keeper) {
  const auto& names = keeper.names();
  const Rules& rules = keeper.rules();
  const int n = keeper.players();
  Json j = Json::object();
  j["format"] = kScoreSheetFormat;
  j["variant"] = rules.variant;
  j["scoring"] = rules.family == Family::CallAce ? "payments" : scoring_name(rules.scoring);
  j["players"] = names;
  Json deals = Json::array();
  for (size_t k = 0; k < keeper.results().size(); ++k) {
    const DealResult& r = keeper.results()[k];
    Json d = Json::object();
    d["deal"] = k + 1;
    d["dealer"] = names[r.dealer];
    d["cards"] = r.cards;
    d["trump"] = r.thrown_in ? Json(nullptr) : Json(trump_text(r.trump));
    if (r.thrown_in) d["thrown_in"] = true;
    if (rules.family == Family::Israeli && !r.thrown_in) {
      d["declarer"] = names[r.declarer];
      d["contract"] = std::to_string(r.auction_tricks) + trump_text(r.trump);
    }
    if (rules.family == Family::CallAce && !r.thrown_in) {
      d["contract"] = contract_name(r.contract_index);
      d["declarer"] = names[r.declarer];
      d["called"] = r.called == kNoCard ? Json(nullptr) : Json(to_string(r.called));
      d["partner"] = r.partner >= 0 ? Json(names[r.partner]) : Json(nullptr);
    }
    Json bids = Json::array(), tricks = Json::array(), points = Json::array(),
         bonus = Json::array(), totals = Json::array();
    for (int p = 0; p < n; ++p) {
      bids.push_back(r.bids[p] >= 0 ? Json(r.bids[p]) : Json(nullptr));
      tricks.push_back(r.thrown_in ? Json(nullptr) : Json(r.tricks[p]));
      points.push_back(points_json(r.points[p]));
      bonus.push_back(points_json(r.bonus[p]));
      totals.push_back(points_json(r.totals[p]));
    }
    if (rules.family != Family::CallAce) d["bids"] = bids;
    d["tricks"] = tricks;
    d["points"] = points;
    d["bonus"] = bonus;
    d["totals"] = totals;
    if (r.zero_announced) {
      Json z = Json::array();
      for (int p = 0; p < n; ++p) {
        if (r.zero_announced >> p & 1) z.push_back(names[p]);
      }
      d["zero_play"] = z;
    }
    deals.push_back(d);
  }
  j["deals"] = deals;
  Json totals = Json::array();
  for (int p = 0; p < n; ++p) totals.push_back(points_json(keeper.tally().totals()[p]));
  j["totals"] = totals;
  j["finished"] = keeper.finished();
  Json winners = Json::array();
  for (int p : keeper.winners()) winners.push_back(names[p]);
  j["winners"] = winners;
  // Two-space indentation with one line a deal, like the save file.
  std::string out = "{\n";
  bool first = true;
  for (const auto& [key, value] : j.items()) {
    out += first ? "" : ",\n";
    first = false;
    out += "  " + Json(key).dump() + ": ";
    if (key != "deals" || value.empty()) {
      out += value.dump();
      continue;
    }
    out += "[";
    for (size_t k = 0; k < value.size(); ++k) out += (k ? ",\n    " : "\n    ") + value[k].dump();
    out += "\n  ]";
  }
  return out + "\n}\n";
}

}  // namespace whist
