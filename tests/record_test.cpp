// Game records (docs/record-format.md): the exact-bid games' records, one test per error
// message, round trips, the --json summary and the `whist replay` command itself.
#include "game/json_int.h"
#include "record_test_util.h"

namespace whist::record_testing {
namespace {

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

TEST(RecordErrors, NotJson) {
  const std::string e = error_of(std::string("{\"format\": "));
  EXPECT_EQ(e.rfind("not JSON: parse error at line 1", 0), 0u) << e;
  // Regression: nlohmann's "unexpected end of input; expected '[', '{', or a literal".
  EXPECT_EQ(error_of(std::string("")), "the file is empty: it holds no game record");
  EXPECT_EQ(error_of(std::string(" \n\t\r\n")), "the file is empty: it holds no game record");
  EXPECT_EQ(error_of(std::string("[1, 2]")),
            "not a game record: the top level must be a JSON object");
}

// Regression: the last of two keys won silently, and a record resumed and saved again lost the
// first ("plays" twice: the deal's plays were gone).
TEST(RecordErrors, AKeyGivenTwiceIsRefused) {
  const std::string deal =
      R"({"hands": [["AS"], ["QD"], ["9H"], ["JS"]], "turned": "TD", "bids": [1, 0, 0, 1],
          "plays": ["QD", "9H", "JS", "AS"], "plays": []})";
  const std::string head =
      R"({"format": "whist-record/1", "variant": "romanian", "players": ["a", "b", "c", "d"],
          "first_dealer": 0, )";
  EXPECT_EQ(error_of(head + R"("deals": [)" + deal + "]}"),
            "the field 'plays' is given twice in deals[0]");
  EXPECT_EQ(error_of(head + R"("options": {"hook": "on", "hook": "off"}, "deals": []})"),
            "the field 'hook' is given twice in options");
  EXPECT_EQ(error_of(head + R"("first_dealer": 1, "deals": []})"),
            "the field 'first_dealer' is given twice in the top-level object");
  // The same key in two objects is no repeat.
  EXPECT_NE(replay_ok(example_record()), nullptr);
}

// Regression: 40,000 levels of '[' in the session (an 80 KB file) overflowed the stack when it
// was copied back out.
TEST(RecordErrors, DeepNestingIsRefused) {
  const auto nested = [](int depth) {
    return std::string(static_cast<size_t>(depth), '[') +
           std::string(static_cast<size_t>(depth), ']');
  };
  const std::string head =
      R"({"format": "whist-record/1", "variant": "romanian", "players": ["a", "b", "c", "d"],
          "first_dealer": 0, "deals": [], "session": {"x": )";
  EXPECT_EQ(error_of(head + nested(40000) + "}}"),
            "nested more than 64 levels deep at session.x[0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
            "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
            "[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]");
  const ReplayResult r = replay_record(head + nested(10) + "}}");
  EXPECT_EQ(r.error, "");
}

// Regression: an object of 200,000 fields took a minute to read (nlohmann's ordered objects search
// their keys one by one), and a path of long keys came back whole in the message.
TEST(RecordErrors, HugeObjectsAndLongPathsAreRefusedShortly) {
  std::string many = R"({"format": "whist-record/1", "x": {)";
  for (int i = 0; i < 1001; ++i) many += (i ? ", \"k" : "\"k") + std::to_string(i) + "\": 1";
  EXPECT_EQ(error_of(many + "}}"), "more than 1000 fields in x");
  const std::string key(100000, 'a');
  const std::string e =
      error_of(R"({"format": "whist-record/1", ")" + key + R"(": {"b": 1, "b": 2}})");
  EXPECT_EQ(e, "the field 'b' is given twice in " + std::string(40, 'a') + "...");
}

// Regression: a number too large for a double was "not JSON: number overflow parsing '1e400'", with
// no place, where every other error in a record names one.
TEST(RecordErrors, ANumberOutOfRangeIsPlaced) {
  const std::string head =
      R"({"format": "whist-record/1", "variant": "romanian", "players": ["a", "b", "c", "d"], )";
  EXPECT_EQ(error_of(head + R"("first_dealer": 1e400, "deals": []})"),
            "not JSON: number overflow parsing '1e400' at first_dealer");
  EXPECT_EQ(error_of(head + R"("first_dealer": 0, "deals": [{}, {"bids": [0, -1e999]}]})"),
            "not JSON: number overflow parsing '-1e999' at deals[1].bids[1]");
  EXPECT_EQ(error_of(std::string("1e400")), "not JSON: number overflow parsing '1e400'");
}

