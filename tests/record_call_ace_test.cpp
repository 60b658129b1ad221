// Game records of Call-Ace whist: the kitty, the contract auction and the steps after it;
// errors; round trips.
#include "record_test_util.h"

namespace whist::record_testing {
namespace {

// A finished game of each kind of contract, with the fields the record holds for it.
TEST(RecordCallAce, EachKindOfContractWritesItsSteps) {
  struct Case {
    std::string_view contract;
    std::vector<Action> steps;
    std::vector<std::string> keys;  // after hands, kitty and auction
    Json expected;                  // those fields' values, plays aside
    CallAceHands hands = kSuitHands;
    Kitty kitty = kJokerKitty;
  };
  const std::vector<Case> cases = {
      {"8",
       {Action::choose_trump(Suit::Hearts), Action::call(card("AD")), Action::keep_hand()},
       {"trump", "call", "exchange", "plays"},
       {{"trump", "H"}, {"call", "AD"}, {"exchange", false}}},
      {"7 good",
       concat({Action::call(card("AH")), Action::take_kitty()}, discards("2S", "3S", "4S")),
       {"call", "exchange", "plays"},
       {{"call", "AH"}, {"exchange", {"2S", "3S", "4S"}}}},
      {"9 sense",
       {Action::call(card("AS")), Action::keep_hand()},  // seat 0's own ace: alone
       {"call", "exchange", "plays"},
       {{"call", "AS"}, {"exchange", false}}},
      {"7 turn",
       concat({Action::turn_next(), Action::accept_trump(), Action::call(card("AH")),
               Action::take_kitty()},
              discards("3S", "4S", "5S")),
       {"turned", "call", "exchange", "plays"},
       {{"turned", 2}, {"call", "AH"}, {"exchange", {"3S", "4S", "5S"}}},
       kTurnHands,
       kTurnKitty},
      {"8 half",
       concat(
           {Action::call(card("AD")), Action::choose_trump(Suit::Diamonds), Action::take_kitty()},
           discards("2D", "3D", "4D")),  // seat 2 holds AD: it chooses trump and exchanges
       {"trump", "call", "exchange", "plays"},
       {{"trump", "D"}, {"call", "AD"}, {"exchange", {"2D", "3D", "4D"}}}},
      {"10 quarter",
       {Action::choose_trump(Suit::Spades), Action::keep_hand()},
       {"trump", "exchange", "plays"},
       {{"trump", "S"}, {"exchange", false}}},
      {"clean sun",
       concat({Action::take_kitty()}, discards("AS", "KS", "QS")),
       {"exchange", "plays"},
       {{"exchange", {"AS", "KS", "QS"}}}},
      {"", {}, {}, Json::object()},  // all pass
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.contract.empty() ? "all pass" : std::string(c.contract));
    const Match m = call_ace_game(c.contract, c.steps, true, c.hands, c.kitty);
    ASSERT_FALSE(m.in_deal());
    const Json j = record_of(m);
    EXPECT_EQ(j["variant"], "call-ace");
    EXPECT_EQ(j["options"], Json::object());
    const Json& d = j["deals"][0];
    std::vector<std::string> keys = {"hands", "kitty", "auction"};
    keys.insert(keys.end(), c.keys.begin(), c.keys.end());
    EXPECT_EQ(keys_of(d), keys);
    EXPECT_EQ(d["hands"][0].size(), 13u);
    EXPECT_EQ(d["kitty"],
              Json(c.kitty == kJokerKitty ? Json({"X1", "X2", "X3"}) : Json({"X2", "2S", "X3"})));
    EXPECT_EQ(d["auction"], c.contract.empty()
                                ? Json({"pass", "pass", "pass", "pass"})
                                : Json({std::string(c.contract), "pass", "pass", "pass"}));
    for (const auto& [key, value] : c.expected.items()) EXPECT_EQ(d[key], value) << key;
    if (!c.contract.empty()) {
      EXPECT_EQ(d["plays"].size(), 52u);
    }
    // And it replays into the same match.
    const auto again = replay_ok(j);
    ASSERT_NE(again, nullptr);
    expect_same_match(m, *again);
  }
}

TEST(RecordCallAce, ResultsOfTheReplayedDeals) {
  // Half: seat 2 holds the called AD, so it is the partner and chose diamonds.
  const auto half = replay_ok(record_of(call_ace_game(
      "8 half",
      concat({Action::call(card("AD")), Action::choose_trump(Suit::Diamonds), Action::take_kitty()},
             discards("2D", "3D", "4D")))));
  ASSERT_NE(half, nullptr);
  const DealResult& r = half->results()[0];
  EXPECT_EQ(r.contract_index, *parse_contract("8 half"));
  EXPECT_EQ(r.declarer, 0);
  EXPECT_EQ(r.partner, 2);
  EXPECT_EQ(r.called, card("AD"));
  EXPECT_EQ(r.trump, Suit::Diamonds);
  EXPECT_FALSE(r.thrown_in);
  Points sum;
  for (int p = 0; p < 4; ++p) sum += r.points[p];
  EXPECT_EQ(sum, Points());  // payments
  // Turn: X2 passed over, 2S accepted: spades.
  const auto turn =
      replay_ok(record_of(call_ace_game("7 turn",
                                        concat({Action::turn_next(), Action::accept_trump(),
                                                Action::call(card("AH")), Action::take_kitty()},
                                               discards("3S", "4S", "5S")),
                                        true, kTurnHands, kTurnKitty)));
  ASSERT_NE(turn, nullptr);
  EXPECT_EQ(turn->results()[0].trump, Suit::Spades);
  EXPECT_EQ(turn->results()[0].partner, 1);
}

TEST(RecordCallAce, ThrownInDealsAreDealtAgainBySameDealerUnlessRedealIsOff) {
  for (bool redeal : {true, false}) {
    Match m = call_ace_match({redeal ? "redeal=on" : "redeal=off"});
    call_ace_deal(m, "", {});
    call_ace_deal(m, "7 quarter", {Action::choose_trump(Suit::Clubs), Action::keep_hand()});
    const Json j = record_of(m);
    EXPECT_EQ(j["options"], redeal ? Json::object() : Json({{"redeal", "off"}}));
    EXPECT_EQ(keys_of(j["deals"][0]), (std::vector<std::string>{"hands", "kitty", "auction"}));
    const auto again = replay_ok(j);
    ASSERT_NE(again, nullptr);
    expect_same_match(m, *again);
    // Deal 2's forehand bid: seat 0 again when the same dealer deals again, else seat 1.
    EXPECT_EQ(again->results()[1].declarer, redeal ? 0 : 1);
    EXPECT_EQ(again->results()[1].dealer, redeal ? 3 : 0);
  }
}

TEST(RecordCallAce, CallsAndSuitsAreReadInAnyCase) {
  Json j = record_of(
      call_ace_game("10 quarter", {Action::choose_trump(Suit::Spades), Action::keep_hand()}));
  j["deals"][0]["auction"][0] = "10 QUARTER";
  j["deals"][0]["auction"][1] = "PASS";
  j["deals"][0]["trump"] = "s";
  j["deals"][0]["kitty"][0] = "x1";
  const auto m = replay_ok(j);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->results()[0].trump, Suit::Spades);
  EXPECT_EQ(Json::parse(write_record(*m))["deals"][0]["auction"][0], "10 quarter");
}

