// The heuristic bot's rules of thumb on hand-built positions, and its trick estimate.
#include "ai/heuristic.h"
#include "ai/heuristic_detail.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/deck.h"
#include "game/match.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist {
namespace {

CardSet cards(const char* text) {
  const auto set = parse_card_set(text);
  EXPECT_TRUE(set) << text;
  return set.value_or(CardSet());
}

Card card(const char* text) { return *parse_card(text); }

// Hands for a deal: the given ones, the other seats filled from the rest of the deck in order.
Hands fill(const Rules& rules, int cards_each, std::vector<CardSet> given, CardSet keep_out = {}) {
  Hands h{};
  CardSet rest = rules.deck_cards() - keep_out;
  for (const CardSet& g : given) rest -= g;
  for (int p = 0; p < rules.players; ++p) {
    h[p] = p < static_cast<int>(given.size()) ? given[p] : CardSet();
    while (h[p].size() < cards_each) {
      const Card c = rest.lowest();
      h[p] |= c;
      rest -= c;
    }
  }
  return h;
}

std::vector<std::string> names(int n) {
  std::vector<std::string> out;
  for (int p = 0; p < n; ++p) out.push_back("p" + std::to_string(p));
  return out;
}

Action decide(const Match& m) {
  std::string error;
  auto bot = make_bot("heuristic", error);
  EXPECT_TRUE(bot) << error;
  bot->new_deal(1);
  const PlayerView v = m.view(m.state().to_move());
  const Action a = bot->choose(m.rules(), v);
  EXPECT_TRUE(v.legal.contains(a)) << to_string(a) << ": " << m.why_illegal(a);
  return a;
}

// Oh Hell for 4 with three cards each; seat 3 deals, so seat 0 bids first and leads.
Rules three_card_rules() {
  Rules r = *make_preset("oh-hell", 4);
  EXPECT_EQ(set_option(r, "schedule=3"), "");
  return r;
}

TEST(HeuristicBot, IsMadeFromItsSpecAndTakesNoSettings) {
  std::string error;
  const auto bot = make_bot("heuristic", error);
  ASSERT_TRUE(bot) << error;
  EXPECT_EQ(bot->name(), "heuristic");
  EXPECT_FALSE(make_bot("heuristic:hard", error));
  EXPECT_NE(error, "");
  EXPECT_FALSE(make_bot("heuristic:depth=3", error));
  EXPECT_NE(error, "");
}

TEST(HeuristicEstimate, OneCardTopTrumpIsCertainAndASmallCardHopeless) {
  const CardSet deck = CardSet::all52();
  EXPECT_DOUBLE_EQ(estimate_tricks(cards("AH"), Suit::Hearts, 4, 1, deck), 1.0);
  EXPECT_LT(estimate_tricks(cards("2C"), Suit::Hearts, 4, 1, deck), 0.05);
  // Leading, a side ace loses only to a trump: none of the 13 among the others' 3 cards.
  EstimateContext ctx = deal_context(cards("AS"), Suit::Hearts, 4, 1, deck);
  ctx.order = 0;
  EXPECT_NEAR(estimate_tricks(cards("AS"), ctx), 38.0 * 37 * 36 / (51 * 50 * 49), 1e-9);
  ctx.order = 2;  // following, it also needs a spade led
  EXPECT_LT(estimate_tricks(cards("AS"), ctx), 0.3);
}

TEST(HeuristicEstimate, AddingAnAceNeverLowersIt) {
  Rng rng(5);
  const CardSet deck = CardSet::all52();
  const Card aces[] = {card("AS"), card("AH"), card("AD"), card("AC")};
  int checked = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 2 + static_cast<int>(rng.below(11));
    const std::vector<Card> order = shuffled(deck, rng);
    CardSet hand;
    for (int i = 0; i < n; ++i) hand |= order[i];
    const Suit trump = static_cast<Suit>(rng.below(5));
    for (Card ace : aces) {
      if (hand.contains(ace)) continue;
      const double before = estimate_tricks(hand, trump, 4, n + 1, deck);
      const double after = estimate_tricks(hand | ace, trump, 4, n + 1, deck);
      // Even a side ace that short deals often see ruffed is worth a good part of a trick.
      EXPECT_GE(after, before + 0.1) << to_string(hand) << " + " << to_string(ace);
      ++checked;
    }
  }
  EXPECT_GT(checked, 4000);
}

