// Deal schedules (rules/schedule.h): the hand sizes of every schedule kind for the seeds' player
// counts, explicit lists, special hands, the trump rotation, one-card modes, zero-play deadlines,
// and how the schedule drives a match (dealer rotation, repetition in target games).
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "game/match.h"
#include "game/view.h"
#include "rules/options.h"
#include "rules/presets.h"
#include "rules/schedule.h"

namespace whist {
namespace {

using Sizes = std::vector<int>;

// Finishes the deal in progress with uniformly random legal actions.
void finish_random(Match& m, Rng& rng) {
  while (m.in_deal()) {
    const ActionList legal = m.state().legal_actions();
    ASSERT_GT(legal.size, 0);
    m.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))]);
  }
}

// Deals the next deal at random and plays it out at random.
void play_random(Match& m, Rng& rng) {
  m.deal_random(rng);
  finish_random(m, rng);
}

Rules preset(std::string_view name, int players = 0, std::vector<std::string_view> options = {}) {
  Rules r = *make_preset(name, players);
  for (std::string_view o : options) EXPECT_EQ(set_option(r, o), "") << o;
  EXPECT_EQ(validate(r), "") << name << " " << players;
  return r;
}

TEST(Schedule, RomanianOneEightOneForFourPlayers) {
  // Seed 001's example: 24 deals.
  const Schedule s(preset("romanian"));
  EXPECT_EQ(s.sizes(),
            (Sizes{1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1}));
  EXPECT_EQ(s.length(), 24);
}

TEST(Schedule, OnlineWhistForThreeAndFivePlayers) {
  // Seed 002's two lists.
  const Schedule three(preset("triangular", 3));
  EXPECT_EQ(three.sizes(), (Sizes{1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1}));
  const Schedule five(preset("triangular", 5));
  EXPECT_EQ(five.sizes(), (Sizes{1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8,
                                 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1}));
  EXPECT_EQ(five.length(), 27);
}

TEST(Schedule, EightOneEight) {
  // Seed 001: 8-8-8-8-7-6-5-4-3-2-1-1-1-1-2-3-4-5-6-7-8-8-8-8.
  const Schedule s(preset("romanian", 4, {"schedule=8-1-8"}));
  EXPECT_EQ(s.sizes(),
            (Sizes{8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8}));
}

TEST(Schedule, EachDealerDealsEverySize) {
  // Seed 001 (Georgescu and Danet): 1,1,1,1,2,2,2,2, … 8,8,8,8 for four players.
  const Schedule s(preset("romanian", 4, {"schedule=each-dealer"}));
  Sizes expected;
  for (int c = 1; c <= 8; ++c) expected.insert(expected.end(), 4, c);
  EXPECT_EQ(s.sizes(), expected);
  EXPECT_EQ(s.length(), 32);
  const Schedule three(preset("romanian", 3, {"schedule=each-dealer"}));
  EXPECT_EQ(three.sizes().size(), 24u);
  EXPECT_EQ(three.sizes()[3], 2);
}

TEST(Schedule, RomanianForEveryPlayerCount) {
  for (int n = 3; n <= 6; ++n) {
    const Rules r = preset("romanian", n);
    EXPECT_EQ(r.deck_size(), 8 * n);
    EXPECT_EQ(r.max_hand(), 8);
    const Schedule s(r);
    EXPECT_EQ(s.length(), 3 * n + 12) << n;  // N ones, 2..7, N eights, 7..2, N ones
    EXPECT_EQ(std::count(s.sizes().begin(), s.sizes().end(), 1), 2 * n);
    EXPECT_EQ(std::count(s.sizes().begin(), s.sizes().end(), 8), n);
  }
}

TEST(Schedule, SerbianDownUp) {
  // Seed 000: 13 … 2, four one-card deals, 2 … 13: 28 deals for four players.
  const Schedule s(preset("serbian"));
  Sizes expected;
  for (int c = 13; c >= 2; --c) expected.push_back(c);
  expected.insert(expected.end(), 4, 1);
  for (int c = 2; c <= 13; ++c) expected.push_back(c);
  EXPECT_EQ(s.sizes(), expected);
  EXPECT_EQ(s.length(), 28);
  // Five and six players: 52 / N cards at most, N one-card deals.
  const Schedule five(preset("serbian", 5));
  EXPECT_EQ(five.sizes().front(), 10);
  EXPECT_EQ(five.sizes().back(), 10);
  EXPECT_EQ(five.length(), 9 + 5 + 9);
  const Schedule six(preset("serbian", 6));
  EXPECT_EQ(six.sizes().front(), 8);
  EXPECT_EQ(six.length(), 7 + 6 + 7);
  EXPECT_EQ(std::count(six.sizes().begin(), six.sizes().end(), 1), 6);
}

