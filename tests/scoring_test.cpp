// Scoring: every one of the 31 systems and the zero-bid modifier, point by point; then the
// match-level rules (streak bonuses, miss penalties, spades double, zero play, winners, half
// points) through Match with deals built so that every seat takes a chosen number of tricks.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "forced_deal.h"
#include "game/match.h"
#include "rules/options.h"
#include "rules/presets.h"
#include "rules/scoring.h"
#include "test_cards.h"

namespace whist {
namespace {

using test_cards::P;

// ---------------------------------------------------------------------------------------------
// The systems, one row per case: bid, tricks, cards dealt to each player, players, points.

struct Case {
  int bid;
  int tricks;
  int cards;
  int players;
  std::string_view points;  // as to_string(Points) prints it
};

struct SystemCases {
  std::string_view name;
  std::vector<Case> cases;
};

const std::vector<SystemCases>& system_cases() {
  static const std::vector<SystemCases> kCases = {
      // 10 + tricks made; tricks missed.
      {"basic",
       {{2, 2, 5, 4, "12"},
        {2, 1, 5, 4, "1"},
        {2, 4, 5, 4, "4"},
        {0, 0, 5, 4, "10"},
        {0, 1, 5, 4, "1"},
        {2, 0, 5, 4, "0"}}},
      // As basic, and -10 for no trick on a bid above 0.
      {"serbian",
       {{2, 2, 5, 4, "12"},
        {2, 1, 5, 4, "1"},
        {2, 0, 5, 4, "-10"},
        {2, 3, 5, 4, "3"},
        {0, 0, 5, 4, "10"},
        {0, 2, 5, 4, "2"}}},
      // Fewer: tricks - 10; more: tricks.
      {"serbian-harsh",
       {{3, 3, 5, 4, "13"},
        {3, 2, 5, 4, "-8"},
        {3, 0, 5, 4, "-10"},
        {3, 5, 5, 4, "5"},
        {0, 0, 5, 4, "10"},
        {0, 1, 5, 4, "1"}}},
      // 5 + bid; -d.
      {"romanian",
       {{3, 3, 8, 4, "8"},
        {0, 0, 8, 4, "5"},
        {8, 8, 8, 4, "13"},
        {3, 1, 8, 4, "-2"},
        {3, 6, 8, 4, "-3"},
        {0, 2, 8, 4, "-2"}}},
      // bid + cards; -d.
      {"romanian-cards",
       {{2, 2, 6, 4, "8"},
        {2, 2, 2, 4, "4"},
        {0, 0, 5, 4, "5"},
        {2, 4, 6, 4, "-2"},
        {2, 1, 2, 4, "-1"}}},
      // 5 + bid(bid+1)/2; -d(d+1)/2.
      {"triangular",
       {{0, 0, 8, 3, "5"},
        {3, 3, 8, 3, "11"},
        {8, 8, 8, 3, "41"},
        {3, 2, 8, 3, "-1"},
        {3, 5, 8, 3, "-3"},
        {3, 0, 8, 3, "-6"},
        {0, 8, 8, 3, "-36"}}},
      // 10 + bid; 0.
      {"exact", {{3, 3, 5, 4, "13"}, {3, 2, 5, 4, "0"}, {3, 4, 5, 4, "0"}, {0, 0, 5, 4, "10"}}},
      // 10 + bid; -bid.
      {"exact-penalty",
       {{3, 3, 5, 4, "13"},
        {3, 2, 5, 4, "-3"},
        {3, 5, 5, 4, "-3"},
        {0, 1, 5, 4, "0"},
        {0, 0, 5, 4, "10"}}},
      // 10 x bid; 0.
      {"ten-times", {{4, 4, 5, 4, "40"}, {4, 3, 5, 4, "0"}, {4, 5, 5, 4, "0"}, {0, 0, 5, 4, "0"}}},
      // 10 x bid; -10 x bid.
      {"ten-times-penalty",
       {{4, 4, 5, 4, "40"}, {4, 3, 5, 4, "-40"}, {4, 5, 5, 4, "-40"}, {0, 1, 5, 4, "0"}}},
      // 10 + bid; more: 0; fewer: -bid.
      {"under-penalty",
       {{3, 3, 5, 4, "13"}, {3, 4, 5, 4, "0"}, {3, 2, 5, 4, "-3"}, {0, 2, 5, 4, "0"}}},
      // 10 x bid; more: 0; fewer: -10 x bid.
      {"under-penalty-ten",
       {{4, 4, 5, 4, "40"}, {4, 5, 5, 4, "0"}, {4, 3, 5, 4, "-40"}, {0, 1, 5, 4, "0"}}},
      // 10 + 5 x bid; more: 0; fewer: -5 x bid (a zero bid is only missed over).
      {"under-penalty-cypriot",
       {{5, 5, 5, 4, "35"},
        {3, 4, 5, 4, "0"},
        {3, 1, 5, 4, "-15"},
        {0, 1, 5, 4, "0"},
        {0, 0, 5, 4, "10"}}},
      // 10 + bid; more: 0; fewer: -10 (set penalty's).
      {"under-penalty-set",
       {{4, 4, 5, 4, "14"},
        {4, 5, 5, 4, "0"},
        {4, 3, 5, 4, "-10"},
        {4, 0, 5, 4, "-10"},
        {0, 2, 5, 4, "0"},
        {0, 0, 5, 4, "10"}}},
      // 10 + bid; more: 0; fewer: -(bid + 10d) (progressive penalty's).
      {"under-penalty-progressive",
       {{4, 4, 6, 4, "14"},
        {4, 5, 6, 4, "0"},
        {4, 6, 6, 4, "0"},
        {4, 3, 6, 4, "-14"},
        {4, 2, 6, 4, "-24"},
        {0, 2, 6, 4, "0"}}},
      // 10 + 5 x bid; -5 x bid; a missed zero -10.
      {"cypriot",
       {{5, 5, 5, 4, "35"},
        {3, 1, 5, 4, "-15"},
        {3, 4, 5, 4, "-15"},
        {0, 1, 5, 4, "-10"},
        {0, 0, 5, 4, "10"}}},
      // 10 + bid; more: tricks; fewer: -10.
      {"set-penalty",
       {{4, 4, 5, 4, "14"}, {4, 5, 5, 4, "5"}, {4, 3, 5, 4, "-10"}, {0, 2, 5, 4, "2"}}},
      // 10 + bid; -(bid + 10d).
      {"progressive-penalty",
       {{4, 4, 6, 4, "14"},
        {4, 3, 6, 4, "-14"},
        {4, 5, 6, 4, "-14"},
        {4, 2, 6, 4, "-24"},
        {4, 6, 6, 4, "-24"},
        {0, 2, 6, 4, "-20"}}},
      // 10 + bid²; tricks.
      {"progressive",
       {{4, 4, 5, 4, "26"}, {4, 2, 5, 4, "2"}, {0, 0, 5, 4, "10"}, {1, 3, 5, 4, "3"}}},
      // 10 + 2 x tricks; 0.
      {"montreal", {{4, 4, 5, 4, "18"}, {4, 3, 5, 4, "0"}, {0, 0, 5, 4, "10"}}},
      // Lowest wins: 0; d(d+1)/2.
      {"negative", {{2, 2, 5, 4, "0"}, {2, 5, 5, 4, "6"}, {2, 1, 5, 4, "1"}, {3, 0, 5, 4, "6"}}},
      // Lowest wins: 0; d².
      {"negative-squared", {{2, 2, 5, 4, "0"}, {2, 5, 5, 4, "9"}, {2, 0, 5, 4, "4"}}},
      // Lowest wins: 0; cards.
      {"negative-round",
       {{2, 2, 5, 4, "0"}, {2, 3, 5, 4, "5"}, {2, 3, 7, 4, "7"}, {0, 1, 1, 4, "1"}}},
      // bid, a made zero ½; -d.
      {"trick",
       {{3, 3, 5, 4, "3"},
        {0, 0, 5, 4, "0.5"},
        {3, 2, 5, 4, "-1"},
        {2, 3, 5, 4, "-1"},
        {0, 2, 5, 4, "-2"}}},
      // 10; 0.
      {"binary", {{3, 3, 5, 4, "10"}, {3, 2, 5, 4, "0"}, {0, 0, 5, 4, "10"}}},
      // 10; a zero with more cards than players: 20 made, -10 missed.
      {"binary-nil",
       {{0, 0, 5, 4, "20"},
        {0, 1, 5, 4, "-10"},
        {0, 0, 4, 4, "10"},
        {0, 1, 4, 4, "0"},
        {2, 2, 5, 4, "10"},
        {2, 1, 5, 4, "0"}}},
      // A miss is one scratch.
      {"scratch", {{3, 3, 5, 4, "0"}, {3, 2, 5, 4, "1"}, {0, 4, 5, 4, "1"}}},
      // bid + cards; 0.
      {"adjusted-exact", {{2, 2, 6, 4, "8"}, {2, 3, 6, 4, "0"}, {0, 0, 1, 4, "1"}}},
      // 10 + bid; -d.
      {"get-fred",
       {{3, 3, 5, 4, "13"}, {3, 2, 5, 4, "-1"}, {3, 4, 5, 4, "-1"}, {3, 0, 5, 4, "-3"}}},
      // 10 + bid²; -d.
      {"oy-vey", {{4, 4, 5, 4, "26"}, {4, 2, 5, 4, "-2"}, {0, 0, 5, 4, "10"}}},
      // Seed 003: 10 + t² made; -10 x o missed; a zero: 50 under (30 over, see below); a missed
      // zero -60 + 10 x o.
      {"israeli",
       {{5, 5, 13, 4, "35"},
        {7, 7, 13, 4, "59"},
        {5, 3, 13, 4, "-20"},
        {5, 8, 13, 4, "-30"},
        {0, 0, 13, 4, "50"},
        {0, 1, 13, 4, "-50"},
        {0, 3, 13, 4, "-30"}}},
  };
  return kCases;
}

TEST(Scoring, EverySystemIsCovered) {
  ASSERT_EQ(system_cases().size(), static_cast<size_t>(kNumScorings));
  for (int i = 0; i < kNumScorings; ++i) {
    const auto s = static_cast<Scoring>(i);
    EXPECT_EQ(scoring_name(s), system_cases()[static_cast<size_t>(i)].name);
    EXPECT_EQ(parse_scoring(scoring_name(s)), s);
    EXPECT_FALSE(scoring_description(s).empty());
  }
  EXPECT_FALSE(parse_scoring("bridge").has_value());
}

TEST(Scoring, EverySystemScoresAsSpecified) {
  for (const SystemCases& sc : system_cases()) {
    Rules r = *make_preset("romanian");
    ASSERT_EQ(set_option(r, "scoring", sc.name), "");
    for (const Case& c : sc.cases) {
      EXPECT_EQ(to_string(contract_points(r, c.bid, c.tricks, c.cards, c.players)), c.points)
          << sc.name << ": bid " << c.bid << ", tricks " << c.tricks << ", cards " << c.cards
          << ", players " << c.players;
    }
  }
}

TEST(Scoring, LowestWinsSystems) {
  std::vector<std::string_view> low;
  for (int i = 0; i < kNumScorings; ++i) {
    if (lowest_wins(static_cast<Scoring>(i))) low.push_back(scoring_name(static_cast<Scoring>(i)));
  }
  EXPECT_EQ(low, (std::vector<std::string_view>{"negative", "negative-squared", "negative-round",
                                                "scratch"}));
}

TEST(Scoring, IsraeliZeroDependsOnWhetherTheHandIsOverOrUnder) {
  Rules r = *make_preset("romanian");
  ASSERT_EQ(set_option(r, "scoring", "israeli"), "");
  EXPECT_EQ(contract_points(r, 0, 0, 13, 4, 12), P(50));  // under: contracts sum to 12
  EXPECT_EQ(contract_points(r, 0, 0, 13, 4, 14), P(30));  // over
  r.zero_over = 25;                                       // the other sources' value
  EXPECT_EQ(contract_points(r, 0, 0, 13, 4, 14), P(25));
  EXPECT_EQ(contract_points(r, 0, 2, 13, 4, 14), P(-40));  // a missed zero: -60 + 10 x 2
}

TEST(Scoring, ZeroBidModifier) {
  Rules r = *make_preset("serbian");
  ASSERT_EQ(set_option(r, "scoring", "basic"), "");
  EXPECT_EQ(contract_points(r, 0, 0, 7, 4), P(10));  // system
  ASSERT_EQ(set_option(r, "zero_bid", "5"), "");
  EXPECT_EQ(contract_points(r, 0, 0, 7, 4), P(5));
  EXPECT_EQ(contract_points(r, 0, 1, 7, 4), P(1));   // a missed zero is the system's
  EXPECT_EQ(contract_points(r, 2, 2, 7, 4), P(12));  // other bids are the system's
  ASSERT_EQ(set_option(r, "zero_bid", "5+cards"), "");
  EXPECT_EQ(contract_points(r, 0, 0, 1, 4), P(6));
  EXPECT_EQ(contract_points(r, 0, 0, 7, 4), P(12));
  EXPECT_EQ(contract_points(r, 0, 2, 7, 4), P(2));
  ASSERT_EQ(set_option(r, "scoring", "exact"), "");
  EXPECT_EQ(contract_points(r, 0, 0, 3, 4), P(8));
  ASSERT_EQ(set_option(r, "scoring", "trick"), "");
  EXPECT_EQ(contract_points(r, 0, 0, 3, 4), P(8));  // replaces the trick system's ½
}

TEST(Scoring, PointsPrintHalves) {
  EXPECT_EQ(to_string(Points::halves(25)), "12.5");
  EXPECT_EQ(to_string(Points::halves(-1)), "-0.5");
  EXPECT_EQ(to_string(Points::halves(-3)), "-1.5");
  EXPECT_EQ(to_string(Points::halves(0)), "0");
  EXPECT_EQ(to_string(P(-12)), "-12");
  EXPECT_EQ(Points::halves(1) + Points::halves(1), P(1));
  EXPECT_TRUE(Points::halves(4).is_whole());
  EXPECT_DOUBLE_EQ(Points::halves(5).as_double(), 2.5);
}

// ---------------------------------------------------------------------------------------------
// Deals built to a result. Every trick is played in a single suit (each seat holds one card of
// that suit for it), so every card follows suit whatever the trump, and the seat given the
// highest card of the trick wins it.

using test_deals::build_deal;
using test_deals::Forced;

void play_deal(Match& m, const std::vector<int>& bids, const std::vector<int>& tricks,
               uint8_t announce = 0, Suit turned_suit = Suit::None) {
  test_deals::play_forced_deal(m, bids, tricks, announce, turned_suit);
}

// A 4-player romanian game of the given hand sizes, hook off (the tests pick bids freely).
Rules romanian_rules(std::string_view schedule, std::vector<std::string_view> options = {}) {
  Rules r = *make_preset("romanian");
  EXPECT_EQ(set_option(r, "schedule", schedule), "");
  EXPECT_EQ(set_option(r, "hook", "off"), "");
  for (std::string_view o : options) EXPECT_EQ(set_option(r, o), "") << o;
  EXPECT_EQ(validate(r), "");
  return r;
}

Match match_of(const Rules& r) {
  std::vector<std::string> names;
  for (int p = 0; p < r.players; ++p) names.push_back(std::string(1, static_cast<char>('A' + p)));
  return Match(r, names, r.players - 1);
}

TEST(DealBuilder, ProducesTheAskedTricksUnderEveryTrumpRule) {
  for (std::string_view preset : {"romanian", "serbian", "oh-hell", "triangular"}) {
    Rules r = *make_preset(preset);
    ASSERT_EQ(set_option(r, "hook", "off"), "");
    ASSERT_EQ(set_option(r, "schedule", "5,3,2"), "");
    Match m = match_of(r);
    play_deal(m, {0, 1, 2, 2}, {0, 1, 2, 2});
    play_deal(m, {3, 0, 0, 0}, {3, 0, 0, 0});
    play_deal(m, {0, 0, 1, 1}, {0, 0, 0, 2});
    EXPECT_TRUE(m.finished()) << preset;
    EXPECT_EQ(m.results()[2].tricks[3], 2);
  }
}

// ---------------------------------------------------------------------------------------------
// Match-level scoring.

TEST(MatchScoring, RunningTotalsAddContractPoints) {
  Match m = match_of(romanian_rules("2,3"));
  play_deal(m, {1, 0, 1, 1}, {1, 0, 1, 0});
  play_deal(m, {3, 0, 0, 1}, {2, 0, 0, 1});
  const DealResult& a = m.results()[0];
  EXPECT_EQ(a.contract[0], P(6));
  EXPECT_EQ(a.contract[1], P(5));
  EXPECT_EQ(a.contract[3], P(-1));
  EXPECT_EQ(a.points[0], a.contract[0]);
  const DealResult& b = m.results()[1];
  EXPECT_EQ(b.totals[0], P(5));   // 6 - 1
  EXPECT_EQ(b.totals[1], P(10));  // 5 + 5
  EXPECT_EQ(b.totals[2], P(11));  // 6 + 5
  EXPECT_EQ(b.totals[3], P(5));   // -1 + 6
  EXPECT_EQ(m.totals()[1], P(10));
  EXPECT_TRUE(m.finished());
  EXPECT_EQ(m.winners(), std::vector<int>{2});
}

// Seat 0 makes every bid (0, taking nothing); seat 3 takes every trick without bidding it.
void exact_deals(Match& m, int count) {
  for (int k = 0; k < count; ++k) {
    const int cards = m.next_setup().cards;
    play_deal(m, {0, 0, 0, 0}, {0, 0, 0, cards});
  }
}

TEST(MatchScoring, StreakBonusForFiveExactBidsInARow) {
  Match m = match_of(romanian_rules("2,2,2,2,2,2,2,2,2,2,2", {"streak_bonus=10"}));
  exact_deals(m, 11);
  const auto& r = m.results();
  for (int k = 0; k < 11; ++k) {
    const Points expected = (k == 4 || k == 9) ? P(10) : Points();
    EXPECT_EQ(r[k].bonus[0], expected) << "deal " << k;
    EXPECT_EQ(r[k].points[0], r[k].contract[0] + expected) << "deal " << k;
    EXPECT_EQ(r[k].bonus[3], Points()) << "deal " << k;
  }
  // 11 made zeros of 5 and two bonuses: the count restarts after a bonus (the sixth exact bid
  // does not earn another, the tenth does).
  EXPECT_EQ(m.totals()[0], P(11 * 5 + 20));
}

TEST(MatchScoring, StreakBonusVariants) {
  Match five = match_of(romanian_rules("1,1,1,1,1", {"streak_bonus=5"}));
  exact_deals(five, 5);
  EXPECT_EQ(five.results()[4].bonus[0], P(5));
  EXPECT_EQ(five.totals()[0], P(30));

  Match ten =
      match_of(romanian_rules("2,2,2,2,2,2,2,2,2,2", {"streak_bonus=30", "streak_length=10"}));
  exact_deals(ten, 10);
  for (int k = 0; k < 9; ++k) EXPECT_EQ(ten.results()[k].bonus[0], Points()) << k;
  EXPECT_EQ(ten.results()[9].bonus[0], P(30));
  EXPECT_EQ(ten.totals()[0], P(80));
}

TEST(MatchScoring, AMissBreaksTheStreak) {
  Match m = match_of(romanian_rules("2,2,2,2,2,2,2,2,2,2", {"streak_bonus=10"}));
  exact_deals(m, 4);
  play_deal(m, {1, 0, 0, 0}, {0, 0, 0, 2});  // seat 0 misses the fifth
  exact_deals(m, 5);
  for (int k = 0; k < 9; ++k) EXPECT_EQ(m.results()[k].bonus[0], Points()) << k;
  EXPECT_EQ(m.results()[9].bonus[0], P(10));
}

TEST(MatchScoring, OneCardDealsCanBeLeftOutOfStreaks) {
  // With streak_one_card=off the one-card deals neither count nor break a streak.
  const char* schedule = "2,1,2,1,2,2,1,2";
  Match m = match_of(romanian_rules(schedule, {"streak_bonus=10", "streak_one_card=off"}));
  for (int k = 0; k < 8; ++k) {
    const int cards = m.next_setup().cards;
    if (cards == 1 && k == 1) {
      play_deal(m, {1, 0, 0, 0}, {0, 0, 0, 1});  // a miss on a one-card deal
    } else {
      play_deal(m, {0, 0, 0, 0}, {0, 0, 0, cards});
    }
  }
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(m.results()[k].bonus[0], k == 7 ? P(10) : Points()) << k;
  }

