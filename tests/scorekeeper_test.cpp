// The scorekeeper without a terminal (game/scorekeeper.h, game/score_form.h, game/score_file.h):
// undo across deals, forced bids, the dealer's one-card mode, zero play, spades doubled,
// corrections checked against the later deals and the end of the game, Israeli whist's declarer
// raise, Call-Ace whist's called card and partner, and the save file read back.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "forced_deal.h"
#include "game/match.h"
#include "game/score_file.h"
#include "game/scorekeeper.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

Rules rules_of(std::string_view preset, std::vector<std::string_view> options, int players = 0) {
  Rules r = *make_preset(preset, players);
  for (std::string_view o : options) EXPECT_EQ(set_option(r, o), "") << o;
  EXPECT_EQ(validate(r), "");
  return r;
}

// Answers in order; every one must be accepted.
void say(Scorekeeper& k, std::vector<std::string> answers) {
  for (const std::string& a : answers) {
    ASSERT_FALSE(k.finished()) << a;
    const std::string prompt = k.current().question()->prompt;
    ASSERT_EQ(k.answer(a), "") << prompt << ": " << a;
  }
}

std::string refusal(Scorekeeper& k, const std::string& answer) {
  const std::string error = k.answer(answer);
  EXPECT_NE(error, "") << answer;
  return error;
}

const std::vector<std::string> kFour = {"Ana", "Bogdan", "Cristi", "Dana"};

TEST(Scorekeeper, UndoGoesBackIntoThePreviousDeal) {
  Scorekeeper k(rules_of("romanian", {}), kFour, 0);
  EXPECT_FALSE(k.undo());
  say(k, {"H", "1", "0", "0", "1", "1", "0", "0", "0"});
  ASSERT_EQ(k.deals().size(), 1u);
  ASSERT_TRUE(k.undo());
  EXPECT_EQ(k.deals().size(), 0u);
  EXPECT_EQ(k.current().question()->prompt, "Ana took");
  EXPECT_EQ(k.current().answers().size(), 8u);
  EXPECT_EQ(k.current().transcript().front(), "Turned card: H");
  say(k, {"0"});
  EXPECT_EQ(k.deals().size(), 1u);
  EXPECT_EQ(k.results()[0].totals[1], Points::whole(6));
}

TEST(Scorekeeper, ForcedBidsOfSpecialHandsAreNotAsked) {
  Scorekeeper k(rules_of("romanian", {"schedule=2", "special_hands=zero,eight"}), kFour, 0);
  say(k, {"S", "1", "0", "0", "0", "1", "1", "0", "0"});
  // The all-zero hand: 8 cards each, the whole deck, so no trump and no bid to ask.
  EXPECT_EQ(k.current().question()->kind, AskKind::Tricks);
  say(k, {"2", "2", "2", "2"});
  EXPECT_EQ(k.current().question()->kind, AskKind::Tricks);
  say(k, {"8", "0", "0", "0"});
  ASSERT_TRUE(k.finished());
  const std::string sheet = k.sheet();
  EXPECT_NE(sheet.find(" 8 NT   0  "), std::string::npos) << sheet;
  EXPECT_NE(sheet.find("all bid 0"), std::string::npos) << sheet;
  EXPECT_NE(sheet.find("all bid 8"), std::string::npos) << sheet;
}

TEST(Scorekeeper, TheDealerChoosesTheOneCardMode) {
  Scorekeeper k(rules_of("romanian", {"one_card_mode=dealer", "schedule=1"}), kFour, 2);
  const Question q = *k.current().question();
  EXPECT_EQ(q.kind, AskKind::Mode);
  EXPECT_EQ(q.seat, 2);
  EXPECT_EQ(q.prompt, "Cristi chooses the one-card mode");
  EXPECT_EQ(refusal(k, "sideways"), "not a one-card mode: 'sideways' (regular, forehead or blind)");
  // Quoted as typed (trimmed), not as the parser reads it: once 'sideways' for "  SideWays ".
  EXPECT_EQ(refusal(k, "  SideWays "),
            "not a one-card mode: 'SideWays' (regular, forehead or blind)");
  say(k, {"forehead", "C", "0", "0", "0", "0", "1", "0", "0", "0"});
  EXPECT_NE(k.sheet().find("forehead"), std::string::npos) << k.sheet();
}