TEST(Schedule, OhHellLargestHandLeavesACardToTurn) {
  // M = floor(51 / N).
  const int expected[] = {0, 0, 0, 17, 12, 10, 8, 7};
  for (int n = 3; n <= 7; ++n) {
    const Rules r = preset("oh-hell", n);
    EXPECT_EQ(r.max_hand(), expected[n]) << n;
    EXPECT_EQ(r.max_hand(), 51 / n);
    const Schedule s(r);
    EXPECT_EQ(s.sizes().front(), expected[n]);
    EXPECT_EQ(s.length(), 2 * (expected[n] - 1) + n) << n;
  }
}

TEST(Schedule, MaxCardsCapsTheLargestHand) {
  const Schedule s(preset("romanian", 4, {"max_cards=3"}));
  EXPECT_EQ(s.sizes(), (Sizes{1, 1, 1, 1, 2, 3, 3, 3, 3, 2, 1, 1, 1, 1}));
  EXPECT_EQ(schedule_sizes(ScheduleKind::DownUp, 3, 3), (Sizes{3, 2, 1, 1, 1, 2, 3}));
  EXPECT_EQ(schedule_sizes(ScheduleKind::OneEightOne, 3, 1), (Sizes{1, 1, 1}));
  EXPECT_EQ(schedule_sizes(ScheduleKind::EightOneEight, 2, 2), (Sizes{2, 2, 1, 1, 2, 2}));
}

TEST(Schedule, ExplicitList) {
  const Rules r = preset("serbian", 4, {"schedule=5,3,1,3,5"});
  EXPECT_EQ(r.schedule, ScheduleKind::Explicit);
  const Schedule s(r);
  EXPECT_EQ(s.sizes(), (Sizes{5, 3, 1, 3, 5}));
  EXPECT_EQ(s.length(), 5);
  EXPECT_EQ(s.plan(2).cards, 1);
}

TEST(Schedule, SpecialHandsAreAppendedAtTheLargestSize) {
  const Schedule s(preset("romanian", 3, {"special_hands=blind,zero,eight"}));
  ASSERT_EQ(s.length(), 24);
  EXPECT_EQ(s.plan(20).special, SpecialHand::None);
  EXPECT_EQ(s.plan(20).cards, 1);
  EXPECT_EQ(s.plan(21).special, SpecialHand::Blind);
  EXPECT_EQ(s.plan(22).special, SpecialHand::AllZero);
  EXPECT_EQ(s.plan(23).special, SpecialHand::AllEight);
  for (int k = 21; k < 24; ++k) EXPECT_EQ(s.plan(k).cards, 8);

  // In a match: the blind hand bids before looking, the zero hand forces zero bids, the eight
  // hand bids of 8 (every card dealt: no trump).
  Match m(preset("romanian", 3, {"special_hands=blind,zero,eight", "schedule=1"}), {"A", "B", "C"},
          0);
  EXPECT_EQ(m.schedule().length(), 4);
  Rng rng(1);
  play_random(m, rng);
  DealSetup s1 = m.next_setup();
  EXPECT_EQ(s1.cards, 8);
  EXPECT_TRUE(s1.blind_bidding);
  EXPECT_EQ(s1.forced_bid, -1);
  play_random(m, rng);
  DealSetup s2 = m.next_setup();
  EXPECT_EQ(s2.forced_bid, 0);
  m.deal_random(rng);
  EXPECT_EQ(m.state().trump(), Suit::None);
  ASSERT_EQ(m.state().legal_actions().size, 1);
  EXPECT_EQ(m.state().legal_actions().items[0], Action::bid(0));
  EXPECT_EQ(m.why_illegal(Action::bid(1)), "everyone must bid 0 in this hand");
  finish_random(m, rng);
  EXPECT_EQ(m.next_setup().forced_bid, 8);
  play_random(m, rng);
  EXPECT_TRUE(m.finished());
  for (int p = 0; p < 3; ++p) EXPECT_EQ(m.results()[3].bids[p], 8);
}