  // Counted (the default), the same results break the streak at deal 1 and the next five
  // exact bids (deals 2 to 6) earn the bonus.
  Match counted = match_of(romanian_rules(schedule, {"streak_bonus=10"}));
  for (int k = 0; k < 8; ++k) {
    const int cards = counted.next_setup().cards;
    if (k == 1) {
      play_deal(counted, {1, 0, 0, 0}, {0, 0, 0, 1});
    } else {
      play_deal(counted, {0, 0, 0, 0}, {0, 0, 0, cards});
    }
  }
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(counted.results()[k].bonus[0], k == 6 ? P(10) : Points()) << k;
  }
}

TEST(MatchScoring, MissPenaltyForFiveMissesInARow) {
  Match m = match_of(romanian_rules("2,2,2,2,2,2,2,2,2,2,2", {"streak_bonus=5", "miss_penalty=5"}));
  // Seat 3 bids 0 and takes everything: eleven misses; seat 0 makes eleven zeros.
  exact_deals(m, 11);
  for (int k = 0; k < 11; ++k) {
    const bool fifth = k == 4 || k == 9;
    EXPECT_EQ(m.results()[k].bonus[3], fifth ? P(-5) : Points()) << k;
    EXPECT_EQ(m.results()[k].bonus[0], fifth ? P(5) : Points()) << k;
    EXPECT_EQ(m.results()[k].contract[3], P(-2)) << k;
  }
  EXPECT_EQ(m.totals()[3], P(11 * -2 - 10));
  EXPECT_EQ(m.totals()[0], P(11 * 5 + 10));
}

