// Game records (docs/record-format.md): writing, replaying, round trips over random matches of
// every preset, one test per error message, and the `whist replay` command itself.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "game/record.h"
#include "game/sheet.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------------
// Hand-made records

// Romanian whist for four with a schedule of two 2-card deals; the dealer of deal 1 is seat 3,
// so seat 0 bids first and leads. Deal 1: trump D; seat 0 takes the spade trick and seat 3 the
// heart trick. Deal 2: trump C; seat 0 takes the heart trick and seat 3 the spade trick.
Json base_record() {
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
Json example_record() {
  return Json::parse(R"({
    "format": "whist-record/1", "variant": "romanian", "options": {"scoring": "romanian"},
    "players": ["Ana", "Bogdan", "Cristi", "Dana"], "first_dealer": 0,
    "deals": [{"hands": [["AS"], ["QD"], ["9H"], ["JS"]], "turned": "TD",
               "bids": [1, 0, 0, 1], "plays": ["QD", "9H", "JS", "AS"]}]})");
}

// The error of a record that must fail (and must not yield a match).
std::string error_of(const std::string& text) {
  const ReplayResult r = replay_record(text);
  EXPECT_EQ(r.match, nullptr) << "replayed although bad: " << text;
  EXPECT_FALSE(r.error.empty());
  EXPECT_EQ(r.error.find('\n'), std::string::npos) << "error is not one line: " << r.error;
  return r.error;
}
std::string error_of(const Json& j) { return error_of(j.dump()); }

std::unique_ptr<Match> replay_ok(const Json& j) {
  ReplayResult r = replay_record(j.dump());
  EXPECT_EQ(r.error, "");
  return std::move(r.match);
}

TEST(RecordReplay, ReplaysTheBaseRecord) {
  const auto m = replay_ok(base_record());
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(m->finished());
  ASSERT_EQ(m->results().size(), 2u);
  const DealResult& d1 = m->results()[0];
  EXPECT_EQ(d1.cards, 2);
  EXPECT_EQ(d1.dealer, 3);
  EXPECT_EQ(d1.trump, Suit::Diamonds);
  EXPECT_EQ((std::vector<int>(d1.tricks.begin(), d1.tricks.begin() + 4)),
            (std::vector<int>{1, 0, 0, 1}));
  EXPECT_EQ(d1.points[0], Points::whole(6));
  EXPECT_EQ(d1.points[3], Points::whole(-1));
  EXPECT_EQ(m->results()[1].trump, Suit::Clubs);
  EXPECT_EQ(m->totals()[0], Points::whole(12));  // 6 + 6
  EXPECT_EQ(m->totals()[1], Points::whole(10));  // two made zero bids
  EXPECT_EQ(m->totals()[3], Points::whole(-2));  // bid 0 and took a trick, twice
}

TEST(RecordReplay, TheIssueExampleIsAGameInProgress) {
  const auto m = replay_ok(example_record());
  ASSERT_NE(m, nullptr);
  EXPECT_FALSE(m->finished());
  EXPECT_FALSE(m->in_deal());
  ASSERT_EQ(m->results().size(), 1u);
  // Seat 1 bids first (bids 1), leads QD, a trump, and takes the trick: 5 + 1.
  EXPECT_EQ(m->results()[0].bids[1], 1);
  EXPECT_EQ(m->results()[0].bids[0], 1);
  EXPECT_EQ(m->results()[0].tricks[1], 1);
  EXPECT_EQ(m->results()[0].points[1], Points::whole(6));
  EXPECT_EQ(m->results()[0].points[0], Points::whole(-1));
}

TEST(RecordReplay, AcceptsWhatParseCardAccepts) {
  Json j = example_record();
  j["deals"][0]["hands"][0][0] = "as";
  j["deals"][0]["plays"][2] = "js";
  j["deals"][0]["turned"] = "10D";
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->log()[0].turned, Card(Suit::Diamonds, Rank::Ten));
}

TEST(RecordReplay, OptionValuesMayBeNumbersAndBooleans) {
  Json j = base_record();
  j["options"]["must_trump"] = false;
  j["options"]["streak_bonus"] = 10;
  j["options"]["spades_double"] = true;
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_FALSE(m->rules().must_trump);
  EXPECT_TRUE(m->rules().spades_double);
  EXPECT_EQ(m->rules().streak_bonus, 10);
}

// ---------------------------------------------------------------------------------------------
// One test per error message

TEST(RecordErrors, NotJson) {
  const std::string e = error_of(std::string("{\"format\": "));
  EXPECT_EQ(e.rfind("not JSON: parse error at line 1", 0), 0u) << e;
  EXPECT_EQ(error_of(std::string("")).rfind("not JSON: ", 0), 0u);
  EXPECT_EQ(error_of(std::string("[1, 2]")),
            "not a game record: the top level must be a JSON object");
}

TEST(RecordErrors, WrongFormat) {
  Json j = base_record();
  j["format"] = "whist-record/2";
  EXPECT_EQ(error_of(j),
            "unsupported \"format\" \"whist-record/2\" (this program reads \"whist-record/1\")");
  j["format"] = 1;
  EXPECT_EQ(error_of(j), "unsupported \"format\" 1 (this program reads \"whist-record/1\")");
  j.erase("format");
  EXPECT_EQ(error_of(j), "missing field \"format\"");
}