// Seed 001: the blind special hand ("everyone must bid before seeing their cards") and blind
// one-card deals ("everybody bids blind, before looking at any cards"): no seat sees its own
// hand, nor any other, until the last bid; then each sees its own.
TEST(Schedule, BlindHandsAreBidUnseen) {
  for (std::string_view option : {"special_hands=blind", "one_card_mode=blind"}) {
    Match m(preset("romanian", 3, {option, "schedule=1"}), {"A", "B", "C"}, 0);
    if (option == "special_hands=blind") {
      Rng first(8);
      play_random(m, first);  // the one-card deal of the schedule, then the blind hand
    }
    Rng rng(9);
    m.deal_random(rng);
    ASSERT_EQ(m.state().phase(), Phase::Bidding) << option;
    while (m.state().phase() == Phase::Bidding) {
      for (int seat = 0; seat < 3; ++seat) {
        const PlayerView v = make_view(m.state(), seat);
        EXPECT_TRUE(v.own_hand.empty()) << option << ", seat " << seat;
        for (int p = 0; p < 3; ++p) EXPECT_TRUE(v.visible[p].empty()) << option << seat << p;
      }
      const ActionList legal = m.state().legal_actions();
      m.apply(legal.items[legal.size - 1]);  // the largest bid: never an announcement
    }
    for (int seat = 0; seat < 3; ++seat) {
      EXPECT_EQ(make_view(m.state(), seat).own_hand, m.state().hand(seat)) << option << seat;
    }
  }
}

TEST(Schedule, TrumpRotationRepeatsFromTheFirstDeal) {
  // Seed 000: spades, diamonds, hearts, clubs, no trump, and so on to the end of the game.
  const Schedule s(preset("serbian"));
  const Suit order[] = {Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs, Suit::None};
  for (int k = 0; k < 28; ++k) EXPECT_EQ(s.plan(k).rotation_trump, order[k % 5]) << k;
  Match m(preset("serbian"), {"A", "B", "C", "D"}, 0);
  Rng rng(5);
  for (int k = 0; k < 7; ++k) {
    EXPECT_EQ(m.next_setup().trump, order[k % 5]) << k;
    play_random(m, rng);
    EXPECT_EQ(m.results()[k].trump, order[k % 5]) << k;
  }
  // A custom rotation.
  const Schedule custom(preset("serbian", 4, {"trump_order=H,none"}));
  EXPECT_EQ(custom.plan(0).rotation_trump, Suit::Hearts);
  EXPECT_EQ(custom.plan(1).rotation_trump, Suit::None);
  EXPECT_EQ(custom.plan(2).rotation_trump, Suit::Hearts);
}

TEST(Schedule, TurnedTrumpAndNoTrump) {
  Match m(preset("romanian", 4, {"schedule=1,8"}), {"A", "B", "C", "D"}, 0);
  Rng rng(3);
  m.deal_random(rng);
  ASSERT_NE(m.state().turned(), kNoCard);
  EXPECT_EQ(m.state().trump(), m.state().turned().suit());
  EXPECT_FALSE(m.state().hand(0).contains(m.state().turned()));
  finish_random(m, rng);
  m.deal_random(rng);  // eight cards each: the whole deck, nothing to turn
  EXPECT_EQ(m.state().turned(), kNoCard);
  EXPECT_EQ(m.state().trump(), Suit::None);
  Match none(preset("oh-hell", 4, {"trump=none"}), {"A", "B", "C", "D"}, 0);
  none.deal_random(rng);
  EXPECT_EQ(none.state().trump(), Suit::None);
  EXPECT_EQ(none.state().turned(), kNoCard);
}

TEST(Schedule, DealerMovesOneSeatADeal) {
  Match m(preset("romanian", 5), {"A", "B", "C", "D", "E"}, 3);
  Rng rng(11);
  for (int k = 0; k < 12; ++k) {
    EXPECT_EQ(m.next_setup().dealer, (3 + k) % 5) << k;
    m.deal_random(rng);
    // The seat after the dealer bids first and leads.
    EXPECT_EQ(m.state().to_move(), (3 + k + 1) % 5);
    EXPECT_EQ(m.state().leader(), (3 + k + 1) % 5);
    finish_random(m, rng);
  }
}