// docs/rules.md 6: with streak_one_card=off a one-card deal neither counts towards nor breaks a
// run of misses either.
TEST(MatchScoring, OneCardDealsCanBeLeftOutOfMissRuns) {
  // Seat 3 bids 0 and takes every trick: a miss in every deal.
  Match skipped =
      match_of(romanian_rules("2,1,2", {"miss_penalty=5", "miss_length=2", "streak_one_card=off"}));
  exact_deals(skipped, 3);
  EXPECT_EQ(skipped.results()[0].bonus[3], Points());
  EXPECT_EQ(skipped.results()[1].bonus[3], Points());
  EXPECT_EQ(skipped.results()[2].bonus[3], P(-5));  // the second counted miss
  Match counted = match_of(romanian_rules("2,1,2", {"miss_penalty=5", "miss_length=2"}));
  exact_deals(counted, 3);
  EXPECT_EQ(counted.results()[1].bonus[3], P(-5));
  EXPECT_EQ(counted.results()[2].bonus[3], Points());
}

TEST(MatchScoring, MissPenaltyCountRestartsOnAMadeBid) {
  Match m = match_of(romanian_rules("2,2,2,2,2,2", {"miss_penalty=5"}));
  for (int k = 0; k < 4; ++k) play_deal(m, {0, 0, 0, 0}, {0, 0, 0, 2});  // seat 3 misses 4
  play_deal(m, {0, 0, 0, 2}, {0, 0, 0, 2});                              // then makes it
  play_deal(m, {0, 0, 0, 0}, {0, 0, 0, 2});                              // and misses
  for (int k = 0; k < 6; ++k) EXPECT_EQ(m.results()[k].bonus[3], Points()) << k;
}