TEST(RecordErrors, UnknownVariant) {
  Json j = base_record();
  j["variant"] = "bridge";
  // Every preset, in the order of presets() (pinned by Options.PresetNames).
  std::string known;
  for (const PresetInfo& p : presets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
  EXPECT_EQ(known.rfind("romanian, triangular, serbian, oh-hell, israeli", 0), 0u) << known;
  EXPECT_EQ(error_of(j), "unknown variant \"bridge\" (known: " + known + ")");
}

TEST(RecordErrors, VariantWithoutARecordFormat) {
  Json j = base_record();
  j["variant"] = "call-ace";
  j["options"] = Json::object();
  EXPECT_EQ(error_of(j),
            "variant \"call-ace\" cannot be recorded in whist-record/1 (it covers the "
            "exact-bidding games and Israeli whist)");
}

TEST(RecordErrors, UnknownOption) {
  Json j = base_record();
  j["options"]["colour"] = "red";
  EXPECT_EQ(error_of(j), "unknown option 'colour'");
}

TEST(RecordErrors, BadOptionValue) {
  Json j = base_record();
  j["options"]["hook"] = "maybe";
  EXPECT_EQ(error_of(j), "option hook: bad value 'maybe': expected on or off");
  j["options"]["hook"] = nullptr;
  EXPECT_EQ(error_of(j), "option \"hook\": the value must be a string, a number or a boolean");
  j["options"]["hook"] = true;
  j["options"]["streak_bonus"] = 2.5;
  EXPECT_EQ(error_of(j),
            "option streak_bonus: bad value '2.5': expected a whole number from 0 to 1000");
}

TEST(RecordErrors, RulesThatDoNotFitThePlayers) {
  Json j = base_record();
  j["players"] = {"a", "b", "c", "d", "e", "f", "g"};
  EXPECT_EQ(error_of(j), "romanian is played by 3 to 6 players, not 7");
}

TEST(RecordErrors, UnknownCard) {
  Json j = base_record();
  j["deals"][0]["hands"][2][0] = "1S";
  EXPECT_EQ(error_of(j), "deal 1: unknown card \"1S\" in the hand of seat 2");
  j = base_record();
  j["deals"][1]["plays"][2] = "ZZ";
  EXPECT_EQ(error_of(j), "deal 2, play 3: unknown card \"ZZ\"");
  j = base_record();
  j["deals"][0]["turned"] = "AD ";
  EXPECT_EQ(error_of(j), "deal 1: unknown card \"AD \" as the turned card");
}

TEST(RecordErrors, CardDealtTwice) {
  Json j = base_record();
  j["deals"][0]["hands"][2][0] = "AS";
  EXPECT_EQ(error_of(j), "deal 1: card AS dealt twice (seats 0 and 2)");
  j = base_record();
  j["deals"][1]["hands"][1] = {"KH", "KH"};
  EXPECT_EQ(error_of(j), "deal 2: card KH dealt twice (both times to seat 1)");
}

TEST(RecordErrors, CardNotInThisDeck) {
  Json j = base_record();  // four players: the 32 cards from 7 to A
  j["deals"][0]["hands"][3][1] = "2H";
  EXPECT_EQ(error_of(j), "deal 1: card 2H is not in the 32-card deck");
  j = base_record();
  j["deals"][0]["hands"][3][1] = "X1";
  EXPECT_EQ(error_of(j), "deal 1: card X1 is not in the 32-card deck");
  j = base_record();
  j["deals"][0]["turned"] = "6D";
  EXPECT_EQ(error_of(j), "deal 1: turned card 6D is not in the 32-card deck");
}

TEST(RecordErrors, WrongHandSize) {
  Json j = base_record();
  j["deals"][0]["hands"][1] = {"KS", "8H", "8D"};
  EXPECT_EQ(error_of(j), "deal 1: seat 1 holds 3 cards, expected 2");
}

TEST(RecordErrors, TurnedCardThatSomeoneHolds) {
  Json j = base_record();
  j["deals"][1]["turned"] = "TS";
  EXPECT_EQ(error_of(j), "deal 2: turned card TS is also held by seat 3");
}

TEST(RecordErrors, WrongNumberOfHands) {
  Json j = base_record();
  j["deals"][0]["hands"].erase(3);
  EXPECT_EQ(error_of(j), "deal 1: \"hands\" has 3 hands, expected 4 (one per player)");
}

TEST(RecordErrors, MissingTurnedCard) {
  Json j = base_record();
  j["deals"][0].erase("turned");
  EXPECT_EQ(error_of(j), "deal 1: this deal turns a card for trump, but none is given");
  j["deals"][0]["turned"] = nullptr;  // null is the same as absent
  EXPECT_EQ(error_of(j), "deal 1: this deal turns a card for trump, but none is given");
}

TEST(RecordErrors, UnexpectedTurnedCard) {
  Json j = base_record();
  j["options"]["trump"] = "rotation";  // deal 1: spades, no card turned
  EXPECT_EQ(error_of(j), "deal 1: this deal turns no card, but AD is given");
  j["deals"][0].erase("turned");
  j["deals"][1].erase("turned");
  EXPECT_NE(replay_ok(j), nullptr);
}

TEST(RecordErrors, BidOutOfRange) {
  Json j = base_record();
  j["deals"][0]["bids"][0] = 3;
  EXPECT_EQ(error_of(j), "deal 1, bid 1 (seat 0): bid 3 out of range 0-2");
  j["deals"][0]["bids"][0] = 1;
  j["deals"][0]["bids"][2] = -1;
  EXPECT_EQ(error_of(j), "deal 1, bid 3 (seat 2): bid -1 out of range 0-2");
  j["deals"][0]["bids"][2] = 1000000000000LL;
  EXPECT_EQ(error_of(j), "deal 1, bid 3 (seat 2): bid 1000000000 out of range 0-2");
}

TEST(RecordErrors, HookBroken) {
  Json j = base_record();
  j["deals"][0]["bids"] = {1, 0, 0, 1};
  EXPECT_EQ(error_of(j),
            "deal 1, bid 4 (seat 3): the hook forbids bid 1: the bids would sum to 2, the cards "
            "dealt");
  j = base_record();
  j["deals"][1]["bids"] = {0, 1, 1, 0};  // deal 2: seat 1 bids first, seat 0 deals
  EXPECT_EQ(error_of(j),
            "deal 2, bid 4 (seat 0): the hook forbids bid 0: the bids would sum to 2, the cards "
            "dealt");
}

TEST(RecordErrors, CardNotInHand) {
  Json j = base_record();
  j["deals"][0]["plays"][1] = "QS";  // seat 2's card
  EXPECT_EQ(error_of(j), "deal 1, play 2 (seat 1, QS): card not in hand");
  j["deals"][0]["plays"][1] = "AS";  // already played
  EXPECT_EQ(error_of(j), "deal 1, play 2 (seat 1, AS): card not in hand");
}

TEST(RecordErrors, Revoke) {
  Json j = base_record();
  j["deals"][0]["plays"] = {"AS", "8H", "QS", "JS", "7H", "KS", "9H", "TH"};
  EXPECT_EQ(error_of(j), "deal 1, play 2 (seat 1, 8H): must follow suit S");
}

TEST(RecordErrors, MustTrumpBroken) {
  Json j = base_record();
  j["deals"][0]["hands"][1] = {"KD", "8H"};  // seat 1: void in spades, holds a trump
  j["deals"][0]["plays"] = {"AS", "8H", "QS", "JS", "7H", "KD", "9H", "TH"};
  EXPECT_EQ(error_of(j), "deal 1, play 2 (seat 1, 8H): must trump D (void in S)");
  j["options"]["must_trump"] = "off";  // without the obligation the same deal is fine
  EXPECT_NE(replay_ok(j), nullptr);
}

TEST(RecordErrors, TooManyPlays) {
  Json j = base_record();
  j["deals"][1]["plays"].push_back("AD");
  EXPECT_EQ(error_of(j), "deal 2: 9 plays, but 4 players × 2 cards make 8");
}

TEST(RecordErrors, TooFewPlaysBeforeTheLastDeal) {
  Json j = base_record();
  j["deals"][0]["plays"].erase(7);
  EXPECT_EQ(error_of(j),
            "deal 1: 7 plays, expected 8 (only the last deal of a record may be unfinished)");
}

TEST(RecordErrors, TooManyBids) {
  Json j = base_record();
  j["deals"][0]["bids"].push_back(0);
  EXPECT_EQ(error_of(j), "deal 1: 5 bids, but 4 players bid once each");
}

TEST(RecordErrors, TooFewBids) {
  Json j = base_record();
  j["deals"][0]["bids"].erase(3);
  EXPECT_EQ(error_of(j),
            "deal 1: 3 bids, expected 4 (only the last deal of a record may be unfinished)");
  j = base_record();
  j["deals"][1]["bids"].erase(3);  // the last deal may be unfinished, but not play before bids
  EXPECT_EQ(error_of(j), "deal 2: 3 bids, but all 4 are made before the first play");
}

TEST(RecordErrors, MoreDealsThanTheSchedule) {
  Json j = base_record();
  j["deals"].push_back(j["deals"][0]);
  EXPECT_EQ(error_of(j),
            "deal 3: the game is already over after 2 deals; the record has more deals than the "
            "game");
}

TEST(RecordErrors, MissingFields) {
  for (const char* field : {"variant", "players", "first_dealer", "deals"}) {
    Json j = base_record();
    j.erase(field);
    EXPECT_EQ(error_of(j), std::string("missing field \"") + field + "\"");
  }
  for (const char* field : {"hands", "bids", "plays"}) {
    Json j = base_record();
    j["deals"][1].erase(field);
    EXPECT_EQ(error_of(j), std::string("deal 2: missing field \"") + field + "\"");
  }
  // "options" may be left out: the preset's defaults.
  const auto m = replay_ok(Json::parse(R"({"format": "whist-record/1", "variant": "romanian",
      "players": ["a", "b", "c"], "first_dealer": 2, "deals": []})"));
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->players(), 3);
  EXPECT_EQ(m->first_dealer(), 2);
}

TEST(RecordErrors, UnknownFields) {
  Json j = base_record();
  j["comment"] = "x";
  EXPECT_EQ(error_of(j), "unknown field \"comment\"");
  j = base_record();
  j["deals"][0]["play"] = j["deals"][0]["plays"];
  EXPECT_EQ(error_of(j), "deal 1: unknown field \"play\"");
}

