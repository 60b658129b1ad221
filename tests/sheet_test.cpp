// The score sheet (game/sheet.h): exact text, so the layout stays stable. The seeds' own tables
// are in golden_test.cpp; here the marks for bonuses, penalties, doubled deals, zero play,
// special hands and one-card modes, half points, wide names and totals, the winner line,
// Israeli whist's rows (the auction's contract and trump, the declarer, over / under, thrown in),
// and Call-Ace whist's rows (contract, trump, called card, payments and balances, the partner).
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "forced_deal.h"
#include "game/match.h"
#include "game/sheet.h"
#include "golden_sheets.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

using test_deals::build_deal;
using test_deals::Forced;
using test_deals::play_israeli;
using test_deals::suit_per_trick_hands;

struct Play {
  std::vector<int> bids;
  std::vector<int> tricks;
  uint8_t announce = 0;      // seats announcing zero play
  Suit turned = Suit::None;  // the turned card's suit, if it matters
  int mode = -1;             // the dealer's one-card mode choice, if asked
};

void play_deal(Match& m, const Play& d) {
  test_deals::play_forced_deal(m, d.bids, d.tricks, d.announce, d.turned, d.mode);
}

Rules rules_of(std::string_view preset, std::vector<std::string_view> options) {
  Rules r = *make_preset(preset);
  EXPECT_EQ(set_option(r, "hook", "off"), "");
  for (std::string_view o : options) EXPECT_EQ(set_option(r, o), "") << o;
  EXPECT_EQ(validate(r), "");
  return r;
}

TEST(Sheet, EmptyMatchHasHeaderAndRule) {
  const Rules r = rules_of("romanian", {"schedule=2,2"});
  Match m(r, {"Ana", "Bogdan", "Cristina", "Dan"}, 3);
  EXPECT_EQ(format_sheet(m),
            "          Ana   Bogdan   Cristina      Dan\n"
            "------------------------------------------\n");
}

TEST(Sheet, NamesAlignByDisplayWidthNotBytes) {
  // "Đorđe" is 5 columns in 7 bytes, "Љиљана" 6 in 12, "Ξένια" 5 in 10.
  const Rules r = rules_of("serbian", {"schedule=2,1"});
  Match m(r, {"Đorđe", "Љиљана", "Ξένια", "Bo"}, 3);
  play_deal(m, {{1, 0, 0, 1}, {1, 0, 0, 1}});
  play_deal(m, {{1, 1, 0, 1}, {0, 1, 0, 0}});  // Đorđe and Bo lose 10: no trick on a bid of 1
  const std::string sheet = format_sheet(m);
  EXPECT_EQ(sheet,
            "        Đorđe   Љиљана    Ξένια       Bo\n"
            "----------------------------------------\n"
            " 2 S    1  11    0  10    0  10    1  11\n"
            " 1 D    1   1    1  21    0  20    1   1\n"
            "----------------------------------------\n"
            "winner: Љиљана (21)\n");
}

TEST(Sheet, LongNamesAndWideTotalsWidenTheirColumns) {
  const Rules r = rules_of("serbian", {"schedule=3,3,3", "scoring=ten-times-penalty"});
  Match m(r, {"Aleksandra", "B", "C", "D"}, 3);
  play_deal(m, {{3, 0, 0, 0}, {0, 1, 1, 1}});
  play_deal(m, {{3, 0, 0, 0}, {0, 1, 1, 1}});
  play_deal(m, {{3, 0, 0, 0}, {0, 1, 1, 1}});
  EXPECT_EQ(format_sheet(m),
            "       Aleksandra        B        C        D\n"
            "--------------------------------------------\n"
            " 3 S    3     -30    0   0    0   0    0   0\n"
            " 3 D    3     -60    0   0    0   0    0   0\n"
            " 3 H    3     -90    0   0    0   0    0   0\n"
            "--------------------------------------------\n"
            "winners: B, C, D (0)\n");
}

