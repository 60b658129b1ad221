// Writing game records and the `whist replay --json` summary: a match's log and results as the
// JSON of docs/record-format.md. Reading them back is record.cpp's.
#include "game/record.h"

#include <optional>
#include <string>
#include <string_view>

#include "game/record_detail.h"
#include "game/view_json.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {

namespace {

using record_detail::call_text;
using record_detail::contract_text;
using record_detail::inline_text;
using record_detail::Json;
using record_detail::kFormat;
using record_detail::kModeNames;

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

Json hand_json(CardSet hand) {
  Json out = Json::array();
  for (int i = 63; i >= 0; --i) {  // highest suit and rank first, as a player sorts a hand
    const Card c = Card::from_index(i);
    if (hand.contains(c)) out.push_back(to_string(c));
  }
  return out;
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

}  // namespace

namespace record_detail {

std::string inline_text(const Json& j) {
  std::string out;
  dump_inline(j, out);
  return out;
}

std::string call_text(Action a) {
  if (a.kind() == ActionKind::Pass) return "pass";
  const Suit d = a.denomination();
  return std::to_string(a.auction_tricks()) +
         (d == Suit::None ? std::string("NT") : std::string(1, suit_char(d)));
}

std::string contract_text(int tricks, Suit trump) {
  return call_text(Action::auction_bid(tricks, trump));
}

}  // namespace record_detail

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