TEST(Scorekeeper, ZeroPlayIsAnnouncedAtOnesBidAndWins) {
  Scorekeeper k(rules_of("romanian", {"scoring=exact", "zero_play=start", "schedule=1,1"}, 3),
                {"Ana", "Bogdan", "Cristi"}, 0);
  // Deal 1: Bogdan bids first and announces; Cristi and Ana make their bids.
  say(k, {"H"});
  EXPECT_NE(k.current().question()->hint.find("'zero'"), std::string::npos);
  say(k, {"zero", "1", "0", "1", "0", "0", "1"});
  // Deal 2: the deadline has passed.
  say(k, {"S"});
  EXPECT_EQ(refusal(k, "zero"), "the deadline for announcing zero play has passed");
  say(k, {"0", "0", "0", "0", "0", "1"});
  ASSERT_TRUE(k.finished());
  EXPECT_EQ(k.winners(), std::vector<int>{1});
  const std::string sheet = k.sheet();
  EXPECT_NE(sheet.find("Bogdan zero play"), std::string::npos) << sheet;
  EXPECT_NE(sheet.find("winner: Bogdan (zero play)"), std::string::npos) << sheet;
}

// Regression: the scorekeeper took zero play only in the exact-bid games, and refused in Israeli
// whist what the session had just invited and `whist play` allows ("zero play is not played in
// this game"), a save file's announcement too. It is announced at one's turn to name a contract,
// as in the engine, and the same hands played by the engine give the same sheet and winner.
TEST(Scorekeeper, IsraeliZeroPlayIsTakenAndScoredAsTheEngineDoes) {
  const Rules rules = rules_of("israeli", {"zero_play=start", "end=deals", "deals=2"});
  Scorekeeper k(rules, kFour, 0);
  // Deal 1, Ana deals: Bogdan declares 7 spades; from Cristi, the contracts. Cristi announces
  // and makes a zero (7 + 0 + 3 + 2 = 12, under): 50.
  say(k, {"7S", "Bogdan"});
  EXPECT_EQ(k.current().question()->hint, "0-13; or 'zero' to announce zero play");
  say(k, {"zero"});
  EXPECT_EQ(refusal(k, "zero"), "zero play is already announced");
  say(k, {"0", "3", "2", "0", "3", "3", "7"});
  // Deal 2, Bogdan deals: Dana declares 6 no trump (6 + 5 + 4 + 0 = 15, over); the deadline has
  // passed. Cristi's zero takes a trick: -60 + 10, and he ends on 0.
  say(k, {"6NT", "Dana"});
  EXPECT_EQ(refusal(k, "zero"), "the deadline for announcing zero play has passed");
  say(k, {"5", "4", "0", "5", "2", "1", "5"});
  ASSERT_TRUE(k.finished());
  EXPECT_EQ(k.winners(), std::vector<int>{2});
  const std::string sheet = k.sheet();
  EXPECT_NE(sheet.find("Cristi zero play, under"), std::string::npos) << sheet;
  EXPECT_NE(sheet.find("winner: Cristi (zero play)"), std::string::npos) << sheet;

  Match m(rules, kFour, 0);
  test_deals::play_israeli(m, {1, 7, Suit::Spades, {2, 7, 0, 3}, {3, 7, 0, 3}, 1u << 2});
  test_deals::play_israeli(m, {3, 6, Suit::None, {5, 4, 0, 6}, {5, 2, 1, 5}});
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(format_sheet(m), sheet);
  EXPECT_EQ(m.winners(), k.winners());
  for (int p = 0; p < 4; ++p) EXPECT_EQ(m.totals()[p], k.tally().totals()[p]) << "seat " << p;
  EXPECT_EQ(k.tally().totals()[2], Points());

  const std::string text = write_score_file(k);
  const ScoreFileResult back = read_score_file(text);
  ASSERT_EQ(back.error, "") << text;
  EXPECT_EQ(back.keeper->sheet(), sheet);
}