TEST(MatchScoring, SpadesDoubleDoublesContractPointsButNotBonuses) {
  Match m = match_of(romanian_rules("2,2,2,2,2", {"streak_bonus=10", "spades_double=on"}));
  for (int k = 0; k < 4; ++k) play_deal(m, {0, 0, 0, 0}, {0, 0, 0, 2}, 0, Suit::Hearts);
  play_deal(m, {0, 0, 0, 0}, {0, 0, 0, 2}, 0, Suit::Spades);
  const DealResult& r = m.results()[4];
  EXPECT_EQ(r.trump, Suit::Spades);
  EXPECT_EQ(r.contract[0], P(10));  // 5 doubled
  EXPECT_EQ(r.bonus[0], P(10));     // not doubled
  EXPECT_EQ(r.points[0], P(20));
  EXPECT_EQ(r.contract[3], P(-4));  // -2 doubled
  EXPECT_EQ(m.results()[0].contract[0], P(5));
  EXPECT_EQ(m.totals()[0], P(4 * 5 + 20));
}

TEST(MatchScoring, ZeroPlayWinsTheGame) {
  Match m = match_of(romanian_rules("2,2,2,2,2,2", {"zero_play=start"}));
  // Seat 0 announces in the first deal, makes a zero (+5), then misses by one five times.
  play_deal(m, {0, 2, 0, 0}, {0, 2, 0, 0}, 0b0001);
  EXPECT_EQ(m.zero_play_announced(), 0b0001);
  for (int k = 0; k < 5; ++k) play_deal(m, {1, 2, 0, 0}, {0, 2, 0, 0});
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.totals()[0], Points());
  EXPECT_EQ(m.totals()[1], P(6 * 7));
  EXPECT_EQ(m.winners(), std::vector<int>{0});
}