// Regression: a file of NUL bytes, as a crash may leave one, was "not JSON: parse error at line
// 1, column 1: … unexpected end of input", as if it were empty.
TEST(RecordErrors, ANulByteIsNamedAndPlaced) {
  EXPECT_EQ(error_of(std::string(1000, '\0')),
            "not JSON: a NUL byte at line 1, column 1 (byte 1 of the file): a file cut short by a "
            "crash may be left so");
  const std::string cut = "{\"format\":\n  \"whist";
  EXPECT_EQ(error_of(cut + std::string(3, '\0')),
            "not JSON: a NUL byte at line 2, column 9 (byte 20 of the file): a file cut short by a "
            "crash may be left so");
}

TEST(RecordErrors, OptionValuesAndCountsAreQuotedAsWritten) {
  Json j = base_record();
  j["options"]["target_score"] = 9999999999LL;
  EXPECT_EQ(error_of(j).find("option target_score: bad value '9999999999'"), 0u) << error_of(j);
  j = base_record();
  j["players"] = Json::array();
  for (int i = 0; i < 2000; ++i) j["players"].push_back("p" + std::to_string(i));
  EXPECT_NE(error_of(j).find("not 2000"), std::string::npos) << error_of(j);
}

// Regression: a number past 64 bits or with a fraction was "\"bids\" must be an array of whole
// numbers" (2^63 alone "far out of range"), and an option's 10**30 was quoted as 1e+30: JSON's
// parser keeps such numbers as doubles, which lose how they were written.
TEST(RecordErrors, NumbersThatAreNotWholeOrFarOutAreNamedAsWritten) {
  std::string text = base_record().dump();
  const auto with_bids = [&](const std::string& bids) {
    std::string t = text;
    const std::string first = "\"bids\":[1,0,0,0]";
    t.replace(t.find(first), first.size(), "\"bids\":" + bids);
    return t;
  };
  EXPECT_EQ(error_of(with_bids("[0,0,1,18446744073709551621]")),
            "deal 1: \"bids\": 18446744073709551621 is far out of range");
  EXPECT_EQ(error_of(with_bids("[0,0,1,9223372036854775808]")),
            "deal 1: \"bids\": 9223372036854775808 is far out of range");
  EXPECT_EQ(error_of(with_bids("[0,0,1,-1e30]")), "deal 1: \"bids\": -1e30 is far out of range");
  EXPECT_EQ(error_of(with_bids("[1.5,0,0,0]")), "deal 1: \"bids\": 1.5 is not a whole number");
  // A whole number written with an exponent or a fraction of zero is that number.
  EXPECT_EQ(replay_record(with_bids("[1e0,0.0,0E3,0]")).error, "");
  EXPECT_EQ(error_of(with_bids("[1e3,0,0,0]")),
            "deal 1, bid 1 (seat 0): bid 1000 out of range 0-2");
  // Decided on the digits as written (regression: a double rounded this to 1, taken silently).
  EXPECT_EQ(error_of(with_bids("[0.99999999999999999999,0,0,0]")),
            "deal 1: \"bids\": 0.99999999999999999999 is not a whole number");
  EXPECT_EQ(json_whole_number("100e-2", kJsonIntLimit), 1);
  EXPECT_EQ(json_whole_number("0.10e1", kJsonIntLimit), 1);
  EXPECT_EQ(json_whole_number("-0.0", kJsonIntLimit), 0);
  EXPECT_EQ(json_whole_number("12.5e1", kJsonIntLimit), 125);
  EXPECT_EQ(json_whole_number("1e-300", kJsonIntLimit), std::nullopt);
  EXPECT_EQ(json_whole_number("1.0000000000000000000001", kJsonIntLimit), std::nullopt);
  EXPECT_EQ(json_whole_number("-4e300", kJsonIntLimit), -kJsonIntLimit);
  text = base_record().dump();
  const std::string options = "\"options\":{";
  text.insert(text.find(options) + options.size(),
              "\"target_score\":1000000000000000000000000000000,");
  EXPECT_EQ(error_of(text).find("option target_score: bad value "
                                "'1000000000000000000000000000000'"),
            0u)
      << error_of(text);
}

