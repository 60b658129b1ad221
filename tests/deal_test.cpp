// Unit tests for the rules of one deal: order of bidding and play, the hook, following suit,
// the obligation to trump, trick winners, forced bids, the dealer's one-card mode choice, zero
// play announcements and undo.
#include <gtest/gtest.h>

#include <string_view>

#include "game/deal.h"
#include "test_cards.h"

namespace whist {
namespace {

using test_cards::cards;

using test_cards::card;

DealState make(int players, int n, int dealer, Suit trump, std::vector<std::string_view> hands,
               bool must_trump = true, bool hook = true) {
  DealSetup s;
  s.players = players;
  s.cards = n;
  s.dealer = dealer;
  s.trump = trump;
  s.must_trump = must_trump;
  s.hook = hook;
  std::array<CardSet, kMaxPlayers> h{};
  for (int p = 0; p < players; ++p) h[p] = cards(hands[p]);
  return DealState(s, h);
}

void act(DealState& s, Action a) {
  ASSERT_EQ(s.why_illegal(a), "") << to_string(a);
  DealState::Undo u;
  s.apply(a, u);
}

void bid_all(DealState& s, std::vector<int> bids) {
  for (int b : bids) act(s, Action::bid(b));
}

TEST(Deal, SeatAfterDealerBidsFirstAndLeads) {
  DealState s = make(4, 1, 2, Suit::None, {"AS", "KS", "QS", "JS"});
  EXPECT_EQ(s.phase(), Phase::Bidding);
  EXPECT_EQ(s.to_move(), 3);
  bid_all(s, {0, 1, 1, 0});  // seats 3, 0, 1, 2
  EXPECT_EQ(s.bid(3), 0);
  EXPECT_EQ(s.bid(0), 1);
  EXPECT_EQ(s.bid(2), 0);
  EXPECT_EQ(s.phase(), Phase::Playing);
  EXPECT_EQ(s.to_move(), 3);
}

TEST(Deal, HookForbidsTheDealersBidThatMakesTheSumEqualTheCards) {
  // Seed 001's example: four cards, three players, bids 2 and 1: the dealer may not say 1.
  DealState s = make(3, 4, 2, Suit::Hearts, {"AS KS QS JS", "AH KH QH JH", "AD KD QD JD"});
  bid_all(s, {2, 1});
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_EQ(s.why_illegal(Action::bid(1)),
            "the hook forbids bid 1: the bids would sum to 4, the cards dealt");
  for (int b : {0, 2, 3, 4}) EXPECT_EQ(s.why_illegal(Action::bid(b)), "") << b;
  const ActionList legal = s.legal_actions();
  EXPECT_EQ(legal.size, 4);
  EXPECT_FALSE(legal.contains(Action::bid(1)));
}

TEST(Deal, SerbianHookExample) {
  // Seed 000: six cards, four players, bids 2, 0, 1: the last may not bid 3.
  DealState s =
      make(4, 6, 3, Suit::Spades,
           {"AS KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D", "AC KC QC JC TC 9C"});
  bid_all(s, {2, 0, 1});
  EXPECT_NE(s.why_illegal(Action::bid(3)), "");
  for (int b : {0, 1, 2, 4, 5, 6}) EXPECT_EQ(s.why_illegal(Action::bid(b)), "");
}

TEST(Deal, WithoutTheHookTheDealerMayMakeTheSum) {
  DealState s = make(3, 1, 2, Suit::None, {"AS", "KS", "QS"}, true, false);
  bid_all(s, {0, 1});
  EXPECT_EQ(s.why_illegal(Action::bid(0)), "");
}

TEST(Deal, BidOutOfRange) {
  DealState s = make(3, 2, 0, Suit::None, {"AS KS", "QS JS", "AH KH"});
  EXPECT_EQ(s.why_illegal(Action::bid(3)), "bid 3 out of range 0-2");
  EXPECT_EQ(s.why_illegal(Action::play(card("QS"))), "not the time to play a card");
}

TEST(Deal, MustFollowSuit) {
  DealState s = make(3, 2, 2, Suit::Hearts, {"AS 2D", "KS AH", "QD 3D"});
  bid_all(s, {1, 0, 0});
  act(s, Action::play(card("AS")));
  EXPECT_EQ(s.legal_cards(), cards("KS"));
  EXPECT_EQ(s.why_illegal(Action::play(card("AH"))), "must follow suit S");
  EXPECT_EQ(s.why_illegal(Action::play(card("QD"))), "card not in hand");
}

TEST(Deal, VoidPlayerMustTrumpWhenTheRuleSaysSo) {
  DealState s = make(3, 2, 2, Suit::Hearts, {"AS 2D", "AH 3C", "QD 3D"});
  bid_all(s, {1, 0, 0});
  act(s, Action::play(card("AS")));
  EXPECT_EQ(s.legal_cards(), cards("AH"));
  EXPECT_EQ(s.why_illegal(Action::play(card("3C"))), "must trump H (void in S)");
  // Void in the led suit and in trumps: anything goes.
  act(s, Action::play(card("AH")));
  EXPECT_EQ(s.legal_cards(), cards("QD 3D"));
}

TEST(Deal, WithoutMustTrumpAVoidPlayerMayDiscard) {
  DealState s = make(3, 2, 2, Suit::Hearts, {"AS 2D", "AH 3C", "QD 3D"}, false);
  bid_all(s, {1, 0, 0});
  act(s, Action::play(card("AS")));
  EXPECT_EQ(s.legal_cards(), cards("AH 3C"));
}

TEST(Deal, HighestTrumpElseHighestOfLedSuitWinsAndLeadsNext) {
  DealState s = make(3, 2, 2, Suit::Hearts, {"KC 2S", "AC 2H", "QC 3H"}, false);
  bid_all(s, {0, 1, 0});
  act(s, Action::play(card("KC")));
  act(s, Action::play(card("AC")));
  act(s, Action::play(card("QC")));
  EXPECT_EQ(s.tricks_won(1), 1);
  EXPECT_EQ(s.to_move(), 1);
  act(s, Action::play(card("2H")));
  act(s, Action::play(card("3H")));
  EXPECT_EQ(s.trick_winner(), 2);
  act(s, Action::play(card("2S")));  // seat 0 is void in hearts: discards
  EXPECT_TRUE(s.done());
  EXPECT_EQ(s.tricks_won(2), 1);
  EXPECT_EQ(s.tricks_won(0), 0);
}

TEST(Deal, HigherCardOfAnotherSuitDoesNotWin) {
  DealState s = make(3, 1, 2, Suit::None, {"2D", "AS", "AC"});
  bid_all(s, {1, 0, 1});
  act(s, Action::play(card("2D")));
  act(s, Action::play(card("AS")));
  act(s, Action::play(card("AC")));
  EXPECT_EQ(s.tricks_won(0), 1);
}

TEST(Deal, ForcedBidsInSpecialHands) {
  DealSetup setup;
  setup.players = 3;
  setup.cards = 1;
  setup.dealer = 0;
  setup.forced_bid = 0;
  std::array<CardSet, kMaxPlayers> h{};
  h[0] = cards("AS");
  h[1] = cards("KS");
  h[2] = cards("QS");
  DealState s(setup, h);
  EXPECT_EQ(s.why_illegal(Action::bid(1)), "everyone must bid 0 in this hand");
  const ActionList legal = s.legal_actions();
  ASSERT_EQ(legal.size, 1);
  EXPECT_EQ(legal.items[0], Action::bid(0));
  bid_all(s, {0, 0, 0});  // all zero: the hook does not apply
  EXPECT_EQ(s.phase(), Phase::Playing);
}

TEST(Deal, DealerChoosesTheOneCardModeFirst) {
  DealSetup setup;
  setup.players = 4;
  setup.cards = 1;
  setup.dealer = 1;
  setup.choose_mode = true;
  std::array<CardSet, kMaxPlayers> h{};
  for (int p = 0; p < 4; ++p) h[p] = Card(Suit::Spades, static_cast<Rank>(p));
  DealState s(setup, h);
  EXPECT_EQ(s.phase(), Phase::ChooseMode);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_NE(s.why_illegal(Action::bid(0)), "");
  DealState before = s;
  DealState::Undo u;
  s.apply(Action::choose_mode(OneCardMode::Forehead), u);
  EXPECT_EQ(s.mode(), OneCardMode::Forehead);
  EXPECT_EQ(s.phase(), Phase::Bidding);
  EXPECT_EQ(s.to_move(), 2);
  s.undo(u);
  EXPECT_TRUE(s == before);
}

TEST(Deal, ZeroPlayIsAnnouncedAtTheBiddingTurnOnce) {
  DealSetup setup;
  setup.players = 3;
  setup.cards = 1;
  setup.dealer = 2;
  setup.zero_play_open = 0b011;  // seat 2 has announced already, or may not
  std::array<CardSet, kMaxPlayers> h{};
  h[0] = cards("AS");
  h[1] = cards("KS");
  h[2] = cards("QS");
  DealState s(setup, h);
  EXPECT_TRUE(s.legal_actions().contains(Action::announce_zero()));
  act(s, Action::announce_zero());
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.zero_announced(), 1);
  EXPECT_EQ(s.why_illegal(Action::announce_zero()), "zero play is already announced");
  act(s, Action::bid(0));
  act(s, Action::bid(0));
  EXPECT_EQ(s.why_illegal(Action::announce_zero()),
            "the deadline for announcing zero play has passed");
}

TEST(Deal, UndoRestoresEveryEarlierState) {
  DealState s = make(3, 3, 0, Suit::Diamonds, {"AS KD 2C", "KS 2S AD", "QS 3D AC"});
  std::vector<DealState> states;
  std::vector<DealState::Undo> undos;
  while (!s.done()) {
    states.push_back(s);
    undos.emplace_back();
    s.apply(s.legal_actions().items[0], undos.back());
  }
  EXPECT_EQ(states.size(), 12u);  // 3 bids + 9 cards
  while (!undos.empty()) {
    s.undo(undos.back());
    undos.pop_back();
    EXPECT_TRUE(s == states.back());
    states.pop_back();
  }
}

TEST(Deal, SeatOfEveryPlayFollowsTrickWinners) {
  DealState s = make(3, 2, 2, Suit::Hearts, {"KC 2S", "AC 2H", "QC 3H"}, false);
  bid_all(s, {0, 1, 0});
  for (const char* c : {"KC", "AC", "QC", "2H", "3H", "2S"}) act(s, Action::play(card(c)));
  const int expected[] = {0, 1, 2, 1, 2, 0};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(s.seat_of_play(i), expected[i]) << i;
}

}  // namespace
}  // namespace whist