// Seed 001: "If this player is successful, he or she wins the game": two who announce and both
// end on 0 share the win.
TEST(MatchScoring, SuccessfulZeroPlaysShareTheWin) {
  Match m = match_of(romanian_rules("2,2,2,2,2,2", {"zero_play=start"}));
  // Seats 0 and 1 announce in the first deal and make a zero (+5), then miss by one five times.
  play_deal(m, {0, 0, 2, 0}, {0, 0, 2, 0}, 0b0011);
  EXPECT_EQ(m.zero_play_announced(), 0b0011);
  for (int k = 0; k < 5; ++k) play_deal(m, {1, 1, 2, 0}, {0, 0, 2, 0});
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.totals()[0], Points());
  EXPECT_EQ(m.totals()[1], Points());
  EXPECT_EQ(m.totals()[2], P(6 * 7));
  EXPECT_EQ(m.winners(), (std::vector<int>{0, 1}));
}

TEST(MatchScoring, ZeroPlayFailsAwayFromZero) {
  Match m = match_of(romanian_rules("2,2,2", {"zero_play=start"}));
  play_deal(m, {0, 2, 0, 0}, {0, 2, 0, 0}, 0b0001);
  play_deal(m, {1, 2, 0, 0}, {0, 2, 0, 0});
  play_deal(m, {1, 2, 0, 0}, {0, 2, 0, 0});
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.totals()[0], P(3));
  EXPECT_EQ(m.winners(), std::vector<int>{1});  // the highest total, as usual
}