TEST(RecordErrors, WrongFormat) {
  Json j = base_record();
  j["format"] = "whist-record/2";
  EXPECT_EQ(error_of(j),
            "unsupported \"format\" \"whist-record/2\" (this program reads \"whist-record/1\")");
  j["format"] = 1;
  EXPECT_EQ(error_of(j), "\"format\" must be the string \"whist-record/1\"");
  // Regression: a long one came back whole, a megabyte on one line of stderr.
  j["format"] = std::string(1 << 20, 'x');
  EXPECT_EQ(error_of(j), "unsupported \"format\" \"" + std::string(60, 'x') +
                             "\"... (1048576 bytes) (this program reads \"whist-record/1\")");
  // A score file given for a record: said so, and where its sheet is.
  j["format"] = "whist-score/1";
  EXPECT_EQ(error_of(j),
            "this is a score file (whist score), not a game record: whist score --resume FILE "
            "shows its sheet");
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
  // Regression: quoted as the clamp's 1000000000 rather than as written.
  j["deals"][0]["bids"][2] = 1000000000000LL;
  EXPECT_EQ(error_of(j), "deal 1: \"bids\": 1000000000000 is far out of range");
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
  // Regression: "card not in hand", though the record's "hands" show it there.
  j["deals"][0]["plays"][1] = "AS";  // already played
  EXPECT_EQ(error_of(j), "deal 1, play 2 (seat 1, AS): AS was already played (play 1)");
  j = base_record();
  j["deals"][0]["plays"][5] = "KS";  // seat 1's card of the first trick, again
  EXPECT_EQ(error_of(j), "deal 1, play 6 (seat 1, KS): KS was already played (play 2)");
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
  EXPECT_EQ(with([](Json& j) { j["players"][2] = "C\x1b[2J"; }),
            "a player's name may not hold control characters: 'C\\x1b[2J'");
  // U+009B, CSI: ESC [ to some terminals.
  EXPECT_EQ(with([](Json& j) {
              j["players"][2] =
                  "C\xc2\x9b"
                  "2J";
            }),
            "a player's name may not hold control characters: 'C\\xc2\\x9b2J'");
  // A bidirectional override is refused in a new name, not in a name read back: records made
  // before the refusal still load, and its printing escapes it.
  const Json old = [] {
    Json j = example_record();
    j["players"][2] = "Cristi\xe2\x80\xae";
    return j;
  }();
  const ReplayResult r = replay_record(old.dump());
  EXPECT_EQ(r.error, "");
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
            "deal 1: \"bids\": 0.5 is not a whole number");
  EXPECT_EQ(with([](Json& j) { j["deals"][2 - 1]["plays"] = "KH QH JH AH"; }),
            "deal 2: \"plays\" must be an array of cards");
  EXPECT_EQ(with([](Json& j) { j["deals"][0]["plays"][0] = Json::array({"AS"}); }),
            "deal 1: \"plays\" must be an array of cards");
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
  // Regression: a game without zero play said its deadline had passed.
  j = example_record();  // zero play off
  j["deals"][0]["zero_play"] = Json::array({2});
  EXPECT_EQ(error_of(j),
            "deal 1, zero play (seat 2): zero play is not part of this game (option zero_play is "
            "off)");
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
    // Call-Ace whist has its own round trips below (none of these options applies to it).
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
  EXPECT_EQ(records, 5);
}

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

TEST(RecordCli, BadRecordExitsWithStatus2AndOneLine) {
  Json j = base_record();
  j["deals"][0]["plays"][1] = "8H";
  const CliRun r = run_replay("", j.dump());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "whist replay: " + temp_path("in.json") +
                       ": deal 1, play 2 (seat 1, 8H): must follow suit S\n");
  EXPECT_EQ(r.out, "");
}

TEST(RecordCli, HookAndNotJsonMessages) {
  Json j = base_record();
  j["deals"][0]["bids"][3] = 1;
  CliRun r = run_replay("--json", j.dump());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "whist replay: " + temp_path("in.json") +
                       ": deal 1, bid 4 (seat 3): the hook forbids bid 1: the bids would sum to "
                       "2, the cards dealt\n");
  r = run_replay("", "this is not json\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("whist replay: " + temp_path("in.json") + ": not JSON: ", 0), 0u) << r.err;
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

TEST(RecordCli, ReadsStandardInputAndGamesInProgress) {
  const CliRun r = run_replay("--json", example_record().dump(), /*via_stdin=*/true);
  ASSERT_EQ(r.status, 0) << r.err;
  const Json s = Json::parse(r.out);
  EXPECT_EQ(s["complete"], false);
  EXPECT_EQ(s["deals"].size(), 1u);
  EXPECT_EQ(s["deals"][0]["points"], Json({-1, 6, 5, 5}));
}

// A record read from a file is named in its error; one from standard input has no name.
TEST(RecordCli, AnErrorFromStandardInputNamesNoFile) {
  Json j = base_record();
  j["deals"][0]["plays"][1] = "8H";
  const CliRun r = run_replay("", j.dump(), /*via_stdin=*/true);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "whist replay: deal 1, play 2 (seat 1, 8H): must follow suit S\n");
}

}  // namespace
}  // namespace whist::record_testing
