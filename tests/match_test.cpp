// The match: dealer rotation, how trump is chosen, dealing, and validation of given deals.
#include <gtest/gtest.h>

#include "game/match.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

Match make_match(const std::string& variant, int players, std::vector<std::string> opts = {},
                 int first_dealer = 0) {
  auto r = make_preset(variant, players);
  EXPECT_TRUE(r);
  for (const auto& o : opts) EXPECT_EQ(set_option(*r, o), "");
  EXPECT_EQ(validate(*r), "");
  std::vector<std::string> names;
  for (int p = 0; p < players; ++p) names.push_back("p" + std::to_string(p));
  return Match(*r, names, first_dealer);
}

void play_out(Match& m, Rng& rng) {
  while (m.in_deal()) {
    const ActionList legal = m.state().legal_actions();
    m.apply(legal.items[rng.below(static_cast<uint32_t>(legal.size))]);
  }
}

TEST(Match, DealerMovesOneSeatEachDealAndTheNextSeatBidsFirst) {
  Match m = make_match("romanian", 4, {}, 2);
  Rng rng(1);
  for (int k = 0; k < 8; ++k) {
    m.deal_random(rng);
    EXPECT_EQ(m.state().dealer(), (2 + k) % 4);
    EXPECT_EQ(m.state().to_move(), (3 + k) % 4);
    play_out(m, rng);
    EXPECT_EQ(m.results().back().dealer, (2 + k) % 4);
  }
}

TEST(Match, RomanianTurnsTheFirstUndealtCardAndPlaysNoTrumpWhenAllAreDealt) {
  Match m = make_match("romanian", 4);
  Rng rng(5);
  int no_trump_deals = 0;
  while (!m.finished()) {
    m.deal_random(rng);
    const DealState& s = m.state();
    if (s.cards() == 8) {
      EXPECT_EQ(s.turned(), kNoCard);
      EXPECT_EQ(s.trump(), Suit::None);
      ++no_trump_deals;
    } else {
      ASSERT_NE(s.turned(), kNoCard);
      EXPECT_EQ(s.trump(), s.turned().suit());
      for (int p = 0; p < 4; ++p) EXPECT_FALSE(s.hand(p).contains(s.turned()));
      EXPECT_TRUE(make_deck(DeckKind::EightPerPlayer, 4).contains(s.turned()));
    }
    play_out(m, rng);
  }
  EXPECT_EQ(no_trump_deals, 4);
  EXPECT_EQ(m.results().size(), 24u);
}

TEST(Match, SerbianTrumpRotatesFromTheFirstDeal) {
  Match m = make_match("serbian", 4);
  Rng rng(3);
  const Suit order[] = {Suit::Spades, Suit::Diamonds, Suit::Hearts, Suit::Clubs, Suit::None};
  for (int k = 0; k < 12; ++k) {
    m.deal_random(rng);
    EXPECT_EQ(m.state().trump(), order[k % 5]) << "deal " << k + 1;
    EXPECT_EQ(m.state().turned(), kNoCard);
    play_out(m, rng);
  }
  EXPECT_EQ(m.results()[0].cards, 13);
  EXPECT_EQ(m.results()[11].cards, 2);
}

TEST(Match, OhHellAlwaysLeavesACardToTurn) {
  for (int n = 3; n <= 7; ++n) {
    Match m = make_match("oh-hell", n);
    Rng rng(static_cast<uint64_t>(n));
    m.deal_random(rng);
    EXPECT_EQ(m.state().cards(), 51 / n);
    EXPECT_NE(m.state().turned(), kNoCard);
  }
}

TEST(Match, GivenDealsAreChecked) {
  Match m = make_match("romanian", 3);  // 24 cards, A-9; first deal: 1 card each, a turned card
  Hands h{};
  h[0] = *parse_card("AS");
  h[1] = *parse_card("KS");
  h[2] = *parse_card("QS");
  EXPECT_EQ(m.deal_given(h, kNoCard), "this deal turns a card for trump, but none is given");
  EXPECT_EQ(m.deal_given(h, *parse_card("KS")), "turned card KS is also held by seat 1");
  EXPECT_EQ(m.deal_given(h, *parse_card("8S")), "turned card 8S is not in the 24-card deck");
  Hands twice = h;
  twice[2] = *parse_card("AS");
  EXPECT_EQ(m.deal_given(twice, *parse_card("TD")), "card AS dealt twice (seats 0 and 2)");
  Hands small = h;
  small[1] = *parse_card("2S");
  EXPECT_EQ(m.deal_given(small, *parse_card("TD")), "card 2S is not in the 24-card deck");
  Hands big = h;
  big[1] |= *parse_card("JS");
  EXPECT_EQ(m.deal_given(big, *parse_card("TD")), "seat 1 holds 2 cards, expected 1");
  EXPECT_FALSE(m.in_deal());  // nothing was dealt by the failures
  EXPECT_EQ(m.deal_given(h, *parse_card("TD")), "");
  EXPECT_EQ(m.state().trump(), Suit::Diamonds);
  EXPECT_EQ(m.deal_given(h, *parse_card("TD")), "the previous deal is not finished");
}