// A game in progress may stop at every step; each is written and replays to the same state.
TEST(RecordCallAce, GamesInProgressStopAtEveryStep) {
  struct Case {
    std::string_view contract;
    std::vector<Action> steps;
    Phase phase;
    std::vector<std::string> keys;  // after hands and kitty
    CallAceHands hands = kSuitHands;
    Kitty kitty = kJokerKitty;
  };
  const std::vector<Case> cases = {
      {"8", {}, Phase::ChooseTrump, {"auction"}},
      {"8", {Action::choose_trump(Suit::Hearts)}, Phase::CallCard, {"auction", "trump"}},
      {"8 half", {}, Phase::CallCard, {"auction"}},
      {"8 half", {Action::call(card("AD"))}, Phase::ChooseTrump, {"auction", "call"}},
      {"8 half",
       {Action::call(card("AD")), Action::choose_trump(Suit::Clubs)},
       Phase::Exchange,
       {"auction", "trump", "call"}},
      {"8 half",
       {Action::call(card("AD")), Action::choose_trump(Suit::Clubs), Action::take_kitty()},
       Phase::Discard,
       {"auction", "trump", "call", "exchange"}},
      {"8 half",
       {Action::call(card("AD")), Action::choose_trump(Suit::Clubs), Action::take_kitty(),
        Action::discard(card("2D")), Action::discard(card("3D"))},
       Phase::Discard,
       {"auction", "trump", "call", "exchange"}},
      {"7 turn", {}, Phase::TurnKitty, {"auction", "turning"}, kTurnHands, kTurnKitty},
      {"7 turn",
       {Action::turn_next()},
       Phase::TurnKitty,
       {"auction", "turning"},
       kTurnHands,
       kTurnKitty},
      {"7 turn",
       {Action::turn_next(), Action::accept_trump()},
       Phase::CallCard,
       {"auction", "turned"},
       kTurnHands,
       kTurnKitty},
      {"sun", {Action::keep_hand()}, Phase::Playing, {"auction", "exchange", "plays"}},
      {"sun",
       {Action::keep_hand(), Action::play(card("2S"))},
       Phase::Playing,
       {"auction", "exchange", "plays"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.contract) + " after " + std::to_string(c.steps.size()) + " steps");
    const Match m = call_ace_game(c.contract, c.steps, false, c.hands, c.kitty);
    ASSERT_TRUE(m.in_deal());
    EXPECT_EQ(m.state().phase(), c.phase);
    const Json j = record_of(m);
    std::vector<std::string> keys = {"hands", "kitty"};
    keys.insert(keys.end(), c.keys.begin(), c.keys.end());
    EXPECT_EQ(keys_of(j["deals"][0]), keys);
    const auto again = replay_ok(j);
    ASSERT_NE(again, nullptr);
    expect_same_match(m, *again);
  }
  // Inside the auction, and right after dealing.
  Match open = call_ace_match();
  Hands h{};
  for (int p = 0; p < 4; ++p) h[p] = *parse_card_set(kSuitHands[p]);
  ASSERT_EQ(open.deal_given(h, kNoCard, kJokerKitty), "");
  EXPECT_EQ(keys_of(record_of(open)["deals"][0]),
            (std::vector<std::string>{"hands", "kitty", "auction"}));
  expect_same_match(open, *replay_ok(record_of(open)));
  open.apply(Action::contract(0));
  open.apply(Action::pass());
  EXPECT_EQ(record_of(open)["deals"][0]["auction"], Json({"7", "pass"}));
  expect_same_match(open, *replay_ok(record_of(open)));
  // "turning" 2: X2 passed over, 2S face up, not accepted yet.
  const Json turning =
      record_of(call_ace_game("7 turn", {Action::turn_next()}, false, kTurnHands, kTurnKitty));
  EXPECT_EQ(turning["deals"][0]["turning"], 2);
}