// An announcement that no question takes, by a seat with no turn to bid, is refused as the engine
// refuses it (regression: a save file's was dropped without a word): the Israeli declarer, whose
// contract is the auction's; a hand thrown in; a forced bid past the deadline.
TEST(ScoreFile, AnAnnouncementWithoutATurnToBidIsRefused) {
  Scorekeeper k(rules_of("israeli", {"zero_play=start", "end=deals", "deals=2"}), kFour, 0);
  say(k, {"7S", "Bogdan", "0", "3", "2", "0", "3", "3", "7"});
  ScoreDeal first = k.deals()[0];
  first.zero_play = 1u << 1;
  EXPECT_EQ(k.replace(0, first),
            "deal 1: Bogdan announces zero play: the declarer's contract is the auction's, so the "
            "declarer has no turn to bid");
  ScoreDeal thrown;
  thrown.thrown_in = true;
  thrown.zero_play = 1u << 0;
  EXPECT_EQ(k.replace(0, thrown),
            "deal 1: Ana announces zero play: the hand is thrown in, so nobody bids");
  first.zero_play = 1u << 2;  // Cristi, at his turn: taken
  EXPECT_EQ(k.replace(0, first), "");
  EXPECT_EQ(k.deals()[0].zero_play, 1u << 2);

  Scorekeeper forced(rules_of("romanian", {"schedule=1", "special_hands=zero", "zero_play=start"}),
                     kFour, 0);
  say(forced, {"H", "0", "0", "0", "0", "0", "0", "0", "1"});
  ScoreDeal special;
  special.tricks = {2, 2, 2, 2};
  special.zero_play = 1u << 3;
  EXPECT_EQ(forced.load(forced.deals(), special),
            "deal 2 (in progress): Dana announces zero play: the deadline for announcing zero play "
            "has passed");
}

TEST(Scorekeeper, ATurnedSpadeDoublesTheDeal) {
  Scorekeeper k(rules_of("romanian", {"spades_double=on", "schedule=1"}), kFour, 0);
  say(k, {"9s", "1", "0", "0", "1", "1", "0", "0", "0"});
  EXPECT_EQ(k.results()[0].points[1], Points::whole(12));
  EXPECT_EQ(k.results()[0].points[0], Points::whole(-2));
  EXPECT_NE(k.sheet().find("x2"), std::string::npos);
}

TEST(Scorekeeper, TheTurnedCardMustBeInTheDeck) {
  Scorekeeper k(rules_of("romanian", {}), kFour, 0);
  EXPECT_EQ(refusal(k, "2H"), "2H is not in the 32-card deck");
  EXPECT_EQ(refusal(k, "NT"),
            "a card is turned in this deal, so there is a trump: give the card (e.g. 9H) or its "
            "suit (S, H, D or C)");
  // Regression: a mistyped card was answered "not a suit", as if only a suit were asked for.
  EXPECT_EQ(refusal(k, "1h"),
            "not a card or a suit: '1h' (a card such as 9H or 10h, or its suit: S, H, D or C)");
  say(k, {"hearts"});
}

TEST(Scorekeeper, ACorrectionIsCheckedAgainstTheLaterDeals) {
  Scorekeeper k(rules_of("romanian", {"zero_play=before-pivot"}), kFour, 0);
  say(k, {"H", "1", "0", "0", "1", "1", "0", "0", "0"});
  say(k, {"S", "zero", "0", "0", "0", "0", "0", "1", "0", "0"});
  ASSERT_EQ(k.deals().size(), 2u);
  const std::string before = k.sheet();

  ScoreDeal first = k.deals()[0];
  first.zero_play = 1u << 2;  // Cristi announces in deal 1, and again in deal 2
  EXPECT_EQ(k.replace(0, first), "deal 2: Cristi bids zero: zero play is already announced");
  EXPECT_EQ(k.sheet(), before);

  // A correction that fits: the totals of every later deal follow.
  first = k.deals()[0];
  first.tricks = {1, 0, 0, 0};
  EXPECT_EQ(k.replace(0, first), "");
  EXPECT_EQ(k.results()[0].totals[0], Points::whole(6));
  EXPECT_EQ(k.results()[1].totals[0], Points::whole(11));
  EXPECT_EQ(k.results()[1].totals[1], Points::whole(4));
  EXPECT_EQ(k.replace(5, first), "no deal 6 to change");
}