TEST(RecordErrors, WrongJsonTypes) {
  const auto with = [](auto change) {
    Json j = base_record();
    change(j);
    return error_of(j);
  };
  EXPECT_EQ(with([](Json& j) { j["variant"] = 1; }),
            "\"variant\" must be a string such as \"romanian\"");
  EXPECT_EQ(with([](Json& j) { j["players"] = "Ana"; }),
            "\"players\" must be a non-empty array of names");
  EXPECT_EQ(with([](Json& j) { j["players"] = Json::array(); }),
            "\"players\" must be a non-empty array of names");
  EXPECT_EQ(with([](Json& j) { j["players"][2] = 3; }),
            "\"players\" must be a non-empty array of names");
  EXPECT_EQ(with([](Json& j) {
              j["options"] = Json::array({"schedule", "2,2"});
            }),
            "\"options\" must be an object of option names and values");
  EXPECT_EQ(with([](Json& j) { j["first_dealer"] = 4; }),
            "\"first_dealer\" must be a seat number from 0 to 3");
  EXPECT_EQ(with([](Json& j) { j["first_dealer"] = "0"; }),
            "\"first_dealer\" must be a seat number from 0 to 3");
  EXPECT_EQ(with([](Json& j) { j["deals"] = Json::object(); }),
            "\"deals\" must be an array of deals");
  EXPECT_EQ(with([](Json& j) { j["deals"][1] = "AS"; }),
            "deal 2: must be an object with \"hands\", \"bids\" and \"plays\"");
  EXPECT_EQ(with([](Json& j) { j["deals"][0]["hands"][1] = "KS 8H"; }),
            "deal 1: \"hands\" must be an array of hands, each an array of cards");
  EXPECT_EQ(with([](Json& j) { j["deals"][0]["hands"][1][0] = 13; }),
            "deal 1: \"hands\" must be an array of hands, each an array of cards");
  EXPECT_EQ(with([](Json& j) { j["deals"][0]["turned"] = 10; }),
            "deal 1: \"turned\" must be a card such as \"TD\"");
  EXPECT_EQ(with([](Json& j) { j["deals"][0]["bids"][1] = "0"; }),
            "deal 1: \"bids\" must be an array of whole numbers");
  EXPECT_EQ(with([](Json& j) { j["deals"][0]["bids"][1] = 0.5; }),
            "deal 1: \"bids\" must be an array of whole numbers");
  EXPECT_EQ(with([](Json& j) { j["deals"][2 - 1]["plays"] = "KH QH JH AH"; }),
            "deal 2: \"plays\" must be an array of cards");
  EXPECT_EQ(with([](Json& j) { j["deals"][0]["plays"][0] = Json::array({"AS"}); }),
            "deal 1: \"plays\" must be an array of cards");
}

// ---------------------------------------------------------------------------------------------
// The extensions: the dealer's one-card mode and zero play

// Default Romanian rules (deals 1-4 have one card) with the given options.
Json one_card_record(Json options) {
  Json j = example_record();
  j["options"] = std::move(options);
  return j;
}

TEST(RecordMode, DealerChoosesTheMode) {
  Json j = one_card_record({{"one_card_mode", "dealer"}});
  j["deals"][0]["mode"] = "forehead";
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  ASSERT_FALSE(m->log()[0].actions.empty());
  EXPECT_EQ(m->log()[0].actions[0], Action::choose_mode(OneCardMode::Forehead));
  EXPECT_NE(write_record(*m).find("\"mode\": \"forehead\""), std::string::npos);
}

TEST(RecordMode, MissingMode) {
  Json j = one_card_record({{"one_card_mode", "dealer"}});
  EXPECT_EQ(error_of(j),
            "deal 1: missing field \"mode\": the dealer (seat 0) chooses the one-card mode of this "
            "deal");
  // A game stopped right after dealing: the dealer has not chosen yet.
  j["deals"][0]["bids"] = Json::array();
  j["deals"][0]["plays"] = Json::array();
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(m->in_deal());
  EXPECT_EQ(m->state().phase(), Phase::ChooseMode);
}

TEST(RecordMode, UnexpectedMode) {
  Json j = example_record();
  j["deals"][0]["mode"] = "blind";
  EXPECT_EQ(error_of(j),
            "deal 1: \"mode\" is given, but the dealer does not choose the one-card mode of this "
            "deal");
}

TEST(RecordMode, BadModeValue) {
  Json j = one_card_record({{"one_card_mode", "dealer"}});
  j["deals"][0]["mode"] = "dealer";
  EXPECT_EQ(error_of(j), "deal 1: \"mode\" must be \"regular\", \"forehead\" or \"blind\"");
}

// A second one-card deal for example_record(): dealer seat 1, so seat 2 bids first and leads.
Json second_one_card_deal() {
  return Json::parse(R"({"hands": [["KS"], ["QD"], ["9H"], ["JS"]], "turned": "TD",
                         "bids": [0, 0, 0, 0], "plays": ["9H", "JS", "KS", "QD"]})");
}

TEST(RecordZeroPlay, AnnouncementIsAppliedBeforeTheSeatsBid) {
  Json j = one_card_record({{"zero_play", "start"}});
  j["deals"][0]["zero_play"] = {3, 1};
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->zero_play_announced(), (1u << 1) | (1u << 3));
  const std::vector<Action> expected = {Action::announce_zero(), Action::bid(1), Action::bid(0),
                                        Action::announce_zero(), Action::bid(0), Action::bid(1)};
  const auto& actions = m->log()[0].actions;
  EXPECT_EQ(std::vector<Action>(actions.begin(), actions.begin() + 6), expected);
  // Written back in bidding order.
  EXPECT_NE(write_record(*m).find("\"zero_play\": [1, 3]"), std::string::npos);
}

TEST(RecordZeroPlay, DeadlinePassed) {
  Json j = one_card_record({{"zero_play", "start"}});
  j["deals"].push_back(second_one_card_deal());
  j["deals"][1]["zero_play"] = Json::array({0});
  EXPECT_EQ(error_of(j),
            "deal 2, zero play (seat 0): the deadline for announcing zero play has passed");
  j = example_record();  // zero play off
  j["deals"][0]["zero_play"] = Json::array({2});
  EXPECT_EQ(error_of(j),
            "deal 1, zero play (seat 2): the deadline for announcing zero play has passed");
}

TEST(RecordZeroPlay, AnnouncedTwice) {
  Json j = one_card_record({{"zero_play", "before-pivot"}});
  j["deals"][0]["zero_play"] = Json::array({2});
  j["deals"].push_back(second_one_card_deal());
  j["deals"][1]["zero_play"] = Json::array({2});
  EXPECT_EQ(error_of(j),
            "deal 2, zero play (seat 2): seat 2 already announced zero play in an earlier deal");
}

TEST(RecordZeroPlay, BadSeats) {
  Json j = one_card_record({{"zero_play", "start"}});
  j["deals"][0]["zero_play"] = Json::array({4});
  EXPECT_EQ(error_of(j), "deal 1: \"zero_play\" must be an array of distinct seats from 0 to 3");
  j["deals"][0]["zero_play"] = {1, 1};
  EXPECT_EQ(error_of(j), "deal 1: \"zero_play\" must be an array of distinct seats from 0 to 3");
}

TEST(RecordZeroPlay, PartialDealStoppedAfterAnAnnouncement) {
  Json j = one_card_record({{"zero_play", "start"}});
  j["deals"][0]["bids"] = Json::array({1});  // seat 1 bid; seat 2 announced and has not bid yet
  j["deals"][0]["plays"] = Json::array();
  j["deals"][0]["zero_play"] = Json::array({2});
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->state().to_move(), 2);
  EXPECT_EQ(m->state().zero_announced(), 1u << 2);
  EXPECT_EQ(m->log()[0].actions.back(), Action::announce_zero());
  j["deals"][0]["zero_play"] = Json::array({3});  // seat 3's turn has not come
  EXPECT_EQ(error_of(j),
            "deal 1: \"zero_play\" lists seat 3, whose turn to bid never comes in this record");
}

// ---------------------------------------------------------------------------------------------
// Israeli whist: the auction, card passing and contracts

void expect_same_match(const Match& a, const Match& b);

// A hand of all 13 cards of a suit, written as records write hands (highest first).
Json suit_hand(char suit) {
  Json out = Json::array();
  for (char rank : std::string("AKQJT98765432")) out.push_back(std::string{rank, suit});
  return out;
}

Json all_passes(int count) { return Json(static_cast<size_t>(count), "pass"); }