TEST(MatchScoring, ZeroWithoutAnnouncementDoesNotWin) {
  Match m = match_of(romanian_rules("2,2,2,2", {"zero_play=start"}));
  // Seat 0 ends on 0 (5 - 2 - 2 - 1) without having announced it; seat 1 makes 2 each time.
  play_deal(m, {0, 2, 0, 0}, {0, 2, 0, 0});
  play_deal(m, {2, 2, 0, 0}, {0, 2, 0, 0});
  play_deal(m, {2, 2, 0, 0}, {0, 2, 0, 0});
  play_deal(m, {1, 2, 0, 0}, {0, 2, 0, 0});
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.totals()[0], Points());
  EXPECT_EQ(m.zero_play_announced(), 0);
  EXPECT_EQ(m.winners(), std::vector<int>{1});
}

TEST(MatchScoring, ZeroPlayDeadline) {
  Match m = match_of(romanian_rules("2,2,2", {"zero_play=start"}));
  play_deal(m, {0, 2, 0, 0}, {0, 2, 0, 0});
  const DealSetup s = m.next_setup();
  EXPECT_EQ(s.zero_play_open, 0);
  const Forced f = build_deal(m.rules(), s, {0, 2, 0, 0}, Suit::None);
  ASSERT_EQ(m.deal_given(f.hands, f.turned), "");
  EXPECT_EQ(m.why_illegal(Action::announce_zero()),
            "the deadline for announcing zero play has passed");
}