TEST(Scorekeeper, ACorrectionMayNotEndTheGameBeforeItsLastDeal) {
  Scorekeeper k(rules_of("romanian", {"end=target", "target_score=6"}), kFour, 0);
  say(k, {"H", "0", "0", "0", "0", "1", "0", "0", "0"});
  say(k, {"H", "0", "0", "0", "0", "1", "0", "0", "0"});
  ScoreDeal first = k.deals()[0];
  first.bids = {0, 1, 0, 1};
  first.tricks = {0, 1, 0, 0};
  EXPECT_EQ(k.replace(0, first), "deal 2: the game was already over");
}

TEST(Scorekeeper, IsraeliDeclarerRaiseAndHook) {
  Scorekeeper k(rules_of("israeli", {"declarer_raise=on"}), kFour, 0);
  EXPECT_EQ(refusal(k, "4S"), "an auction bid names 5 to 13 tricks, not 4");
  EXPECT_EQ(refusal(k, "7X"),
            "not an auction bid: '7X' (tricks and trump, e.g. 7S or 6NT; or 'thrown in')");
  // Quoted back escaped, so that a pasted escape sequence cannot clear the screen.
  EXPECT_EQ(refusal(k, "\x1b[2J7"),
            "not an auction bid: '\\x1b[2J7' (tricks and trump, e.g. 7S or 6NT; or 'thrown in')");
  say(k, {"7 S", "bo", "0", "3", "2"});
  // The recap names the declarer, however typed (regression: "Declarer: bo").
  EXPECT_EQ(k.current().transcript()[1], "Declarer: Bogdan");
  const Question q = *k.current().question();
  EXPECT_EQ(q.prompt, "Bogdan bids");
  EXPECT_EQ(q.hint, "7, 9-13");  // at least the auction's 7; the hook forbids 8
  EXPECT_EQ(refusal(k, "6"), "the declarer's contract must be at least the auction's 7");
  EXPECT_EQ(refusal(k, "8"), "the hook forbids bid 8: the bids would sum to 13, the cards dealt");
  say(k, {"9", "0", "3", "1", "9"});
  ASSERT_EQ(k.deals().size(), 1u);
  EXPECT_EQ(k.results()[0].declarer, 1);
  EXPECT_EQ(k.results()[0].bids[1], 9);
  EXPECT_EQ(k.results()[0].points[1], Points::whole(91));
}

TEST(Scorekeeper, CallAceCalledCardAndPartner) {
  Scorekeeper k(rules_of("call-ace", {}), kFour, 0);
  EXPECT_EQ(refusal(k, "6"), "not a contract: '6' (e.g. 7, 8 turn, 9 quarter, sun)");
  EXPECT_EQ(refusal(k, "Eight  Turn"),
            "not a contract: 'Eight  Turn' (e.g. 7, 8 turn, 9 quarter, sun)");
  say(k, {"8", "Cristi", "H"});
  EXPECT_EQ(refusal(k, "AH"), "the called card must not be a trump");
  EXPECT_EQ(refusal(k, "QS"),
            "the called card is an ace (a king only for a declarer holding all four aces)");
  say(k, {"AS", "Cristi"});  // the declarer's own ace: alone
  EXPECT_EQ(k.current().deal().partner, -1);
  say(k, {"1", "8", "1", "3"});
  ASSERT_EQ(k.deals().size(), 1u);
  // 8 made with 8 tricks alone: 2 points, each defender pays 2.
  EXPECT_EQ(k.results()[0].points[2], Points::whole(6));
  EXPECT_EQ(k.results()[0].points[0], Points::whole(-2));
  // Good is played in clubs: trump is not asked; Half allows the ace of trump.
  say(k, {"7 good", "1"});
  EXPECT_EQ(k.current().question()->kind, AskKind::Called);
}