TEST(RecordCallAceErrors, AuctionCallThatDoesNotBeatTheLast) {
  Json j = plain_record();
  j["deals"][0]["auction"] = {"8", "9", "8 turn"};
  for (const char* f : {"trump", "call", "exchange", "plays"}) j["deals"][0].erase(f);
  EXPECT_EQ(error_of(j), "deal 1, auction 3 (seat 2, 8 turn): contract 8 turn does not beat 9");
}

TEST(RecordCallAceErrors, UnknownCallAndWrongAuctionType) {
  Json j = plain_record();
  j["deals"][0]["auction"][1] = "7 plus";
  EXPECT_EQ(error_of(j), "deal 1, auction 2: unknown call \"7 plus\"");
  j["deals"][0]["auction"][1] = "8S";  // an Israeli call
  EXPECT_EQ(error_of(j), "deal 1, auction 2: unknown call \"8S\"");
  j["deals"][0]["auction"] = "8";
  EXPECT_EQ(error_of(j),
            "deal 1: \"auction\" must be an array of calls such as \"7\", \"8 good\", \"sun\" or "
            "\"pass\"");
  j["deals"][0].erase("auction");
  EXPECT_EQ(error_of(j), "deal 1: missing field \"auction\"");
}

TEST(RecordCallAceErrors, CallsAfterTheAuctionIsOver) {
  Json j = plain_record();
  j["deals"][0]["auction"].push_back("pass");
  EXPECT_EQ(error_of(j),
            "deal 1, auction 5 (pass): the auction is already over after 4 calls: 8 by seat 0");
}

TEST(RecordCallAceErrors, CallsAfterTheHandIsThrownIn) {
  Json j = record_of(call_ace_game("", {}));
  j["deals"][0]["auction"].push_back("7");
  EXPECT_EQ(error_of(j), "deal 1, auction 5 (7): the hand was thrown in after 4 calls");
}

TEST(RecordCallAceErrors, StepsInAThrownInHand) {
  Json j = record_of(call_ace_game("", {}));
  j["deals"][0]["exchange"] = false;
  EXPECT_EQ(error_of(j), "deal 1: the hand was thrown in, but \"exchange\" is given");
  j["deals"][0].erase("exchange");
  j["deals"][0]["plays"] = Json::array();
  EXPECT_EQ(error_of(j), "deal 1: the hand was thrown in, but \"plays\" is given");
}

TEST(RecordCallAceErrors, AuctionNotOver) {
  Json j = plain_record();
  j["deals"][0]["auction"] = {"8", "pass"};
  EXPECT_EQ(error_of(j), "deal 1: the auction is not over after 2 calls, but \"trump\" is given");
  Json two = two_deals();
  two["deals"][0]["auction"] = {"8", "pass"};
  for (const char* f : {"trump", "call", "exchange", "plays"}) two["deals"][0].erase(f);
  EXPECT_EQ(error_of(two),
            "deal 1: the auction is not over after 2 calls (only the last deal of a record may be "
            "unfinished)");
}