TEST(MatchScoring, LowestTotalWinsInNegativeSystems) {
  for (std::string_view system : {"negative", "negative-squared", "negative-round"}) {
    Match m = match_of(romanian_rules("3,3", {std::string("scoring=") + std::string(system)}));
    // Seat 0 misses by 1 twice, seat 1 is exact twice, seats 2 and 3 miss by 2 and 3.
    play_deal(m, {1, 1, 2, 3}, {0, 1, 0, 2});
    play_deal(m, {0, 1, 2, 3}, {1, 1, 1, 0});
    ASSERT_TRUE(m.finished());
    EXPECT_EQ(m.totals()[1], Points()) << system;
    EXPECT_GT(m.totals()[0], Points()) << system;
    EXPECT_EQ(m.winners(), std::vector<int>{1}) << system;
  }
}

TEST(MatchScoring, ScratchTieGoesToTheLargerSumOfMadeBids) {
  Match m = match_of(romanian_rules("3,3", {"scoring=scratch"}));
  // Seats 0 and 1 make both bids (0 + 1 and 2 + 1), seats 2 and 3 miss.
  play_deal(m, {0, 2, 1, 0}, {0, 2, 0, 1});
  play_deal(m, {1, 1, 1, 1}, {1, 1, 0, 1});
  ASSERT_TRUE(m.finished());
  EXPECT_EQ(m.totals()[0], Points());
  EXPECT_EQ(m.totals()[1], Points());
  EXPECT_EQ(m.totals()[2], P(2));
  EXPECT_EQ(m.totals()[3], P(1));
  EXPECT_EQ(m.winners(), std::vector<int>{1});
}