TEST(Schedule, OneCardModes) {
  const auto modes = [](std::string_view which) {
    const Schedule s(
        preset("romanian", 3,
               {"one_card_mode=forehead", std::string("one_card_deals=") + std::string(which)}));
    std::vector<int> forehead;
    for (int k = 0; k < *s.length(); ++k) {
      if (s.plan(k).mode == OneCardMode::Forehead) forehead.push_back(k);
    }
    return forehead;
  };
  // 1-8-1 for three: one-card deals 0, 1, 2 and 18, 19, 20.
  EXPECT_EQ(modes("all"), (std::vector<int>{0, 1, 2, 18, 19, 20}));
  EXPECT_EQ(modes("first"), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(modes("last"), (std::vector<int>{18, 19, 20}));
  EXPECT_EQ(modes("first-last"), (std::vector<int>{0, 1, 2, 18, 19, 20}));
  // Regression: with special hands (8 cards, after the schedule) the last run was found empty,
  // and `last` changed nothing.
  const auto with_specials = [](std::string_view which) {
    const Schedule s(preset("romanian", 3,
                            {"one_card_mode=forehead", "special_hands=blind,zero",
                             std::string("one_card_deals=") + std::string(which)}));
    std::vector<int> forehead;
    for (int k = 0; k < *s.length(); ++k) {
      if (s.plan(k).mode == OneCardMode::Forehead) forehead.push_back(k);
    }
    return forehead;
  };
  EXPECT_EQ(with_specials("last"), (std::vector<int>{18, 19, 20}));
  EXPECT_EQ(with_specials("first-last"), (std::vector<int>{0, 1, 2, 18, 19, 20}));
  EXPECT_EQ(with_specials("first"), (std::vector<int>{0, 1, 2}));
  // Multi-card deals are always regular; regular mode everywhere by default.
  const Schedule plain(preset("romanian", 3));
  for (int k = 0; k < 21; ++k) EXPECT_EQ(plain.plan(k).mode, OneCardMode::Regular);
  // 8-1-8: the one-card deals are the central run ("all"); they are neither first nor last.
  const Schedule central(preset("romanian", 3, {"schedule=8-1-8", "one_card_mode=blind"}));
  for (int k = 0; k < 21; ++k) {
    EXPECT_EQ(central.plan(k).mode == OneCardMode::Blind, central.plan(k).cards == 1) << k;
  }
  const Schedule none(
      preset("romanian", 3, {"schedule=8-1-8", "one_card_mode=blind", "one_card_deals=first"}));
  for (int k = 0; k < 21; ++k) EXPECT_EQ(none.plan(k).mode, OneCardMode::Regular) << k;
  // The dealer chooses: the deal starts with the choice.
  Match m(preset("romanian", 3, {"one_card_mode=dealer"}), {"A", "B", "C"}, 2);
  Rng rng(2);
  m.deal_random(rng);
  EXPECT_EQ(m.state().phase(), Phase::ChooseMode);
  EXPECT_EQ(m.state().to_move(), 2);
  // "Before dealing": the dealer chooses without having seen a card.
  for (int seat = 0; seat < 3; ++seat) EXPECT_TRUE(make_view(m.state(), seat).own_hand.empty());
  m.apply(Action::choose_mode(OneCardMode::Forehead));
  EXPECT_EQ(m.state().mode(), OneCardMode::Forehead);
  EXPECT_EQ(m.state().phase(), Phase::Bidding);
}

std::vector<int> open_deals(const Schedule& s) {
  std::vector<int> out;
  for (int k = 0; k < *s.length(); ++k) {
    if (s.zero_play_open(k)) out.push_back(k);
  }
  return out;
}

std::vector<int> upto(int end) {
  std::vector<int> out;
  for (int k = 0; k < end; ++k) out.push_back(k);
  return out;
}

TEST(Schedule, ZeroPlayDeadlines) {
  // Off: never.
  EXPECT_TRUE(open_deals(Schedule(preset("romanian"))).empty());
  // Start: the first deal only.
  EXPECT_EQ(open_deals(Schedule(preset("romanian", 4, {"zero_play=start"}))), upto(1));
  // Before the pivot: before the first 8-card deal of 1-8-1 (deal 10 for four players) ...
  EXPECT_EQ(open_deals(Schedule(preset("romanian", 4, {"zero_play=before-pivot"}))), upto(10));
  // ... and before the first 1-card deal of 8-1-8 (also deal 10).
  EXPECT_EQ(
      open_deals(Schedule(preset("romanian", 4, {"zero_play=before-pivot", "schedule=8-1-8"}))),
      upto(10));
  // Serbian down-up: before the first one-card deal (deal 12).
  EXPECT_EQ(open_deals(Schedule(preset("serbian", 4, {"zero_play=before-pivot"}))), upto(12));
  // Each dealer: before the first largest hand (deal 28 of 32).
  EXPECT_EQ(open_deals(Schedule(
                preset("romanian", 4, {"zero_play=before-pivot", "schedule=each-dealer"}))),
            upto(28));
  // At least 10 deals before the end, the deal itself included: deals 0 … 14 of 24.
  EXPECT_EQ(open_deals(Schedule(preset("romanian", 4, {"zero_play=10-before-end"}))), upto(15));
  // With a fixed deal count the end is that count.
  EXPECT_EQ(open_deals(Schedule(
                preset("romanian", 4, {"zero_play=10-before-end", "end=deals", "deals=12"}))),
            upto(3));
}

TEST(Schedule, ZeroPlayInAMatch) {
  Match m(preset("romanian", 3, {"zero_play=before-pivot", "schedule=1,2,3,2,1"}), {"A", "B", "C"},
          2);
  // Pivot: the first 3-card deal (deal 2). Seat 0 announces in deal 0; then only the others
  // may, until deal 2.
  EXPECT_EQ(m.next_setup().zero_play_open, 0b111);
  Rng rng(4);
  m.deal_random(rng);
  EXPECT_EQ(m.state().to_move(), 0);
  ASSERT_EQ(m.why_illegal(Action::announce_zero()), "");
  m.apply(Action::announce_zero());
  EXPECT_EQ(m.why_illegal(Action::announce_zero()), "zero play is already announced");
  finish_random(m, rng);
  // (The random players may have announced too.)
  EXPECT_EQ(m.zero_play_announced() & 1, 1);
  EXPECT_EQ(m.next_setup().zero_play_open, 0b111 & ~m.zero_play_announced());
  EXPECT_EQ(m.next_setup().zero_play_open & 1, 0);
  play_random(m, rng);
  EXPECT_EQ(m.next_setup().zero_play_open, 0);
}

TEST(Schedule, GameEndsByDealCountAndTheScheduleRepeats) {
  const Rules r = preset("romanian", 3, {"schedule=1,2", "end=deals", "deals=5"});
  const Schedule s(r);
  EXPECT_EQ(s.length(), 5);
  Match m(r, {"A", "B", "C"}, 0);
  Rng rng(9);
  while (!m.finished()) play_random(m, rng);
  ASSERT_EQ(m.results().size(), 5u);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(m.results()[k].cards, k % 2 == 0 ? 1 : 2) << k;
  EXPECT_EQ(m.deal_given({}, kNoCard), "the game is already over");
}

TEST(Schedule, TargetGameRepeatsTheScheduleUntilSomeoneReachesTheTarget) {
  const Rules r = preset("romanian", 3, {"schedule=1,2,3", "end=target", "target_score=40"});
  const Schedule s(r);
  EXPECT_FALSE(s.length().has_value());
  EXPECT_EQ(s.plan(3).cards, 1);
  EXPECT_EQ(s.plan(7).cards, 2);
  Match m(r, {"A", "B", "C"}, 0);
  Rng rng(21);
  for (int k = 0; k < 1000 && !m.finished(); ++k) play_random(m, rng);
  ASSERT_TRUE(m.finished());
  const auto& res = m.results();
  ASSERT_GT(res.size(), 3u);
  const auto best = [](const DealResult& d) {
    return std::max({d.totals[0], d.totals[1], d.totals[2]});
  };
  EXPECT_GE(best(res.back()), Points::whole(40));
  EXPECT_LT(best(res[res.size() - 2]), Points::whole(40));
  for (size_t k = 0; k < res.size(); ++k) EXPECT_EQ(res[k].cards, static_cast<int>(k % 3) + 1);
  // The winner is the highest total.
  ASSERT_EQ(m.winners().size(), 1u);
  EXPECT_EQ(m.totals()[m.winners()[0]], best(res.back()));
}

}  // namespace
}  // namespace whist