TEST(RecordCallAceErrors, TrumpWhereNobodyChoosesIt) {
  Json j = turn_record();
  j["deals"][0]["trump"] = "S";
  EXPECT_EQ(error_of(j), "deal 1: \"trump\" is given, but nobody chooses trump in contract 7 turn");
}

TEST(RecordCallAceErrors, TurnedInAContractThatIsNotTurn) {
  Json j = plain_record();
  j["deals"][0]["turned"] = 1;
  EXPECT_EQ(error_of(j), "deal 1: \"turned\" is given, but contract 8 is not a Turn contract");
}

TEST(RecordCallAceErrors, CallInAContractPlayedAlone) {
  Json j = record_of(
      call_ace_game("10 quarter", {Action::choose_trump(Suit::Spades), Action::keep_hand()}));
  j["deals"][0]["call"] = "AH";
  EXPECT_EQ(error_of(j),
            "deal 1: \"call\" is given, but contract 10 quarter calls no card (the declarer plays "
            "alone)");
}

TEST(RecordCallAceErrors, MissingStep) {
  Json j = plain_record();
  j["deals"][0].erase("call");
  EXPECT_EQ(error_of(j),
            "deal 1: missing field \"call\": seat 0 calls a card next, but "
            "\"exchange\" is given");
  Json two = two_deals();
  for (const char* f : {"call", "exchange", "plays"}) two["deals"][0].erase(f);
  EXPECT_EQ(error_of(two),
            "deal 1: missing field \"call\": seat 0 calls a card next (only the last deal of a "
            "record may be unfinished)");
  // Half: the holder of the called card chooses trump.
  Json half = half_record();
  half["deals"][0].erase("trump");
  EXPECT_EQ(error_of(half),
            "deal 1: missing field \"trump\": seat 2 chooses trump next, but "
            "\"exchange\" is given");
  Json turn = turn_record();
  turn["deals"][0].erase("turned");
  EXPECT_EQ(error_of(turn),
            "deal 1: missing field \"turned\": seat 0 turns kitty cards next, "
            "but \"call\" is given");
  two = two_deals();
  two["deals"][0].erase("exchange");
  EXPECT_EQ(error_of(two),
            "deal 1: missing field \"exchange\": seat 0 takes the kitty or keeps "
            "the hand next, but \"plays\" is given");
  two["deals"][0]["exchange"] = false;
  two["deals"][0].erase("plays");
  EXPECT_EQ(error_of(two),
            "deal 1: missing field \"plays\": seat 0 leads next (only the last deal of a record "
            "may be unfinished)");
}

TEST(RecordCallAceErrors, WrongTypesOfTheSteps) {
  const std::vector<std::tuple<std::string, Json, std::string>> cases = {
      {"trump", "NT", "deal 1: \"trump\" must be a suit: \"S\", \"H\", \"D\" or \"C\""},
      {"trump", 3, "deal 1: \"trump\" must be a suit: \"S\", \"H\", \"D\" or \"C\""},
      {"turned", 0, "deal 1: \"turned\" must be the number of kitty cards turned, 1 to 3"},
      {"turned", "2", "deal 1: \"turned\" must be the number of kitty cards turned, 1 to 3"},
      {"turning", 4, "deal 1: \"turning\" must be the number of kitty cards turned, 1 to 3"},
      {"call", true, "deal 1: \"call\" must be a card such as \"AH\""},
      {"call", "1H", "deal 1: unknown card \"1H\" as the called card"},
      {"exchange", true, "deal 1: \"exchange\" must be false or the array of the cards discarded"},
      {"exchange", Json({"2S", 3}),
       "deal 1: \"exchange\" must be false or the array of the cards discarded"},
      {"exchange", Json({"2S", "ZZ"}), "deal 1, discard 2: unknown card \"ZZ\""},
      {"plays", "AS", "deal 1: \"plays\" must be an array of cards"},
      {"kitty", "X1", "deal 1: \"kitty\" must be an array of cards"},
      {"kitty", Json({"X1", "X2", "ZZ"}), "deal 1: unknown card \"ZZ\" in the kitty"},
  };
  for (const auto& [field, value, message] : cases) {
    Json j = plain_record();
    j["deals"][0][field] = value;
    EXPECT_EQ(error_of(j), message) << field;
  }
}