TEST(MatchScoring, TiesShareTheWin) {
  Match m = match_of(romanian_rules("2", {}));
  play_deal(m, {0, 0, 1, 1}, {0, 0, 1, 1});
  EXPECT_EQ(m.winners(), (std::vector<int>{2, 3}));
}

TEST(MatchScoring, HalfPointsStayExact) {
  Match m = match_of(romanian_rules("2,2,2", {"scoring=trick"}));
  play_deal(m, {0, 0, 1, 1}, {0, 0, 1, 1});
  play_deal(m, {0, 2, 0, 0}, {0, 2, 0, 0});
  play_deal(m, {0, 0, 0, 1}, {0, 1, 0, 1});
  // Seat 0 makes three zeros (½ each); seat 1 makes a zero, a 2, then misses a zero by one.
  EXPECT_EQ(to_string(m.results()[0].totals[0]), "0.5");
  EXPECT_EQ(to_string(m.results()[1].totals[0]), "1");
  EXPECT_EQ(m.totals()[0], Points::halves(3));
  EXPECT_EQ(to_string(m.totals()[0]), "1.5");
  EXPECT_EQ(to_string(m.results()[1].totals[1]), "2.5");
  EXPECT_EQ(to_string(m.totals()[1]), "1.5");
  EXPECT_EQ(to_string(m.totals()[2]), "2");
  EXPECT_EQ(to_string(m.totals()[3]), "2.5");
  EXPECT_EQ(m.winners(), std::vector<int>{3});
}

}  // namespace
}  // namespace whist