// Each seat passes its three lowest cards (seat 0 holds spades, 1 hearts, 2 diamonds, 3 clubs).
Json low_cards_passed() {
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
Json israeli_record() {
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

TEST(RecordIsraeli, ReplaysAuctionPassingContractsAndPlay) {
  const auto m = replay_ok(israeli_record());
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->results().size(), 2u);
  const DealResult& d1 = m->results()[0];
  EXPECT_EQ(d1.declarer, 0);
  EXPECT_EQ(d1.auction_tricks, 5);
  EXPECT_EQ(d1.trump, Suit::Spades);
  EXPECT_FALSE(d1.thrown_in);
  EXPECT_EQ((std::vector<int>(d1.bids.begin(), d1.bids.begin() + 4)),
            (std::vector<int>{5, 0, 0, 0}));
  EXPECT_EQ((std::vector<int>(d1.tricks.begin(), d1.tricks.begin() + 4)),
            (std::vector<int>{13, 0, 0, 0}));
  EXPECT_EQ(d1.points[0], Points::whole(-80));  // 8 over: -10 each
  EXPECT_EQ(d1.points[1], Points::whole(50));   // a made zero, the contracts summing under 13
  const DealResult& d2 = m->results()[1];
  EXPECT_TRUE(d2.thrown_in);
  EXPECT_EQ(d2.declarer, -1);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(d2.points[p], Points()) << p;

  // The log holds the actions in the engine's order: the passing round from the forehand
  // (seat 1 in deal 2), each seat all its cards before the next.
  const auto& a2 = m->log()[1].actions;
  ASSERT_EQ(a2.size(), 8u + 12u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(a2[i], Action::pass());
  const std::vector<std::string> order = {"2H", "3H", "4H", "2D", "3D", "4D",
                                          "2C", "3C", "4C", "2S", "3S", "4S"};
  for (size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(a2[4 + i], Action::pass_card(*parse_card(order[i]))) << i;
  }
  for (size_t i = 16; i < 20; ++i) EXPECT_EQ(a2[i], Action::pass());

  // Deal 3 is in progress: seat 0 declared 7S after the passing round and won the first trick.
  EXPECT_TRUE(m->in_deal());
  const DealState& s = m->state();
  EXPECT_EQ(s.phase(), Phase::Playing);
  EXPECT_EQ(s.declarer(), 0);
  EXPECT_EQ(s.contract_tricks(), 7);
  EXPECT_EQ(s.trump(), Suit::Spades);
  EXPECT_EQ(s.bid(0), 7);
  EXPECT_EQ(s.passed(0, 2), CardSet(*parse_card("2D")) | *parse_card("3D") | *parse_card("4D"));
  EXPECT_EQ(s.tricks_won(0), 1);

  // Written back the same, deal by deal.
  const Json again = Json::parse(write_record(*m));
  EXPECT_EQ(again["deals"], israeli_record()["deals"]);
  EXPECT_EQ(again["options"], Json({{"pass_rounds", "1"}}));
}

TEST(RecordIsraeli, CallsAreReadInAnyCase) {
  Json j = israeli_record();
  j["deals"][0]["auction"] = {"5s", "PASS", "Pass", "pass", "pass"};
  j["deals"][2]["auction"][5] = "6nt";
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(Json::parse(write_record(*m))["deals"], israeli_record()["deals"]);
}

TEST(RecordIsraeli, DeclarerRaise) {
  Json j = israeli_record();
  j["options"]["declarer_raise"] = "on";
  j["deals"][0]["bids"] = {0, 0, 0, 6};  // seat 0 speaks last and raises 5 to 6
  j["deals"][2]["bids"] = {1, 2, 2, 7};
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->results()[0].bids[0], 6);
  EXPECT_EQ(m->results()[0].auction_tricks, 5);
  const auto& a1 = m->log()[0].actions;
  EXPECT_EQ(a1[5], Action::bid(0));  // seat 1 first
  EXPECT_EQ(a1[8], Action::bid(6));  // the declarer last
  EXPECT_EQ(Json::parse(write_record(*m))["deals"], j["deals"]);
}

TEST(RecordIsraeliErrors, BidDoesNotBeatTheLast) {
  Json j = israeli_record();
  j["deals"][2]["auction"][5] = "6C";
  EXPECT_EQ(error_of(j), "deal 3, auction 6 (seat 3, 6C): bid 6C does not beat 6D");
  j = israeli_record();
  j["deals"][0]["auction"] = {"5H", "5H"};
  EXPECT_EQ(error_of(j), "deal 1, auction 2 (seat 1, 5H): bid 5H does not beat 5H");
}

TEST(RecordIsraeliErrors, BidBelowTheMinimum) {
  Json j = israeli_record();
  j["deals"][0]["auction"][0] = "4NT";
  EXPECT_EQ(error_of(j),
            "deal 1, auction 1 (seat 0, 4NT): bid 4NT is below the minimum of 5 tricks");
  j = israeli_record();
  j["deals"][2]["auction"][4] = "5NT";  // after a passing round the minimum is 6
  EXPECT_EQ(error_of(j),
            "deal 3, auction 5 (seat 2, 5NT): bid 5NT is below the minimum of 6 tricks");
}

TEST(RecordIsraeliErrors, BidOutOfRange) {
  Json j = israeli_record();
  j["deals"][0]["auction"][0] = "14S";
  EXPECT_EQ(error_of(j),
            "deal 1, auction 1 (seat 0, 14S): bid 14S out of range: at most 13 tricks");
  j["deals"][0]["auction"][0] = "99NT";
  EXPECT_EQ(error_of(j),
            "deal 1, auction 1 (seat 0, 99NT): bid 99NT out of range: at most 13 tricks");
}

TEST(RecordIsraeliErrors, UnknownCall) {
  for (const char* call : {"5X", "NT", "5", "pass ", "100S", "5 S", "", "5NTT", "-5S"}) {
    Json j = israeli_record();
    j["deals"][0]["auction"][1] = call;
    EXPECT_EQ(error_of(j), "deal 1, auction 2: unknown call " + Json(call).dump()) << call;
  }
}

TEST(RecordIsraeliErrors, AuctionMissingOrOfTheWrongType) {
  Json j = israeli_record();
  j["deals"][1].erase("auction");
  EXPECT_EQ(error_of(j), "deal 2: missing field \"auction\"");
  const std::string type =
      "deal 1: \"auction\" must be an array of calls such as \"5S\", \"6NT\" or \"pass\"";
  j = israeli_record();
  j["deals"][0]["auction"] = "5S pass pass pass pass";
  EXPECT_EQ(error_of(j), type);
  j["deals"][0]["auction"] = {"5S", 5, "pass"};
  EXPECT_EQ(error_of(j), type);
}

TEST(RecordIsraeliErrors, AuctionAndPassingInAGameWithoutThem) {
  Json j = base_record();
  j["deals"][0]["auction"] = Json::array();
  EXPECT_EQ(error_of(j), "deal 1: \"auction\" is given, but this game has no auction");
  j = base_record();
  j["deals"][1]["passing"] = Json::array();
  EXPECT_EQ(error_of(j), "deal 2: \"passing\" is given, but this game has no card passing");
}

TEST(RecordIsraeliErrors, BidsWhileTheAuctionIsNotOver) {
  Json j = israeli_record();
  j["deals"][0]["auction"] = {"5S", "pass", "pass"};
  EXPECT_EQ(error_of(j), "deal 1: the auction is not over after 3 calls, but \"bids\" are given");
  j["deals"][0]["bids"] = Json::array();
  EXPECT_EQ(error_of(j), "deal 1: the auction is not over after 3 calls, but \"plays\" are given");
  j["deals"][0]["plays"] = Json::array();
  EXPECT_EQ(error_of(j),
            "deal 1: the auction is not over after 3 calls (only the last deal of a record may be "
            "unfinished)");
  // With auction_passes=3 three passes after the bid end it.
  j = israeli_record();
  j["options"]["auction_passes"] = 3;
  EXPECT_EQ(error_of(j),
            "deal 1, auction 5 (pass): the auction is already over after 4 calls: 5S by seat 0");
  j["deals"][0]["auction"].erase(4);
  j["deals"][2]["auction"].erase(10);
  EXPECT_NE(replay_ok(j), nullptr);
}

TEST(RecordIsraeliErrors, CallsAfterTheAuctionIsOver) {
  Json j = israeli_record();
  j["deals"][0]["auction"].push_back("6S");
  EXPECT_EQ(error_of(j),
            "deal 1, auction 6 (6S): the auction is already over after 5 calls: 5S by seat 0");
  j = israeli_record();
  j["deals"][2]["auction"].push_back("pass");
  EXPECT_EQ(error_of(j),
            "deal 3, auction 12 (pass): the auction is already over after 11 calls: 7S by seat 0");
}

TEST(RecordIsraeliErrors, CallsAfterTheHandIsThrownIn) {
  Json j = israeli_record();
  j["deals"][1]["auction"].push_back("pass");
  EXPECT_EQ(error_of(j), "deal 2, auction 9 (pass): the hand was thrown in after 8 calls");
}

TEST(RecordIsraeliErrors, CallsWhereCardsArePassed) {
  Json j = israeli_record();
  j["deals"][1].erase("passing");
  EXPECT_EQ(error_of(j),
            "deal 2, auction 5 (pass): everyone passed without a bid, so the cards of passing "
            "round 1 are passed first, and \"passing\" has 0 rounds");
  j = israeli_record();
  j["options"]["pass_rounds"] = 2;  // a second passing round is due after the second auction
  j["deals"][1]["auction"].push_back("pass");
  EXPECT_EQ(error_of(j),
            "deal 2, auction 9 (pass): everyone passed without a bid, so the cards of passing "
            "round 2 are passed first, and \"passing\" has 1 round");
}

TEST(RecordIsraeliErrors, PassingRoundMissing) {
  Json j = israeli_record();
  j["deals"][1]["auction"] = all_passes(4);
  j["deals"][1].erase("passing");
  EXPECT_EQ(error_of(j),
            "deal 2: passing round 1 is due (everyone passed without a bid) (only the last deal of "
            "a record may be unfinished)");
  j["deals"][1]["bids"] = {0};
  EXPECT_EQ(error_of(j),
            "deal 2: passing round 1 is due (everyone passed without a bid), but \"bids\" are "
            "given");
}

TEST(RecordIsraeliErrors, PassingWhenTheAuctionHadABid) {
  Json j = israeli_record();
  j["deals"][0]["passing"] = low_cards_passed();
  EXPECT_EQ(error_of(j),
            "deal 1: \"passing\" has 1 round, but the auction had a bid (5S by seat 0) after 0 "
            "rounds");
  j = israeli_record();
  j["deals"][2]["passing"].push_back(low_cards_passed()[0]);
  EXPECT_EQ(error_of(j),
            "deal 3: \"passing\" has 2 rounds, but the auction had a bid (7S by seat 0) after 1 "
            "round");
}

TEST(RecordIsraeliErrors, PassingWhileTheAuctionIsOpen) {
  Json j = israeli_record();
  j["deals"][1]["auction"] = all_passes(3);
  EXPECT_EQ(error_of(j),
            "deal 2: \"passing\" has 1 round, but the auction is not over after 3 calls");
}

TEST(RecordIsraeliErrors, MorePassingRoundsThanTheRules) {
  Json j = israeli_record();
  j["deals"][1]["passing"].push_back(low_cards_passed()[0]);
  EXPECT_EQ(error_of(j),
            "deal 2: \"passing\" has 2 rounds, but the hand was thrown in after 1 round");
}

TEST(RecordIsraeliErrors, PassingCardNotInHand) {
  Json j = israeli_record();
  j["deals"][1]["passing"][0][0][1] = "AH";  // seat 0 holds spades only
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 0, AH): card not in hand");
  j = israeli_record();
  j["deals"][1]["passing"][0][2][0] = "X1";
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 2, X1): card not in hand");
}