// Regression: the standings moved a place on only where totals differed, and placed first beside
// the winner a scratch tie lost on bids, or a total of 0 without zero play.
TEST(Scorekeeper, TheStandingsRankAsTheWinnerLineDoes) {
  const auto standings = [](const Scorekeeper& k) {
    std::vector<std::pair<int, int>> out;  // seat, place
    for (const Standing& s : k.tally().standings()) out.emplace_back(s.seat, s.place);
    return out;
  };
  const std::vector<std::string> abc = {"A", "B", "C"};
  // Scratch: A and B end on 0; A made a bid of 2, B of 0, so A wins and B is second.
  Scorekeeper scratch(rules_of("romanian", {"schedule=3", "scoring=scratch"}, 3), abc, 0);
  say(scratch, {"H", "0", "0", "2", "0", "1", "2"});
  ASSERT_TRUE(scratch.finished());
  EXPECT_EQ(scratch.winners(), std::vector<int>{0});
  EXPECT_EQ(standings(scratch), (std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}}));
  // Zero play: B announced and ends on 0, and wins; C ends on 0 without announcing, second.
  Scorekeeper zero(rules_of("romanian", {"schedule=5,5", "zero_play=start"}, 3), abc, 0);
  say(zero, {"H", "zero", "5", "5", "0", "0", "0", "5", "S", "0", "1", "0", "0", "5", "0"});
  ASSERT_TRUE(zero.finished());
  EXPECT_EQ(zero.winners(), std::vector<int>{1});
  EXPECT_EQ(standings(zero), (std::vector<std::pair<int, int>>{{1, 1}, {2, 2}, {0, 3}}));
  // Two successful announcers share the win, whatever scratch's tie-break would say (regression:
  // the first of them won alone).
  Scorekeeper two(rules_of("romanian", {"schedule=2,2,2", "scoring=scratch", "zero_play=start"}, 3),
                  abc, 0);
  say(two, {"S", "zero", "0", "0", "zero", "1", "0", "1", "1", "S", "0", "1",
            "0", "1",    "1", "0", "S",    "1", "0", "0", "1", "0", "1"});
  ASSERT_TRUE(two.finished());
  EXPECT_EQ(two.winners(), (std::vector<int>{0, 1}));
  EXPECT_EQ(standings(two), (std::vector<std::pair<int, int>>{{0, 1}, {1, 1}, {2, 3}}));
  // A tie the rules do not break is shared, and the next place skips: 1, 1, 3.
  Scorekeeper tie(rules_of("romanian", {"schedule=1"}, 3), abc, 0);
  say(tie, {"H", "0", "0", "0", "0", "1", "0"});
  ASSERT_TRUE(tie.finished());
  EXPECT_EQ(tie.winners(), (std::vector<int>{0, 1}));
  EXPECT_EQ(standings(tie), (std::vector<std::pair<int, int>>{{0, 1}, {1, 1}, {2, 3}}));
}

// Regression: an ambiguous start was "not a player", as a name that matches none.
TEST(Scorekeeper, AnAmbiguousPlayerIsToldFromNone) {
  const std::vector<std::string> names = {"Ann", "Andy", "Bo", "Cy"};
  Scorekeeper israeli(rules_of("israeli", {}), names, 0);
  say(israeli, {"7S"});
  EXPECT_EQ(refusal(israeli, "an"), "'an' could be Ann or Andy");
  EXPECT_EQ(refusal(israeli, "x"), "not a player: 'x'");
  EXPECT_EQ(refusal(israeli, "5"), "not a player: '5'");
  say(israeli, {"ann"});
  Scorekeeper call_ace(rules_of("call-ace", {}), names, 0);
  say(call_ace, {"8"});
  EXPECT_EQ(refusal(call_ace, "an"), "'an' could be Ann or Andy");
  say(call_ace, {"Ann", "S", "AH"});
  EXPECT_EQ(refusal(call_ace, "AN"), "'AN' could be Ann or Andy");  // as typed
  EXPECT_EQ(refusal(call_ace, "x"), "not a player: 'x' (or 'alone')");
  say(call_ace, {"andy"});
  EXPECT_EQ(call_ace.current().deal().partner, 1);
}