TEST(RecordCallAceErrors, TurnedAndTurningBothGiven) {
  Json j = turn_record();
  j["deals"][0]["turning"] = 2;
  EXPECT_EQ(error_of(j),
            "deal 1: \"turned\" and \"turning\" are both given (\"turning\" is for a Turn "
            "contract still turning kitty cards)");
}

TEST(RecordCallAceErrors, TurningStopsTheDeal) {
  Json j = turn_record();
  j["deals"][0].erase("turned");
  j["deals"][0]["turning"] = 2;
  EXPECT_EQ(error_of(j),
            "deal 1: \"turning\" 2 leaves seat 0 turning kitty cards, but \"call\" is given");
}

TEST(RecordCallAceErrors, TurnedJokerCannotBeAccepted) {
  Json j = turn_record();
  j["deals"][0]["turned"] = 1;
  EXPECT_EQ(error_of(j),
            "deal 1, turned 1 (seat 0, X2): a turned joker names no suit: turn the next card");
}

TEST(RecordCallAceErrors, CalledCardIsATrump) {
  Json j = plain_record();
  j["deals"][0]["call"] = "AH";
  EXPECT_EQ(error_of(j), "deal 1, call (seat 0, AH): the called card must not be a trump");
}

TEST(RecordCallAceErrors, CalledKingWithoutAllFourAces) {
  Json j = plain_record();
  j["deals"][0]["call"] = "KD";
  EXPECT_EQ(error_of(j),
            "deal 1, call (seat 0, KD): a king may be called only by a declarer holding all four "
            "aces");
}

TEST(RecordCallAceErrors, TurnContractMustTakeTheKitty) {
  Json j = turn_record();
  j["deals"][0]["exchange"] = false;
  EXPECT_EQ(error_of(j), "deal 1, exchange (seat 0): a Turn contract must take the kitty");
}

TEST(RecordCallAceErrors, CalledCardCannotBeDiscarded) {
  Json j = half_record();
  j["deals"][0]["exchange"] = {"2D", "AD", "4D"};
  EXPECT_EQ(error_of(j), "deal 1, discard 2 (seat 2, AD): the called card cannot be discarded");
}

TEST(RecordCallAceErrors, DiscardNotInHand) {
  Json j = half_record();
  j["deals"][0]["exchange"] = {"2S", "3D", "4D"};
  EXPECT_EQ(error_of(j), "deal 1, discard 1 (seat 2, 2S): card not in hand");
}

TEST(RecordCallAceErrors, WrongNumberOfDiscards) {
  Json j = half_record();
  j["deals"][0]["exchange"] = {"2D", "3D", "4D", "5D"};
  EXPECT_EQ(error_of(j), "deal 1: \"exchange\" lists 4 cards, but 3 are discarded");
  j["deals"][0]["exchange"] = {"2D", "3D"};
  EXPECT_EQ(error_of(j), "deal 1: \"exchange\" lists 2 cards, expected 3, but \"plays\" is given");
  j["deals"][0].erase("plays");
  EXPECT_TRUE(replay_ok(j));  // a game in progress
  Json two = two_deals();
  two["deals"][0]["exchange"] = Json::array();
  two["deals"][0].erase("plays");
  EXPECT_EQ(error_of(two),
            "deal 1: \"exchange\" lists 0 cards, expected 3 (only the last deal of a record may be "
            "unfinished)");
}

TEST(RecordCallAceErrors, JokerLeadsTheFirstTrick) {
  Json j =
      record_of(call_ace_game("7 good", concat({Action::call(card("AH")), Action::take_kitty()},
                                               discards("2S", "3S", "4S"))));
  j["deals"][0]["plays"][0] = "X1";
  EXPECT_EQ(error_of(j), "deal 1, play 1 (seat 0, X1): a joker may not lead the first trick");
}

TEST(RecordCallAceErrors, PlaysTooManyOrTooFew) {
  Json j = plain_record();
  j["deals"][0]["plays"].push_back("AS");
  EXPECT_EQ(error_of(j), "deal 1: 53 plays, but 4 players × 13 cards make 52");
  Json two = two_deals();
  two["deals"][0]["plays"].erase(51);
  EXPECT_EQ(error_of(two),
            "deal 1: 51 plays, expected 52 (only the last deal of a record may be unfinished)");
}

TEST(RecordCallAceErrors, KittyOfTheWrongSize) {
  Json j = plain_record();
  j["deals"][0]["kitty"] = {"X1", "X2"};
  EXPECT_EQ(error_of(j), "deal 1: the kitty must hold 3 cards");
  j["deals"][0]["kitty"] = {"X1", "X2", "X3", "2S"};
  EXPECT_EQ(error_of(j), "deal 1: the kitty must hold 3 cards");
  j["deals"][0].erase("kitty");
  EXPECT_EQ(error_of(j), "deal 1: missing field \"kitty\"");
}