TEST(RecordIsraeliErrors, PassingCardChosenTwice) {
  Json j = israeli_record();
  j["deals"][1]["passing"][0][1] = {"2H", "3H", "2H"};
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 1, 2H): 2H is already chosen to pass");
}

TEST(RecordIsraeliErrors, WrongNumberOfPassingCards) {
  Json j = israeli_record();
  j["deals"][1]["passing"][0][2].erase(2);
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 2): 2 cards passed, expected 3");
  j = israeli_record();
  j["deals"][1]["passing"][0][3].push_back("5C");
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 3): 4 cards passed, expected 3");
  j = israeli_record();
  j["deals"][1]["passing"][0][0] = Json::array();
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 0): 0 cards passed, expected 3");
  j = israeli_record();
  j["options"]["pass_cards"] = 2;
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 1): 3 cards passed, expected 2");
  // In the last deal a round may stop while a seat chooses, but nothing may come after.
  j = israeli_record();
  j["deals"][2]["passing"][0][2].erase(2);
  EXPECT_EQ(error_of(j), "deal 3, passing round 1 (seat 2): 2 cards passed, expected 3");
  j["deals"][2]["auction"] = all_passes(4);
  j["deals"][2]["bids"] = Json::array();
  j["deals"][2]["plays"] = Json::array();
  EXPECT_EQ(error_of(j), "deal 3, passing round 1 (seat 2): 2 cards passed, expected 3");
  j["deals"][2]["passing"][0] = {Json::array(), Json::array(), {"2D", "3D"}, Json::array()};
  EXPECT_NE(replay_ok(j), nullptr);
}

TEST(RecordIsraeliErrors, PassingOfTheWrongShape) {
  const std::string type =
      "deal 2: \"passing\" must be an array of rounds, each an array of 4 arrays of cards (by "
      "seat)";
  Json j = israeli_record();
  j["deals"][1]["passing"] = {"2S", "3S", "4S"};
  EXPECT_EQ(error_of(j), type);
  j["deals"][1]["passing"] = low_cards_passed()[0];  // one round, not an array of rounds
  EXPECT_EQ(error_of(j), type);
  j = israeli_record();
  j["deals"][1]["passing"][0].erase(3);
  EXPECT_EQ(error_of(j), type);
  j = israeli_record();
  j["deals"][1]["passing"][0][3][0] = 2;
  EXPECT_EQ(error_of(j), type);
  j = israeli_record();
  j["deals"][1]["passing"][0][3][1] = "ZZ";
  EXPECT_EQ(error_of(j), "deal 2, passing round 1 (seat 3): unknown card \"ZZ\"");
}

TEST(RecordIsraeliErrors, BidsOrPlaysInAThrownInHand) {
  Json j = israeli_record();
  j["deals"][1]["bids"] = {0, 0, 0};
  EXPECT_EQ(error_of(j), "deal 2: the hand was thrown in, but \"bids\" are given");
  j = israeli_record();
  j["deals"][1]["plays"] = {"AS"};
  EXPECT_EQ(error_of(j), "deal 2: the hand was thrown in, but \"plays\" are given");
}

TEST(RecordIsraeliErrors, TheHookOnContracts) {
  Json j = israeli_record();
  j["deals"][0]["bids"] = {0, 0, 8};
  EXPECT_EQ(error_of(j),
            "deal 1, bid 3 (seat 3): the hook forbids bid 8: the bids would sum to 13, the cards "
            "dealt");
  j = israeli_record();
  j["options"]["declarer_raise"] = true;
  j["deals"][0]["bids"] = {2, 3, 2, 6};  // the declarer, last, may not make 13
  EXPECT_EQ(error_of(j),
            "deal 1, bid 4 (seat 0): the hook forbids bid 6: the bids would sum to 13, the cards "
            "dealt");
}

TEST(RecordIsraeliErrors, DeclarerBelowTheAuction) {
  Json j = israeli_record();
  j["options"]["declarer_raise"] = "on";
  j["deals"][0]["bids"] = {0, 0, 0, 4};
  EXPECT_EQ(error_of(j),
            "deal 1, bid 4 (seat 0): the declarer's contract must be at least the auction's 5");
}

TEST(RecordIsraeliErrors, ContractOutOfRange) {
  Json j = israeli_record();
  j["deals"][0]["bids"][1] = 14;
  EXPECT_EQ(error_of(j), "deal 1, bid 2 (seat 2): bid 14 out of range 0-13");
}

TEST(RecordIsraeliErrors, NumberOfContracts) {
  Json j = israeli_record();
  j["deals"][0]["bids"].push_back(5);  // the declarer's contract is the auction's 5
  EXPECT_EQ(error_of(j), "deal 1: 4 bids, but 3 players name a contract after the auction");
  j["options"]["declarer_raise"] = "on";
  j["deals"][0]["bids"].push_back(5);
  EXPECT_EQ(error_of(j), "deal 1: 5 bids, but 4 players name a contract after the auction");
  j = israeli_record();
  j["deals"][0]["bids"].erase(2);
  EXPECT_EQ(error_of(j),
            "deal 1: 2 bids, expected 3 (only the last deal of a record may be unfinished)");
  j = israeli_record();
  j["deals"][2]["bids"].erase(2);
  EXPECT_EQ(error_of(j), "deal 3: 2 bids, but all 3 are made before the first play");
  j = israeli_record();
  j["options"]["declarer_raise"] = "on";
  j["deals"][0]["bids"].push_back(5);
  j["deals"][2]["bids"].push_back(7);
  EXPECT_NE(replay_ok(j), nullptr);
  j["deals"][2]["bids"].erase(3);
  EXPECT_EQ(error_of(j), "deal 3: 3 bids, but all 4 are made before the first play");
}

TEST(RecordIsraeliErrors, NoTurnedCardAndNoMode) {
  Json j = israeli_record();
  j["deals"][0]["turned"] = "AS";
  EXPECT_EQ(error_of(j), "deal 1: this deal turns no card, but AS is given");
  j = israeli_record();
  j["deals"][0]["mode"] = "regular";
  EXPECT_EQ(error_of(j),
            "deal 1: \"mode\" is given, but the dealer does not choose the one-card mode of this "
            "deal");
}