// Regression (an audit): "in any case" was ASCII's case: "ZOË" and "ȘTEF" named nobody.
TEST(Scorekeeper, APlayerIsNamedInAnyCaseOfAnyScript) {
  const std::vector<std::string> names = {"\u0218tefan", "Zo\u00eb", "Ana", "Bo"};
  for (const auto& [text, seat] : std::vector<std::pair<std::string, int>>{
           {"ZO\u00cb", 1},
           {"zoe\u0308", 1},
           {"zo", 1},
           {"\u0219TEF", 0},
           {"ana", 2},
           {"4", 3},
           {"Zoe", 1}}) {  // without its accent, the start of the name
    const PlayerAnswer answer = parse_player(text, names);
    EXPECT_EQ(answer.seat, std::optional<int>(seat)) << text << ": " << answer.error;
  }
  EXPECT_EQ(parse_player("Zox", names).error, "not a player: 'Zox'");
  Scorekeeper israeli(rules_of("israeli", {}), names, 0);
  say(israeli, {"7S", "ZO\u00cb"});
}

TEST(ScoreFile, ReadsBackWhatItWrites) {
  Scorekeeper k(rules_of("romanian", {"zero_play=start", "one_card_mode=dealer"}), kFour, 1);
  say(k, {"blind", "D", "zero", "1", "0", "0", "1", "1", "0", "0", "0"});
  say(k, {"regular", "C", "0"});
  const std::string text = write_score_file(k);
  const ScoreFileResult back = read_score_file(text);
  ASSERT_EQ(back.error, "") << text;
  EXPECT_EQ(back.keeper->deals(), k.deals());
  EXPECT_EQ(back.keeper->current().deal(), k.current().deal());
  EXPECT_EQ(back.keeper->first_dealer(), 1);
  EXPECT_EQ(back.keeper->sheet(), k.sheet());
  EXPECT_EQ(write_score_file(*back.keeper), text);
}

