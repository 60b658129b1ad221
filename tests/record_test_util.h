// Shared helpers of the record tests (record_test.cpp, record_israeli_test.cpp,
// record_call_ace_test.cpp): hand-made records, random matches and round trips, Call-Ace deals,
// and running the real binary.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>
#include "game/record.h"
#include "game/sheet.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist::record_testing {

using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------------
// Hand-made records

// Romanian whist for four with a schedule of two 2-card deals; the dealer of deal 1 is seat 3,
// so seat 0 bids first and leads. Deal 1: trump D; seat 0 takes the spade trick and seat 3 the
// heart trick. Deal 2: trump C; seat 0 takes the heart trick and seat 3 the spade trick.
inline Json base_record() {
  return Json::parse(R"({
    "format": "whist-record/1", "variant": "romanian", "options": {"schedule": "2,2"},
    "players": ["Ana", "Bogdan", "Cristi", "Dana"], "first_dealer": 3,
    "deals": [
      {"hands": [["AS", "7H"], ["KS", "8H"], ["QS", "9H"], ["JS", "TH"]], "turned": "AD",
       "bids": [1, 0, 0, 0], "plays": ["AS", "KS", "QS", "JS", "7H", "8H", "9H", "TH"]},
      {"hands": [["AH", "7S"], ["KH", "8S"], ["QH", "9S"], ["JH", "TS"]], "turned": "7C",
       "bids": [0, 0, 0, 1], "plays": ["KH", "QH", "JH", "AH", "7S", "8S", "9S", "TS"]}
    ]})");
}

// The issue's example: the first deal of a default Romanian game (one card each), a game in
// progress.
inline Json example_record() {
  return Json::parse(R"({
    "format": "whist-record/1", "variant": "romanian", "options": {"scoring": "romanian"},
    "players": ["Ana", "Bogdan", "Cristi", "Dana"], "first_dealer": 0,
    "deals": [{"hands": [["AS"], ["QD"], ["9H"], ["JS"]], "turned": "TD",
               "bids": [1, 0, 0, 1], "plays": ["QD", "9H", "JS", "AS"]}]})");
}

// The error of a record that must fail (and must not yield a match).
inline std::string error_of(const std::string& text) {
  const ReplayResult r = replay_record(text);
  EXPECT_EQ(r.match, nullptr) << "replayed although bad: " << text;
  EXPECT_FALSE(r.error.empty());
  EXPECT_EQ(r.error.find('\n'), std::string::npos) << "error is not one line: " << r.error;
  return r.error;
}
inline std::string error_of(const Json& j) { return error_of(j.dump()); }

inline std::unique_ptr<Match> replay_ok(const Json& j) {
  ReplayResult r = replay_record(j.dump());
  EXPECT_EQ(r.error, "");
  return std::move(r.match);
}

// ---------------------------------------------------------------------------------------------
// One test per error message

// ---------------------------------------------------------------------------------------------
// The extensions: the dealer's one-card mode and zero play

// Default Romanian rules (deals 1-4 have one card) with the given options.
inline Json one_card_record(Json options) {
  Json j = example_record();
  j["options"] = std::move(options);
  return j;
}

// A second one-card deal for example_record(): dealer seat 1, so seat 2 bids first and leads.
inline Json second_one_card_deal() {
  return Json::parse(R"({"hands": [["KS"], ["QD"], ["9H"], ["JS"]], "turned": "TD",
                         "bids": [0, 0, 0, 0], "plays": ["9H", "JS", "KS", "QD"]})");
}

// ---------------------------------------------------------------------------------------------
// Israeli whist: the auction, card passing and contracts

void expect_same_match(const Match& a, const Match& b);

// A hand of all 13 cards of a suit, written as records write hands (highest first).
inline Json suit_hand(char suit) {
  Json out = Json::array();
  for (char rank : std::string("AKQJT98765432")) out.push_back(std::string{rank, suit});
  return out;
}

inline Json all_passes(int count) { return Json(static_cast<size_t>(count), "pass"); }

// Each seat passes its three lowest cards (seat 0 holds spades, 1 hearts, 2 diamonds, 3 clubs).
inline Json low_cards_passed() {
  return Json::parse(R"([[["2S", "3S", "4S"], ["2H", "3H", "4H"], ["2D", "3D", "4D"],
                          ["2C", "3C", "4C"]]])");
}