// The last deal of a game in progress may stop anywhere: right after dealing, in the auction,
// in a passing round (even while a seat chooses), before a passing round, in the contracts or
// in the play. Each replays into the phase where it stopped and is written back the same.
TEST(RecordIsraeli, PartialDeals) {
  struct Cut {
    std::string name;
    Json auction, passing, bids, plays;
    Phase phase;
    int to_move;
  };
  const Json none = Json::array();
  const Json after_passing = {"pass", "pass", "pass", "pass", "6D",  "6NT",
                              "7S",   "pass", "pass", "pass", "pass"};
  const std::vector<Cut> cuts = {
      {"dealt", none, nullptr, none, none, Phase::Auction, 2},
      {"auction", {"pass", "6H"}, nullptr, none, none, Phase::Auction, 0},
      {"passing due", all_passes(4), nullptr, none, none, Phase::Passing, 2},
      {"passing, a seat choosing",
       all_passes(4),
       {{none, none, {"2D", "3D", "4D"}, {"4C"}}},
       none,
       none,
       Phase::Passing,
       3},
      {"passing, nothing chosen",
       all_passes(4),
       {{none, none, none, none}},
       none,
       none,
       Phase::Passing,
       2},
      {"second auction",
       {"pass", "pass", "pass", "pass", "6D"},
       low_cards_passed(),
       none,
       none,
       Phase::Auction,
       3},
      {"contracts", after_passing, low_cards_passed(), {1}, none, Phase::Bidding, 2},
      {"contracts due", after_passing, low_cards_passed(), none, none, Phase::Bidding, 1},
      {"play", after_passing, low_cards_passed(), {1, 2, 2}, {"AS", "4S"}, Phase::Playing, 2},
  };
  for (const Cut& cut : cuts) {
    SCOPED_TRACE(cut.name);
    Json j = israeli_record();
    Json& d = j["deals"][2];
    d["auction"] = cut.auction;
    if (cut.passing.is_null()) {
      d.erase("passing");
    } else {
      d["passing"] = cut.passing;
    }
    d["bids"] = cut.bids;
    d["plays"] = cut.plays;
    const auto m = replay_ok(j);
    ASSERT_NE(m, nullptr);
    ASSERT_TRUE(m->in_deal());
    EXPECT_EQ(m->state().phase(), cut.phase);
    EXPECT_EQ(m->state().to_move(), cut.to_move);
    const std::string text = write_record(*m);
    const auto again = replay_record(text);
    ASSERT_EQ(again.error, "");
    expect_same_match(*m, *again.match);
    const Json written = Json::parse(text)["deals"][2];
    EXPECT_EQ(written["auction"], cut.auction);
    // A round in which nobody has chosen yet is not written: no card was passed.
    const bool empty_round = cut.name == "passing, nothing chosen";
    if (cut.passing.is_null() || empty_round) {
      EXPECT_FALSE(written.contains("passing"));
    } else {
      ASSERT_TRUE(written.contains("passing"));
      EXPECT_EQ(written["passing"], cut.passing);
    }
    // The summary reports the deal in progress.
    const Json s = Json::parse(replay_summary_json(*m));
    const char* phase = cut.phase == Phase::Auction   ? "auction"
                        : cut.phase == Phase::Passing ? "passing"
                        : cut.phase == Phase::Bidding ? "bidding"
                                                      : "playing";
    EXPECT_EQ(s["unfinished"]["phase"], phase);
    if (cut.phase == Phase::Bidding || cut.phase == Phase::Playing) {
      EXPECT_EQ(s["unfinished"]["declarer"], 0);
      EXPECT_EQ(s["unfinished"]["contract"], "7S");
      EXPECT_EQ(s["unfinished"]["bids"][0], 7);
    } else {
      EXPECT_TRUE(s["unfinished"]["declarer"].is_null());
      EXPECT_TRUE(s["unfinished"]["contract"].is_null());
      EXPECT_EQ(s["unfinished"]["bids"], Json::parse("[null, null, null, null]"));
    }
  }
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
Match random_match(const Rules& rules, Rng& rng, int64_t budget, uint32_t pass_percent = 0) {
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

void expect_same_match(const Match& a, const Match& b) {
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
    EXPECT_EQ(a.log()[k].actions, b.log()[k].actions) << "deal " << k + 1;
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
  }
  EXPECT_EQ(a.totals(), b.totals());
  EXPECT_EQ(a.zero_play_announced(), b.zero_play_announced());
  EXPECT_EQ(a.winners(), b.winners());
  if (a.in_deal() && b.in_deal()) {
    EXPECT_TRUE(a.state() == b.state());
  }
}

void round_trip(const Match& original, Counts& counts) {
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

TEST(RecordRoundTrip, RandomMatchesOfEveryPresetReplayIdentically) {
  const std::vector<std::vector<std::string>> option_sets = {
      {},
      {"one_card_mode=dealer"},
      {"zero_play=start"},
      {"special_hands=blind,zero,eight"},
      {"one_card_mode=dealer", "one_card_deals=first-last", "zero_play=before-pivot",
       "special_hands=blind,zero,eight", "scoring=trick", "streak_bonus=5", "miss_penalty=3"},
      {"end=deals", "deals=7", "trump=rotation", "hook=off"},
      {"end=target", "target_score=60", "scoring=basic"},  // totals only grow: it ends
  };
  Counts counts;
  Rng master(20261121);
  for (const PresetInfo& preset : presets()) {
    const Rules defaults = preset.make();
    // whist-record/1 covers the exact-bid games and Israeli whist; Call-Ace whist is not in it.
    if (defaults.family == Family::CallAce) continue;
    for (int n = defaults.min_players; n <= defaults.max_players; ++n) {
      for (const auto& set : option_sets) {
        Rules rules = *make_preset(preset.name, n);
        for (const auto& o : set) ASSERT_EQ(set_option(rules, o), "") << o;
        if (!validate(rules).empty()) continue;
        for (int seed = 0; seed < 2; ++seed) {
          Rng rng = master.split();
          SCOPED_TRACE(std::string(preset.name) + " n=" + std::to_string(n) + " seed " +
                       std::to_string(seed));
          round_trip(random_match(rules, rng, -1), counts);
          // The same kind of match cut short at a random point: a game in progress.
          Rng cut_rng = rng.split();
          Rng same_rng = cut_rng;
          const Match whole = random_match(rules, cut_rng, -1);
          int64_t total = 0;
          for (const DealLog& log : whole.log()) total += static_cast<int64_t>(log.actions.size());
          const int64_t cut = rng.below(static_cast<uint32_t>(total + 1));
          round_trip(random_match(rules, same_rng, cut), counts);
        }
      }
    }
  }
  // The property held over many matches that used every extension of the format.
  EXPECT_GT(counts.matches, 200);
  EXPECT_GT(counts.partial, 50);
  EXPECT_GT(counts.modes, 20);
  EXPECT_GT(counts.zero, 20);
  EXPECT_GT(counts.special, 10);
  EXPECT_GT(counts.half_points, 10);
}

TEST(RecordRoundTrip, EveryCutOfOneMatchReplays) {
  Rules rules = *make_preset("romanian", 3);
  ASSERT_EQ(set_option(rules, "one_card_mode", "dealer"), "");
  ASSERT_EQ(set_option(rules, "zero_play", "before-pivot"), "");
  Rng seed_rng(7);
  const Match whole = random_match(rules, seed_rng, -1);
  int64_t total = 0;
  for (const DealLog& log : whole.log()) total += static_cast<int64_t>(log.actions.size());
  Counts counts;
  for (int64_t cut = 0; cut <= total; cut += 7) {
    Rng rng(7);
    const Match part = random_match(rules, rng, cut);
    SCOPED_TRACE("cut after " + std::to_string(cut) + " actions");
    round_trip(part, counts);
  }
  EXPECT_GT(counts.matches, 20);
}

// Israeli matches under several options, with players who pass in the auction now and then or
// most of the time (so that card passing and thrown-in hands happen), written and replayed; and
// the same matches cut at random points.
TEST(RecordRoundTrip, RandomIsraeliMatchesReplayIdentically) {
  const std::vector<std::vector<std::string>> option_sets = {
      {"end=deals", "deals=30"},
      {"end=deals", "deals=30", "auction_passes=3"},
      {"end=deals", "deals=30", "declarer_raise=on"},
      {"end=deals", "deals=30", "pass_rounds=1"},
      {"end=deals", "deals=30", "pass_cards=2"},
      {"end=deals", "deals=30", "pass_rounds=0"},
      {"end=deals", "deals=30", "auction_passes=3", "declarer_raise=on", "pass_rounds=1",
       "pass_cards=2"},
      {"end=deals", "deals=30", "pass_rounds=3", "pass_cards=6", "auction_min=7"},
      {"end=deals", "deals=20", "zero_play=10-before-end"},
      {"end=target", "target_score=100", "deals=40"},  // a target, with a cap of 40 deals
  };
  int matches = 0, thrown_in = 0, passing_rounds = 0, raised = 0, partial_passing = 0, zero = 0;
  Rng master(20260303);
  for (const auto& set : option_sets) {
    Rules rules = *make_preset("israeli");
    for (const auto& o : set) ASSERT_EQ(set_option(rules, o), "") << o;
    ASSERT_EQ(validate(rules), "");
    for (uint32_t pass_percent : {0u, 60u, 90u}) {
      Rng rng = master.split();
      std::string name;
      for (const auto& o : set) name += o + " ";
      SCOPED_TRACE(name + "pass " + std::to_string(pass_percent) + "%");
      const Match whole = random_match(rules, rng, -1, pass_percent);
      Counts counts;
      round_trip(whole, counts);
      ++matches;
      for (size_t k = 0; k < whole.log().size(); ++k) {
        const auto& actions = whole.log()[k].actions;
        const auto chosen = std::count_if(actions.begin(), actions.end(), [](Action a) {
          return a.kind() == ActionKind::PassCard;
        });
        EXPECT_EQ(chosen % (4 * rules.pass_cards), 0) << "deal " << k + 1;  // whole rounds
        passing_rounds += static_cast<int>(chosen / (4 * rules.pass_cards));
        zero +=
            static_cast<int>(std::count(actions.begin(), actions.end(), Action::announce_zero()));
      }
      for (const DealResult& r : whole.results()) {
        thrown_in += r.thrown_in;
        raised += r.declarer >= 0 && !r.thrown_in && r.bids[r.declarer] > r.auction_tricks;
      }
      // Cut at random points, several times.
      int64_t total = 0;
      for (const DealLog& log : whole.log()) total += static_cast<int64_t>(log.actions.size());
      for (int c = 0; c < 4; ++c) {
        Rng again = rng;
        const Match cut_match =
            random_match(rules, again, rng.below(static_cast<uint32_t>(total + 1)), pass_percent);
        round_trip(cut_match, counts);
        partial_passing += cut_match.in_deal() && cut_match.state().phase() == Phase::Passing;
        ++matches;
      }
    }
  }
  EXPECT_GE(matches, 150);
  EXPECT_GT(thrown_in, 20);
  EXPECT_GT(passing_rounds, 100);
  EXPECT_GT(raised, 5);
  EXPECT_GT(zero, 0);
  EXPECT_GT(partial_passing, 0);
}

// Every cut of one Israeli match (every 3 actions) replays, including cuts inside passing rounds.
TEST(RecordRoundTrip, EveryCutOfOneIsraeliMatchReplays) {
  Rules rules = *make_preset("israeli");
  for (const char* o : {"end=deals", "deals=4", "pass_rounds=2", "pass_cards=2"}) {
    ASSERT_EQ(set_option(rules, o), "");
  }
  Rng seed_rng(11);
  const Match whole = random_match(rules, seed_rng, -1, 85);
  int64_t total = 0;
  for (const DealLog& log : whole.log()) total += static_cast<int64_t>(log.actions.size());
  Counts counts;
  int in_passing = 0;
  for (int64_t cut = 0; cut <= total; cut += 3) {
    Rng rng(11);
    const Match part = random_match(rules, rng, cut, 85);
    SCOPED_TRACE("cut after " + std::to_string(cut) + " actions");
    round_trip(part, counts);
    in_passing += part.in_deal() && part.state().phase() == Phase::Passing;
  }
  EXPECT_GT(counts.matches, 50);
  EXPECT_GT(in_passing, 3);
}

TEST(RecordWrite, WritesOnlyOptionsThatDifferFromThePreset) {
  Rules rules = *make_preset("serbian", 5);
  ASSERT_EQ(set_option(rules, "scoring", "exact"), "");
  ASSERT_EQ(set_option(rules, "hook", "off"), "");
  const Match m(rules, {"a", "b", "c", "d", "e"}, 4);
  const Json j = Json::parse(write_record(m));
  EXPECT_EQ(j["format"], "whist-record/1");
  EXPECT_EQ(j["variant"], "serbian");
  EXPECT_EQ(j["options"], Json({{"scoring", "exact"}, {"hook", "off"}}));
  EXPECT_EQ(j["players"].size(), 5u);
  EXPECT_EQ(j["first_dealer"], 4);
  EXPECT_TRUE(j["deals"].empty());
}

TEST(RecordWrite, WritesTheIssueExampleBack) {
  const auto m = replay_ok(example_record());
  ASSERT_NE(m, nullptr);
  const Json j = Json::parse(write_record(*m));
  EXPECT_EQ(j["options"], Json::object());  // scoring=romanian is the preset's default
  EXPECT_EQ(j["deals"][0], example_record()["deals"][0]);
}

TEST(RecordDocs, TheExamplesInTheFormatDocumentReplay) {
  std::ifstream in(std::string(WHIST_SOURCE_DIR) + "/docs/record-format.md");
  ASSERT_TRUE(in) << "docs/record-format.md is missing";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  int records = 0;
  for (size_t pos = 0; (pos = doc.find("```json\n", pos)) != std::string::npos;) {
    pos += 8;
    const size_t end = doc.find("```", pos);
    ASSERT_NE(end, std::string::npos);
    const std::string block = doc.substr(pos, end - pos);
    if (block.find("\"format\"") == std::string::npos) continue;  // the --json summary
    const ReplayResult r = replay_record(block);
    EXPECT_EQ(r.error, "") << block;
    ++records;
  }
  EXPECT_EQ(records, 3);
}

// ---------------------------------------------------------------------------------------------
// The --json summary

TEST(RecordSummary, FinishedDealsTotalsAndHalfPoints) {
  Json j = base_record();
  j["options"]["scoring"] = "trick";  // a made zero bid is worth 1/2
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  const Json s = Json::parse(replay_summary_json(*m));
  ASSERT_EQ(s["deals"].size(), 2u);
  EXPECT_EQ(s["deals"][0]["cards"], 2);
  EXPECT_EQ(s["deals"][0]["trump"], "D");
  EXPECT_EQ(s["deals"][0]["bids"], Json({1, 0, 0, 0}));
  EXPECT_EQ(s["deals"][0]["tricks"], Json({1, 0, 0, 1}));
  EXPECT_EQ(s["deals"][0]["points"], Json({1, 0.5, 0.5, -1}));
  EXPECT_TRUE(s["deals"][0]["points"][0].is_number_integer());
  EXPECT_EQ(s["deals"][1]["trump"], "C");
  EXPECT_EQ(s["totals"], Json({2, 1, 1, -2}));
  EXPECT_EQ(s["complete"], true);
  EXPECT_TRUE(s["unfinished"].is_null());
}

TEST(RecordSummary, UnfinishedDealIsReportedApart) {
  Json j = base_record();
  j["deals"][1]["bids"] = {0, 0};
  j["deals"][1]["plays"] = Json::array();
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  const Json s = Json::parse(replay_summary_json(*m));
  EXPECT_EQ(s["deals"].size(), 1u);
  EXPECT_EQ(s["complete"], false);
  EXPECT_EQ(s["totals"], Json({6, 5, 5, -1}));
  ASSERT_TRUE(s["unfinished"].is_object());
  EXPECT_EQ(s["unfinished"]["cards"], 2);
  EXPECT_EQ(s["unfinished"]["trump"], "C");
  EXPECT_EQ(s["unfinished"]["bids"], Json::parse("[null, 0, 0, null]"));
  EXPECT_EQ(s["unfinished"]["plays"], 0);
}

TEST(RecordSummary, IsraeliDeclarerContractAndThrownInHands) {
  const auto m = replay_ok(israeli_record());
  ASSERT_NE(m, nullptr);
  const Json s = Json::parse(replay_summary_json(*m));
  ASSERT_EQ(s["deals"].size(), 2u);
  const Json& d1 = s["deals"][0];
  EXPECT_EQ(d1["cards"], 13);
  EXPECT_EQ(d1["trump"], "S");
  EXPECT_EQ(d1["declarer"], 0);
  EXPECT_EQ(d1["contract"], "5S");
  EXPECT_EQ(d1["thrown_in"], false);
  EXPECT_EQ(d1["bids"], Json({5, 0, 0, 0}));
  EXPECT_EQ(d1["tricks"], Json({13, 0, 0, 0}));
  EXPECT_EQ(d1["points"], Json({-80, 50, 50, 50}));
  // The keys in order, so the line reads as the sheet does.
  std::vector<std::string> keys;
  for (const auto& [key, value] : d1.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"cards", "trump", "declarer", "contract", "thrown_in",
                                            "bids", "tricks", "points"}));
  const Json& d2 = s["deals"][1];
  EXPECT_EQ(d2["trump"], "none");
  EXPECT_TRUE(d2["declarer"].is_null());
  EXPECT_TRUE(d2["contract"].is_null());
  EXPECT_EQ(d2["thrown_in"], true);
  EXPECT_EQ(d2["bids"], Json::parse("[null, null, null, null]"));
  EXPECT_EQ(d2["tricks"], Json({0, 0, 0, 0}));
  EXPECT_EQ(d2["points"], Json({0, 0, 0, 0}));
  EXPECT_EQ(s["totals"], Json({-80, 50, 50, 50}));
  EXPECT_EQ(s["complete"], false);
  const Json& u = s["unfinished"];
  EXPECT_EQ(u["phase"], "playing");
  EXPECT_EQ(u["declarer"], 0);
  EXPECT_EQ(u["contract"], "7S");
  EXPECT_EQ(u["trump"], "S");
  EXPECT_EQ(u["bids"], Json({7, 1, 2, 2}));
  EXPECT_EQ(u["tricks"], Json({1, 0, 0, 0}));
  EXPECT_EQ(u["plays"], 4);
}