TEST(ScoreFile, RefusesWhatIsNotAScoreFile) {
  EXPECT_EQ(read_score_file("[]").error, "a score file is a JSON object");
  // Regression: a game record was refused for its first unknown field, "session".
  EXPECT_EQ(read_score_file("{\"format\": \"whist-record/1\", \"session\": {}}").error,
            "this is a game record (whist play, whist serve), not a score file: whist replay "
            "shows it");
  // Regression (an audit): the sheet exported as JSON was refused for its field "scoring".
  EXPECT_EQ(read_score_file("{\"format\": \"whist-score-sheet/1\", \"scoring\": {}}").error,
            "this is a score sheet exported as JSON (export json), not a score file: it cannot "
            "be resumed; resume the game's own file (the one its session saved to)");
  EXPECT_EQ(read_score_file("{\"format\": \"whist-sheet/9\"}").error,
            "\"format\" must be \"whist-score/1\"");
  // As a game record says it, without the JSON library's "[json.exception.parse_error.101] ".
  EXPECT_EQ(read_score_file("{").error.rfind("not JSON: parse error at line 1, column 2: ", 0), 0u)
      << read_score_file("{").error;
  // Regression (found by the fuzz target): a number too large for JSON's parser is the text's
  // fault too, not a check the reader forgot.
  EXPECT_EQ(read_score_file("1E888888888").error.rfind("not JSON: number overflow", 0), 0u)
      << read_score_file("1E888888888").error;
  const std::string head =
      "{\"format\": \"whist-score/1\", \"variant\": \"romanian\", \"players\": [\"A\", \"B\", "
      "\"C\"], \"first_dealer\": 0, \"deals\": [";
  EXPECT_EQ(read_score_file(head + "{\"bid\": [1, 1, 0]}]}").error,
            "deal 1: unknown field \"bid\"");
  EXPECT_EQ(read_score_file(head + "{\"trump\": \"H\", \"bids\": [1, 1]}]}").error,
            "deal 1: \"bids\" must be an array of 3 numbers or nulls");
  EXPECT_EQ(read_score_file(head + "{\"trump\": \"H\", \"bids\": [1, 1, 0], \"tricks\": [0, 0, "
                                   "0]}]}")
                .error,
            "deal 1: A took 0: the tricks add up to 0, but 1 trick was played: A took 1");
  EXPECT_EQ(
      read_score_file("{\"format\": \"whist-score/1\", \"variant\": \"romanian\", "
                      "\"players\": [\"A\", \"A\", \"C\"], \"first_dealer\": 0, \"deals\": []}")
          .error,
      "\"players\": A is named twice");
  EXPECT_EQ(read_score_file("{\"format\": \"whist-score/1\", \"variant\": \"romanian\", "
                            "\"players\": [\"A\", \"B\\u001b[2J\", \"C\"], \"first_dealer\": 0, "
                            "\"deals\": []}")
                .error,
            "\"players\": a name may not hold control characters: 'B\\x1b[2J'");
  // Regression: numbers past int's range wrapped around (2^32 + 1 was read as a bid of 1), and
  // then were held at a billion, refused as "bids 1000000000", a number the file does not hold:
  // a number that far out is refused as written, as in a game record.
  EXPECT_EQ(read_score_file(head + "{\"trump\": \"H\", \"bids\": [4294967297, 0, 0]}]}").error,
            "deal 1: \"bids\": 4294967297 is far out of range");
  EXPECT_EQ(
      read_score_file(head + "{\"trump\": \"H\", \"bids\": [18446744073709551621, 0, 0]}]}").error,
      "deal 1: \"bids\": 18446744073709551621 is far out of range");
  EXPECT_EQ(read_score_file(head + "{\"trump\": \"H\", \"bids\": [1, 0, 0], \"tricks\": [0.5, 0, "
                                   "0]}]}")
                .error,
            "deal 1: \"tricks\": 0.5 is not a whole number");
  EXPECT_EQ(read_score_file("{\"format\": \"whist-score/1\", \"variant\": \"romanian\", "
                            "\"players\": [\"A\", \"B\", \"C\"], \"first_dealer\": 4294967296, "
                            "\"deals\": []}")
                .error,
            "\"first_dealer\" must be a seat 0-2");
}

// Regression: a deal in progress with a gap was taken up to the gap, and the values after it
// dropped when the game was saved again. A finished deal's gap is refused as well.
TEST(ScoreFile, ADealWithAGapIsRefused) {
  const std::string head =
      R"({"format": "whist-score/1", "variant": "romanian", "players": ["A", "B", "C"], )"
      R"("first_dealer": 0, "deals": [)";
  EXPECT_EQ(
      read_score_file(head + R"(], "current": {"trump": "H", "bids": [1, null, 0], "tricks": )"
                             R"([0, null, null]}})")
          .error,
      "deal 1 (in progress): B bids: no answer, yet later answers are given");
  EXPECT_EQ(read_score_file(head + R"(], "current": {"bids": [1, 0, 0]}})").error,
            "deal 1 (in progress): Turned card: no answer, yet later answers are given");
  EXPECT_EQ(read_score_file(head + R"({"trump": "H", "bids": [1, null, 0], "tricks": [0, 1, 0]}]})")
                .error,
            "deal 1: B bids: no answer, yet later answers are given");
  EXPECT_EQ(read_score_file(head + R"({"trump": "H", "bids": [1, 0, 1], "tricks": [0, null, 1]}]})")
                .error,
            "deal 1: B took: no answer, yet later answers are given");
  // A deal in progress without a gap is taken as it stands.
  const ScoreFileResult partial =
      read_score_file(head + R"(], "current": {"trump": "H", "bids": [null, 0, null]}})");
  ASSERT_EQ(partial.error, "");
  EXPECT_EQ(partial.keeper->current().question()->prompt, "C bids");
  // Call-Ace: tricks without the partner; a contract played alone asks for none.
  const std::string call_ace =
      R"({"format": "whist-score/1", "variant": "call-ace", "options": {"end": "deals", )"
      R"("deals": "2"}, "players": ["A", "B", "C", "D"], "first_dealer": 0, "deals": [], )";
  EXPECT_EQ(read_score_file(call_ace + R"("current": {"contract": "8", "declarer": 0, "trump": )"
                                       R"("S", "called": "AH", "tricks": [5, 3, 3, 2]}})")
                .error,
            "deal 1 (in progress): Partner (who held AH): no answer, yet later answers are given");
  EXPECT_EQ(read_score_file(call_ace + R"("current": {"contract": "9 quarter", "declarer": 0, )"
                                       R"("trump": "S", "tricks": [null, 1, null, null]}})")
                .error,
            "");
}