TEST(Match, TargetScoreEndsTheGameAndTheScheduleRepeats) {
  Match m = make_match("romanian", 4, {"end=target", "target_score=60"});
  EXPECT_FALSE(m.schedule().length().has_value());
  Rng rng(11);
  while (!m.finished()) {
    m.deal_random(rng);
    play_out(m, rng);
    ASSERT_LT(m.results().size(), 10000u);
  }
  Points best = m.totals()[0];
  for (int p = 1; p < 4; ++p) best = std::max(best, m.totals()[p]);
  EXPECT_GE(best, Points::whole(60));
  // Every deal before the last left everyone under the target.
  const auto& rs = m.results();
  for (size_t k = 0; k + 1 < rs.size(); ++k) {
    for (int p = 0; p < 4; ++p) EXPECT_LT(rs[k].totals[p], Points::whole(60));
  }
  EXPECT_FALSE(m.winners().empty());
}

TEST(Match, TargetGamesEndAtTheDealCapWhenNobodyReachesTheTarget) {
  // Random romanian players lose points on average: the target is out of reach.
  Match m = make_match("romanian", 4, {"end=target", "target_score=100000", "deals=50"});
  Rng rng(4);
  while (!m.finished()) {
    m.deal_random(rng);
    play_out(m, rng);
  }
  EXPECT_EQ(m.results().size(), 50u);
  Match uncapped = make_match("romanian", 4, {"end=target", "target_score=100000"});
  while (!uncapped.finished()) {
    uncapped.deal_random(rng);
    play_out(uncapped, rng);
  }
  EXPECT_EQ(uncapped.results().size(), static_cast<size_t>(kDefaultTargetDealCap));
}

TEST(Match, FixedNumberOfDeals) {
  Match m = make_match("serbian", 4, {"end=deals", "deals=30"});
  Rng rng(2);
  while (!m.finished()) {
    m.deal_random(rng);
    play_out(m, rng);
  }
  EXPECT_EQ(m.results().size(), 30u);
  EXPECT_EQ(m.results()[28].cards, 13);  // the schedule (28 deals) starts again
  EXPECT_EQ(m.results()[29].cards, 12);
}

TEST(Match, SameSeedSameGame) {
  for (int run = 0; run < 2; ++run) {
    Match a = make_match("oh-hell", 5), b = make_match("oh-hell", 5);
    Rng ra(99), rb(99);
    while (!a.finished()) {
      a.deal_random(ra);
      b.deal_random(rb);
      play_out(a, ra);
      play_out(b, rb);
    }
    ASSERT_EQ(a.log().size(), b.log().size());
    for (size_t k = 0; k < a.log().size(); ++k) {
      EXPECT_EQ(a.log()[k].hands, b.log()[k].hands);
      EXPECT_EQ(a.log()[k].actions, b.log()[k].actions);
    }
    EXPECT_EQ(a.totals(), b.totals());
  }
}

TEST(Match, SkipToStartsAtThatDealOfTheSchedule) {
  Match full = make_match("romanian", 4, {}, 1);
  Rng rng(3);
  std::vector<DealSetup> setups;
  while (!full.finished()) {
    setups.push_back(full.next_setup());
    full.deal_random(rng);
    play_out(full, rng);
  }
  const int len = static_cast<int>(setups.size());
  for (int k : {0, 5, 11, len - 1}) {
    Match m = make_match("romanian", 4, {}, 1);
    m.skip_to(k);
    EXPECT_EQ(m.deal_index(), k);
    EXPECT_EQ(m.next_dealer(), (1 + k) % 4);
    EXPECT_EQ(m.next_setup(), setups[k]) << "deal " << k;
    m.deal_random(rng);
    EXPECT_EQ(m.state().cards(), setups[k].cards);
    play_out(m, rng);
    EXPECT_EQ(m.results().size(), 1u);
    EXPECT_EQ(m.finished(), k == len - 1);
  }
  Match past = make_match("romanian", 4);
  past.skip_to(len);
  EXPECT_TRUE(past.finished());
}

}  // namespace
}  // namespace whist