TEST(RecordSummary, NoTrumpContractsAndNoIsraeliKeysElsewhere) {
  Json j = israeli_record();
  j["deals"][0]["auction"][0] = "5NT";  // seat 0 leads every suit; no trump: each wins its own
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  const Json s = Json::parse(replay_summary_json(*m));
  EXPECT_EQ(s["deals"][0]["contract"], "5NT");
  EXPECT_EQ(s["deals"][0]["trump"], "none");
  // Exact-bid games keep the summary they had.
  const Json e = Json::parse(replay_summary_json(*replay_ok(base_record())));
  EXPECT_FALSE(e["deals"][0].contains("declarer"));
  EXPECT_FALSE(e["deals"][0].contains("contract"));
  EXPECT_FALSE(e["deals"][0].contains("thrown_in"));
  const Json u = Json::parse(replay_summary_json(*replay_ok(example_record())));
  EXPECT_TRUE(u["unfinished"].is_null());
}

// ---------------------------------------------------------------------------------------------
// The real binary

struct CliRun {
  int status = -1;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string temp_path(const std::string& tag) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return (std::filesystem::temp_directory_path() /
          ("whist_record_test_" + std::to_string(::getpid()) + "_" + info->name() + "_" + tag))
      .string();
}

// Runs `whist replay ARGS FILE` with FILE holding `record` ("" args placeholder {} = file).
CliRun run_replay(const std::string& args, const std::string& record, bool via_stdin = false) {
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

TEST(RecordCli, BadRecordExitsWithStatus2AndOneLine) {
  Json j = base_record();
  j["deals"][0]["plays"][1] = "8H";
  const CliRun r = run_replay("", j.dump());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "whist replay: deal 1, play 2 (seat 1, 8H): must follow suit S\n");
  EXPECT_EQ(r.out, "");
}

