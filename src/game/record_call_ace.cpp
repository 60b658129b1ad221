// Reading the Call-Ace deals of a game record: the kitty, the contract auction and the steps after
// it (trump, turned kitty cards, the called card, the exchange, the plays), each optional so that
// a game in progress can stop at any of them.
#include "game/record_detail.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/json_int.h"
#include "game/view_json.h"
#include "rules/contracts.h"

namespace whist {

namespace {

using record_detail::fail;
using record_detail::find_field;
using record_detail::Json;
using record_detail::parse_hands;
using record_detail::parse_plays;
using record_detail::played_before;
using record_detail::plural;
using record_detail::reject_unknown_fields;
using record_detail::require_field;
using record_detail::shown;

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
    if (!c) fail(where + "unknown card " + shown(text) + " in the kitty");
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
      fail(at + "auction " + std::to_string(i + 1) + ": unknown call " + shown(text));
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
    const auto n = json_int(*t);
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
      fail(where + "unknown card " + shown(c->get<std::string>()) + " as the called card");
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
          fail(at + "discard " + std::to_string(i + 1) + ": unknown card " + shown(text));
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
    fail(where + "the game is already over after " + plural(match.deal_index(), "deal", "deals") +
         "; the record has more deals than the game");
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
               " players × " + plural(cards, "card", "cards") + " make " +
               std::to_string(n * cards));
        }
        if (!last && num_plays < n * cards) {
          fail(where + std::to_string(num_plays) + " plays, expected " + std::to_string(n * cards) +
               unfinished);
        }
        for (size_t i = 0; i < d.plays->size(); ++i) {
          const Card c = (*d.plays)[i];
          const Action a = Action::play(c);
          if (std::string err = match.why_illegal(a); !err.empty()) {
            if (std::string again = played_before(*d.plays, i); !again.empty()) err = again;
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

}  // namespace

void record_detail::parse_and_replay_call_ace_deal(Match& match, const Json& deal, int number,
                                                   int players, bool last) {
  replay_call_ace_deal(match, parse_call_ace_deal(deal, number, players), number, last);
}

}  // namespace whist