TEST(RecordCallAceErrors, KittyCardAlsoDealt) {
  Json j = plain_record();
  j["deals"][0]["kitty"] = {"X1", "AS", "X3"};
  EXPECT_EQ(error_of(j), "deal 1: kitty card AS is also dealt to a seat or twice to the kitty");
  j["deals"][0]["kitty"] = {"X1", "X1", "X3"};
  EXPECT_EQ(error_of(j), "deal 1: kitty card X1 is also dealt to a seat or twice to the kitty");
}

TEST(RecordCallAceErrors, KittyInAGameWithoutOne) {
  Json j = base_record();
  j["deals"][0]["kitty"] = {"X1", "X2", "X3"};
  EXPECT_EQ(error_of(j), "deal 1: \"kitty\" is given, but this game has no kitty");
  Json i = israeli_record();
  i["deals"][0]["kitty"] = Json::array();
  EXPECT_EQ(error_of(i), "deal 1: \"kitty\" is given, but this game has no kitty");
}

TEST(RecordCallAceErrors, FieldsOfOtherGames) {
  Json j = plain_record();
  j["deals"][0]["bids"] = Json::array();
  EXPECT_EQ(error_of(j), "deal 1: unknown field \"bids\"");
  j = plain_record();
  j["deals"][0]["passing"] = Json::array();
  EXPECT_EQ(error_of(j), "deal 1: unknown field \"passing\"");
  j = plain_record();
  j["deals"][0] = 3;
  EXPECT_EQ(error_of(j), "deal 1: must be an object with \"hands\", \"kitty\" and \"auction\"");
}

TEST(RecordCallAceErrors, HandOfTheWrongSize) {
  Json j = plain_record();
  j["deals"][0]["hands"][0].erase(0);
  EXPECT_EQ(error_of(j), "deal 1: seat 0 holds 12 cards, expected 13");
}

TEST(RecordCallAceErrors, MoreDealsThanTheGame) {
  Match m = call_ace_match({"deals=1"});
  call_ace_deal(
      m, "8", {Action::choose_trump(Suit::Hearts), Action::call(card("AD")), Action::keep_hand()});
  Json j = record_of(m);
  j["deals"].push_back(j["deals"][0]);
  EXPECT_EQ(error_of(j),
            "deal 2: the game is already over after 1 deal; the record has more deals than the "
            "game");
}

TEST(RecordCallAceErrors, OptionsThatDoNotApply) {
  Json j = plain_record();
  j["options"]["hook"] = "on";
  EXPECT_EQ(error_of(j), "option hook does not apply to call-ace");
}

// Random Call-Ace matches under several options, players passing in the auction now and then or
// most of the time (thrown-in hands), written and replayed; and the same matches cut at random
// points.
TEST(RecordRoundTrip, RandomCallAceMatchesReplayIdentically) {
  const std::vector<std::vector<std::string>> option_sets = {
      {},
      {"redeal=off"},
      {"joker_any_time=off"},
      {"redeal=off", "joker_any_time=off", "deals=24"},
      {"end=target", "target_score=500", "deals=30"},
  };
  std::set<ContractKind> kinds;
  int matches = 0, thrown_in = 0, redealt = 0, turned_more = 0, taken = 0, kept = 0,
      half_partner_chose = 0, alone = 0, partnered = 0;
  Rng master(20260404);
  for (const auto& set : option_sets) {
    const Rules rules = call_ace_rules(set);
    ASSERT_EQ(validate(rules), "");
    for (uint32_t pass_percent : {0u, 50u, 90u}) {
      for (int rep = 0; rep < 3; ++rep) {
        Rng rng = master.split();
        std::string name;
        for (const auto& o : set) name += o + " ";
        SCOPED_TRACE(name + "pass " + std::to_string(pass_percent) + "% #" + std::to_string(rep));
        const Match whole = random_match(rules, rng, -1, pass_percent);
        Counts counts;
        round_trip(whole, counts);
        ++matches;
        for (size_t k = 0; k < whole.log().size(); ++k) {
          const DealLog& log = whole.log()[k];
          int turns = 0;
          for (size_t i = 0; i < log.actions.size(); ++i) {
            const Action a = log.actions[i];
            turns += a.kind() == ActionKind::TurnNext;
            taken += a.kind() == ActionKind::TakeKitty;
            kept += a.kind() == ActionKind::KeepHand;
            if (a.kind() == ActionKind::ChooseTrump && i > 0 &&
                log.actions[i - 1].kind() == ActionKind::CallCard &&
                log.seats[i] != log.seats[i - 1]) {
              ++half_partner_chose;
            }
          }
          turned_more += turns > 0;
        }
        for (size_t k = 0; k < whole.results().size(); ++k) {
          const DealResult& r = whole.results()[k];
          thrown_in += r.thrown_in;
          if (r.thrown_in) {
            redealt += k + 1 < whole.results().size() && whole.results()[k + 1].dealer == r.dealer;
            continue;
          }
          kinds.insert(contract_ladder()[r.contract_index].kind);
          (r.partner >= 0 ? partnered : alone) += 1;
        }
        // Cut at random points.
        int64_t total = 0;
        for (const DealLog& log : whole.log()) total += static_cast<int64_t>(log.actions.size());
        for (int c = 0; c < 3; ++c) {
          Rng again = rng;
          const Match cut =
              random_match(rules, again, rng.below(static_cast<uint32_t>(total + 1)), pass_percent);
          round_trip(cut, counts);
          ++matches;
        }
      }
    }
  }
  EXPECT_GE(matches, 150);
  EXPECT_EQ(kinds.size(), 11u);  // every kind of contract, the negative ones included
  EXPECT_GT(thrown_in, 20);
  EXPECT_GT(redealt, 5);
  EXPECT_GT(turned_more, 5);
  EXPECT_GT(taken, 50);
  EXPECT_GT(kept, 50);
  EXPECT_GT(half_partner_chose, 5);
  EXPECT_GT(alone, 20);
  EXPECT_GT(partnered, 20);
}