// Regression: a file's tricks that did not add up were refused with the keyboard's advice, "or
// 'undo' to correct an earlier number", where there is no undo; at the keyboard it stays.
TEST(ScoreFile, AFilesRefusalsGiveNoKeyboardAdvice) {
  const std::string file =
      R"({"format": "whist-score/1", "variant": "romanian", "players": ["A", "B", "C"], )"
      R"("first_dealer": 0, "deals": [{"trump": "H", "bids": [0, 0, 0], "tricks": [0, 0, 0]}]})";
  EXPECT_EQ(read_score_file(file).error,
            "deal 1: A took 0: the tricks add up to 0, but 1 trick was played: A took 1");
  Scorekeeper k(rules_of("romanian", {}, 3), {"A", "B", "C"}, 0);
  say(k, {"H", "0", "0", "0", "0", "0"});
  EXPECT_EQ(refusal(k, "0"),
            "the tricks add up to 0, but 1 trick was played: A took 1 (or 'undo' to correct an "
            "earlier number)");
}

// Regression: the last of two keys won silently (and the game saved again lost the first), and
// deep nesting could overflow the stack when written back (game records had both).
TEST(ScoreFile, AKeyGivenTwiceAndDeepNestingAreRefused) {
  EXPECT_EQ(read_score_file(R"({"format": "whist-score/1", "variant": "romanian", "variant": "x"})")
                .error,
            "the field 'variant' is given twice in the top-level object");
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(read_score_file(R"({"format": )" + deep + "}").error.rfind("nested more than 64", 0),
            0u);
  // Regression: a number out of range was the one error without a place.
  EXPECT_EQ(read_score_file(R"({"format": "whist-score/1", "first_dealer": 1e400})").error,
            "not JSON: number overflow parsing '1e400' at first_dealer");
}

// Regression: a key or an option value holding a line break broke the error's one line
// (`whist score: F: unknown field "x` and `y"` on the next).
TEST(ScoreFile, ErrorsStayOnOneLineWhateverTheFileHolds) {
  EXPECT_EQ(read_score_file(R"({"format": "whist-score/1", "x\ny": 1})").error,
            R"(unknown field "x\ny")");
  const std::string head =
      R"({"format": "whist-score/1", "variant": "romanian", "players": ["A", "B", "C"], )";
  EXPECT_EQ(read_score_file(head + R"("options": {"sched\tule": "1"}})").error,
            R"(unknown option 'sched\x09ule')");
  EXPECT_EQ(read_score_file(head + R"("first_dealer": 0, "deals": [{"a\rb": 1}]})").error,
            R"(deal 1: unknown field "a\rb")");
  EXPECT_EQ(read_score_file(head + R"("options": {"hook": "o\u0001n"}})").error,
            "option hook: bad value 'o\\x01n': expected on or off");
}

}  // namespace
}  // namespace whist