// Israeli whist with one card-passing round; seat 0 always holds the spades, seat 1 the hearts,
// seat 2 the diamonds and seat 3 the clubs. Seat 3 deals first.
//  Deal 1 (forehand seat 0): seat 0 buys 5S; the others name 0 each; seat 0 leads and takes
//    every trick with trumps (everyone else is void in every suit but their own).
//  Deal 2 (forehand seat 1): four passes, a passing round, four passes: thrown in.
//  Deal 3 (forehand seat 2): four passes, a passing round, then 6D 6NT 7S and four passes:
//    seat 0 declares 7S; the others name 1, 2, 2; the first trick is played (a game in progress).
inline Json israeli_record() {
  Json j = Json::parse(R"({
    "format": "whist-record/1", "variant": "israeli", "options": {"pass_rounds": "1"},
    "players": ["Avi", "Batya", "Chaim", "Dina"], "first_dealer": 3, "deals": []})");
  const Json hands = {suit_hand('S'), suit_hand('H'), suit_hand('D'), suit_hand('C')};
  Json plays = Json::array();
  for (char rank : std::string("AKQJT98765432")) {
    for (char suit : std::string("SHDC")) plays.push_back(std::string{rank, suit});
  }
  Json d1 = Json::object();
  d1["hands"] = hands;
  d1["auction"] = {"5S", "pass", "pass", "pass", "pass"};
  d1["bids"] = {0, 0, 0};
  d1["plays"] = plays;
  Json d2 = Json::object();
  d2["hands"] = hands;
  d2["auction"] = all_passes(8);
  d2["passing"] = low_cards_passed();
  d2["bids"] = Json::array();
  d2["plays"] = Json::array();
  Json d3 = Json::object();
  d3["hands"] = hands;
  d3["auction"] = {"pass", "pass", "pass", "pass", "6D",  "6NT",
                   "7S",   "pass", "pass", "pass", "pass"};
  d3["passing"] = low_cards_passed();
  d3["bids"] = {1, 2, 2};
  d3["plays"] = {"AS", "4S", "AD", "AC"};
  j["deals"] = {d1, d2, d3};
  return j;
}

// ---------------------------------------------------------------------------------------------
// Round trips over random matches

struct Counts {
  int matches = 0, partial = 0, modes = 0, zero = 0, special = 0, half_points = 0;
};

// Plays random legal actions (as `whist simulate` does) until the match ends or `budget`
// actions have been applied (-1: no limit). A match cut short stops inside a deal, possibly
// right after dealing it. In Israeli auctions a player passes with `pass_percent` % more
// probability than a random call would, so that card passing and thrown-in hands happen.
inline Match random_match(const Rules& rules, Rng& rng, int64_t budget, uint32_t pass_percent = 0) {
  std::vector<std::string> names;
  for (int p = 0; p < rules.players; ++p) names.push_back("P" + std::to_string(p));
  Match match(rules, names, static_cast<int>(rng.below(static_cast<uint32_t>(rules.players))));
  int64_t actions = 0;
  while (!match.finished()) {
    match.deal_random(rng);
    while (match.in_deal()) {
      if (budget >= 0 && actions >= budget) return match;
      const ActionList legal = match.state().legal_actions();
      if (match.state().phase() == Phase::Auction && rng.below(100) < pass_percent) {
        match.apply(Action::pass());
      } else {
        match.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))]);
      }
      ++actions;
    }
  }
  return match;
}

inline void expect_same_match(const Match& a, const Match& b) {
  EXPECT_EQ(a.rules(), b.rules());
  EXPECT_EQ(a.names(), b.names());
  EXPECT_EQ(a.first_dealer(), b.first_dealer());
  EXPECT_EQ(a.deal_index(), b.deal_index());
  EXPECT_EQ(a.in_deal(), b.in_deal());
  EXPECT_EQ(a.finished(), b.finished());
  ASSERT_EQ(a.log().size(), b.log().size());
  for (size_t k = 0; k < a.log().size(); ++k) {
    EXPECT_EQ(a.log()[k].hands, b.log()[k].hands) << "deal " << k + 1;
    EXPECT_EQ(a.log()[k].turned, b.log()[k].turned) << "deal " << k + 1;
    EXPECT_EQ(a.log()[k].kitty, b.log()[k].kitty) << "deal " << k + 1;
    EXPECT_EQ(a.log()[k].actions, b.log()[k].actions) << "deal " << k + 1;
    EXPECT_EQ(a.log()[k].seats, b.log()[k].seats) << "deal " << k + 1;
  }
  ASSERT_EQ(a.results().size(), b.results().size());
  for (size_t k = 0; k < a.results().size(); ++k) {
    const DealResult& x = a.results()[k];
    const DealResult& y = b.results()[k];
    EXPECT_EQ(x.cards, y.cards);
    EXPECT_EQ(x.dealer, y.dealer);
    EXPECT_EQ(x.trump, y.trump);
    EXPECT_EQ(x.bids, y.bids);
    EXPECT_EQ(x.tricks, y.tricks);
    EXPECT_EQ(x.contract, y.contract);
    EXPECT_EQ(x.bonus, y.bonus);
    EXPECT_EQ(x.points, y.points);
    EXPECT_EQ(x.totals, y.totals);
    EXPECT_EQ(x.declarer, y.declarer);
    EXPECT_EQ(x.auction_tricks, y.auction_tricks);
    EXPECT_EQ(x.thrown_in, y.thrown_in);
    EXPECT_EQ(x.contract_index, y.contract_index);
    EXPECT_EQ(x.called, y.called);
    EXPECT_EQ(x.partner, y.partner);
  }
  EXPECT_EQ(a.totals(), b.totals());
  EXPECT_EQ(a.zero_play_announced(), b.zero_play_announced());
  EXPECT_EQ(a.winners(), b.winners());
  if (a.in_deal() && b.in_deal()) {
    EXPECT_TRUE(a.state() == b.state());
  }
}