// Every cut of a few Call-Ace matches (after every action) replays: the cuts stop in every phase.
TEST(RecordRoundTrip, EveryCutOfCallAceMatchesReplays) {
  const Rules rules = call_ace_rules({"deals=3"});
  std::set<Phase> phases;
  int turning = 0;
  Counts counts;
  const auto covered = [&] { return phases.size() == 7 && turning > 0; };
  for (uint64_t seed = 1; seed <= 40 && !covered(); ++seed) {
    Rng seed_rng(seed);
    const Match whole = random_match(rules, seed_rng, -1, 40);
    int64_t total = 0;
    for (const DealLog& log : whole.log()) total += static_cast<int64_t>(log.actions.size());
    for (int64_t cut = 0; cut <= total; ++cut) {
      Rng rng(seed);
      const Match part = random_match(rules, rng, cut, 40);
      SCOPED_TRACE("seed " + std::to_string(seed) + ", cut after " + std::to_string(cut));
      round_trip(part, counts);
      if (part.in_deal()) {
        phases.insert(part.state().phase());
        turning += part.state().phase() == Phase::TurnKitty && part.state().call().turned > 1;
      }
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_EQ(phases,
            (std::set<Phase>{Phase::Auction, Phase::ChooseTrump, Phase::TurnKitty, Phase::CallCard,
                             Phase::Exchange, Phase::Discard, Phase::Playing}));
  EXPECT_GT(turning, 0);
  EXPECT_GT(counts.matches, 500);
}

// The Call-Ace summary printed in the format document is the summary of its Call-Ace example.
TEST(RecordDocs, TheCallAceSummaryInTheFormatDocumentIsExact) {
  std::ifstream in(std::string(WHIST_SOURCE_DIR) + "/docs/record-format.md");
  ASSERT_TRUE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  std::string record, summary;
  for (size_t pos = 0; (pos = doc.find("```json\n", pos)) != std::string::npos;) {
    pos += 8;
    const size_t end = doc.find("```", pos);
    const std::string block = doc.substr(pos, end - pos);
    if (block.find("\"call-ace\"") != std::string::npos) record = block;
    if (block.find("\"called\"") != std::string::npos &&
        block.find("\"format\"") == std::string::npos) {
      summary = block;
    }
  }
  ASSERT_FALSE(record.empty());
  ASSERT_FALSE(summary.empty());
  const ReplayResult r = replay_record(record);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(Json::parse(replay_summary_json(*r.match)), Json::parse(summary));
  EXPECT_EQ(write_record(*r.match), record);  // written exactly as the document shows it
}

TEST(RecordSummary, CallAceContractsPartnersAndPayments) {
  const Match m = call_ace_summary_match();
  const Json s = Json::parse(replay_summary_json(m));
  ASSERT_EQ(s["deals"].size(), 2u);
  const Json& d1 = s["deals"][0];
  EXPECT_EQ(keys_of(d1),
            (std::vector<std::string>{"cards", "contract", "declarer", "trump", "called", "partner",
                                      "thrown_in", "tricks", "points"}));
  EXPECT_EQ(d1, Json::parse(R"({"cards": 13, "contract": null, "declarer": null, "trump": "none",
      "called": null, "partner": null, "thrown_in": true, "tricks": [0, 0, 0, 0],
      "points": [0, 0, 0, 0]})"));
  const Json& d2 = s["deals"][1];
  EXPECT_EQ(d2["contract"], "8 half");
  EXPECT_EQ(d2["declarer"], 0);
  EXPECT_EQ(d2["trump"], "D");
  EXPECT_EQ(d2["called"], "AD");
  EXPECT_EQ(d2["partner"], 2);
  EXPECT_EQ(d2["thrown_in"], false);
  const DealResult& r = m.results()[1];
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(d2["tricks"][p], r.tricks[p]);
    EXPECT_EQ(d2["points"][p], r.points[p].in_halves() / 2);
  }
  EXPECT_EQ(d2["points"][0], d2["points"][2]);  // the declarer and the partner share
  EXPECT_EQ(d2["points"][1], d2["points"][3]);
  EXPECT_EQ(d2["points"][0].get<int>() + d2["points"][1].get<int>(), 0);
  EXPECT_EQ(s["totals"], d2["points"]);  // balances: the thrown-in deal paid nothing
  EXPECT_EQ(s["complete"], false);
  EXPECT_EQ(s["unfinished"], Json::parse(R"({"cards": 13, "phase": "exchange",
      "contract": "7 quarter", "declarer": 1, "trump": "H", "called": null,
      "tricks": [0, 0, 0, 0], "plays": 0})"));
  // The record replays to the same summary.
  EXPECT_EQ(replay_summary_json(*replay_ok(record_of(m))), replay_summary_json(m));
}

TEST(RecordSummary, CallAceDealInProgressByPhase) {
  Match m = call_ace_match();
  Hands h{};
  for (int p = 0; p < 4; ++p) h[p] = *parse_card_set(kSuitHands[p]);
  ASSERT_EQ(m.deal_given(h, kNoCard, kJokerKitty), "");
  const auto unfinished = [&] { return Json::parse(replay_summary_json(m))["unfinished"]; };
  EXPECT_EQ(unfinished()["phase"], "auction");
  EXPECT_TRUE(unfinished()["contract"].is_null());
  EXPECT_TRUE(unfinished()["declarer"].is_null());
  m.apply(Action::contract(*parse_contract("8 half")));
  for (int i = 0; i < 3; ++i) m.apply(Action::pass());
  EXPECT_EQ(unfinished()["phase"], "call");
  EXPECT_EQ(unfinished()["contract"], "8 half");
  m.apply(Action::call(card("AD")));
  EXPECT_EQ(unfinished()["phase"], "trump");
  EXPECT_EQ(unfinished()["called"], "AD");
  m.apply(Action::choose_trump(Suit::Spades));
  m.apply(Action::take_kitty());
  EXPECT_EQ(unfinished()["phase"], "discard");
  EXPECT_EQ(unfinished()["trump"], "S");
  for (const char* c : {"2D", "3D", "4D"}) m.apply(Action::discard(card(c)));
  m.apply(m.state().legal_actions().items[0]);
  EXPECT_EQ(unfinished()["phase"], "playing");
  EXPECT_EQ(unfinished()["plays"], 1);
  Match turn = call_ace_game("7 turn", {}, false, kTurnHands, kTurnKitty);
  EXPECT_EQ(Json::parse(replay_summary_json(turn))["unfinished"]["phase"], "turn");
}

TEST(RecordCli, CallAceRecordsPrintTheSheetAndTheSummary) {
  Rng rng(44);
  std::vector<std::string> texts = {write_record(call_ace_summary_match())};
  texts.push_back(write_record(random_match(call_ace_rules(), rng, -1, 60)));
  texts.push_back(write_record(random_match(call_ace_rules({"redeal=off"}), rng, 500, 60)));
  for (const std::string& text : texts) {
    const auto m = replay_record(text);
    ASSERT_EQ(m.error, "");
    const CliRun r = run_replay("", text);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    std::string sheet = format_sheet(*m.match, SheetStyle{});
    if (!sheet.empty() && sheet.back() != '\n') sheet += '\n';
    EXPECT_EQ(r.out, sheet);
    const CliRun j = run_replay("--json", text);
    ASSERT_EQ(j.status, 0) << j.err;
    EXPECT_EQ(j.out, replay_summary_json(*m.match) + "\n");
  }
  Json bad = plain_record();
  bad["deals"][0]["call"] = "AH";
  const CliRun r = run_replay("--json", bad.dump());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "whist replay: " + temp_path("in.json") +
                       ": deal 1, call (seat 0, AH): the called card must not be a trump\n");
}

}  // namespace
}  // namespace whist::record_testing