// HandsWithout, which card play uses, gives estimate_hand of the hand less each card to the last
// bit: random hands of 2 to 13 cards from a deck with jokers, every trump, seat order and
// number of cards still out.
TEST(HeuristicEstimate, HandsWithoutIsTheEstimateOfTheRestBitForBit) {
  Rng rng(9);
  const CardSet deck = CardSet::all52() | CardSet::jokers();
  int checked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 2 + static_cast<int>(rng.below(12));
    const std::vector<Card> order = shuffled(deck, rng);
    CardSet hand;
    for (int i = 0; i < n; ++i) hand |= order[i];
    EstimateContext ctx;
    ctx.trump = static_cast<Suit>(rng.below(5));
    ctx.players = 3 + static_cast<int>(rng.below(4));
    ctx.unknown = deck - hand;
    for (int i = 0; i < static_cast<int>(rng.below(8)); ++i) ctx.unknown -= order[n + i];
    ctx.others_cards = static_cast<int>(rng.below(static_cast<uint32_t>(ctx.unknown.size()) + 1));
    ctx.order = static_cast<int>(rng.below(3)) - 1;
    ctx.must_trump = rng.below(2) == 0;
    const heuristic::HandsWithout kept(hand, ctx);
    for (Card c : hand) {
      const TrickEstimate want = estimate_hand(hand - c, ctx);
      const TrickEstimate got = kept.without(c);
      ASSERT_EQ(got.count, want.count) << to_string(hand) << " less " << to_string(c);
      ASSERT_EQ(got.mean, want.mean) << to_string(hand) << " less " << to_string(c);
      for (int i = 0; i < want.count; ++i) {
        ASSERT_EQ(got.cards[i], want.cards[i]);
        ASSERT_EQ(got.p[i], want.p[i]) << to_string(hand) << " less " << to_string(c);
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 20000);
}

// Calibration guard: over random deals, the seats' estimates add up to about the tricks dealt.
TEST(HeuristicEstimate, SeatsTogetherExpectAboutTheTricksOfTheDeal) {
  struct Case {
    const char* variant;
    int cards;
    Suit trump;
  };
  for (const Case c : {Case{"serbian", 13, Suit::Spades}, Case{"serbian", 13, Suit::None},
                       Case{"romanian", 5, Suit::Hearts}, Case{"romanian", 8, Suit::None},
                       Case{"oh-hell", 3, Suit::Clubs}}) {
    const Rules rules = *make_preset(c.variant, 4);
    const CardSet deck = rules.deck_cards();
    Rng rng(11);
    double total = 0;
    const int deals = 300;
    for (int d = 0; d < deals; ++d) {
      const std::vector<Card> order = shuffled(deck, rng);
      for (int p = 0; p < 4; ++p) {
        CardSet hand;
        for (int i = 0; i < c.cards; ++i) hand |= order[p * c.cards + i];
        total += estimate_tricks(hand, c.trump, 4, c.cards, deck);
      }
    }
    const double per_deal = total / deals;
    EXPECT_GT(per_deal, 0.75 * c.cards) << c.variant << " " << c.cards;
    EXPECT_LT(per_deal, 1.15 * c.cards) << c.variant << " " << c.cards;
  }
}

TEST(HeuristicEstimate, ForeheadCountsTheCardsThatWouldWin) {
  const Rules rules = *make_preset("romanian", 3);  // A-9 of each suit
  std::array<CardSet, kMaxPlayers> visible{};
  visible[1] = cards("9C");
  visible[2] = cards("TC");
  CardSet unknown = rules.deck_cards() - visible[1] - visible[2];
  // Seat 0 leads: any card but a club below the ten wins (there is none: 9C is seat 1's).
  EXPECT_DOUBLE_EQ(estimate_tricks_visible(visible, 0, 0, 3, Suit::Hearts, unknown), 1.0);
  // Seat 1 holds a trump: only a higher trump wins (JH … AH of the unseen cards).
  visible[1] = cards("TH");
  unknown = rules.deck_cards() - visible[1] - visible[2];
  EXPECT_DOUBLE_EQ(estimate_tricks_visible(visible, 0, 0, 3, Suit::Hearts, unknown),
                   4.0 / unknown.size());
}

TEST(HeuristicBid, BidsAtLeastItsAcesAndTopTrumps) {
  const Rules rules = *make_preset("serbian", 4);  // the first deal: 13 cards, spades trump
  for (int dealer = 0; dealer < 4; ++dealer) {
    Match m(rules, names(4), dealer);
    const int bidder = (dealer + 1) % 4;
    std::vector<CardSet> given(4);
    given[bidder] = cards("AS KS QS AH AD 2C 3C 4C 5C 6C 2D 3D 4D");
    const Hands h = fill(rules, 13, given);
    ASSERT_EQ(m.deal_given(h, kNoCard), "");
    ASSERT_EQ(m.state().to_move(), bidder);
    const Action a = decide(m);
    EXPECT_GE(a.bid_value(), 5) << to_string(a);
    EXPECT_LE(a.bid_value(), 8) << to_string(a);
  }
}

TEST(HeuristicBid, DealerUnderTheHookTakesTheBestLegalBid) {
  const Rules rules = *make_preset("romanian", 4);  // the first deal: one card each
  Match m(rules, names(4), 3);
  ASSERT_EQ(m.deal_given(fill(rules, 1, {cards("7S"), cards("8S"), cards("9S"), cards("AH")}),
                         card("KH")),
            "");
  for (int p = 0; p < 3; ++p) m.apply(Action::bid(0));
  // The dealer's ace of trump is a sure trick, but a bid of 1 would make the bids sum to 1.
  EXPECT_EQ(decide(m), Action::bid(0));

  Match n(rules, names(4), 3);
  ASSERT_EQ(n.deal_given(fill(rules, 1, {cards("7S"), cards("AS"), cards("9S"), cards("AH")}),
                         card("KH")),
            "");
  n.apply(Action::bid(0));
  n.apply(Action::bid(1));
  n.apply(Action::bid(0));
  EXPECT_EQ(decide(n), Action::bid(1));
}

TEST(HeuristicBid, NeverBidsAboveTheCardsOrAHopelessBid) {
  const Rules rules = *make_preset("romanian", 4);
  Rng rng(3);
  for (int g = 0; g < 20; ++g) {
    Match m(rules, names(4), g % 4);
    std::string error;
    auto bot = make_bot("heuristic", error);
    while (!m.finished()) {
      m.deal_random(rng);
      bot->new_deal(rng.next());
      while (m.in_deal()) {
        const PlayerView v = m.view(m.state().to_move());
        const Action a = bot->choose(rules, v);
        if (a.kind() == ActionKind::Bid) {
          ASSERT_LE(a.bid_value(), v.cards);
          ASSERT_LE(a.bid_value(), v.own_hand.size());
        }
        m.apply(a);
      }
    }
  }
}

// Seat 3 (last to play) needs two tricks of three, holds AH 7H 2C with hearts trump, and is void
// in the spades led.
Match ruffing_position(const char* seat2) {
  const Rules rules = three_card_rules();
  Match m(rules, names(4), 3);
  EXPECT_EQ(m.deal_given({cards("KS 3C 4D"), cards("QS 4C 5D"), cards(seat2), cards("AH 7H 2C")},
                         card("2H")),
            "");
  m.apply(Action::bid(0));
  m.apply(Action::bid(0));
  m.apply(Action::bid(0));
  m.apply(Action::bid(2));
  m.apply(Action::play(card("KS")));
  m.apply(Action::play(card("QS")));
  return m;
}

TEST(HeuristicPlay, RuffsWithTheCheapestTrumpThatWins) {
  Match m = ruffing_position("JS 5C 6D");
  m.apply(Action::play(card("JS")));
  EXPECT_EQ(decide(m), Action::play(card("7H")));  // the ace stays a sure trick for later
}

TEST(HeuristicPlay, OvertrumpsWithTheTopTrumpWhenOnlyItWins) {
  // Two cards each; seat 3 needs both tricks and seat 2 has ruffed the spade lead.
  Rules rules = *make_preset("oh-hell", 4);
  ASSERT_EQ(set_option(rules, "schedule=2"), "");
  Match m(rules, names(4), 3);
  ASSERT_EQ(
      m.deal_given({cards("KS 3C"), cards("QS 4C"), cards("QH 5C"), cards("AH 7H")}, card("2H")),
      "");
  for (int b : {0, 0, 1, 2}) m.apply(Action::bid(b));
  for (const char* c : {"KS", "QS", "QH"}) m.apply(Action::play(card(c)));
  EXPECT_EQ(decide(m), Action::play(card("AH")));
}

TEST(HeuristicPlay, UnderruffsToKeepTheTopTrumpWhenOneTrickIsEnough) {
  const Rules rules = three_card_rules();
  Match m(rules, names(4), 3);
  ASSERT_EQ(
      m.deal_given({cards("KS 3C 4D"), cards("QS 4C 5D"), cards("QH 5C 6D"), cards("AH 7H 3D")},
                   card("2H")),
      "");
  for (int b : {0, 0, 1, 1}) m.apply(Action::bid(b));
  for (const char* c : {"KS", "QS", "QH"}) m.apply(Action::play(card(c)));
  // The ace is a sure trick later; winning now would leave the seven to lose.
  EXPECT_EQ(decide(m), Action::play(card("7H")));
}

TEST(HeuristicPlay, ShedsAHighCardUnderAWinnerWhenItHasItsTricks) {
  const Rules rules = three_card_rules();
  Match m(rules, names(4), 3);
  ASSERT_EQ(
      m.deal_given({cards("AS 3C 4D"), cards("KS 3S 5D"), cards("JS 5C 6D"), cards("TS 6C 7D")},
                   card("2H")),
      "");
  m.apply(Action::bid(1));
  m.apply(Action::bid(0));  // seat 1 wants no trick
  m.apply(Action::bid(1));
  m.apply(Action::bid(0));
  m.apply(Action::play(card("AS")));
  EXPECT_EQ(decide(m), Action::play(card("KS")));  // the king falls under the ace
}

TEST(HeuristicPlay, LeadsLowWhenItWantsNoTrickAndCashesWhenItNeedsThem) {
  const Rules rules = three_card_rules();
  for (int bid : {0, 2}) {
    Match m(rules, names(4), 3);
    ASSERT_EQ(
        m.deal_given({cards("AS KS 2C"), cards("QS 3C 5D"), cards("JS 5C 6D"), cards("TS 6C 7D")},
                     card("2H")),
        "");
    m.apply(Action::bid(bid));
    m.apply(Action::bid(1));
    m.apply(Action::bid(1));
    m.apply(Action::bid(bid == 0 ? 0 : 1));
    const Card led = decide(m).card();
    if (bid == 0) {
      EXPECT_EQ(led, card("2C"));
    } else {
      EXPECT_TRUE(led == card("AS") || led == card("KS")) << to_string(led);  // equals
    }
  }
}

TEST(HeuristicCallAce, BidsNamesItsLongSuitAndCallsAnAceItLacks) {
  const Rules rules = *make_preset("call-ace", 4);
  Match m(rules, names(4), 3);
  const CardSet strong = cards("AH KH QH JH TH 9H 8H KC QC 5C AS 2S 3D");
  const Kitty kitty = {card("2D"), card("4D"), card("5D")};
  CardSet out;
  for (Card k : kitty) out |= k;
  Hands h = fill(rules, 13, {strong}, out);
  ASSERT_EQ(m.deal_given(h, kNoCard, kitty), "");
  const Action bid = decide(m);
  ASSERT_EQ(bid.kind(), ActionKind::Contract) << to_string(bid);
  m.apply(Action::contract(0));  // "7": the declarer names trump
  for (int p = 1; p < 4; ++p) m.apply(Action::pass());
  ASSERT_EQ(m.state().phase(), Phase::ChooseTrump);
  EXPECT_EQ(decide(m), Action::choose_trump(Suit::Hearts));
  m.apply(Action::choose_trump(Suit::Hearts));
  ASSERT_EQ(m.state().phase(), Phase::CallCard);
  EXPECT_EQ(decide(m), Action::call(card("AC")));  // length with the king, and not its own
}

TEST(HeuristicCallAce, PassesAWeakHand) {
  const Rules rules = *make_preset("call-ace", 4);
  Match m(rules, names(4), 3);
  // No ace, no long suit, and honours that would be forced to win in a negative contract.
  const CardSet weak = cards("QS 9S 5S JH 8H 4H TD 7D 3D 9C 6C 4C 2C");
  const Kitty kitty = {card("AS"), card("AH"), card("AD")};
  CardSet out;
  for (Card k : kitty) out |= k;
  ASSERT_EQ(m.deal_given(fill(rules, 13, {weak}, out), kNoCard, kitty), "");
  EXPECT_EQ(decide(m), Action::pass());
}

TEST(HeuristicIsraeli, BidsItsLongSuitAndPassesAWeakHand) {
  const Rules rules = *make_preset("israeli", 4);
  Match m(rules, names(4), 3);
  ASSERT_EQ(
      m.deal_given(fill(rules, 13, {cards("AS KS 9S 8S 7S 6S 5S 4S AH KH 2D 3D 4D")}), kNoCard),
      "");
  const Action a = decide(m);
  ASSERT_EQ(a.kind(), ActionKind::AuctionBid) << to_string(a);
  EXPECT_EQ(a.denomination(), Suit::Spades);
  EXPECT_GE(a.auction_tricks(), 6);

  Match w(rules, names(4), 3);
  ASSERT_EQ(
      w.deal_given(fill(rules, 13, {cards("2S 3S 4H 5H 6H 2D 3D 4D 5D 2C 3C 6C 7C")}), kNoCard),
      "");
  EXPECT_EQ(decide(w), Action::pass());
}

TEST(HeuristicBot, ExplainsWhatItWeighed) {
  Match m = ruffing_position("JS 5C 6D");
  m.apply(Action::play(card("JS")));
  std::string error;
  auto bot = make_bot("heuristic", error);
  const std::string why = bot->explain(m.rules(), m.view(3));
  EXPECT_NE(why.find("7H: holds the trick"), std::string::npos) << why;
  EXPECT_NE(why.find("choice: play 7H"), std::string::npos) << why;
  EXPECT_EQ(bot->explain(m.rules(), m.view(0)), "");  // not seat 0's turn
}

// Regression: a seat whose hand is exposed and void in the led suit, without trumps, cannot beat
// the lead (this once asked for the cards of the suit None, a shift past 64 bits).
TEST(HeuristicPlay, AnExposedHandVoidInTheLedSuitWithoutTrumpsCannotBeat) {
  heuristic::Knowledge k;
  k.players = 4;
  k.seat = 0;
  k.trump = Suit::None;
  k.hand = cards("KS");
  k.visible[1] = cards("2H");
  k.visible[2] = cards("AS");
  k.visible[3] = cards("3D");
  for (int p = 1; p < 4; ++p) k.left[p] = 1;
  heuristic::Wills wills{};
  wills.fill(0.8);
  EXPECT_NEAR(heuristic::hold_probability(k, card("KS"), wills), 0.2, 1e-12);
  k.visible[2] = cards("4C");  // nobody can beat it now
  EXPECT_DOUBLE_EQ(heuristic::hold_probability(k, card("KS"), wills), 1.0);
}

}  // namespace
}  // namespace whist