inline void round_trip(const Match& original, Counts& counts) {
  const std::string text = write_record(original);
  const ReplayResult r = replay_record(text);
  ASSERT_EQ(r.error, "") << text;
  ASSERT_NE(r.match, nullptr);
  expect_same_match(original, *r.match);
  EXPECT_EQ(write_record(*r.match), text);  // writing is a fixed point
  ++counts.matches;
  counts.partial += original.in_deal() || !original.finished();
  for (const DealLog& log : original.log()) {
    for (Action a : log.actions) {
      counts.modes += a.kind() == ActionKind::ChooseMode;
      counts.zero += a.kind() == ActionKind::AnnounceZero;
    }
  }
  for (const DealResult& d : original.results()) {
    for (int p = 0; p < original.players(); ++p) counts.half_points += !d.points[p].is_whole();
  }
  counts.special += !original.rules().special_hands.empty() && original.finished();
}

// ---------------------------------------------------------------------------------------------
// Call-Ace whist: the kitty, the contract auction and the steps after it

using CallAceHands = std::array<std::string_view, 4>;

// One suit a seat: seat 0 the spades, 1 the hearts, 2 the diamonds, 3 the clubs.
constexpr CallAceHands kSuitHands = {
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"};
const Kitty kJokerKitty = {Card::joker(0), Card::joker(1), Card::joker(2)};

inline Card card(std::string_view text) { return *parse_card(text); }

inline Rules call_ace_rules(const std::vector<std::string>& options = {}) {
  Rules r = *make_preset("call-ace");
  for (const auto& o : options) EXPECT_EQ(set_option(r, o), "") << o;
  return r;
}

// Deals the next deal of `m` from `hands` and `kitty`; its forehand bids `contract` and the
// others pass (no contract: all four pass); then `steps` (each must be legal); then, when
// `finish`, the first legal action until the deal ends.
inline void call_ace_deal(Match& m, std::string_view contract, const std::vector<Action>& steps,
                          bool finish = true, const CallAceHands& hands = kSuitHands,
                          const Kitty& kitty = kJokerKitty) {
  Hands h{};
  for (int p = 0; p < 4; ++p) h[p] = *parse_card_set(hands[p]);
  ASSERT_EQ(m.deal_given(h, kNoCard, kitty), "");
  if (!contract.empty()) {
    ASSERT_EQ(m.why_illegal(Action::contract(*parse_contract(contract))), "");
    m.apply(Action::contract(*parse_contract(contract)));
  }
  for (int i = contract.empty() ? 0 : 1; i < 4; ++i) m.apply(Action::pass());
  for (Action a : steps) {
    ASSERT_EQ(m.why_illegal(a), "") << to_string(a);
    m.apply(a);
  }
  while (finish && m.in_deal()) m.apply(m.state().legal_actions().items[0]);
}

// A Call-Ace match for Ana, Bogdan, Cristi and Dana; seat 3 deals first, so seat 0 is forehand.
inline Match call_ace_match(const std::vector<std::string>& options = {}) {
  return Match(call_ace_rules(options), {"Ana", "Bogdan", "Cristi", "Dana"}, 3);
}

// A one-deal match: seat 0 declares `contract`, then `steps`, then the play.
inline Match call_ace_game(std::string_view contract, const std::vector<Action>& steps,
                           bool finish = true, const CallAceHands& hands = kSuitHands,
                           const Kitty& kitty = kJokerKitty) {
  Match m = call_ace_match();
  call_ace_deal(m, contract, steps, finish, hands, kitty);
  return m;
}

inline Json record_of(const Match& m) { return Json::parse(write_record(m)); }

inline std::vector<std::string> keys_of(const Json& j) {
  std::vector<std::string> out;
  for (const auto& [key, value] : j.items()) out.push_back(key);
  return out;
}

// Seat 0 holds spades and the first joker; the kitty turns X2, then 2S, then X3.
constexpr CallAceHands kTurnHands = {
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S X1", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"};
const Kitty kTurnKitty = {Card::joker(1), card("2S"), Card::joker(2)};

inline std::vector<Action> discards(std::string_view a, std::string_view b, std::string_view c) {
  return {Action::discard(card(a)), Action::discard(card(b)), Action::discard(card(c))};
}

inline std::vector<Action> concat(std::vector<Action> a, const std::vector<Action>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// ---------------------------------------------------------------------------------------------
// Call-Ace errors, one test per message

// Seat 0 declares 8 and chooses hearts, calls AD (seat 2) and keeps its hand; finished.
inline Json plain_record() {
  return record_of(call_ace_game(
      "8", {Action::choose_trump(Suit::Hearts), Action::call(card("AD")), Action::keep_hand()}));
}

// Seat 0 declares 8 half and calls AD: seat 2 chooses diamonds and takes the kitty.
inline Json half_record() {
  return record_of(call_ace_game(
      "8 half",
      concat({Action::call(card("AD")), Action::choose_trump(Suit::Diamonds), Action::take_kitty()},
             discards("2D", "3D", "4D"))));
}

// Seat 0 declares 7 turn: X2 passed over, 2S accepted; calls AH; discards 3S 4S 5S.
inline Json turn_record() {
  return record_of(call_ace_game("7 turn",
                                 concat({Action::turn_next(), Action::accept_trump(),
                                         Action::call(card("AH")), Action::take_kitty()},
                                        discards("3S", "4S", "5S")),
                                 true, kTurnHands, kTurnKitty));
}

// Two deals: the plain game above, then (dealer seat 0) seat 1 declares 7 quarter.
inline Json two_deals() {
  Match m = call_ace_match();
  call_ace_deal(
      m, "8", {Action::choose_trump(Suit::Hearts), Action::call(card("AD")), Action::keep_hand()});
  call_ace_deal(m, "7 quarter", {Action::choose_trump(Suit::Hearts), Action::keep_hand()});
  return record_of(m);
}

// ---------------------------------------------------------------------------------------------
// Call-Ace round trips

// ---------------------------------------------------------------------------------------------
// The --json summary

// Call-Ace: deal 1 all pass (the same dealer deals again); deal 2 seat 0 declares 8 half and
// calls AD, so seat 2 chooses diamonds and exchanges; deal 3 (dealer seat 0) seat 1 declares
// 7 quarter, chooses hearts and is about to decide on the kitty.
inline Match call_ace_summary_match() {
  Match m = call_ace_match();
  call_ace_deal(m, "", {});
  call_ace_deal(
      m, "8 half",
      concat({Action::call(card("AD")), Action::choose_trump(Suit::Diamonds), Action::take_kitty()},
             discards("2D", "3D", "4D")));
  call_ace_deal(m, "7 quarter", {Action::choose_trump(Suit::Hearts)}, false);
  return m;
}

// ---------------------------------------------------------------------------------------------
// The real binary

struct CliRun {
  int status = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string temp_path(const std::string& tag) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return (std::filesystem::temp_directory_path() /
          ("whist_record_test_" + std::to_string(::getpid()) + "_" + info->name() + "_" + tag))
      .string();
}

// Runs `whist replay ARGS FILE` with FILE holding `record` ("" args placeholder {} = file).
inline CliRun run_replay(const std::string& args, const std::string& record,
                         bool via_stdin = false) {
  const std::string in = temp_path("in.json"), out = temp_path("out"), err = temp_path("err");
  {
    std::ofstream f(in, std::ios::binary);
    f << record;
  }
  const std::string cmd = std::string("'") + WHIST_BINARY + "' replay " + args +
                          (via_stdin ? " - < '" + in + "'" : " '" + in + "'") + " > '" + out +
                          "' 2> '" + err + "'";
  CliRun r;
  const int raw = std::system(cmd.c_str());
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

}  // namespace whist::record_testing
