// The score sheet (game/sheet.h): exact text, so the layout stays stable. The seeds' own tables
// are in golden_test.cpp; here the marks for bonuses, penalties, doubled deals, zero play,
// special hands and one-card modes, half points, wide names and totals, and the winner line.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "game/match.h"
#include "game/sheet.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

// A deal built to a result (as in scoring_test.cpp): every trick is played in one suit, each seat
// holding one card of it, so every card follows suit and the seat given the highest card of the
// trick wins it.
struct Forced {
  Hands hands{};
  Card turned = kNoCard;
  std::vector<Card> plays;
};

Forced build_deal(const Rules& rules, const DealSetup& s, const std::vector<int>& tricks,
                  Suit turned_suit) {
  const int n = s.players;
  std::vector<int> winners;
  for (int p = 0; p < n; ++p) winners.insert(winners.end(), tricks[p], p);
  EXPECT_EQ(static_cast<int>(winners.size()), s.cards);
  CardSet left = rules.deck_cards();
  std::vector<std::vector<Card>> trick_cards(winners.size());
  const Suit suits[] = {Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs};
  int next_suit = 0;
  for (size_t t = 0; t < winners.size(); ++t) {
    Suit suit = suits[next_suit];
    for (int tries = 0; tries < 4 && left.of_suit(suit).size() < n + (suit == turned_suit);
         ++tries) {
      next_suit = (next_suit + 1) % 4;
      suit = suits[next_suit];
    }
    next_suit = (next_suit + 1) % 4;
    trick_cards[t].assign(n, kNoCard);
    CardSet pool = left.of_suit(suit);
    trick_cards[t][winners[t]] = pool.highest();
    pool -= pool.highest();
    for (int p = 0; p < n; ++p) {
      if (p == winners[t]) continue;
      trick_cards[t][p] = pool.highest();
      pool -= pool.highest();
    }
    for (Card c : trick_cards[t]) left -= c;
  }
  Forced f;
  for (const auto& cards : trick_cards) {
    for (int p = 0; p < n; ++p) f.hands[p] |= cards[p];
  }
  if (rules.trump == TrumpRule::Turned && !left.empty()) {
    const CardSet pick = turned_suit == Suit::None ? left : left.of_suit(turned_suit);
    EXPECT_FALSE(pick.empty());
    f.turned = pick.lowest();
  }
  int leader = (s.dealer + 1) % n;
  for (size_t t = 0; t < winners.size(); ++t) {
    for (int i = 0; i < n; ++i) f.plays.push_back(trick_cards[t][(leader + i) % n]);
    leader = winners[t];
  }
  return f;
}

struct Play {
  std::vector<int> bids;
  std::vector<int> tricks;
  uint8_t announce = 0;      // seats announcing zero play
  Suit turned = Suit::None;  // the turned card's suit, if it matters
  int mode = -1;             // the dealer's one-card mode choice, if asked
};

void play_deal(Match& m, const Play& d) {
  const DealSetup s = m.next_setup();
  const Forced f = build_deal(m.rules(), s, d.tricks, d.turned);
  ASSERT_EQ(m.deal_given(f.hands, f.turned), "");
  if (s.choose_mode) m.apply(Action::choose_mode(static_cast<OneCardMode>(d.mode)));
  const int n = s.players;
  for (int i = 0; i < n; ++i) {
    const int seat = (s.dealer + 1 + i) % n;
    if (d.announce >> seat & 1) {
      ASSERT_EQ(m.why_illegal(Action::announce_zero()), "");
      m.apply(Action::announce_zero());
    }
    ASSERT_EQ(m.why_illegal(Action::bid(d.bids[seat])), "") << "seat " << seat;
    m.apply(Action::bid(d.bids[seat]));
  }
  for (Card c : f.plays) {
    ASSERT_EQ(m.why_illegal(Action::play(c)), "") << to_string(c);
    m.apply(Action::play(c));
  }
  ASSERT_FALSE(m.in_deal());
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
            " 1 H    0  30*   0  30*   0  30*   0 -10*  Igor +5, Jovana +5, Dunja +5, Dušan -5\n"
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

}  // namespace
}  // namespace whist