TEST(RecordCli, HookAndNotJsonMessages) {
  Json j = base_record();
  j["deals"][0]["bids"][3] = 1;
  CliRun r = run_replay("--json", j.dump());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "whist replay: deal 1, bid 4 (seat 3): the hook forbids bid 1: the bids would sum to "
            "2, the cards dealt\n");
  r = run_replay("", "this is not json\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("whist replay: not JSON: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

TEST(RecordCli, UnreadableFile) {
  const std::string missing = temp_path("does-not-exist.json");
  const std::string cmd = std::string("'") + WHIST_BINARY + "' replay '" + missing + "' > '" +
                          temp_path("out") + "' 2> '" + temp_path("err") + "'";
  const int raw = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 2);
  EXPECT_EQ(slurp(temp_path("err")),
            "whist replay: cannot read '" + missing + "': No such file or directory\n");
  std::filesystem::remove(temp_path("out"));
  std::filesystem::remove(temp_path("err"));
}

TEST(RecordCli, JsonSummaryShape) {
  const CliRun r = run_replay("--json", base_record().dump());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  ASSERT_FALSE(r.out.empty());
  EXPECT_EQ(r.out.back(), '\n');
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);  // one JSON object, one line
  const Json s = Json::parse(r.out);
  ASSERT_TRUE(s.is_object());
  ASSERT_TRUE(s["deals"].is_array());
  ASSERT_EQ(s["deals"].size(), 2u);
  for (const Json& d : s["deals"]) {
    EXPECT_TRUE(d["cards"].is_number_integer());
    EXPECT_TRUE(d["trump"].is_string());
    EXPECT_EQ(d["bids"].size(), 4u);
    EXPECT_EQ(d["tricks"].size(), 4u);
    EXPECT_EQ(d["points"].size(), 4u);
  }
  EXPECT_EQ(s["deals"][0]["points"], Json({6, 5, 5, -1}));
  EXPECT_EQ(s["totals"].size(), 4u);
  EXPECT_EQ(s["complete"], true);
}

TEST(RecordCli, HalfPointsPrintAsDecimals) {
  Json j = base_record();
  j["options"]["scoring"] = "trick";
  const CliRun r = run_replay("--json", j.dump());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"points\":[1,0.5,0.5,-1]"), std::string::npos) << r.out;
}

TEST(RecordCli, PrintsTheScoreSheet) {
  const std::string text = write_record(*replay_ok(base_record()));
  const auto m = replay_ok(Json::parse(text));
  ASSERT_NE(m, nullptr);
  for (bool unicode : {false, true}) {
    const CliRun r = run_replay(unicode ? "--unicode" : "", text);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    SheetStyle style;
    style.unicode = unicode;
    std::string sheet = format_sheet(*m, style);
    if (!sheet.empty() && sheet.back() != '\n') sheet += '\n';
    EXPECT_EQ(r.out, sheet);
  }
}

TEST(RecordCli, IsraeliRecordsPrintTheSheetAndTheSummary) {
  // Random Israeli matches, finished and in progress, thrown-in hands included.
  Rules rules = *make_preset("israeli");
  ASSERT_EQ(set_option(rules, "pass_rounds", "1"), "");
  ASSERT_EQ(set_option(rules, "declarer_raise", "on"), "");
  Rng rng(99);
  std::vector<std::string> texts = {israeli_record().dump()};
  texts.push_back(write_record(random_match(rules, rng, -1, 80)));
  texts.push_back(write_record(random_match(rules, rng, 700, 80)));
  for (const std::string& text : texts) {
    const auto m = replay_record(text);
    ASSERT_EQ(m.error, "");
    for (bool unicode : {false, true}) {
      const CliRun r = run_replay(unicode ? "--unicode" : "", text);
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.err, "");
      SheetStyle style;
      style.unicode = unicode;
      std::string sheet = format_sheet(*m.match, style);
      if (!sheet.empty() && sheet.back() != '\n') sheet += '\n';
      EXPECT_EQ(r.out, sheet);
    }
    const CliRun r = run_replay("--json", text);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, replay_summary_json(*m.match) + "\n");
  }
  Json bad = israeli_record();
  bad["deals"][2]["auction"][5] = "6C";
  const CliRun r = run_replay("", bad.dump());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "whist replay: deal 3, auction 6 (seat 3, 6C): bid 6C does not beat 6D\n");
}

TEST(RecordCli, ReadsStandardInputAndGamesInProgress) {
  const CliRun r = run_replay("--json", example_record().dump(), /*via_stdin=*/true);
  ASSERT_EQ(r.status, 0) << r.err;
  const Json s = Json::parse(r.out);
  EXPECT_EQ(s["complete"], false);
  EXPECT_EQ(s["deals"].size(), 1u);
  EXPECT_EQ(s["deals"][0]["points"], Json({-1, 6, 5, 5}));
}

}  // namespace
}  // namespace whist
