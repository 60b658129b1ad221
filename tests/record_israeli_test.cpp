// Game records of Israeli whist: the auction, card passing and contracts; errors; round trips.
#include "record_test_util.h"

namespace whist::record_testing {
namespace {

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
  EXPECT_EQ(r.err, "whist replay: " + temp_path("in.json") +
                       ": deal 3, auction 6 (seat 3, 6C): bid 6C does not beat 6D\n");
}

// Regression (found by fuzz_record_replay): "41NT" in an Israeli auction was read as the code of
// a Call-Ace contract, which was checked against the auction's high bid as if it were one (read
// past the end of the contract ladder) and, above it, let through.
TEST(RecordIsraeli, AnAuctionBidPast13TricksIsRefused) {
  Json bad = israeli_record();
  bad["deals"][2]["auction"][5] = "41NT";
  auto m = replay_record(bad.dump());
  EXPECT_EQ(m.match, nullptr);
  EXPECT_EQ(m.error, "deal 3, auction 6 (seat 3, 41NT): bid 41NT out of range: at most 13 tricks");
  bad["deals"][2]["auction"][5] = "13NT";  // the highest there is: refused by the rules only
  m = replay_record(bad.dump());
  EXPECT_EQ(m.error.find("out of range"), std::string::npos) << m.error;
}

TEST(RecordIsraeli, NoCallAceActionIsLegalInAnIsraeliAuction) {
  const Rules rules = *make_preset("israeli");
  Match match(rules, {"a", "b", "c", "d"}, 0);
  Rng rng(5);
  match.deal_random(rng);
  ASSERT_EQ(match.state().phase(), Phase::Auction);
  for (int k = 0; k < 47; ++k) {
    EXPECT_EQ(match.why_illegal(Action::contract(k)), "not an action of this game") << k;
  }
  match.apply(Action::auction_bid(13, Suit::None));  // the highest bid
  EXPECT_EQ(match.why_illegal(Action::contract(46)), "not an action of this game");
}

}  // namespace
}  // namespace whist::record_testing