TEST(Sheet, HalfPoints) {
  const Rules r = rules_of("romanian", {"schedule=2,2", "scoring=trick"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  play_deal(m, {{0, 0, 1, 1}, {0, 0, 1, 1}, 0, Suit::Hearts});
  play_deal(m, {{0, 2, 0, 1}, {0, 2, 0, 0}, 0, Suit::Clubs});
  EXPECT_EQ(format_sheet(m),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 H    0 0.5    0 0.5    1   1    1   1\n"
            " 2 C    0   1    2 2.5    0 1.5    1   0\n"
            "----------------------------------------\n"
            "winner: B (2.5)\n");
}

TEST(Sheet, StreakBonusAndMissPenaltyAreMarked) {
  const Rules r =
      rules_of("romanian", {"schedule=1,1,1,1,1,2", "streak_bonus=5", "miss_penalty=5"});
  Match m(r, {"Igor", "Jovana", "Dunja", "Dušan"}, 3);
  for (int k = 0; k < 5; ++k) play_deal(m, {{0, 0, 0, 0}, {0, 0, 0, 1}, 0, Suit::Hearts});
  play_deal(m, {{0, 0, 0, 0}, {0, 0, 0, 2}, 0, Suit::Hearts});
  EXPECT_EQ(format_sheet(m),
            "         Igor   Jovana    Dunja    Dušan\n"
            "----------------------------------------\n"
            " 1 H    0   5    0   5    0   5    0  -1\n"
            " 1 H    0  10    0  10    0  10    0  -2\n"
            " 1 H    0  15    0  15    0  15    0  -3\n"
            " 1 H    0  20    0  20    0  20    0  -4\n"
            " 1 H    0  30*   0  30*   0  30*   0 -10*\n"
            "       Igor +5, Jovana +5, Dunja +5, Dušan -5\n"  // 81 columns on the row
            " 2 H    0  35    0  35    0  35    0 -12\n"
            "----------------------------------------\n"
            "winners: Igor, Jovana, Dunja (35)\n");
}

TEST(Sheet, DoubledDealIsMarked) {
  const Rules r = rules_of("romanian", {"schedule=2,2", "spades_double=on"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  play_deal(m, {{1, 1, 0, 0}, {1, 1, 0, 0}, 0, Suit::Spades});
  play_deal(m, {{1, 1, 0, 0}, {1, 1, 0, 0}, 0, Suit::Diamonds});
  EXPECT_EQ(format_sheet(m, {.unicode = true}),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 ♠    1  12    1  12    0  10    0  10  x2\n"
            " 2 ♦    1  18    1  18    0  15    0  15\n"
            "----------------------------------------\n"
            "winners: A, B (18)\n");
}

TEST(Sheet, NoTrumpDealsAndUnicodeSymbols) {
  // Serbian rotation: S D H C then no trump, repeating.
  const Rules r = rules_of("serbian", {"schedule=1,1,1,1,1,1"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  for (int k = 0; k < 6; ++k) play_deal(m, {{1, 0, 0, 0}, {1, 0, 0, 0}});
  EXPECT_EQ(format_sheet(m, {.unicode = true}),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 1 ♠    1  11    0  10    0  10    0  10\n"
            " 1 ♦    1  22    0  20    0  20    0  20\n"
            " 1 ♥    1  33    0  30    0  30    0  30\n"
            " 1 ♣    1  44    0  40    0  40    0  40\n"
            " 1 NT   1  55    0  50    0  50    0  50\n"
            " 1 ♠    1  66    0  60    0  60    0  60\n"
            "----------------------------------------\n"
            "winner: A (66)\n");
  const std::string ascii = format_sheet(m);
  EXPECT_NE(ascii.find(" 1 NT   1  55"), std::string::npos);
  EXPECT_NE(ascii.find(" 1 C    1  44"), std::string::npos);
}

TEST(Sheet, ZeroPlayIsNotedAndWins) {
  const Rules r = rules_of("romanian", {"schedule=2,2", "zero_play=start"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  play_deal(m, {{0, 2, 0, 0}, {0, 2, 0, 0}, 0b0001, Suit::Hearts});
  play_deal(m, {{2, 2, 0, 0}, {0, 2, 0, 0}, 0, Suit::Hearts});
  // A: 5, then 5 - 2 = 3; not zero: B wins on points.
  EXPECT_EQ(format_sheet(m),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 H    0   5    2   7    0   5    0   5  A zero play\n"
            " 2 H    2   3    2  14    0  10    0  10\n"
            "----------------------------------------\n"
            "winner: B (14)\n");

  const Rules r3 = rules_of("romanian", {"schedule=2,2,2", "zero_play=start"});
  Match z(r3, {"A", "B", "C", "D"}, 3);
  play_deal(z, {{0, 2, 0, 0}, {0, 2, 0, 0}, 0b0101, Suit::Hearts});
  play_deal(z, {{2, 2, 0, 0}, {0, 2, 0, 0}, 0, Suit::Hearts});
  play_deal(z, {{2, 2, 0, 0}, {0, 2, 0, 0}, 0, Suit::Hearts});
  EXPECT_EQ(format_sheet(z),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 H    0   5    2   7    0   5    0   5  A zero play, C zero play\n"
            " 2 H    2   3    2  14    0  10    0  10\n"
            " 2 H    2   1    2  21    0  15    0  15\n"
            "----------------------------------------\n"
            "winner: B (21)\n");
}

TEST(Sheet, SuccessfulZeroPlayWinnerLine) {
  const Rules r = rules_of("romanian", {"schedule=2,2,2,2", "zero_play=start"});
  Match m(r, {"A", "B", "C", "D"}, 0);
  // Seat 0 deals first, so seat 1 bids first; seat 3 announces.
  play_deal(m, {{0, 2, 0, 0}, {0, 2, 0, 0}, 0b1000, Suit::Hearts});
  play_deal(m, {{0, 2, 0, 2}, {0, 2, 0, 0}, 0, Suit::Hearts});
  play_deal(m, {{0, 2, 0, 2}, {0, 2, 0, 0}, 0, Suit::Hearts});
  play_deal(m, {{0, 2, 0, 1}, {0, 2, 0, 0}, 0, Suit::Hearts});
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.totals()[3], Points());
  EXPECT_EQ(format_sheet(m),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 H    0   5    2   7    0   5    0   5  D zero play\n"
            " 2 H    0  10    2  14    0  10    2   3\n"
            " 2 H    0  15    2  21    0  15    2   1\n"
            " 2 H    0  20    2  28    0  20    1   0\n"
            "----------------------------------------\n"
            "winner: D (zero play)\n");
}

TEST(Sheet, LowestWinsIsSaid) {
  const Rules r = rules_of("romanian", {"schedule=2", "scoring=negative"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  play_deal(m, {{0, 0, 2, 1}, {0, 0, 0, 2}, 0, Suit::Hearts});
  EXPECT_EQ(format_sheet(m),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 H    0   0    0   0    2   3    1   1\n"
            "----------------------------------------\n"
            "winners: A, B (0, lowest wins)\n");
}

TEST(Sheet, SpecialHandsAndOneCardModesAreNoted) {
  const Rules r = rules_of(
      "romanian", {"schedule=1,1", "one_card_mode=dealer", "special_hands=blind,zero,eight"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  play_deal(m, {{1, 0, 0, 0}, {1, 0, 0, 0}, 0, Suit::Hearts, 1});  // forehead
  play_deal(m, {{1, 0, 0, 0}, {1, 0, 0, 0}, 0, Suit::Hearts, 0});  // regular
  play_deal(m, {{2, 2, 2, 2}, {2, 2, 2, 2}});
  play_deal(m, {{0, 0, 0, 0}, {2, 2, 2, 2}});
  play_deal(m, {{8, 8, 8, 8}, {2, 2, 2, 2}});
  EXPECT_EQ(format_sheet(m),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 1 H    1   6    0   5    0   5    0   5  forehead\n"
            " 1 H    1  12    0  10    0  10    0  10\n"
            " 8 NT   2  19    2  17    2  17    2  17  blind hand\n"
            " 8 NT   0  17    0  15    0  15    0  15  all bid 0\n"
            " 8 NT   8  11    8   9    8   9    8   9  all bid 8\n"
            "----------------------------------------\n"
            "winner: A (11)\n");
}

TEST(Sheet, UnfinishedMatchHasNoWinnerLine) {
  const Rules r = rules_of("romanian", {"schedule=2,2"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  play_deal(m, {{1, 1, 0, 0}, {1, 1, 0, 0}, 0, Suit::Hearts});
  Rng rng(7);
  m.deal_random(rng);  // a deal in progress is not on the sheet
  EXPECT_TRUE(m.in_deal());
  EXPECT_EQ(format_sheet(m),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 H    1   6    1   6    0   5    0   5\n");
}

// All pass in every auction; each seat passes its lowest cards each round.
void throw_in(Match& m) {
  Hands hands{};
  const Suit suits[] = {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades};
  for (int p = 0; p < 4; ++p) hands[p] = CardSet::suit_mask(suits[p]);
  ASSERT_EQ(m.deal_given(hands, kNoCard), "");
  const DealState& s = m.state();
  while (m.in_deal()) {
    Action a = Action::pass();
    if (s.phase() == Phase::Passing) {
      const int seat = s.to_move();
      a = Action::pass_card((s.hand(seat) - s.passed(s.auction().round, seat)).lowest());
    }
    ASSERT_EQ(m.why_illegal(a), "");
    m.apply(a);
  }
}

TEST(Sheet, IsraeliRowsShowTheContractTheDeclarerOverUnderAndThrownInHands) {
  Rules r = *make_preset("israeli");
  Match m(r, {"Avi", "Batya", "Chen", "Dana"}, 0);
  // Under (7 + 0 + 3 + 2 = 12): Batya declares 7 spades and makes them.
  play_israeli(m, {1, 7, Suit::Spades, {2, 7, 0, 3}, {3, 7, 0, 3}});
  // Over (6 + 0 + 5 + 4 = 15): Chen declares 6 no trump.
  play_israeli(m, {2, 6, Suit::None, {5, 4, 6, 0}, {5, 2, 6, 0}});
  // Four auctions without a bid: nobody scores.
  throw_in(m);
  // Avi declares 10 clubs (dealer Avi, so Batya, Chen and Dana pass first) and takes 11.
  play_israeli(m, {0, 10, Suit::Clubs, {10, 0, 1, 0}, {11, 0, 1, 1}});
  EXPECT_EQ(format_sheet(m),
            "           Avi    Batya     Chen     Dana\n"
            "-----------------------------------------\n"
            " 7 S     2 -10   *7  59    0  50    3  19  under\n"
            " 6 NT    5  25    4  39   *6  96    0  49  over\n"
            " -       -  25    -  39    -  96    -  49  thrown in\n"
            "10 C   *10  15    0  89    1 107    0  -1  under\n");
  EXPECT_NE(format_sheet(m, {.unicode = true}).find("\n 7 ♠     2 -10   *7  59"),
            std::string::npos);
}

TEST(Sheet, IsraeliDeclarerRaiseAndTheWinnerLine) {
  Rules r = *make_preset("israeli");
  ASSERT_EQ(set_option(r, "declarer_raise=on"), "");
  ASSERT_EQ(set_option(r, "target_score=100"), "");
  Match m(r, {"Avi", "Batya", "Chen", "Dana"}, 3);
  // Avi bids 7 hearts in the auction and raises his contract to 8 (8 + 1 + 2 + 0 = 11).
  play_israeli(m, {0, 7, Suit::Hearts, {8, 1, 2, 0}, {8, 1, 2, 2}});
  // Batya declares 9 diamonds and makes 9 (10 + 81 = 91): past the target of 100. Dana's
  // missed zero costs -60 + 10 x 2.
  play_israeli(m, {1, 9, Suit::Diamonds, {0, 9, 2, 3}, {1, 9, 1, 2}});
  EXPECT_EQ(format_sheet(m),
            "          Avi    Batya     Chen     Dana\n"
            "----------------------------------------\n"
            " 7 H   *8  74    1  11    2  14    0 -40  under\n"
            " 9 D    0  24   *9 102    2   4    3 -50  over\n"
            "----------------------------------------\n"
            "winner: Batya (102)\n");
}

TEST(Sheet, IsraeliScoringInAnotherGameNotesOverAndUnder) {
  // The bids' sum decides a made zero's points; equal to the cards (no hook) counts as under.
  const Rules r = rules_of("romanian", {"schedule=2,2,2", "scoring=israeli"});
  Match m(r, {"A", "B", "C", "D"}, 3);
  play_deal(m, {{0, 1, 0, 0}, {0, 2, 0, 0}, 0, Suit::Hearts});
  play_deal(m, {{0, 2, 1, 0}, {0, 2, 0, 0}, 0, Suit::Hearts});
  play_deal(m, {{0, 2, 0, 0}, {0, 2, 0, 0}, 0, Suit::Hearts});
  EXPECT_EQ(format_sheet(m),
            "            A        B        C        D\n"
            "----------------------------------------\n"
            " 2 H    0  50    1 -10    0  50    0  50  under\n"
            " 2 H    0  80    2   4    1  40    0  80  over\n"
            " 2 H    0 130    2  18    0  90    0 130  under\n"
            "----------------------------------------\n"
            "winners: A, D (130)\n");
}

// Call-Ace whist: a whole hand built to a result. The kitty is the three jokers (a declarer who
// takes it discards them again). Tricks 1-12 are each played in one suit (S H D C in turn) with
// every seat following, the highest card winning; the twos make the last trick, won by the winner
// of trick 12, who holds the two of trump (of spades at no trump).
struct CallAceHand {
  std::array<int, 12> winners;  // who wins tricks 1-12; trick 13 goes to the winner of trick 12
  Suit trump;                   // the trump the actions below lead to
  std::vector<Action> actions;  // the auction, trump, the call and the kitty, in order
};

const Kitty kJokerKitty = {Card::joker(0), Card::joker(1), Card::joker(2)};

void play_call_ace(Match& m, const CallAceHand& h) {
  std::array<std::array<Card, 4>, 13> trick{};
  const Hands hands = suit_per_trick_hands(h.winners, h.trump, trick);
  const int forehand = (m.next_dealer() + 1) % 4;
  ASSERT_EQ(m.deal_given(hands, kNoCard, kJokerKitty), "");
  for (Action a : h.actions) {
    ASSERT_EQ(m.why_illegal(a), "") << to_string(a);
    m.apply(a);
  }
  ASSERT_EQ(m.state().phase(), Phase::Playing);
  ASSERT_EQ(m.state().trump(), h.trump);
  int leader = forehand;
  for (int t = 0; t < 13; ++t) {
    for (int i = 0; i < 4; ++i) {
      const Action a = Action::play(trick[t][(leader + i) % 4]);
      ASSERT_EQ(m.why_illegal(a), "") << "trick " << t << ": " << to_string(a);
      m.apply(a);
    }
    leader = h.winners[t < 12 ? t : 11];
  }
  ASSERT_FALSE(m.in_deal());
}

// Everybody passes: the hand is thrown in.
void all_pass(Match& m) {
  std::array<std::array<Card, 4>, 13> trick{};
  const Hands hands =
      test_deals::suit_per_trick_hands({0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}, Suit::None, trick);
  ASSERT_EQ(m.deal_given(hands, kNoCard, kJokerKitty), "");
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(m.why_illegal(Action::pass()), "");
    m.apply(Action::pass());
  }
  ASSERT_FALSE(m.in_deal());
}

Action bid(std::string_view contract) { return Action::contract(*parse_contract(contract)); }

// Every row's payments and every row's balances sum to zero.
void expect_zero_sums(const Match& m) {
  for (const DealResult& r : m.results()) {
    Points paid, balance;
    for (int p = 0; p < m.players(); ++p) {
      paid += r.points[p];
      balance += r.totals[p];
    }
    EXPECT_EQ(paid, Points());
    EXPECT_EQ(balance, Points());
  }
}

TEST(Sheet, CallAceRowsShowContractTrumpCallPaymentsAndBalances) {
  Rules r = *make_preset("call-ace");
  ASSERT_EQ(set_option(r, "deals=4"), "");
  Match m(r, {"Anna", "Bo", "Cleo", "Dag"}, 3);
  const Action pass = Action::pass();
  const Action x1 = Action::discard(Card::joker(0));
  const Action x2 = Action::discard(Card::joker(1));
  const Action x3 = Action::discard(Card::joker(2));
  // Anna declares 8 turn: the jokers turned give no trump; she calls the ace of hearts (Cleo's)
  // and must take the kitty. Anna and Cleo take 6 + 4 = 10 tricks: 4 x (1 + 2) = 12 from each
  // defender, the seed's own example.
  play_call_ace(m, {{0, 2, 0, 1, 0, 2, 3, 0, 1, 2, 2, 0},
                    Suit::None,
                    {bid("8 turn"), pass, pass, pass, Action::turn_next(), Action::turn_next(),
                     Action::accept_trump(), Action::call(*parse_card("AH")), Action::take_kitty(),
                     x1, x2, x3}});
  // All pass; Anna deals again.
  all_pass(m);
  EXPECT_EQ(m.next_dealer(), 0);
  // Bo plays 9 quarter alone in spades and takes 8: one short, 8 x 2 = 16 to each defender, 48
  // from Bo.
  play_call_ace(m, {{1, 0, 1, 2, 1, 3, 1, 0, 2, 1, 1, 1},
                    Suit::Spades,
                    {bid("9 quarter"), pass, pass, pass, Action::choose_trump(Suit::Spades),
                     Action::keep_hand()}});
  // Cleo plays sun (exactly one trick, no trump, alone) and takes one: 5 from each defender.
  play_call_ace(m, {{2, 3, 0, 1, 3, 0, 1, 3, 0, 1, 0, 3},
                    Suit::None,
                    {bid("sun"), pass, pass, pass, Action::keep_hand()}});
  ASSERT_TRUE(m.finished());
  expect_zero_sums(m);
  EXPECT_EQ(format_sheet(m), std::string(kCallAceRulesSheet));
}

TEST(Sheet, CallAceWithoutRedealAThrownInHandIsADealAndUnicodeCards) {
  Rules r = *make_preset("call-ace");
  ASSERT_EQ(set_option(r, "redeal=off"), "");
  ASSERT_EQ(set_option(r, "deals=2"), "");
  Match m(r, {"Anna", "Bo", "Cleo", "Dag"}, 3);
  all_pass(m);
  EXPECT_EQ(m.next_dealer(), 0);  // the deal moves on
  const Action pass = Action::pass();
  // Bo declares 7 good (clubs trump) and calls the ace of diamonds (Dag's); they take 3 + 2 = 5
  // tricks, two short: 2 x (1 + 2) = 6 to each defender from each of them.
  play_call_ace(
      m, {{0, 1, 3, 2, 0, 1, 2, 0, 3, 2, 1, 0},
          Suit::Clubs,
          {bid("7 good"), pass, pass, pass, Action::call(*parse_card("AD")), Action::keep_hand()}});
  ASSERT_TRUE(m.finished());
  expect_zero_sums(m);
  EXPECT_EQ(format_sheet(m, {.unicode = true}),
            "contract trump call     Anna       Bo     Cleo      Dag\n"
            "-------------------------------------------------------\n"
            "-                      -   0    -   0    -   0    -   0  all passed, thrown in\n"
            "7 good   ♣     A♦     +6   6  *-6  -6   +6   6   -6  -6  partner Dag, 5 tricks\n"
            "-------------------------------------------------------\n"
            "winners: Anna, Cleo (6)\n");
  EXPECT_NE(format_sheet(m).find("\n7 good   C     AD "), std::string::npos);
}

}  // namespace
}  // namespace whist
